"""Conformance at every step of random games (in the style of OpenSpiel's random-playout test)."""

from __future__ import annotations

import copy
import json
import pickle
import random
from collections.abc import Callable
from typing import Any

import pytest
from engine_helpers import assert_cards_conserved, random_config

from carson.core.record import GameRecord
from carson.games.card.engine.actions import ACTION_SPACE_SIZE, action_from_index, action_from_json
from carson.games.card.engine.determinize import determinize
from carson.games.card.engine.state import CardGameState
from carson.games.card.match import record_of, replay_record


@pytest.mark.slow  # runs long: whole games or many cases
@pytest.mark.parametrize("game", range(12))
def test_random_playout_conformance(game: int) -> None:
    rng = random.Random(game)
    state = CardGameState(random_config(rng), seed=game)
    steps = 0
    while not state.is_over:
        assert_cards_conserved(state)
        for seat in range(len(state.seats)):
            legal = state.legal_actions(seat)
            indices = [action.index for action in legal]
            assert indices == sorted(set(indices)), "legal actions sorted and unique"
            assert all(0 <= i < ACTION_SPACE_SIZE for i in indices)
            assert bool(legal) == (seat in state.seats_to_act)
            for action in legal:
                ids = state.personality_ids
                assert action_from_json(json.loads(json.dumps(action.to_json())), ids) == action
                assert action_from_index(action.index, ids, state.offered_ability) == action
        if steps % 5 == 0:
            # A serialise/deserialise round trip of the record rebuilds the same state.
            rebuilt = replay_record(GameRecord.loads(record_of(state).dumps()))
            assert all(rebuilt.view(s) == state.view(s) for s in range(len(state.seats)))
            assert rebuilt.seats_to_act == state.seats_to_act
        if steps % 7 == 0:
            clone = state.clone()
            assert clone.view(None) == state.view(None)
            seat = rng.choice(state.seats_to_act)
            action = rng.choice(state.legal_actions(seat))
            assert clone.apply(seat, action) == state.apply(seat, action)
            assert all(clone.view(s) == state.view(s) for s in range(len(state.seats)))
        else:
            seat = rng.choice(state.seats_to_act)
            state.apply(seat, rng.choice(state.legal_actions(seat)))
        steps += 1
    assert_cards_conserved(state)
    assert state.result() is not None
    record = GameRecord.loads(record_of(state).dumps())
    rebuilt = replay_record(record)
    assert rebuilt.view(None) == state.view(None)
    assert rebuilt.result() == state.result()


def pickle_round_trip(state: CardGameState) -> CardGameState:
    twin = pickle.loads(pickle.dumps(state))
    assert isinstance(twin, CardGameState)
    return twin


@pytest.mark.parametrize("copier", [CardGameState.clone, copy.deepcopy, pickle_round_trip])
def test_copies_play_on_alone_and_the_same(copier: Callable[[CardGameState], Any]) -> None:
    rng = random.Random(5)
    state = CardGameState(random_config(rng), seed=5)
    while not state.is_over:
        twin = copier(state)
        assert type(twin) is CardGameState and vars(twin).keys() == vars(state).keys()
        seat = rng.choice(state.seats_to_act)
        action = rng.choice(state.legal_actions(seat))
        before = state.view(None)
        events = twin.apply(seat, action)
        assert state.view(None) == before, "the copy shares no mutable state with the original"
        assert state.apply(seat, action) == events
        assert all(twin.view(s) == state.view(s) for s in range(len(state.seats)))


@pytest.mark.parametrize("game", range(6))
def test_views_do_not_depend_on_hidden_facts(game: int) -> None:
    """CG-9.2: re-dealing what a seat cannot know leaves its view identical."""
    rng = random.Random(100 + game)
    state = CardGameState(random_config(rng), seed=game)
    while not state.is_over:
        for seat in range(len(state.seats)):
            other = determinize(state, seat, rng)
            assert other.view(seat) == state.view(seat)
        seat = rng.choice(state.seats_to_act)
        state.apply(seat, rng.choice(state.legal_actions(seat)))


def test_view_never_contains_the_seed_or_deck_order() -> None:
    state = CardGameState(random_config(random.Random(5)), seed=987654321)
    text = json.dumps(state.view(0))
    assert "987654321" not in text
    deck_ids = [card.id for card in state.terrain_decks[0]]
    assert str(deck_ids[-3:]) not in text


def test_determinize_redraws_hidden_facts_and_samples_play_on() -> None:
    """The sample differs in hidden facts (so the test above is not vacuous) and is a game."""
    state = CardGameState(random_config(random.Random(3)), seed=3)
    rng = random.Random(4)
    samples = [determinize(state, 0, rng) for _ in range(5)]
    orders = {tuple(card.id for card in s.terrain_decks[0]) for s in samples}
    assert len(orders) == 5
    assert all(s.personality_deck[-1] == state.personality_deck[-1] for s in samples)
    for sample in samples:
        while not sample.is_over:
            seat = sample.seats_to_act[0]
            sample.apply(seat, rng.choice(sample.legal_actions(seat)))
        assert_cards_conserved(sample)
    assert state.round == 1  # the real game is untouched


def test_determinize_depends_on_public_facts_only() -> None:
    """Two games differing only in hidden facts give the same sample for the same seed, so a
    seeded search decides alike in both: its choices cannot carry the hidden order."""
    state = CardGameState(random_config(random.Random(8)), seed=8)
    rng = random.Random(1)
    for _ in range(30):  # into the round, past some bids
        seat = state.seats_to_act[0]
        state.apply(seat, rng.choice(state.legal_actions(seat)))
    other = determinize(state, 0, random.Random(2))
    assert other.terrain_decks != state.terrain_decks
    first, second = determinize(state, 0, random.Random(9)), determinize(other, 0, random.Random(9))
    assert first.terrain_decks == second.terrain_decks
    assert first.personality_deck == second.personality_deck
    assert [s.virtual_deck for s in first.seats] == [s.virtual_deck for s in second.seats]
    assert first.virtual_decks == second.virtual_decks
