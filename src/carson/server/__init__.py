"""Online play: the game server, its database and its public HTTP API (``carson serve``)."""
