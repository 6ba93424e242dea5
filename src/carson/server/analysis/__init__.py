"""Hints and post-game analyses, computed by workers with the AI."""
