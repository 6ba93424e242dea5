"""Random events as explicit chance steps (carson.core.chance): the same games as the seed's
when given the seed's draws, true probabilities, and nothing changed by a refused step."""

from __future__ import annotations

import random
from typing import Any

import pytest

from carson.core.chance import ChanceNeeded, ChanceSteps, ChanceTape
from carson.core.game import IllegalActionError
from carson.core.registry import HUMAN, game_kind
from carson.games.board.engine.actions import BoardAction


class Recording(random.Random):
    """``random.Random(seed)`` that notes every draw it answers."""

    def __init__(self, seed: int) -> None:
        super().__init__(seed)
        self.drawn: list[int] = []

    def _randbelow(self, n: int) -> int:
        value = super()._randbelow(n)
        self.drawn.append(value)
        return value


def _seeded(game: str, config: dict[str, Any], seed: int, moves: int) -> tuple[Any, Recording]:
    """A seeded game whose generator notes its draws, played ``moves`` random moves."""
    rng = Recording(seed)
    hook = game_kind(game).chance
    assert hook is not None
    state = hook.new_state(config, rng)
    chooser = random.Random(seed + 1)
    for _ in range(moves):
        if state.is_over:
            break
        seat = state.seats_to_act[0]
        state.apply(seat, chooser.choice(state.legal_actions(seat)))
    return state, rng


CASES = [
    ("card", [HUMAN, HUMAN, "expert", "advanced"], ()),
    ("card", [HUMAN, "beginner", "expert", "advanced", "expert", "expert"], ()),
    ("board", [HUMAN] * 3, ()),
    ("board", [HUMAN] * 4, ("duel-tiles", "random-sides")),
    ("board", [HUMAN] * 2, ("river", "new-beginning", "duel-tiles")),
]


@pytest.mark.parametrize(("game", "seats", "variants"), CASES)
def test_the_seeds_draws_as_chance_outcomes_give_the_seeded_game(
    game: str, seats: list[str], variants: tuple[str, ...]
) -> None:
    """Seeded play is unchanged, and explicit chance is the very same randomness: playing the
    seed's draws as chance outcomes and the same moves gives the same game, step by step."""
    kind = game_kind(game)
    config = kind.config(seats, variants)
    seeded, rng = _seeded(game, config, seed=7, moves=400)
    plain = kind.new_state(config, 7)
    for seat, action in seeded.actions:
        plain.apply(seat, action)
    assert plain.view(None) == seeded.view(None)  # the hook leaves seeded play as it was
    assert kind.chance is not None
    steps = ChanceSteps(kind.chance, config)
    draws = iter(rng.drawn)
    for seat, action in seeded.actions:
        while steps.chance_size is not None:
            steps.apply_chance(next(draws))
        steps.apply(seat, action)
    while steps.chance_size is not None:
        steps.apply_chance(next(draws))
    assert next(draws, None) is None
    assert steps.state is not None and steps.state.view(None) == seeded.view(None)
    for seat in range(len(seats)):
        assert steps.state.view(seat) == seeded.view(seat)


@pytest.mark.parametrize(("game", "seats", "variants"), CASES)
def test_every_chance_node_has_true_probabilities(
    game: str, seats: list[str], variants: tuple[str, ...]
) -> None:
    kind = game_kind(game)
    assert kind.chance is not None
    steps = ChanceSteps(kind.chance, kind.config(seats, variants))
    rng = random.Random(3)
    nodes = 0
    while steps.state is None or not steps.state.is_over:
        outcomes = steps.chance_outcomes()
        if outcomes:
            nodes += 1
            assert [outcome for outcome, _ in outcomes] == list(range(len(outcomes)))
            assert sum(p for _, p in outcomes) == pytest.approx(1.0)
            assert len(outcomes) <= kind.chance.max_outcomes
            steps.apply_chance(rng.randrange(len(outcomes)))
            continue
        state = steps.state
        seat = state.seats_to_act[0]
        steps.apply(seat, rng.choice(state.legal_actions(seat)))
    assert nodes > 20


def test_a_die_is_six_outcomes_and_a_refused_step_changes_nothing() -> None:
    kind = game_kind("board")
    assert kind.chance is not None
    steps = ChanceSteps(kind.chance, kind.config([HUMAN] * 3, ()))
    assert steps.state is None and steps.chance_size == 6  # BG-3.4: the centre's white die
    with pytest.raises(ValueError, match="outside"):
        steps.apply_chance(6)
    with pytest.raises(ValueError, match="waits for its outcome"):
        steps.apply(0, None)
    rng = random.Random(0)
    while steps.chance_size is not None:  # (always 0 would reroll a used parcel forever)
        steps.apply_chance(rng.randrange(steps.chance_size))
    state = steps.state
    assert state is not None
    before = state.view(None), list(steps.history)
    seat = state.seats_to_act[0]
    with pytest.raises(IllegalActionError):
        steps.apply(seat, BoardAction("claim", 99))
    assert steps.state is state and (state.view(None), steps.history) == before
    with pytest.raises(ValueError, match="no random event"):
        steps.apply_chance(0)
    copy = steps.clone()
    copy.apply(seat, state.legal_actions(seat)[0])
    assert steps.state.view(None) == before[0]


def test_the_tape_answers_whole_draws_only() -> None:
    tape = ChanceTape([2, 0])
    assert tape.randint(1, 6) == 3 and tape.choice("abc") == "a"
    with pytest.raises(ChanceNeeded) as need:
        tape.shuffle(list(range(5)))
    assert need.value.size == 5
    with pytest.raises(TypeError, match="whole draws"):
        tape.random()
    with pytest.raises(ValueError, match="outside"):
        ChanceTape([9]).randrange(4)
    with pytest.raises(ValueError, match="exceeds"):
        ChanceTape([0], max_outcomes=10).randrange(11)
