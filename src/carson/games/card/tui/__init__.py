"""The card game at the terminal: its kit (``KIT``, the ``"terminal"`` adapter), screen,
prompts, event lines and texts."""

from carson.games.card.tui.kit import KIT

__all__ = ["KIT"]
