"""Playing a game: the game service, its one move path, storage, events, drafts, undo, leaving,
clocks, timeouts and machine seats; ``live/`` is the live streams, ``storage/`` what writes a
move."""
