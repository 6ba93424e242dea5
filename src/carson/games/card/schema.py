"""The JSON Schemas of the card game's actions and of a seat's view
(:func:`carson.games.card.engine.views.seat_view`), for the API's documentation; the tests
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
    nullable,
    obj,
    tagged_union,
)

ACTION: Schema = tagged_union(
    "kind",
    {
        "pass": obj({}, closed=True),
        "use": obj({"ability": STRING}, closed=True),
        "bid": obj({"value": INTEGER}, closed=True),
        "take": obj({"slot": INTEGER}, closed=True),
        "place": obj({"x": INTEGER, "y": INTEGER}, closed=True),
        "sell": obj({"card": INTEGER}, closed=True),
        "pick": obj({"personality": STRING}, closed=True),
    },
)

_CARD: Schema = tagged_union(
    "kind",
    {
        "personality": obj({"id": STRING, "desirability": INTEGER}),
        "terrain": obj(
            {"id": INTEGER, "era": INTEGER, "parcels": array(STRING), "desirability": INTEGER}
        ),
    },
)

_SEAT: Schema = obj(
    {
        "seat": INTEGER,
        "kind": STRING,
        "suit": STRING,
        "played": array(array(INTEGER)),
        "personalities": array(obj({"id": STRING, "turned": BOOLEAN})),
        "score": INTEGER,
        "final": INTEGER,
    },
    {
        # a virtual seat: the values left in its deck, the terrain it took
        "remaining": array(INTEGER),
        "terrain": array(INTEGER),
        # a player's seat
        "hand": array(INTEGER),
        "has_bid": BOOLEAN,
        "city": obj(
            {
                "grid": array(STRING),
                "cards": array(obj({"id": INTEGER, "x": INTEGER, "y": INTEGER})),
                "origin": array(INTEGER),
            }
        ),
        "set_aside": array(INTEGER),
        "sold": array(INTEGER),
    },
)

VIEW: Schema = obj(
    {
        "game": const("card"),
        "seat": SEAT_OR_NULL,
        "round": INTEGER,
        "era": INTEGER,
        "phase": STRING,
        "to_act": array(INTEGER),
        "row": array(nullable(_CARD)),
        "tie_order": array(STRING),
        "top_personality_back": {"anyOf": [array(STRING), STRING, {"type": "null"}]},
        "decks": obj({"terrain": INTEGER, "personalities": INTEGER}),
        "removed_personalities": array(STRING),
        "seats": array(_SEAT),
    },
    {
        "offer": obj({"seat": INTEGER, "ability": STRING}),
        "placing": obj({"seat": INTEGER, "card": _CARD}),
        "private": obj({}, {"bid": INTEGER}),
        "result": RESULT,
    },
)
