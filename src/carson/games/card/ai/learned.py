"""The learned estimate of the rounds left (issue 47): what ``ai-master``'s search backs up
where its playouts stop, in place of the linear :func:`.estimate.position_value`.

The model (:mod:`carson.ai.valuenet`, weights in ``data/value.npz``) was fitted on self-play
games (``carson train --game card``, :mod:`carson.games.card.rl.train`) to predict the points
a player seat still scores from the start of a round to the end of the game. Its features
(:func:`features`) read only what the seat itself sees: its own city, personalities, used
abilities, auction cards in hand, cards sold, and the round — the linear estimate's features
(:func:`.estimate.features`) plus the city's points, its empty and covered cells, the cards
sold and the cards in hand. Virtual seats keep the linear estimate's pace (their play is the
rules'). A first model also had each parcel kind's count: it fitted better, but it valued a
visible church at 8–13 points to come and an outlaws parcel at 3–5 (what went with them in
``greedy``'s games, not what they cause), and the search steered the cities towards them.

Pure Python: playing with this model needs neither NumPy nor a training library.
"""

from __future__ import annotations

from functools import cache
from pathlib import Path

from carson.ai.valuenet import ValueNet, load
from carson.games.card.ai.estimate import TOTAL_ROUNDS, position_value
from carson.games.card.ai.estimate import features as linear_features
from carson.games.card.engine.state import CardGameState
from carson.games.card.parcels import Parcel
from carson.games.card.scoring import city_points

#: The shipped weights (package data).
MODEL_PATH = Path(__file__).resolve().parent.parent / "data" / "value.npz"
_COUNTED = tuple(parcel for parcel in Parcel if parcel is not Parcel.EMPTY)


def features(
    state: CardGameState, seat: int, now: float | None = None, parcels: bool = False
) -> dict[str, float]:
    """The player seat's features by name (missing names are 0). ``parcels``: also each
    parcel kind's count (the first model's; the search exploited them, see docs/ai.md)."""
    me = state.seats[seat]
    city = me.city
    assert city is not None, "virtual seats have no features"
    if now is None:
        now = city_points(city, me.personalities, len(me.sold))
    found = linear_features(state, seat, now)
    share = (TOTAL_ROUNDS - state.round + 1) / TOTAL_ROUNDS
    found["now"] = float(now)
    found["covered"] = float(city.covered_mask.bit_count())
    found["open"] = float(city.empty_mask().bit_count())
    found["sold"] = float(len(me.sold))
    found["hand"] = float(len(me.hand))
    if parcels:
        for parcel in _COUNTED:
            count = city.mask(parcel).bit_count()
            if count:
                found["parcel:" + parcel.id] = float(count)
                found["parcel_share:" + parcel.id] = count * share
    return found


@cache
def shipped() -> ValueNet:
    """The shipped model, loaded once per process."""
    return load(MODEL_PATH)


def learned_value(state: CardGameState, seat: int, model: ValueNet | None = None) -> float:
    """The seat's estimated final score by the model: its points so far plus the model's
    points still to come (exact once the game is over; a virtual seat by its pace)."""
    me = state.seats[seat]
    if state.is_over or me.city is None:
        return position_value(state, seat)
    now = city_points(me.city, me.personalities, len(me.sold))
    net = shipped() if model is None else model
    return now + net(features(state, seat, now))


def spread() -> float:
    """The model's error per square root of the rounds left, in points, for one seat (from
    its held-out games, recorded in the model)."""
    value = shipped().meta.get("spread_per_root_round")
    assert isinstance(value, float | int)
    return float(value)
