"""Hints and post-game analyses on the pages."""
