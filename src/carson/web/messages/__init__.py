"""The private messages' pages (:mod:`carson.server.messages`)."""
