"""The AI's evaluation of a decision (:mod:`carson.ai.evaluation`), for every game through
the registry: values in points, the person's choice weighed, deterministic, and blind to
what the seat may not know."""

from __future__ import annotations

import random
from typing import Any

import pytest

from carson.ai.evaluation import NotAnalysable, analyst_of, evaluate
from carson.core.registry import game_kind
from carson.games.board.engine.observation import determinize as board_determinize
from carson.games.card.engine.determinize import determinize as card_determinize

TABLES = {"card": ["human", "expert", "human", "advanced"], "board": ["human", "human"]}


def mid_game(name: str, seed: int, steps: int) -> Any:
    """A game after ``steps`` greedy moves, at a decision of more than one action."""
    kind = game_kind(name)
    state = kind.new_state(kind.config(TABLES[name]), seed)
    greedy = kind.make_player("greedy", seed)
    assert greedy is not None
    done = 0
    while done < steps or len(state.legal_actions(state.seats_to_act[0])) < 2:
        seat = state.seats_to_act[0]
        state.apply(seat, greedy.choose(kind.observation(state, seat), state.legal_actions(seat)))
        done += 1
    return state


@pytest.mark.parametrize("name", ["card", "board"])
def test_candidates_best_choice_and_loss(name: str) -> None:
    kind, state = game_kind(name), mid_game(name, 5, 12)
    seat = state.seats_to_act[0]
    legal = list(state.legal_actions(seat))
    choice = legal[-1]
    evaluation = evaluate(kind, state, seat, iterations=60, seed=1, choice=choice)
    assert not evaluation.forced and evaluation.iterations == 60
    assert evaluation.best == evaluation.candidates[0].action
    assert evaluation.best in [action.to_json() for action in legal]
    assert evaluation.choice == choice.to_json()
    weighed = [candidate.action for candidate in evaluation.candidates]
    assert choice.to_json() in weighed  # the choice is searched even if the AI would not
    assert evaluation.best_value is not None and evaluation.loss is not None
    assert evaluation.loss >= 0
    if evaluation.choice_value is not None:
        expected = round(max(0.0, evaluation.best_value - evaluation.choice_value), 1)
        assert evaluation.loss == (0.0 if choice.to_json() == evaluation.best else expected)
    assert sum(candidate.visits for candidate in evaluation.candidates) == 60
    # The best is worth at least the most searched move (a well-searched one).
    most = max(evaluation.candidates, key=lambda candidate: candidate.visits)
    assert most.value is not None and evaluation.best_value >= most.value
    json = evaluation.to_json()
    assert json["best"] == evaluation.best and len(json["candidates"]) == len(weighed)


@pytest.mark.parametrize("name", ["card", "board"])
def test_the_same_seed_evaluates_the_same(name: str) -> None:
    kind, state = game_kind(name), mid_game(name, 8, 20)
    seat = state.seats_to_act[0]
    first = evaluate(kind, state, seat, iterations=40, seed=3)
    assert first == evaluate(kind, state, seat, iterations=40, seed=3)
    assert first.choice is None and first.loss is None


@pytest.mark.parametrize("steps", [0, 13, 40])
def test_a_card_hint_cannot_depend_on_another_seats_secret(steps: int) -> None:
    """Two games that differ only in what the seat cannot see (deck orders, virtual seats'
    next cards, another seat's secret bid) get the same evaluation."""
    kind, state = game_kind("card"), mid_game("card", steps + 1, steps)
    seat = state.seats_to_act[0]
    other = card_determinize(state, seat, random.Random(99))
    assert other.terrain_decks != state.terrain_decks
    assert evaluate(kind, state, seat, iterations=30, seed=4) == evaluate(
        kind, other, seat, iterations=30, seed=4
    )


def test_a_card_hint_cannot_depend_on_a_secret_bid() -> None:
    kind = game_kind("card")
    bids = []
    for bid in (0, -1):
        state = mid_game("card", 2, 0)
        bidding = list(state.seats_to_act)
        assert len(bidding) == 2, "both people bid at once, in secret"
        first, second = bidding
        state.apply(first, state.legal_actions(first)[bid])
        bids.append(evaluate(kind, state, second, iterations=30, seed=4))
    assert bids[0] == bids[1]


@pytest.mark.parametrize("steps", [3, 30])
def test_a_board_hint_cannot_depend_on_another_seats_secret(steps: int) -> None:
    kind, state = game_kind("board"), mid_game("board", steps, steps)
    seat = state.seats_to_act[0]
    other = board_determinize(state, seat, random.Random(99))
    assert evaluate(kind, state, seat, iterations=30, seed=4) == evaluate(
        kind, other, seat, iterations=30, seed=4
    )


def test_bad_requests_are_refused_clearly() -> None:
    kind, state = game_kind("card"), mid_game("card", 3, 5)
    seat = state.seats_to_act[0]
    idle = next(other for other in range(4) if other not in state.seats_to_act)
    with pytest.raises(NotAnalysable, match="no decision"):
        evaluate(kind, state, idle, iterations=10, seed=1)
    with pytest.raises(ValueError, match="at least one iteration"):
        evaluate(kind, state, seat, iterations=0, seed=1)
    foreign = game_kind("board").new_state(game_kind("board").config(["human"] * 2), 1)
    with pytest.raises(ValueError, match="not a legal action"):
        evaluate(kind, state, seat, iterations=10, seed=1,
                 choice=foreign.legal_actions(foreign.seats_to_act[0])[0])  # fmt: skip


def test_a_forced_decision_has_no_values() -> None:
    kind, state = game_kind("card"), mid_game("card", 3, 5)
    while True:  # a decision of one action (virtual seats' moves are the engine's)
        seat = state.seats_to_act[0]
        legal = state.legal_actions(seat)
        if len(legal) == 1:
            break
        state.apply(seat, legal[0])
    evaluation = evaluate(kind, state, seat, iterations=10, seed=1, choice=legal[0])
    assert evaluation.forced and evaluation.loss == 0.0 and evaluation.best_value is None


def test_a_game_without_an_analyst_is_not_analysable(toy_game: None) -> None:
    kind = game_kind("toy")
    state = kind.new_state(kind.config(["human", "random"]), 1)
    with pytest.raises(NotAnalysable, match="offers no analysis"):
        analyst_of(kind)
    with pytest.raises(NotAnalysable):
        evaluate(kind, state, 0, iterations=10, seed=1)
