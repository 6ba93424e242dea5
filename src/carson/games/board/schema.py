"""The JSON Schemas of the board game's actions and of a seat's view
(:func:`carson.games.board.engine.views.board_view`), for the API's documentation; the tests
check every action and view a game writes against them."""

from __future__ import annotations

from carson.core.schemas import (
    BOOLEAN,
    INTEGER,
    RESULT,
    SEAT_OR_NULL,
    STRING,
    Schema,
    array,
    const,
    map_of,
    nullable,
    obj,
    tagged_union,
)

#: A parcel's coordinates ``[x, y]``.
PARCEL: Schema = {"type": "array", "prefixItems": [INTEGER, INTEGER], "items": False,
                  "minItems": 2}  # fmt: skip
#: A road's edge ``["H" | "V", x, y]``.
EDGE: Schema = {"type": "array", "prefixItems": [{"enum": ["H", "V"]}, INTEGER, INTEGER],
                "items": False, "minItems": 3}  # fmt: skip
_ON_PARCEL = obj({"parcel": PARCEL}, closed=True)
_TARGET: Schema = {
    "type": "object",
    "properties": {"space": STRING, "parcel": PARCEL},
    "additionalProperties": False,
    "oneOf": [{"required": ["space"]}, {"required": ["parcel"]}],
}

ACTION: Schema = tagged_union(
    "kind",
    {
        "pass": obj({}, closed=True),
        "vote": obj({"red": array(STRING)}, closed=True),
        "purchase": obj({"item": STRING}, closed=True),
        "claim": _ON_PARCEL,
        "personality": obj({"id": STRING}, closed=True),
        "option": obj({"option": STRING}, closed=True),
        "cowboy": _TARGET,
        "white": _TARGET,
        "order": _ON_PARCEL,
        "tile": obj({"value": INTEGER}, closed=True),
        "buy_parcel": _ON_PARCEL,
        "road": obj({"edge": EDGE}, closed=True),
        "ask": obj({"seat": INTEGER}, closed=True),
        "grant": _ON_PARCEL,
        "build": _ON_PARCEL,
        "house": _ON_PARCEL,
        "store": obj({}, closed=True),
        "build_stored": obj({"building": STRING}, closed=True),
        "count": obj({"value": INTEGER}, closed=True),
        "grant_all": obj({}, closed=True),
    },
)

_COWBOYS = array(obj({"seat": INTEGER, "white": BOOLEAN}))

_SPACE: Schema = obj(
    {"id": STRING, "cowboys": _COWBOYS, "blocked": BOOLEAN, "no_duel": BOOLEAN},
    {"building": nullable(STRING), "price": INTEGER},
)

_PARCEL_VIEW: Schema = obj(
    {
        "x": INTEGER,
        "y": INTEGER,
        "tile": nullable(STRING),
        "owner": SEAT_OR_NULL,
        "river": BOOLEAN,
        "price": INTEGER,
        "income": nullable(INTEGER),
        "cowboys": _COWBOYS,
    }
)

_PLAYER: Schema = obj(
    {
        "seat": INTEGER,
        "money": INTEGER,
        "vp": INTEGER,
        "revolvers": INTEGER,
        "roads": INTEGER,
        "cowboys": INTEGER,
        "white_cowboy": BOOLEAN,
        "markers": INTEGER,
        "claims": INTEGER,
        "stored": array(STRING),
        "personality": nullable(STRING),
        "side": nullable(STRING),
        "choice": nullable(STRING),
        "three_revolvers": BOOLEAN,
        "sharpshooter": BOOLEAN,
        "strength": INTEGER,
        "tiles_in_hand": INTEGER,
        "announced_tile_total": nullable(INTEGER),
        "voted": BOOLEAN,
        "deciding_purchases": BOOLEAN,
        "tile_chosen": BOOLEAN,
        "pays_half": BOOLEAN,
        "building_prices": map_of(INTEGER),
        "occupied_costs": obj({"parcels": INTEGER, "buildings": INTEGER}),
    },
    {
        # shown to everyone once nobody is still deciding them, else to the buyer only
        "purchases": array(STRING),
        # the seat's own secrets
        "tiles": array(INTEGER),
        "vote": nullable(INTEGER),
        "tile_choice": nullable(INTEGER),
    },
)

VIEW: Schema = obj(
    {
        "game": const("board"),
        "config": obj({"game": const("board"), "players": INTEGER, "variants": array(STRING)}),
        "seat": SEAT_OR_NULL,
        "round": INTEGER,
        "status": {"enum": ["playing", "over"]},
        "seats_to_act": array(INTEGER),
        # what the game waits for: its kind, the seats asked, and the kind's own context
        "decision": nullable(obj({"kind": STRING, "seats": array(INTEGER)})),
        "sides": map_of(STRING),
        "available": array(STRING),
        "initial_order": array(INTEGER),
        "turn_order": array(INTEGER),
        "pass_order": array(INTEGER),
        "spaces": array(_SPACE),
        "parcels": array(_PARCEL_VIEW),
        "roads": array(EDGE),
        "bridges": array(EDGE),
        "bag": map_of(INTEGER),
        "pool_size": INTEGER,
        "players": array(_PLAYER),
        "construction": nullable(
            obj(
                {
                    "seat": INTEGER,
                    "building": STRING,
                    "asked": array(INTEGER),
                    "granted": array(PARCEL),
                }
            )
        ),
        "duel": nullable(obj({"where": {"anyOf": [STRING, PARCEL]}, "seats": array(INTEGER)})),
    },
    {"result": RESULT},
)
