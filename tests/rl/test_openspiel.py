"""The OpenSpiel game ``python_carson_city`` passes pyspiel's own random simulation test."""

from __future__ import annotations

import pickle
from typing import Any

import numpy as np
import pytest

pyspiel = pytest.importorskip("pyspiel", reason="open_spiel installs on x86_64 only")

import carson.games.card.rl.openspiel  # noqa: E402, F401  (registers python_carson_city)
from carson.games.card.rl.encoding import OBSERVATION_SIZE  # noqa: E402
from carson.rl.openspiel import SeededGame, game_type  # noqa: E402


@pytest.mark.slow  # runs long: whole games or many cases
@pytest.mark.parametrize("params", [{"players": 2}, {"players": 1, "seats": 5, "reward": "win"}])
def test_random_sim_test_with_serialisation(params: dict[str, object]) -> None:
    game = pyspiel.load_game("python_carson_city", params)
    pyspiel.random_sim_test(game, num_sims=2, serialize=True, verbose=False)


def _set_up(state: Any, seed: int) -> None:
    """Draw the setup's chance outcomes at random."""
    rng = np.random.default_rng(seed)
    while state.is_chance_node():
        outcomes, probabilities = zip(*state.chance_outcomes(), strict=True)
        state.apply_action(int(rng.choice(outcomes, p=probabilities)))


def test_the_deal_is_drawn_card_by_card_and_bids_stay_secret() -> None:
    game = pyspiel.load_game("python_carson_city", {"players": 2})
    state = game.new_initial_state()
    # CG-2.5: the era I deck's top card, drawn from all 48 (then 47 left, …).
    assert state.is_chance_node() and len(state.chance_outcomes()) == 48
    state.apply_action(5)
    assert len(state.chance_outcomes()) == 47
    _set_up(state, 1)
    assert state.current_player() == 0
    # The deal is hidden: the chance outcomes reach no player.
    assert "chance" not in state.information_state_string(0)
    # Seat 0 bids high or low: seat 1 cannot tell which (CG-9.2), only that it has bid.
    bids = state.legal_actions(0)
    low = state.clone()
    low.apply_action(bids[0])
    state.apply_action(bids[-1])
    assert state.current_player() == low.current_player() == 1
    assert state.information_state_string(1) == low.information_state_string(1)
    assert state.observation_string(1) == low.observation_string(1)
    assert state.observation_tensor(1) == low.observation_tensor(1)
    assert state.information_state_string(0) != low.information_state_string(0)
    assert '"bid_committed"' in state.information_state_string(1)
    assert len(state.observation_tensor(1)) == OBSERVATION_SIZE
    copy = pickle.loads(pickle.dumps(state))
    assert str(copy) == str(state) and copy.legal_actions() == state.legal_actions()


class ToySpielGame(SeededGame):
    """The toy game (no chance hook) through the generic OpenSpiel part with its chance in
    the seed: every seat is a player."""

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        players = int((params or {}).get("players", 2))
        super().__init__(
            TOY_TYPE,
            {"players": players},
            game="toy",
            players=players,
            others=(),
            reward="margin",
            utility_bound=18.0,
            max_decisions=3,
        )


TOY_TYPE = game_type("python_carson_toy", "High Dice", 4, {"players": 2})
if "python_carson_toy" not in pyspiel.registered_names():
    pyspiel.register_game(TOY_TYPE, ToySpielGame)


@pytest.mark.usefixtures("toy_game")
def test_the_generic_part_plays_another_game() -> None:
    game = pyspiel.load_game("python_carson_toy", {"players": 3})
    pyspiel.random_sim_test(game, num_sims=3, serialize=True, verbose=False)
    state = game.new_initial_state()
    for outcome in (1, 2, 3, 4):
        state.apply_action(outcome)
    high, low = state.clone(), state.clone()
    high.apply_action(2)
    low.apply_action(0)
    assert high.current_player() == low.current_player() == 1
    # Seat 1 knows that seat 0 has staked, not how much (a secret simultaneous step).
    assert high.information_state_string(1) == low.information_state_string(1)
    assert high.observation_tensor(1) == low.observation_tensor(1)
    assert high.observation_tensor(0) != low.observation_tensor(0)
    assert len(high.observation_tensor(0)) == 36
