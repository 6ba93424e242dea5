"""Finding a game: the lobby's tables, quick match, rematch, guided first games and the games
in progress to watch."""
