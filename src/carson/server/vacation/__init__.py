"""Vacations: a person pauses the clocks of their correspondence games (docs/clocks.md)."""
