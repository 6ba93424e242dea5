"""The people pages (:mod:`carson.server.people`): one's friends and blocks, the buttons on a
profile, and inviting someone to one's table by name."""
