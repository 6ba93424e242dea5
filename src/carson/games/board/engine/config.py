"""A board game's configuration: how many players and which variants (BG-10)."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from carson.core.game import JSON

#: BG-10 variant names, as on the command line and in the API.
SIDE_VARIANTS = ("red-sides", "random-sides", "vote-sides")
VARIANTS: tuple[str, ...] = (*SIDE_VARIANTS, "duel-tiles", "river", "new-beginning")


class BoardConfigError(ValueError):
    """A configuration the rules do not allow; the message says which part."""


@dataclass(frozen=True, slots=True)
class BoardConfig:
    players: int
    variants: frozenset[str] = frozenset()

    def __post_init__(self) -> None:
        if not 2 <= self.players <= 5:
            raise BoardConfigError(f"the board game is for 2 to 5 players, not {self.players}")
        unknown = sorted(set(self.variants) - set(VARIANTS))
        if unknown:
            raise BoardConfigError(
                f"unknown variant {', '.join(unknown)} (known: {', '.join(VARIANTS)})"
            )
        sides = [name for name in SIDE_VARIANTS if name in self.variants]
        if len(sides) > 1:
            raise BoardConfigError(f"choose one way to set the card sides, not {', '.join(sides)}")

    @staticmethod
    def of(players: int, variants: Iterable[str] = ()) -> BoardConfig:
        return BoardConfig(players, frozenset(variants))

    def has(self, variant: str) -> bool:
        return variant in self.variants

    def to_json(self) -> JSON:
        return {"game": "board", "players": self.players, "variants": sorted(self.variants)}

    @staticmethod
    def from_json(data: Any) -> BoardConfig:
        if not isinstance(data, dict):
            raise BoardConfigError("a board-game configuration is an object")
        try:
            players = int(data["players"])
            variants = [str(name) for name in data.get("variants", [])]
        except (KeyError, TypeError, ValueError) as error:
            raise BoardConfigError(f"malformed board-game configuration: {error}") from None
        return BoardConfig(players, frozenset(variants))
