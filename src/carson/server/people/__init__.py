"""People: whom a person follows (friends) and whom they block.

A friend is followed by name, one way (as on lichess): the follower sees whether the friend is
online and which public games they play, and may invite them to a table by name. A block
works both ways: neither may join a table the other sits at, be paired with the other by
quick match, or invite the other; the blocker no longer sees the blocked person's chat.
Its listener refuses a blocked join (:mod:`carson.server.people.listening`); quick match and
the chat ask :mod:`carson.server.people.relations`.
"""
