"""The search AI (ISMCTS): legal, reproducible, blind to hidden facts, and sensible."""

from __future__ import annotations

import random

import pytest
from engine_helpers import assert_cards_conserved

from carson.games.card.ai.player import AI_LEVELS, SearchPlayer
from carson.games.card.ai.search import SearchLimits, candidates, search
from carson.games.card.engine.actions import CardAction, Pass, Take, Use
from carson.games.card.engine.config import GameConfig
from carson.games.card.engine.determinize import determinize
from carson.games.card.engine.observation import SeatObservation
from carson.games.card.engine.state import CardGameState
from carson.games.card.match import play_game
from carson.games.card.players import GreedyPlayer, make_player


def quick(level: str = "ai-easy", seed: int = 0, iterations: int = 3) -> SearchPlayer:
    return SearchPlayer(level, seed, budget_ms=0, iterations=iterations)


def test_ai_levels_are_seat_kinds() -> None:
    for level in AI_LEVELS:
        player = make_player(level, 1)
        assert isinstance(player, SearchPlayer) and player.name == level
    assert AI_LEVELS["ai-easy"].iterations < AI_LEVELS["ai-medium"].iterations
    assert AI_LEVELS["ai-medium"].iterations < AI_LEVELS["ai-hard"].iterations
    # ai-hard decides within 1 s on a laptop: its clock stops it in time.
    assert AI_LEVELS["ai-hard"].seconds is not None and AI_LEVELS["ai-hard"].seconds <= 1.0


def test_bad_settings_are_refused_clearly() -> None:
    with pytest.raises(ValueError, match="unknown AI level 'ai-godlike'"):
        SearchPlayer("ai-godlike")
    with pytest.raises(ValueError, match="time budget"):
        SearchPlayer("ai-easy", budget_ms=-5)
    with pytest.raises(ValueError, match="iteration"):
        SearchPlayer("ai-easy", iterations=-1)


def test_budget_ms_switches_to_the_clock() -> None:
    player = SearchPlayer("ai-easy", budget_ms=250)
    assert player.limits.seconds == 0.25 and player.limits.iterations > 10**6
    assert SearchPlayer("ai-hard", budget_ms=0).limits.seconds is None


@pytest.mark.parametrize("seed", [1, 2])
def test_whole_games_with_two_ai_seats_are_legal(seed: int) -> None:
    """Every phase (bids, takes, places, windows, sales, picks) goes through the search; the
    engine's checked apply would reject any illegal choice."""
    players = {0: quick(seed=seed), 3: quick("ai-medium", seed=seed + 7)}
    config = GameConfig.of(["player", "expert", "advanced", "player", "beginner"])
    state = CardGameState(config, seed)
    while not state.is_over:
        seat = state.seats_to_act[0]
        legal = state.legal_actions(seat)
        action = players[seat].choose(SeatObservation(state, seat), legal)
        state.apply(seat, action)  # raises on an illegal action
    assert_cards_conserved(state)


def test_reproducible_for_a_seed_and_iteration_budget() -> None:
    def actions(seed: int) -> list[tuple[int, CardAction]]:
        state = play_game(["ai-easy", "expert", "expert", "expert"], 5, {0: quick(seed=seed)})
        return list(state.actions)

    assert actions(11) == actions(11)


def mid_game(seed: int, steps: int) -> CardGameState:
    state = CardGameState(GameConfig.of(["player", "expert", "player", "advanced"]), seed)
    greedy = GreedyPlayer(seed)
    for _ in range(steps):
        if state.is_over:
            break
        seat = state.seats_to_act[0]
        state.apply(seat, greedy.choose(SeatObservation(state, seat), state.legal_actions(seat)))
    return state


@pytest.mark.parametrize("steps", [0, 13, 40, 77])
def test_decisions_do_not_depend_on_hidden_facts(steps: int) -> None:
    """CG-9.2: two games that differ only in what the seat cannot see (deck orders, virtual
    seats' next cards, the other seat's secret bid) get the same seeded decision."""
    state = mid_game(steps + 1, steps)
    seat = state.seats_to_act[0]
    other = determinize(state, seat, random.Random(99))
    assert other.terrain_decks != state.terrain_decks
    limits = SearchLimits(iterations=12)
    first = search(SeatObservation(state, seat), limits, random.Random(3))
    second = search(SeatObservation(other, seat), limits, random.Random(3))
    assert first.action == second.action and first.stats == second.stats


def test_search_leaves_the_real_game_untouched() -> None:
    state = mid_game(4, 30)
    before = (state.view(None), list(state.actions), [list(d) for d in state.terrain_decks])
    seat = state.seats_to_act[0]
    search(SeatObservation(state, seat), SearchLimits(iterations=10), random.Random(1))
    assert before == (state.view(None), list(state.actions), [list(d) for d in state.terrain_decks])


def test_without_iterations_it_follows_the_valuation() -> None:
    """Zero iterations: the priors alone decide, and they are greedy's judgement."""
    for steps in range(0, 120, 7):
        state = mid_game(steps, steps)
        if state.phase not in ("take", "place"):
            continue
        seat = state.seats_to_act[0]
        observation = SeatObservation(state, seat)
        legal = state.legal_actions(seat)
        chosen = search(observation, SearchLimits(iterations=0), random.Random(0)).action
        assert chosen == GreedyPlayer().choose(observation, legal)


def test_candidates_are_legal_and_ranked_with_priors() -> None:
    for steps in range(0, 120, 5):
        state = mid_game(steps + 100, steps)
        if state.is_over:
            continue
        seat = state.seats_to_act[0]
        options = candidates(state, seat, 4, None)
        legal = state.legal_actions(seat)
        assert options and all(action in legal for action, _ in options)
        priors = [prior for _, prior in options]
        assert priors[0] == 0.0 and priors == sorted(priors, reverse=True)
        if state.phase == "place":
            assert len(options) <= 4
        if state.phase == "ability":
            assert {action for action, _ in options} == {Pass(), Use(state.offered_ability)}
        if state.phase == "take":
            assert {action for action, _ in options} == {a for a in legal if isinstance(a, Take)}


def test_search_spends_its_iterations_and_reports_them() -> None:
    state = CardGameState(GameConfig.of(["player", "expert", "expert", "expert"]), 8)
    result = search(SeatObservation(state, 0), SearchLimits(iterations=30), random.Random(2))
    assert result.iterations == 30
    assert sum(visits for visits, _ in result.stats.values()) == 30
    assert result.action in state.legal_actions(0)
