"""A game's pages: its table (drawn by the game's adapter, or the generic page), clocks,
leaving, undo, the replay, the invitation, spectators and the move log's filters."""
