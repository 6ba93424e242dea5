"""Live updates of a game: its server-sent event streams, their fan-out to spectators, the
notices of moves between server processes, and who watches."""
