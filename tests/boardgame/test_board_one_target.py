"""The one-target placement check (BG-4.2.3, BG-4.2.4, BG-7.2, BG-7.3) agrees with the listing,
and the playout that draws targets with it judges a uniform few of the legal ones (issue 21).

Positions come from seeded random games in several variants (the red Sheriff, white cowboys,
the river); every seat is asked about every target, with and without the white cowboy.
"""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

import pytest

from carson.games.board.ai.playout import PLACE_SAMPLES, BoardPlayoutPolicy
from carson.games.board.ai.valuation import (
    TownMemo,
    building_worth,
    placement_value,
    placement_values,
    worth_and_price,
    worths_and_prices,
)
from carson.games.board.engine.actions import PASS, BoardAction
from carson.games.board.engine.config import BoardConfig
from carson.games.board.engine.model import SPACES, DecisionKind
from carson.games.board.engine.state import BoardGameState
from carson.games.board.town import MOUNTAIN, PARCELS

VARIANT_SETS = [(), ("river",), ("red-sides", "duel-tiles"), ("vote-sides", "river")]


def placement_positions(variants: tuple[str, ...], seed: int) -> list[BoardGameState]:
    """A copy of the game at each cowboy placement of one seeded random game."""
    g = BoardGameState(BoardConfig.of(4, variants), seed)
    rng = random.Random(seed)
    found = []
    while not g.is_over:
        seat = g.seats_to_act[0]
        assert g.decision is not None
        if g.decision.kind == DecisionKind.PLACE:
            found.append(g.clone())
        legal = g.legal_actions(seat)
        g.apply(seat, legal[rng.randrange(len(legal))])
    return found


@pytest.mark.parametrize("variants", VARIANT_SETS)
@pytest.mark.parametrize("seed", [1, 2, 3])
def test_may_place_agrees_with_the_listing(variants: tuple[str, ...], seed: int) -> None:
    positions = placement_positions(variants, seed)
    assert len(positions) > 50
    sheriffs = 0
    for g in positions:
        for seat in range(g.config.players):
            player = g.players[seat]
            sheriffs += player.personality == "sheriff" and player.side == "red"
            for white in (False, True):
                listed = set(g.placement_targets(seat, white))
                asked = {t for t in range(SPACES + PARCELS) if g.may_place(seat, t, white)}
                assert asked == listed, (seat, white, sorted(asked ^ listed))
    if "red-sides" in variants:
        assert sheriffs  # the red Sheriff's rule was asked about


class Recorder(BoardPlayoutPolicy):
    """The playout policy, keeping the targets it judged."""

    def __init__(self, rng: random.Random) -> None:
        super().__init__(rng)
        self.judged: list[list[BoardAction]] = []

    def _best_placement(self, g: Any, seat: int, targets: list[BoardAction]) -> BoardAction:
        self.judged.append(list(targets))
        return super()._best_placement(g, seat, targets)


@pytest.mark.parametrize("variants", VARIANT_SETS[:2])
def test_the_playout_judges_a_uniform_few_of_the_legal_targets(
    variants: tuple[str, ...],
) -> None:
    policy = Recorder(random.Random(5))
    for g in placement_positions(variants, 4)[::5]:
        seat = g.seats_to_act[0]
        targets = [action for action in g.legal_actions(seat) if action != PASS]
        counts: Counter[BoardAction] = Counter()
        for _ in range(200):
            choice = policy.choose(g, seat)
            judged = policy.judged[-1]
            assert choice == PASS or choice in judged
            assert len(set(judged)) == len(judged) == min(PLACE_SAMPLES, len(targets))
            assert set(judged) <= set(targets)
            counts.update(judged)
        if targets:  # each legal target judged about 200 × 8 / n times, none never
            expected = 200 * min(PLACE_SAMPLES, len(targets)) / len(targets)
            assert set(counts) == set(targets)
            assert max(counts.values()) < 3 * expected


def test_decisions_taken_unlisted_are_the_listed_choice() -> None:
    """Grants, roads, constructions, parcels (claims, the Settler's, purchases) and menus:
    the playout's choice without the listing is its choice from the listing."""
    policy = BoardPlayoutPolicy(random.Random(0))
    seen: Counter[DecisionKind] = Counter()
    for seed, variants in enumerate(VARIANT_SETS * 4):
        g = BoardGameState(BoardConfig.of(4, variants), seed)
        rng = random.Random(seed)
        while not g.is_over:
            seat = g.seats_to_act[0]
            assert g.decision is not None
            kind = g.decision.kind
            legal = g.legal_actions(seat)
            if kind in UNLISTED:
                seen[kind] += 1
                assert policy.choose(g, seat) == policy.choose(g, seat, legal)
            g.apply(seat, legal[rng.randrange(len(legal))])
    assert set(seen) == UNLISTED, seen


UNLISTED = {
    DecisionKind.GRANT, DecisionKind.ROADS, DecisionKind.CONSTRUCT,
    DecisionKind.CLAIM, DecisionKind.SETTLER, DecisionKind.BUY_PARCELS, DecisionKind.MENU,
}  # fmt: skip


@pytest.mark.parametrize("variants", VARIANT_SETS)
def test_placement_values_are_each_targets_placement_value(variants: tuple[str, ...]) -> None:
    """The valuation of many targets at once gives each target's own value, to the bit,
    for every seat (markers or none, money or none, cowboys there or not)."""
    targets = range(SPACES + PARCELS)
    for g in placement_positions(variants, 6)[::2]:
        for seat in range(g.config.players):
            one_by_one = [placement_value(g, seat, target) for target in targets]
            assert placement_values(g, seat, targets) == one_by_one


def test_the_valuations_parcel_price_is_the_towns() -> None:
    """``worth_and_price`` reads the neighbours once for both; its price is BG-5.5's."""
    for g in placement_positions(("river",), 7)[::3]:
        for p in range(PARCELS):
            for seat in range(g.config.players):
                assert worth_and_price(g, seat, p)[1] == g.town.price(p)


def remembered(memo: TownMemo, g: BoardGameState, parcels: list[int]) -> list[object]:
    """Seat 0's worths of ``parcels`` and worths of the buildings on sale, from ``memo``."""
    memo.sync(g)
    buildings = [b for b in g.build_spaces.values() if b is not None]
    return [*memo.worths(g, 0, parcels), *(memo.building_worth(g, 0, b) for b in buildings)]


def computed(g: BoardGameState, parcels: list[int]) -> list[object]:
    """What :func:`remembered` gives, computed afresh."""
    buildings = [b for b in g.build_spaces.values() if b is not None]
    return [*worths_and_prices(g, 0, parcels), *(building_worth(g, 0, b) for b in buildings)]


def test_the_town_memo_remembers_for_one_town_only() -> None:
    """The search's memo of what placements read from the town gives what the valuation
    computes, and computes it again once the town's tiles, owners, road access or round
    change."""
    memo = TownMemo()
    parcels = list(range(PARCELS))
    positions = placement_positions(("river",), 8)
    for g in positions[::4]:
        assert remembered(memo, g, parcels) == computed(g, parcels)
    g = positions[len(positions) // 2]
    town = g.town
    empty = next(p for p in parcels if town.tiles[p] is None and p not in town.river)
    mountain = next(p for p in parcels if town.tiles[p] == MOUNTAIN and town.owners[p] != 1)
    changes = [
        lambda: town.tiles.__setitem__(empty, "house"),
        lambda: town.set_owner(mountain, 1),  # no mine beside it would pay seat 0
        lambda: town.add_road(next(e for e in town.legal_roads() if e not in town.roads)),
        lambda: setattr(g.round, "number", g.round.number + 1),
    ]
    for change in changes:
        before = remembered(memo, g, parcels)
        change()
        after = remembered(memo, g, parcels)
        assert after == computed(g, parcels)
        assert after != before  # each change moves some worth


@pytest.mark.parametrize("variants", VARIANT_SETS)
def test_placement_values_with_the_town_memo_are_the_same(variants: tuple[str, ...]) -> None:
    """One memo over many positions (towns that change) and seats: the same values."""
    memo = TownMemo()
    targets = range(SPACES + PARCELS)
    for g in placement_positions(variants, 9):
        for seat in range(g.config.players):
            assert placement_values(g, seat, targets, memo) == placement_values(g, seat, targets)
