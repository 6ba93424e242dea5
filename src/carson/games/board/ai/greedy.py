"""``greedy``: a sensible board-game player from money values and one-step lookahead.

Placements are valued by :func:`~carson.games.board.ai.valuation.placement_value` (the chance
of winning the space times what it gives, less the cowboy); decisions with a visible result
(personalities, parcels, buildings, houses, menus) are tried on a sample of the game
(:meth:`BoardObservation.sample`: hidden facts re-drawn, so it never peeks) and the best
resulting :func:`position_value` wins. Small fixed rules cover the rest.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence

from carson.games.board.ai.valuation import (
    VP,
    building_worth,
    parcel_worth,
    placement_value,
    position_value,
    standard_start_purchase,
)
from carson.games.board.catalog import PERSONALITY_IDS
from carson.games.board.engine.actions import PASS, BoardAction, menu_option
from carson.games.board.engine.model import CountAsk, DecisionKind, Menu
from carson.games.board.engine.observation import BoardObservation
from carson.games.board.engine.options import WORKER_PRICE, Pick, WorkerBuy
from carson.games.board.engine.state import BoardGameState
from carson.games.board.town import CORNERS, EDGE_ENDS

#: A placement must be worth this much (in dollars) more than keeping the cowboy.
PLACE_THRESHOLD = 0.5
#: "Ein neuer Anfang": about the standard start (BG-10.4), bought in this order.
#: What a card gives that the position value does not see: the white cowboy, strength for
#: this round's duels, the Worker's discount (dollars).
PERSONALITY_BONUS = {"sheriff": 4.0, "gunslinger": 3.0, "worker": 3.0}
#: Placing earlier is worth this much per place in the turn order.
TURN_BONUS = 0.5


class GreedyPlayer:
    name = "greedy"

    def __init__(self, seed: int = 0) -> None:
        self._rng = random.Random(seed)

    def choose(self, observation: BoardObservation, legal: Sequence[BoardAction]) -> BoardAction:
        if len(legal) == 1:
            return legal[0]
        g = observation.public
        seat = observation.seat
        decision = g.decision
        assert decision is not None
        kind = decision.kind
        K = DecisionKind
        if kind == K.PLACE:
            return self._place(g, seat, legal)
        if kind in (K.CLAIM, K.SETTLER):
            return _best(legal, lambda a: parcel_worth(g, seat, a.arg) if a.kind == "claim" else 0)
        if kind == K.VOTE:
            return BoardAction("vote", 0)  # the standard (yellow) sides
        if kind == K.PURCHASE:
            return standard_start_purchase(g, seat, legal)
        if kind == K.TILE:
            return legal[-1]  # the strongest tile
        if kind == K.ORDER:
            return legal[0]
        if kind == K.GRANT:
            return PASS  # never help another builder
        if kind == K.COUNT:
            return self._count(g, seat, legal)
        if kind == K.PERSONALITY:
            return self._personality(observation, legal)
        if kind == K.MENU and decision.menu().about in (Menu.BUILD, Menu.WORKER):
            return _building_menu(g, seat, legal)
        if kind == K.CONSTRUCT:
            return self._construct(observation, legal)
        if kind == K.ROADS:
            return self._lookahead(observation, legal, minimum_gain=0.1)
        return self._lookahead(observation, legal)

    # --- decisions --------------------------------------------------------------------------

    def _place(self, g: BoardGameState, seat: int, legal: Sequence[BoardAction]) -> BoardAction:
        scored = [
            (placement_value(g, seat, a.arg) + (1.5 if a.kind == "white" else 0.0), a)
            for a in legal
            if a.kind != "pass"
        ]
        if not scored:
            return PASS
        value, action = max(scored, key=lambda item: (item[0], -item[1].index))
        return action if value > PLACE_THRESHOLD else PASS

    def _personality(
        self, observation: BoardObservation, legal: Sequence[BoardAction]
    ) -> BoardAction:
        g = observation.public
        seat = observation.seat
        sample = observation.sample(self._rng)
        sample.recording = False  # its trials' events are never read
        cards = g.catalog.personalities

        def worth(action: BoardAction) -> float:
            card = PERSONALITY_IDS[action.arg]
            trial = sample.clone()
            trial.apply(seat, action)
            bonus = PERSONALITY_BONUS.get(card, 0.0) if g.sides[card] == "yellow" else 0.0
            over_limit = max(0, g.players[seat].money - cards[card].cash_limit[g.sides[card]])
            return (
                position_value(trial, seat)
                + bonus
                + TURN_BONUS * (8 - cards[card].number)
                - over_limit * 0.5
            )

        return _best(legal, worth)

    def _count(self, g: BoardGameState, seat: int, legal: Sequence[BoardAction]) -> BoardAction:
        decision = g.decision
        assert decision is not None and isinstance(decision.ask, CountAsk)
        price = decision.ask.price
        money = g.players[seat].money
        last_round = g.round.number == g.catalog.rounds
        reserve = 0 if last_round else 12
        worth_it = price < VP * 1.2 or last_round
        k = max(0, (money - reserve) // price) if worth_it else 0
        return max((a for a in legal if a.arg <= k), key=lambda a: a.arg)

    def _construct(
        self, observation: BoardObservation, legal: Sequence[BoardAction]
    ) -> BoardAction:
        builds = [a for a in legal if a.kind == "build"]
        if builds:
            return self._lookahead(observation, builds)
        g = observation.public
        seat = observation.seat
        roads = [a for a in legal if a.kind == "road"]
        if roads:
            road = _road_towards_own_parcel(g, seat, roads)
            if road is not None:
                return road
        asks = [a for a in legal if a.kind == "ask"]
        if asks:
            return asks[0]
        return BoardAction("store")

    def _lookahead(
        self,
        observation: BoardObservation,
        legal: Sequence[BoardAction],
        minimum_gain: float = float("-inf"),
    ) -> BoardAction:
        """The action whose result (on a sample of the game) is worth most to the seat."""
        seat = observation.seat
        base = position_value(observation.public, seat)
        sample = observation.sample(self._rng)
        sample.recording = False  # its trials' events are never read
        best: tuple[float, BoardAction] | None = None
        for action in legal:
            trial = sample.clone()
            trial.apply(seat, action)
            value = position_value(trial, seat)
            if best is None or value > best[0]:
                best = (value, action)
        assert best is not None
        if best[0] - base < minimum_gain and PASS in legal:
            return PASS
        return best[1]


def _best(legal: Sequence[BoardAction], worth: Callable[[BoardAction], float]) -> BoardAction:
    return max(legal, key=lambda action: (worth(action), -action.index))


def _building_menu(g: BoardGameState, seat: int, legal: Sequence[BoardAction]) -> BoardAction:
    """Take a building (a construction space, the red Worker's offer) if worth its price."""
    decision = g.decision
    assert decision is not None
    space_price = decision.menu().price

    def worth(action: BoardAction) -> float:
        if action.kind == "pass":
            return 0.0
        choice = menu_option(action)
        if choice == Pick.TAKE:
            assert space_price is not None
            building = g.build_spaces[space_price]
            cost = g.building_price(seat, space_price)
        else:
            assert isinstance(choice, WorkerBuy)
            building = g.build_spaces[choice.price]
            cost = WORKER_PRICE
        return building_worth(g, seat, building or "") - cost if building else -1.0

    return _best(legal, worth)


def _road_towards_own_parcel(
    g: BoardGameState, seat: int, roads: Sequence[BoardAction]
) -> BoardAction | None:
    """The road whose far end comes nearest an own empty parcel without road access."""
    town = g.town
    goals = [
        p
        for p in town.owned_by(seat)
        if town.tiles[p] is None and not town.has_access(p) and p not in town.river
    ]
    if not goals:
        return None

    def distance(action: BoardAction) -> int:
        ends = EDGE_ENDS[action.arg]
        return min(
            max(abs(e % 9 - c % 9), abs(e // 9 - c // 9))
            for e in ends
            for p in goals
            for c in CORNERS[p]
        )

    return min(
        roads, key=lambda action: (distance(action), town.road_cost(action.arg), action.index)
    )
