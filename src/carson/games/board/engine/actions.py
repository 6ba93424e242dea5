"""Every decision of the board game as one small action, numbered in a fixed action space.

An action is a ``kind`` and an integer ``arg``; its :attr:`index` is the kind's offset plus
``arg``, so the whole space is fixed (for search and RL) whatever the game. JSON uses names a
person can read: spaces, parcels ``[x, y]``, edges ``["H", x, y]``, building and option ids.

==============  ====================================================  =====================
kind            decision                                              arg
==============  ====================================================  =====================
pass            pass, decline, done                                   —
vote            red-side vote (BG-10.1): the cards wanted red         bit mask of 7 cards
purchase        "Ein neuer Anfang" secret purchase (BG-10.4)          item
claim           a starting parcel, the Settler's parcel               parcel
personality     the card chosen in phase 1                            personality
option          a named choice (see OPTIONS)                          option
cowboy          place a cowboy (phase 2)                              target
white           place the Sheriff's white cowboy                      target
order           the first passer's next parcel/building to resolve    parcel
tile            a duel tile (BG-10.2)                                 value 0..5
buy_parcel      buy a parcel one's cowboy stands on                   parcel
road            place a road from one's supply                        edge
ask             ask another owner for parcels for the house (BG-9.4)  seat
grant           grant one of one's free parcels to the asker          parcel
build           put the building on a parcel                          parcel
house           put the free house on a parcel                        parcel
store           keep the building in one's supply instead             —
build_stored    build a stored building (step 12a)                    building
count           how many VP to buy                                    0..MAX_COUNT
grant_all       grant all one's free parcels to the asker (BG-9.4)    —
==============  ====================================================  =====================

``grant_all`` comes last so that every older kind keeps its indices.

A cowboy target is a space index (0..22, BG-2.3 order) or ``23 + parcel``.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from operator import itemgetter
from typing import Any

from carson.core.game import JSON, IllegalActionError
from carson.games.board.catalog import (
    BUILDING_IDS,
    NEW_BEGINNING_ITEMS,
    NEW_BEGINNING_SALES,
    PERSONALITY_IDS,
    SPACE_IDS,
)
from carson.games.board.engine.options import OPTION_INDEX, OPTION_LIST, MenuOption
from carson.games.board.engine.options import OPTIONS as OPTIONS  # re-exported: the JSON names
from carson.games.board.town import EDGES, PARCELS, coords, edge_from_name, edge_name, parcel

MAX_COUNT = 99
MAX_SEATS = 5
PURCHASES: tuple[str, ...] = NEW_BEGINNING_ITEMS + NEW_BEGINNING_SALES
TARGETS = len(SPACE_IDS) + PARCELS

SIZES: dict[str, int] = {
    "pass": 1,
    "vote": 1 << len(PERSONALITY_IDS),
    "purchase": len(PURCHASES),
    "claim": PARCELS,
    "personality": len(PERSONALITY_IDS),
    "option": len(OPTIONS),
    "cowboy": TARGETS,
    "white": TARGETS,
    "order": PARCELS,
    "tile": 6,
    "buy_parcel": PARCELS,
    "road": EDGES,
    "ask": MAX_SEATS,
    "grant": PARCELS,
    "build": PARCELS,
    "house": PARCELS,
    "store": 1,
    "build_stored": len(BUILDING_IDS),
    "count": MAX_COUNT + 1,
    "grant_all": 1,
}
OFFSETS: dict[str, int] = {}
_offset = 0
for _kind, _size in SIZES.items():
    OFFSETS[_kind] = _offset
    _offset += _size
ACTION_SPACE_SIZE = _offset
_KIND_AT = sorted((offset, kind) for kind, offset in OFFSETS.items())


@dataclass(frozen=True, slots=True, order=True)
class BoardAction:
    kind: str
    arg: int = 0
    #: The kind's offset plus ``arg``: kept, not computed, as every listing sorts by it.
    index: int = field(init=False, compare=False, repr=False)

    def __eq__(self, other: object) -> bool:
        # The generated one builds two tuples per comparison; listings are searched with
        # ``in`` (the match loop's check) tens of times per decision.
        if type(other) is BoardAction:
            return self.arg == other.arg and self.kind == other.kind
        return NotImplemented

    def __post_init__(self) -> None:
        offset = OFFSETS.get(self.kind)
        if offset is None:
            raise ValueError(f"unknown action kind {self.kind!r}")
        object.__setattr__(self, "index", offset + self.arg)

    @staticmethod
    def from_index(index: int) -> BoardAction:
        if not 0 <= index < ACTION_SPACE_SIZE:
            raise IllegalActionError(f"action index {index} is outside 0..{ACTION_SPACE_SIZE - 1}")
        kind = max((offset, kind) for offset, kind in _KIND_AT if offset <= index)[1]
        return BoardAction(kind, index - OFFSETS[kind])

    def to_json(self) -> JSON:
        kind, arg = self.kind, self.arg
        if kind in ("pass", "store", "grant_all"):
            return {"kind": kind}
        if kind == "vote":
            return {"kind": kind, "red": [p for i, p in enumerate(PERSONALITY_IDS) if arg >> i & 1]}
        if kind == "purchase":
            return {"kind": kind, "item": PURCHASES[arg]}
        if kind == "personality":
            return {"kind": kind, "id": PERSONALITY_IDS[arg]}
        if kind == "option":
            return {"kind": kind, "option": OPTIONS[arg]}
        if kind in ("cowboy", "white"):
            if arg < len(SPACE_IDS):
                return {"kind": kind, "space": SPACE_IDS[arg]}
            return {"kind": kind, "parcel": list(coords(arg - len(SPACE_IDS)))}
        if kind == "tile" or kind == "count":
            return {"kind": kind, "value": arg}
        if kind == "road":
            return {"kind": kind, "edge": list(edge_name(arg))}
        if kind == "ask":
            return {"kind": kind, "seat": arg}
        if kind == "build_stored":
            return {"kind": kind, "building": BUILDING_IDS[arg]}
        return {"kind": kind, "parcel": list(coords(arg))}  # claim, order, buy_parcel, …

    def __str__(self) -> str:
        data = self.to_json()
        rest = " ".join(str(value) for key, value in data.items() if key != "kind")
        return f"{self.kind} {rest}".strip()


#: The fields of each kind's JSON form besides ``kind`` (other kinds: ``parcel``); a cowboy
#: names a space or a parcel.
_FIELDS: dict[str, tuple[frozenset[str], ...]] = {
    "pass": (frozenset(),),
    "store": (frozenset(),),
    "grant_all": (frozenset(),),
    "vote": (frozenset({"red"}),),
    "purchase": (frozenset({"item"}),),
    "personality": (frozenset({"id"}),),
    "option": (frozenset({"option"}),),
    "cowboy": (frozenset({"space"}), frozenset({"parcel"})),
    "white": (frozenset({"space"}), frozenset({"parcel"})),
    "tile": (frozenset({"value"}),),
    "count": (frozenset({"value"}),),
    "ask": (frozenset({"seat"}),),
    "road": (frozenset({"edge"}),),
    "build_stored": (frozenset({"building"}),),
}


def action_from_json(data: Any) -> BoardAction:
    """Parse an action object; a malformed one raises :class:`IllegalActionError`."""
    if not isinstance(data, dict) or data.get("kind") not in SIZES:
        raise IllegalActionError(f"not a board-game action: {data!r} (kinds: {', '.join(SIZES)})")
    kind = str(data["kind"])
    allowed = _FIELDS.get(kind, (frozenset({"parcel"}),))
    if frozenset(data) - {"kind"} not in allowed:
        names = " or ".join(str(sorted(fields)) for fields in allowed)
        raise IllegalActionError(f"a {kind} action has exactly the fields {names}")
    try:
        return BoardAction(kind, _arg(kind, data))
    except (KeyError, TypeError, ValueError, IndexError) as error:
        raise IllegalActionError(f"malformed {kind} action {data!r}: {error}") from None


def _index_of(values: tuple[str, ...], value: Any, what: str) -> int:
    if value not in values:
        raise ValueError(f"unknown {what} {value!r}")
    return values.index(value)


def _whole(value: Any) -> int:
    """A JSON integer (not a string of digits, not a boolean)."""
    if not isinstance(value, int) or isinstance(value, bool):
        raise ValueError(f"{value!r} is not an integer")
    return value


def _numbers(value: Any, count: int) -> list[Any]:
    """A JSON array of ``count`` items (not a string, whose letters would pass for items)."""
    if not isinstance(value, list) or len(value) != count:
        raise ValueError(f"{value!r} is not an array of {count} items")
    return value


def _parcel_arg(value: Any) -> int:
    x, y = (_whole(v) for v in _numbers(value, 2))
    if not (0 <= x < 8 and 0 <= y < 8):
        raise ValueError("a parcel is [x, y] with x, y in 0..7")
    return parcel(x, y)


def _arg(kind: str, data: JSON) -> int:
    if kind in ("pass", "store", "grant_all"):
        return 0
    if kind == "vote":
        red = data["red"]
        if not isinstance(red, list):
            raise ValueError("red is an array of personality ids")
        return sum(1 << _index_of(PERSONALITY_IDS, p, "personality") for p in set(red))
    if kind == "purchase":
        return _index_of(PURCHASES, data["item"], "item")
    if kind == "personality":
        return _index_of(PERSONALITY_IDS, data["id"], "personality")
    if kind == "option":
        return _index_of(OPTIONS, data["option"], "option")
    if kind in ("cowboy", "white"):
        if "space" in data:
            return _index_of(SPACE_IDS, data["space"], "space")
        return len(SPACE_IDS) + _parcel_arg(data["parcel"])
    if kind in ("tile", "count", "ask"):
        value = _whole(data["value" if kind != "ask" else "seat"])
        if not 0 <= value < SIZES[kind]:
            raise ValueError(f"{value} is out of range")
        return value
    if kind == "road":
        name, x, y = _numbers(data["edge"], 3)
        return edge_from_name(str(name), _whole(x), _whole(y))
    if kind == "build_stored":
        return _index_of(BUILDING_IDS, data["building"], "building")
    return _parcel_arg(data["parcel"])


def option(name: str) -> BoardAction:
    """The ``option`` action of this option name (as in JSON)."""
    return BoardAction("option", OPTIONS.index(name))


def option_action(choice: MenuOption) -> BoardAction:
    return shared("option", OPTION_INDEX[choice])


def menu_option(action: BoardAction) -> MenuOption:
    """The typed option of an ``option`` action."""
    return OPTION_LIST[action.arg]


#: Every action made once, by kind and arg: listings hand these out (equal to new ones), as
#: building a frozen dataclass costs more than the rest of listing it.
_SHARED = {
    kind: tuple(BoardAction(kind, arg) for arg in range(size)) for kind, size in SIZES.items()
}


def shared(kind: str, arg: int = 0) -> BoardAction:
    """``BoardAction(kind, arg)``, shared (``kind`` and ``arg`` within the action space)."""
    return _SHARED[kind][arg]


def shared_of(kind: str) -> tuple[BoardAction, ...]:
    """Every shared action of ``kind``, by ``arg``: ``map(shared_of(kind).__getitem__, args)``
    lists many at C speed."""
    return _SHARED[kind]


def shared_many(kind: str, args: Sequence[int]) -> Sequence[BoardAction]:
    """``[shared(kind, arg) for arg in args]``, picked in one call in C (``itemgetter``:
    2.6× faster than mapping ``tuple.__getitem__`` over a placement's ~60 targets)."""
    actions = _SHARED[kind]
    if len(args) < 2:  # itemgetter of one index gives the item itself, of none fails
        return [actions[arg] for arg in args]
    picked: tuple[BoardAction, ...] = itemgetter(*args)(actions)
    return picked


PASS = BoardAction("pass")
STORE = BoardAction("store")
GRANT_ALL = BoardAction("grant_all")
