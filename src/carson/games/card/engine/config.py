"""Who sits at the table (CG-2.1–2.4): a game's configuration, validated once."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from carson.core.game import JSON
from carson.games.card.catalog import Suit

#: A seat that makes its own decisions: a human at the table, or an AI playing as one (CG-2.1).
PLAYER = "player"
#: Virtual players (CG-2.4), named by level; they decide nothing (CG-4.7).
VIRTUAL_LEVELS = ("beginner", "advanced", "expert")
SEAT_KINDS = (PLAYER, *VIRTUAL_LEVELS)

MIN_SEATS = 4
MAX_SEATS = 6


class ConfigError(ValueError):
    """A table that the rules do not allow; the message says why."""


# Every game parses its configuration twice (checked, then read back from its JSON), and
# iterating or calling the enum cost 6 % of a simulated card game: the suits are looked
# up in these instead (issue 21).
_SUITS = tuple(Suit)
_SUIT_OF_VALUE = {suit.value: suit for suit in _SUITS}


def _suit(value: object) -> Suit:
    """The suit named ``value`` (a ``Suit`` is its own value), or a :class:`ConfigError`."""
    suit = _SUIT_OF_VALUE.get(value) if isinstance(value, str) else None
    if suit is None:
        raise ConfigError(f"unknown suit: {value!r} is not a valid Suit")
    return suit


@dataclass(frozen=True, slots=True)
class GameConfig:
    """The seats in order, each a kind (``"player"`` or a virtual level) and a suit."""

    seats: tuple[str, ...]
    suits: tuple[Suit, ...]

    @classmethod
    def of(cls, seats: Sequence[str], suits: Sequence[str] | None = None) -> GameConfig:
        """A checked configuration; suits default to hat, star, cactus, … in seat order."""
        seats = tuple(seats)
        if not MIN_SEATS <= len(seats) <= MAX_SEATS:
            raise ConfigError(
                f"a game has {MIN_SEATS}–{MAX_SEATS} seats (CG-2.1), not {len(seats)}"
            )
        for kind in seats:
            if kind not in SEAT_KINDS:
                raise ConfigError(
                    f"unknown seat kind {kind!r}; choose from {', '.join(SEAT_KINDS)}"
                )
        if suits is None:
            chosen = _SUITS[: len(seats)]
        else:
            chosen = tuple(_suit(suit) for suit in suits)
            if len(chosen) != len(seats):
                raise ConfigError(f"{len(seats)} seats need {len(seats)} suits, not {len(chosen)}")
            if len(set(chosen)) != len(chosen):
                raise ConfigError("every seat needs a distinct suit (CG-2.2)")
        return cls(seats, chosen)

    def is_virtual(self, seat: int) -> bool:
        return self.seats[seat] != PLAYER

    @property
    def player_seats(self) -> tuple[int, ...]:
        return tuple(seat for seat, kind in enumerate(self.seats) if kind == PLAYER)

    @property
    def row_terrain_count(self) -> int:
        """CG-4.1: 4 terrain cards, 5 with 5 or 6 seats."""
        return 5 if len(self.seats) >= 5 else 4

    def to_json(self) -> JSON:
        return {"seats": list(self.seats), "suits": [suit.value for suit in self.suits]}

    @classmethod
    def from_json(cls, data: Any) -> GameConfig:
        if not isinstance(data, dict) or not isinstance(data.get("seats"), list):
            raise ConfigError("a configuration is an object with a list of 'seats'")
        return cls.of(data["seats"], data.get("suits"))
