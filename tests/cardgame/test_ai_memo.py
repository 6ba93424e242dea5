"""Placement points remembered for one search (issue 21) are exactly the computed ones, for
every scoring situation, and the memo stays bounded."""

from __future__ import annotations

import random

from engine_helpers import random_config, random_step

from carson.games.card.ai import memo as memo_module
from carson.games.card.ai.memo import PointsMemo
from carson.games.card.ai.valuation import Holding
from carson.games.card.engine.state import CardGameState


def test_remembered_gains_equal_computed_ones() -> None:
    rng = random.Random(4)
    memo = PointsMemo()
    compared = 0
    for game in range(3):
        state = CardGameState(random_config(rng), 40 + game)
        while not state.is_over:
            for me in state.seats:
                if me.city is None:
                    continue
                holding = Holding(me.city, me.personalities, len(me.sold))
                for card in state.terrain_decks[state.era - 1][-3:]:
                    fresh = holding.placement_gains(card)
                    assert holding.placement_gains(card, memo=memo) == fresh  # first: stored
                    assert holding.placement_gains(card, memo=memo) == fresh  # then: read
                    compared += 1
            random_step(state, rng)
    assert compared > 100


def test_a_different_situation_is_a_different_entry() -> None:
    state = CardGameState(random_config(random.Random(8)), 8)
    me = next(seat for seat in state.seats if seat.city is not None)
    assert me.city is not None
    layout = state.terrain_decks[0][-1].parcels
    memo = PointsMemo()
    plain = memo.placements(me.city, frozenset(), 0, layout)
    plain[1] = 5
    assert memo.placements(me.city, frozenset(), 0, layout) is plain
    assert memo.placements(me.city, frozenset({"banker"}), 0, layout) is not plain
    assert memo.placements(me.city, frozenset(), 1, layout) is not plain


def test_the_memo_starts_afresh_when_full() -> None:
    state = CardGameState(random_config(random.Random(9)), 9)
    me = next(seat for seat in state.seats if seat.city is not None)
    assert me.city is not None
    layout = state.terrain_decks[0][-1].parcels
    memo = PointsMemo()
    for sold in range(memo_module.MAX_CITIES + 10):
        memo.placements(me.city, frozenset(), sold, layout)
        assert len(memo._known) <= memo_module.MAX_CITIES
