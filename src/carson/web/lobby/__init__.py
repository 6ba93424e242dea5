"""Finding a game on the pages: the home page, the lobby, quick match, rematch, guided first
games, the rules and the games in progress to watch."""
