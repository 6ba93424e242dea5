"""Whether a boost on offer after the bids can change the taking order
(:func:`carson.games.card.previews.boost_can_matter`), checked against the engine itself:
both answers played out, with every choice of the boosts offered after it."""

from __future__ import annotations

import random

from carson.games.card.engine.abilities import WINDOW_B
from carson.games.card.engine.actions import Pass, Use
from carson.games.card.engine.config import GameConfig
from carson.games.card.engine.state import CardGameState
from carson.games.card.previews import boost_can_matter


def window_b_offers(games: int) -> list[CardGameState]:
    """States where a boost is on offer after the bids, from random games whose seats use
    every ability they can (so that they hold the Mercenary and the Doctor often)."""
    found = []
    for seed in range(games):
        rng = random.Random(seed)
        state = CardGameState(GameConfig.of(["player"] * 4 + ["expert"]), seed)
        while not state.is_over:
            if state.phase == "ability" and state.offered_ability in WINDOW_B:
                found.append(state.clone())
            seat = state.seats_to_act[0]
            legal = state.legal_actions(seat)
            uses = [action for action in legal if isinstance(action, Use)]
            eager = uses and rng.random() < 0.8
            state.apply(seat, rng.choice(uses) if eager else rng.choice(legal))
    return found


def orders(state: CardGameState) -> dict[tuple[str, ...], tuple[int, ...]]:
    """The taking order after window B for each sequence of later answers (use or pass)."""
    if not (state.phase == "ability" and state.offered_ability in WINDOW_B):
        return {(): tuple(state.taking_order())}
    found = {}
    seat = state.seats_to_act[0]
    for action in (Use(state.offered_ability), Pass()):
        branch = state.clone()
        branch.apply(seat, action)
        for later, order in orders(branch).items():
            found[(type(action).__name__, *later)] = order
    return found


def matters_by_playing(state: CardGameState) -> bool:
    seat, ability = state.seats_to_act[0], state.offered_ability
    used, passed = state.clone(), state.clone()
    used.apply(seat, Use(ability))
    passed.apply(seat, Pass())
    return orders(used) != orders(passed)


def test_a_boost_matters_exactly_when_playing_it_out_changes_the_taking_order() -> None:
    states = window_b_offers(12)
    answers = [boost_can_matter(state, state.offered_ability) for state in states]
    assert True in answers and False in answers  # both cases met
    for state, answer in zip(states, answers, strict=True):
        assert answer == matters_by_playing(state), (state.seed, state.offered_ability)


def test_a_boost_before_the_bids_always_may_matter() -> None:
    state = CardGameState(GameConfig.of(["player"] * 4), 1)
    for ability in ("heroes", "gunsmith", "governor"):
        assert boost_can_matter(state, ability)
