"""How a move reaches the database: the writes that take no thread, per database."""
