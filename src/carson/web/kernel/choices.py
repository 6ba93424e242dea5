"""One button of a game's table: a legal action, its label and a hint (what it is worth)."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Choice:
    """One button: a legal action, its label and what it is worth to the seat."""

    label: str
    action: str  # the action object as JSON, sent back as it is
    hint: str = ""
