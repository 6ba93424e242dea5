"""The board game's observation vector for :mod:`carson.rl`: a fixed-shape ``float32`` array of
what one seat may see (BG-11), built from the seat's view (the game's observer) only, so no
hidden fact — another seat's duel tiles, chosen tile, vote or purchases before the reveal,
the bag's order, the pool, future dice — can reach a learner.

Seats are listed from the observer's point of view: itself first, then the others in seat
order after it. Layout (values in roughly [0, 1]; counts and money scaled):

=====================  ==========================================================
header                 round one-hot (4), game over, the observer must act, seats
                       to act (5), decision kind one-hot (16)
decision context       menu one-hot (8), its price and excess, what is ordered (2),
                       parcels on offer or with access (64), the asker (5),
                       price of one VP, 12a window position
cards                  each personality's side (red), still available this round
spaces (23)            cowboys of each seat, the white cowboy, blocked,
                       the building on a BUILD space (one-hot 8 + empty)
parcels (64)           tile one-hot (house, mountain, 8 buildings, empty), owner (5
                       + none), river, price, income, cowboys of each seat, white
roads                  every edge: road, bridge
bag, pool              buildings left in the bag (8), used duel tiles
per seat (5 × …)       present, money, VP, revolvers, roads, cowboys, white cowboy,
                       markers, stored buildings (8), personality one-hot (7),
                       red side, ammunition, sharpshooter, strength, tiles in hand,
                       announced tile total, voted, deciding purchases, tile chosen,
                       pays half, position in the initial / turn / pass order
duel, construction     where (23 + 64), who (5); builder (5), building (8), asked (5),
                       granted parcels (64)
own secrets            duel tiles in hand (6), chosen tile (6), vote (7), purchases
=====================  ==========================================================
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np

from carson.core.game import JSON
from carson.games.board.catalog import BUILDING_IDS, PERSONALITY_IDS, SPACE_IDS
from carson.games.board.engine.actions import MAX_SEATS, PURCHASES
from carson.games.board.engine.model import DecisionKind, Menu, OrderOf
from carson.games.board.town import EDGES, PARCELS, edge_from_name, parcel
from carson.rl.encoder import Vector

ROUNDS = 4
DECISIONS = tuple(DecisionKind)
MENUS = tuple(Menu)
ORDERS = tuple(OrderOf)
BUILDINGS = len(BUILDING_IDS)
PERSONALITIES = len(PERSONALITY_IDS)
SPACES = len(SPACE_IDS)
TILES = ("house", "mountain", *BUILDING_IDS)
TILE_FACES = 6
_BUILDING = {building: index for index, building in enumerate(BUILDING_IDS)}
_PERSONALITY = {personality: index for index, personality in enumerate(PERSONALITY_IDS)}
_SPACE = {space: index for index, space in enumerate(SPACE_IDS)}
_TILE = {tile: index for index, tile in enumerate(TILES)}

HEADER_SIZE = ROUNDS + 2 + MAX_SEATS + len(DECISIONS)
CONTEXT_SIZE = len(MENUS) + 2 + len(ORDERS) + PARCELS + MAX_SEATS + 2
CARDS_SIZE = 2 * PERSONALITIES
SPACE_SIZE = MAX_SEATS + 2 + BUILDINGS + 1
PARCEL_SIZE = len(TILES) + 1 + MAX_SEATS + 1 + 3 + MAX_SEATS + 1
ROADS_SIZE = 2 * EDGES
BAG_SIZE = BUILDINGS + 1
SEAT_SIZE = 8 + BUILDINGS + PERSONALITIES + 10 + 3
DUEL_SIZE = SPACES + PARCELS + MAX_SEATS
BUILD_SIZE = MAX_SEATS + BUILDINGS + MAX_SEATS + PARCELS
OWN_SIZE = 2 * TILE_FACES + PERSONALITIES + len(PURCHASES)
OBSERVATION_SIZE = (
    HEADER_SIZE + CONTEXT_SIZE + CARDS_SIZE + SPACES * SPACE_SIZE + PARCELS * PARCEL_SIZE
    + ROADS_SIZE + BAG_SIZE + MAX_SEATS * SEAT_SIZE + DUEL_SIZE + BUILD_SIZE + OWN_SIZE
)  # fmt: skip
#: Observation values stay inside this range (money and VP are scaled by 100).
OBSERVATION_BOUND = 10.0


class _Writer:
    """Writes the vector block after block; seats are numbered from the observer."""

    def __init__(self, seat: int, seats: int) -> None:
        self.out = np.zeros(OBSERVATION_SIZE, dtype=np.float32)
        self.at = 0
        self.seat = seat
        self.seats = seats

    def relative(self, other: int) -> int:
        return (other - self.seat) % self.seats

    def skip(self, size: int) -> int:
        start, self.at = self.at, self.at + size
        return start


def encode(view: JSON) -> Vector:
    """The observation vector of the seat whose view this is (layout in the docstring)."""
    seat = view["seat"]
    writer = _Writer(seat, len(view["players"]))
    _header(writer, view)
    _context(writer, view["decision"])
    _cards(writer, view)
    for space in view["spaces"]:
        _space(writer, space)
    for entry in view["parcels"]:
        _parcel(writer, entry)
    _roads(writer, view)
    _bag(writer, view)
    for position in range(MAX_SEATS):
        start = writer.skip(SEAT_SIZE)
        if position < writer.seats:
            _player(writer, start, view, (seat + position) % writer.seats)
    _duel(writer, view["duel"])
    _construction(writer, view["construction"])
    _own(writer, view["players"][seat])
    assert writer.at == OBSERVATION_SIZE
    return writer.out


def _header(w: _Writer, view: JSON) -> None:
    start = w.skip(HEADER_SIZE)
    w.out[start + min(view["round"], ROUNDS) - 1] = 1.0
    w.out[start + ROUNDS] = float(view["status"] == "over")
    w.out[start + ROUNDS + 1] = float(w.seat in view["seats_to_act"])
    for other in view["seats_to_act"]:
        w.out[start + ROUNDS + 2 + w.relative(other)] = 1.0
    if view["decision"] is not None:
        kind = DECISIONS.index(DecisionKind(view["decision"]["kind"]))
        w.out[start + ROUNDS + 2 + MAX_SEATS + kind] = 1.0


def _context(w: _Writer, decision: JSON | None) -> None:
    start = w.skip(CONTEXT_SIZE)
    if decision is None:
        return
    about = decision.get("about")
    if about in MENUS:
        w.out[start + MENUS.index(Menu(about))] = 1.0
    at = start + len(MENUS)
    w.out[at] = (decision.get("price") or 0) / 100
    w.out[at + 1] = (decision.get("excess") or 0) / 100
    at += 2
    if about in ORDERS:
        w.out[at + ORDERS.index(OrderOf(about))] = 1.0
    at += len(ORDERS)
    on_offer: list[list[int]] = decision.get("parcels") or decision.get("access") or []
    for x, y in on_offer:
        w.out[at + parcel(x, y)] = 1.0
    at += PARCELS
    if "asker" in decision:
        w.out[at + w.relative(decision["asker"])] = 1.0
    at += MAX_SEATS
    w.out[at] = float(decision.get("index", 0)) / MAX_SEATS
    if decision["kind"] == DecisionKind.COUNT:
        w.out[at + 1] = decision["price"] / 100


def _cards(w: _Writer, view: JSON) -> None:
    start = w.skip(CARDS_SIZE)
    for personality, side in view["sides"].items():
        w.out[start + _PERSONALITY[personality]] = float(side == "red")
    for personality in view["available"]:
        w.out[start + PERSONALITIES + _PERSONALITY[personality]] = 1.0


def _cowboys(w: _Writer, at: int, cowboys: Sequence[JSON]) -> None:
    """Cowboys of each seat (from the observer) at ``at``, then whether the white one is."""
    for cowboy in cowboys:
        if cowboy["white"]:
            w.out[at + MAX_SEATS] = 1.0
        else:
            w.out[at + w.relative(cowboy["seat"])] += 1 / 3


def _space(w: _Writer, space: JSON) -> None:
    start = w.skip(SPACE_SIZE)
    _cowboys(w, start, space["cowboys"])
    w.out[start + MAX_SEATS + 1] = float(space["blocked"])
    if "building" in space:
        building = space["building"]
        w.out[start + MAX_SEATS + 2 + (_BUILDING[building] if building else BUILDINGS)] = 1.0


def _parcel(w: _Writer, entry: JSON) -> None:
    start = w.skip(PARCEL_SIZE)
    tile = entry["tile"]
    w.out[start + (_TILE[tile] if tile is not None else len(TILES))] = 1.0
    at = start + len(TILES) + 1
    owner = entry["owner"]
    w.out[at + (w.relative(owner) if owner is not None else MAX_SEATS)] = 1.0
    at += MAX_SEATS + 1
    w.out[at] = float(entry["river"])
    w.out[at + 1] = (entry["price"] or 0) / 20
    w.out[at + 2] = (entry["income"] or 0) / 20
    _cowboys(w, at + 3, entry["cowboys"])


def _roads(w: _Writer, view: JSON) -> None:
    start = w.skip(ROADS_SIZE)
    for name, x, y in view["roads"]:
        w.out[start + edge_from_name(name, x, y)] = 1.0
    for name, x, y in view["bridges"]:
        w.out[start + EDGES + edge_from_name(name, x, y)] = 1.0


def _bag(w: _Writer, view: JSON) -> None:
    start = w.skip(BAG_SIZE)
    for building, count in view["bag"].items():
        w.out[start + _BUILDING[building]] = count / 10
    w.out[start + BUILDINGS] = view["pool_size"] / 30


def _player(w: _Writer, start: int, view: JSON, index: int) -> None:
    p: JSON = view["players"][index]
    out = w.out
    out[start : start + 8] = (
        1.0, p["money"] / 100, p["vp"] / 100, p["revolvers"] / 10, p["roads"] / 25,
        p["cowboys"] / 10, float(p["white_cowboy"]), p["markers"] / 10,
    )  # fmt: skip
    at = start + 8
    for building in p["stored"]:
        out[at + _BUILDING[building]] += 0.5
    at += BUILDINGS
    if p["personality"] is not None:
        out[at + _PERSONALITY[p["personality"]]] = 1.0
    at += PERSONALITIES
    out[at : at + 10] = (
        float(p["side"] == "red"), float(p["three_revolvers"]), float(p["sharpshooter"]),
        p["strength"] / 30, p["tiles_in_hand"] / TILE_FACES,
        (p["announced_tile_total"] or 0) / 15, float(p["voted"]),
        float(p["deciding_purchases"]), float(p["tile_chosen"]), float(p["pays_half"]),
    )  # fmt: skip
    at += 10
    for offset, order in enumerate(("initial_order", "turn_order", "pass_order")):
        if index in view[order]:
            out[at + offset] = (1 + view[order].index(index)) / MAX_SEATS


def _duel(w: _Writer, duel: JSON | None) -> None:
    start = w.skip(DUEL_SIZE)
    if duel is None:
        return
    where = duel["where"]
    target = _SPACE[where] if isinstance(where, str) else SPACES + parcel(*where)
    w.out[start + target] = 1.0
    for other in duel["seats"]:
        w.out[start + SPACES + PARCELS + w.relative(other)] = 1.0


def _construction(w: _Writer, build: JSON | None) -> None:
    start = w.skip(BUILD_SIZE)
    if build is None:
        return
    w.out[start + w.relative(build["seat"])] = 1.0
    w.out[start + MAX_SEATS + _BUILDING[build["building"]]] = 1.0
    for other in build["asked"]:
        w.out[start + MAX_SEATS + BUILDINGS + w.relative(other)] = 1.0
    for x, y in build["granted"]:
        w.out[start + 2 * MAX_SEATS + BUILDINGS + parcel(x, y)] = 1.0


def _own(w: _Writer, me: JSON) -> None:
    start = w.skip(OWN_SIZE)
    for value in me.get("tiles", ()):
        w.out[start + value] += 1.0
    if me.get("tile_choice") is not None:
        w.out[start + TILE_FACES + me["tile_choice"]] = 1.0
    vote = me.get("vote")
    for index in range(PERSONALITIES):
        if vote is not None and vote >> index & 1:
            w.out[start + 2 * TILE_FACES + index] = 1.0
    for item in me.get("purchases", ()):
        w.out[start + 2 * TILE_FACES + PERSONALITIES + PURCHASES.index(item)] += 0.25
