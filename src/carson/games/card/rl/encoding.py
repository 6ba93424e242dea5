"""The card game's encoder for :mod:`carson.rl`: fixed-shape tensors of what one seat may
see (CG-9.1), and masks over the engine's 259-action space.

Everything comes from :class:`SeatObservation`, so no hidden fact (deck order, a virtual
seat's next card, another seat's secret bid) can reach a learner. Seats are listed from the
observer's point of view: itself first, then the others in seat order after it.

Layout of the ``float32`` vector (``OBSERVATION_SIZE`` values, all in roughly [0, 1]):

=====================  ==========================================================
round, era, phases     round/18, era II flag, phase one-hot, ability on offer
row                    8 slots × (present, personality one-hot, 4 parcels one-hot,
                       desirability/10)
card to place          4 parcels one-hot (``place`` phase)
per seat (6 × ...)     present, virtual, 9×9 visible city (17 channels a cell:
                       16 parcels + no card), personalities owned and used,
                       auction values played this era and still in hand (11 each),
                       value this round/20, score/150, cards sold/3, tie rank/5
own                    the chosen bid (one-hot 11; known only to the observer)
=====================  ==========================================================
"""

from __future__ import annotations

from collections.abc import Iterable

import numpy as np

from carson.games.card import board
from carson.games.card.catalog import PERSONALITY_IDS, Personality, TerrainCard
from carson.games.card.engine.actions import ACTION_SPACE_SIZE, MAX_BID, ROW_SLOTS, CardAction
from carson.games.card.engine.config import MAX_SEATS
from carson.games.card.engine.observation import SeatObservation
from carson.games.card.parcels import Parcel
from carson.rl.encoder import Mask, Vector, mask_of

PHASES = ("sale", "ability", "bid", "take", "place", "pick", "over")
ABILITIES = ("governor", "lawyer", "chinese_worker", "heroes", "gunsmith", "mercenary", "doctor")
PARCELS = len(Parcel)
CITY_SIDE = 9
CELL_CHANNELS = PARCELS + 1  # every parcel kind, and "no card here"
PERSONALITIES = len(PERSONALITY_IDS)
_PERSONALITY_INDEX = {pid: index for index, pid in enumerate(PERSONALITY_IDS)}

HEADER_SIZE = 2 + len(PHASES) + len(ABILITIES)
SLOT_SIZE = 1 + PERSONALITIES + 4 * PARCELS + 1
ROW_SIZE = ROW_SLOTS * SLOT_SIZE
PENDING_SIZE = 4 * PARCELS
CITY_SIZE = CITY_SIDE * CITY_SIDE * CELL_CHANNELS
SEAT_SIZE = 2 + CITY_SIZE + 2 * PERSONALITIES + 2 * MAX_BID + 4
OWN_SIZE = MAX_BID
OBSERVATION_SIZE = HEADER_SIZE + ROW_SIZE + PENDING_SIZE + MAX_SEATS * SEAT_SIZE + OWN_SIZE

#: Frame bit index → cell number (y * 9 + x) of the 9×9 grid, for city coordinates 0…8.
_CELL_OF_BIT = {
    board.bit(x, y).bit_length() - 1: y * CITY_SIDE + x
    for y in range(CITY_SIDE)
    for x in range(CITY_SIDE)
}

#: Observation values stay well inside this range (counts, fractions, one-hots; scores /150).
OBSERVATION_BOUND = 10.0


def encode(observation: SeatObservation) -> Vector:
    """The observation vector of the seat (see the module docstring for its layout)."""
    out = np.zeros(OBSERVATION_SIZE, dtype=np.float32)
    at = 0
    out[0] = observation.round / 18
    out[1] = float(observation.era == 2)
    out[2 + PHASES.index(observation.phase)] = 1.0
    if observation.offered_ability in ABILITIES:
        out[2 + len(PHASES) + ABILITIES.index(observation.offered_ability)] = 1.0
    at = HEADER_SIZE
    for slot, card in enumerate(observation.row[:ROW_SLOTS]):
        _encode_card(out, at + slot * SLOT_SIZE, card)
    at += ROW_SIZE
    pending = observation.placing
    if pending is not None:
        _encode_parcels(out, at, pending)
    at += PENDING_SIZE
    seats = observation.seat_count
    for position in range(seats):
        seat = (observation.seat + position) % seats
        _encode_seat(out, at + position * SEAT_SIZE, observation, seat)
    at += MAX_SEATS * SEAT_SIZE
    bid = observation.own_bid()
    if bid is not None:
        out[at + bid - 1] = 1.0
    return out


def action_mask(legal: Iterable[CardAction]) -> Mask:
    """1 for each legal action's index in the fixed action space, else 0."""
    return mask_of(legal, ACTION_SPACE_SIZE)


def _encode_card(out: Vector, at: int, card: TerrainCard | Personality | None) -> None:
    if card is None:
        return
    out[at] = 1.0
    if isinstance(card, Personality):
        out[at + 1 + _PERSONALITY_INDEX[card.id]] = 1.0
    else:
        _encode_parcels(out, at + 1 + PERSONALITIES, card)
    out[at + SLOT_SIZE - 1] = card.desirability / 10


def _encode_parcels(out: Vector, at: int, card: TerrainCard) -> None:
    for quarter, parcel in enumerate(card.parcels):
        out[at + quarter * PARCELS + int(parcel)] = 1.0


def _encode_seat(out: Vector, at: int, observation: SeatObservation, seat: int) -> None:
    out[at] = 1.0
    out[at + 1] = float(observation.is_virtual(seat))
    city = observation.city(seat)
    grid = at + 2
    if city is not None:
        # "No card" everywhere, then each visible parcel where it is (a few set bits each).
        out[grid + PARCELS : grid + CITY_SIZE : CELL_CHANNELS] = 1.0
        for kind, mask in enumerate(city.boards):
            while mask:
                low = mask & -mask
                mask ^= low
                cell = _CELL_OF_BIT.get(low.bit_length() - 1)
                if cell is not None:
                    base = grid + cell * CELL_CHANNELS
                    out[base + PARCELS] = 0.0
                    out[base + kind] = 1.0
    at = grid + CITY_SIZE
    turned = set(observation.turned(seat))
    for personality in observation.personalities(seat):
        index = _PERSONALITY_INDEX[personality]
        out[at + index] = 1.0
        out[at + PERSONALITIES + index] = float(personality in turned)
    at += 2 * PERSONALITIES
    for value in observation.played(seat):
        out[at + value - 1] += 1.0
    for value in observation.remaining_values(seat):
        out[at + MAX_BID + value - 1] += 1.0
    at += 2 * MAX_BID
    out[at] = observation.final_value(seat) / 20
    out[at + 1] = observation.score(seat) / 150
    out[at + 2] = observation.sold_by(seat) / 3
    out[at + 3] = observation.tie_rank(seat) / 5
