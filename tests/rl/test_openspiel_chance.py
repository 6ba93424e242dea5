"""Real chance in OpenSpiel: both games' random events are chance nodes of their true
outcomes, so OpenSpiel's own chance-aware tools run on them (ISMCTS, outcome-sampling MCCFR),
and the board game passes ``random_sim_test`` with serialisation."""

from __future__ import annotations

import pickle
from typing import Any

import pytest

pyspiel = pytest.importorskip("pyspiel", reason="open_spiel installs on x86_64 only")

import numpy as np  # noqa: E402
from open_spiel.python.algorithms import ismcts, mcts  # noqa: E402
from open_spiel.python.algorithms import outcome_sampling_mccfr as mccfr  # noqa: E402

import carson.games.board.rl.openspiel  # noqa: E402  (registers python_carson_city_board)
import carson.games.card.rl.openspiel  # noqa: E402, F401  (registers python_carson_city)
from carson.games.board.rl.encoding import OBSERVATION_SIZE  # noqa: E402

SMALL = [
    ("python_carson_city", {"players": 1, "seats": 4, "virtual": "beginner"}),
    ("python_carson_city_board", {"players": 2}),
]


def _chance_step(state: Any, rng: np.random.Generator) -> None:
    outcomes, probabilities = zip(*state.chance_outcomes(), strict=True)
    assert sum(probabilities) == pytest.approx(1.0)
    assert len(set(outcomes)) == len(outcomes)
    state.apply_action(int(rng.choice(outcomes, p=probabilities)))


@pytest.mark.parametrize(
    "params",
    [{"players": 3}, {"players": 4, "variants": "duel-tiles+random-sides", "reward": "win"}],
)
@pytest.mark.slow  # runs long: whole games or many cases
def test_board_random_sim_test_with_serialisation(params: dict[str, object]) -> None:
    game = pyspiel.load_game("python_carson_city_board", params)
    pyspiel.random_sim_test(game, num_sims=1, serialize=True, verbose=False)


@pytest.mark.parametrize(
    ("name", "params"),
    [
        *SMALL,
        ("python_carson_city_board", {"players": 3, "variants": "duel-tiles+river"}),
        ("python_carson_city_board", {"players": 2, "variants": "new-beginning+vote-sides"}),
    ],
)
def test_chance_outcomes_sum_to_one_at_every_chance_node(
    name: str, params: dict[str, object]
) -> None:
    game = pyspiel.load_game(name, params)
    rng = np.random.default_rng(4)
    state = game.new_initial_state()
    chance_nodes = 0
    while not state.is_terminal():
        if state.is_chance_node():
            chance_nodes += 1
            assert len(state.chance_outcomes()) <= game.max_chance_outcomes()
            _chance_step(state, rng)
        else:
            state.apply_action(int(rng.choice(state.legal_actions())))
    assert chance_nodes > 20
    assert len(state.returns()) == game.num_players()


@pytest.mark.parametrize(("name", "params"), SMALL)
def test_outcome_sampling_mccfr_runs_through_the_chance_nodes(
    name: str, params: dict[str, object]
) -> None:
    game = pyspiel.load_game(name, params)
    solver = mccfr.OutcomeSamplingSolver(game)
    for _ in range(3):
        solver.iteration()
    policy = solver.average_policy()
    state = game.new_initial_state()
    _set_up(state)
    probabilities = policy.action_probabilities(state)
    assert sum(probabilities.values()) == pytest.approx(1.0)
    assert set(probabilities) <= set(state.legal_actions())


def _set_up(state: Any) -> None:
    rng = np.random.default_rng(0)
    while state.is_chance_node():
        _chance_step(state, rng)


@pytest.mark.parametrize(("name", "params"), SMALL)
def test_ismcts_bot_chooses_a_legal_action(name: str, params: dict[str, object]) -> None:
    game = pyspiel.load_game(name, params)
    rng = np.random.RandomState(1)
    bot = ismcts.ISMCTSBot(
        game, mcts.RandomRolloutEvaluator(1, rng), 2.0, max_simulations=4, random_state=rng
    )
    state = game.new_initial_state()
    _set_up(state)
    for _ in range(3):  # a few decisions, the chance between them drawn
        assert bot.step(state) in state.legal_actions()
        state.apply_action(bot.step(state))
        _set_up(state)


def test_resampling_keeps_the_information_state_and_redraws_hidden_tiles() -> None:
    game = pyspiel.load_game("python_carson_city_board", {"players": 3, "variants": "duel-tiles"})
    state = game.new_initial_state()
    _set_up(state)
    player = state.current_player()
    seen = state.information_state_string(player)
    hands = set()
    for draw in range(6):
        sample = state.resample_from_infostate(player, lambda d=draw: d / 7)
        assert sample.information_state_string(player) == seen
        assert sample.observation_tensor(player) == state.observation_tensor(player)
        hands.add(tuple(sample.game_state.players[(player + 1) % 3].tiles))
    assert len(hands) > 1  # the others' tiles are drawn again (BG-10.2, BG-11)
    with pytest.raises(TypeError, match="no history"):
        pickle.dumps(sample)  # a sample is not the game its history would replay
    assert len(state.observation_tensor(player)) == OBSERVATION_SIZE
    copy = pickle.loads(pickle.dumps(state))
    assert str(copy) == str(state) and copy.legal_actions() == state.legal_actions()
