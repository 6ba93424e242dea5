"""The chat on the pages: a game's chat panel and the administrators' reports."""
