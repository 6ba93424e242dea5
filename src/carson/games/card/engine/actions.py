"""The card game's decisions as small typed values, each with a stable index (for search/RL).

Action space (259 actions), fixed for every game:

=========  ==========  ==============================================================
index      action      meaning
=========  ==========  ==============================================================
0          Pass        decline the ability (or the sale, or the Paperboy's pick) on offer
1          Use         use the ability on offer (CG-5.2, CG-5.3)
2–12       Bid v       play auction card v = 1…11 (CG-4.4)
13–20      Take s      take the card in row slot s = 0…7 (CG-4.7)
21–141     Place x y   put the terrain card just taken at city coordinate (x, y), -2…8
142–237    Sell c      the Auctioneer sells terrain card c = 1…96 (CG-5.4)
238–258    Pick p      the Paperboy picks personality p (catalog order, CG-5.5)
=========  ==========  ==============================================================
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, ClassVar

from carson.core.game import JSON, IllegalActionError

PLACE_MIN, PLACE_MAX = -2, 8
_PLACE_SPAN = PLACE_MAX - PLACE_MIN + 1
ROW_SLOTS = 8
MAX_BID = 11
TERRAIN_IDS = 96

_PASS, _USE, _BID, _TAKE = 0, 1, 2, 2 + MAX_BID
_PLACE = _TAKE + ROW_SLOTS
_SELL = _PLACE + _PLACE_SPAN * _PLACE_SPAN
_PICK = _SELL + TERRAIN_IDS
PERSONALITY_COUNT = 21
ACTION_SPACE_SIZE = _PICK + PERSONALITY_COUNT


@dataclass(frozen=True, slots=True)
class Pass:
    type: ClassVar[str] = "pass"

    @property
    def index(self) -> int:
        return _PASS

    def to_json(self) -> JSON:
        return {"kind": self.type}


@dataclass(frozen=True, slots=True)
class Use:
    """Use the ability on offer; ``ability`` names it, for readers of logs and JSON."""

    ability: str
    type: ClassVar[str] = "use"

    @property
    def index(self) -> int:
        return _USE

    def to_json(self) -> JSON:
        return {"kind": self.type, "ability": self.ability}


@dataclass(frozen=True, slots=True)
class Bid:
    value: int
    type: ClassVar[str] = "bid"

    @property
    def index(self) -> int:
        return _BID + self.value - 1

    def to_json(self) -> JSON:
        return {"kind": self.type, "value": self.value}


@dataclass(frozen=True, slots=True)
class Take:
    slot: int
    type: ClassVar[str] = "take"

    @property
    def index(self) -> int:
        return _TAKE + self.slot

    def to_json(self) -> JSON:
        return {"kind": self.type, "slot": self.slot}


@dataclass(frozen=True, slots=True)
class Place:
    x: int
    y: int
    type: ClassVar[str] = "place"

    @property
    def index(self) -> int:
        return _PLACE + (self.y - PLACE_MIN) * _PLACE_SPAN + (self.x - PLACE_MIN)

    def to_json(self) -> JSON:
        return {"kind": self.type, "x": self.x, "y": self.y}


@dataclass(frozen=True, slots=True)
class Sell:
    card: int
    type: ClassVar[str] = "sell"

    @property
    def index(self) -> int:
        return _SELL + self.card - 1

    def to_json(self) -> JSON:
        return {"kind": self.type, "card": self.card}


@dataclass(frozen=True, slots=True)
class Pick:
    personality: str
    position: int  # of the personality in the catalog (CG-1.7 order)
    type: ClassVar[str] = "pick"

    @property
    def index(self) -> int:
        return _PICK + self.position

    def to_json(self) -> JSON:
        return {"kind": self.type, "personality": self.personality}


CardAction = Pass | Use | Bid | Take | Place | Sell | Pick

# Every bid, take and place made once: legal_actions hands out these (equal to new ones),
# as building a frozen dataclass costs more than the rest of listing it.
_BIDS = tuple(Bid(value) for value in range(MAX_BID + 1))
_TAKES = tuple(Take(slot) for slot in range(ROW_SLOTS))
_PLACES = tuple(
    tuple(Place(x, y) for x in range(PLACE_MIN, PLACE_MAX + 1))
    for y in range(PLACE_MIN, PLACE_MAX + 1)
)


def bid(value: int) -> Bid:
    """``Bid(value)``, shared."""
    return _BIDS[value]


def bids(values: list[int]) -> list[CardAction]:
    """``[Bid(value) for value in values]``, shared (one call for a whole hand)."""
    return [_BIDS[value] for value in values]


def take(slot: int) -> Take:
    """``Take(slot)``, shared."""
    return _TAKES[slot]


def takes(row: Sequence[object | None]) -> list[CardAction]:
    """``Take(slot)`` of every slot of ``row`` that holds a card, shared."""
    return [_TAKES[slot] for slot, card in enumerate(row) if card is not None]


def place(x: int, y: int) -> Place:
    """``Place(x, y)``, shared."""
    return _PLACES[y - PLACE_MIN][x - PLACE_MIN]


def action_from_json(data: Any, personality_ids: tuple[str, ...]) -> CardAction:
    """Parse an action object; raises :class:`IllegalActionError` naming what is malformed.
    Its kind is named ``kind``, as every game's; ``type``, the name it had before (stored
    games, old clients), is still read (deprecated until 1.0: the README's API section)."""
    data = _with_kind(data)
    kind = data["kind"]
    fields = _FIELDS.get(kind)
    if fields is None:
        raise IllegalActionError(f"unknown action kind {kind!r}")
    if data.keys() != _KEYS[kind]:  # a field missing or one too many
        raise IllegalActionError(f"a {kind!r} action has exactly the fields {fields or 'none'}")
    if kind == "pass":
        return Pass()
    if kind == "use":
        if not isinstance(data["ability"], str):
            raise IllegalActionError('"ability" must be a personality id')
        return Use(data["ability"])
    if kind == "pick":
        personality = data["personality"]
        if personality not in personality_ids:
            raise IllegalActionError(f"unknown personality {personality!r}")
        return Pick(personality, personality_ids.index(personality))
    if not all(isinstance(n := data[name], int) and not isinstance(n, bool) for name in fields):
        raise IllegalActionError(f"the fields of a {kind!r} action are integers")
    # The shared actions where they exist (equal to new ones, and cheaper than building one).
    if kind == "bid":
        value = data["value"]
        return _BIDS[value] if 0 <= value <= MAX_BID else Bid(value)
    if kind == "take":
        slot = data["slot"]
        return _TAKES[slot] if 0 <= slot < ROW_SLOTS else Take(slot)
    if kind == "place":
        x, y = data["x"], data["y"]
        if PLACE_MIN <= x <= PLACE_MAX and PLACE_MIN <= y <= PLACE_MAX:
            return place(x, y)
        return Place(x, y)
    return Sell(data["card"])


#: Each action kind's fields but ``kind``, sorted (as a malformed action's message names them).
_FIELDS: dict[str, list[str]] = {
    "pass": [],
    "use": ["ability"],
    "bid": ["value"],
    "take": ["slot"],
    "place": ["x", "y"],
    "sell": ["card"],
    "pick": ["personality"],
}
#: Each action kind's keys, ``kind`` included: exactly those of a well-formed action object.
_KEYS = {kind: frozenset(["kind", *fields]) for kind, fields in _FIELDS.items()}


def _with_kind(data: object) -> dict[str, object]:
    """The action object with its kind under ``kind``: read from ``type`` (deprecated) when
    it has no ``kind``; both, naming different kinds, are refused."""
    if not isinstance(data, dict):
        raise IllegalActionError('an action is an object with a "kind"')
    if "type" in data:
        legacy = data["type"]
        if "kind" in data and data["kind"] != legacy:
            raise IllegalActionError('an action names its kind once: "kind" (or "type", '
                                     "deprecated), not both differently")  # fmt: skip
        data = {**{key: value for key, value in data.items() if key != "type"}, "kind": legacy}
    if not isinstance(data.get("kind"), str):
        raise IllegalActionError('an action is an object with a "kind"')
    checked: dict[str, object] = data
    return checked


def action_from_index(
    index: int, personality_ids: tuple[str, ...], ability: str = ""
) -> CardAction:
    """The action with a given index (``ability`` names what a ``Use`` would use)."""
    if not 0 <= index < ACTION_SPACE_SIZE:
        raise IllegalActionError(f"action index {index} is outside 0…{ACTION_SPACE_SIZE - 1}")
    if index == _PASS:
        return Pass()
    if index == _USE:
        return Use(ability)
    if index < _TAKE:
        return Bid(index - _BID + 1)
    if index < _PLACE:
        return Take(index - _TAKE)
    if index < _SELL:
        y, x = divmod(index - _PLACE, _PLACE_SPAN)
        return Place(x + PLACE_MIN, y + PLACE_MIN)
    if index < _PICK:
        return Sell(index - _SELL + 1)
    return Pick(personality_ids[index - _PICK], index - _PICK)
