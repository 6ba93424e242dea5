"""The OpenSpiel game ``python_carson_city`` passes pyspiel's own random simulation test."""

from __future__ import annotations

import pickle

import pytest

pyspiel = pytest.importorskip("pyspiel", reason="open_spiel installs on x86_64 only")

import carson.games.card.rl.openspiel  # noqa: E402, F401  (registers python_carson_city)
from carson.games.card.rl.encoding import OBSERVATION_SIZE  # noqa: E402


@pytest.mark.parametrize("params", [{"players": 2}, {"players": 1, "seats": 5, "reward": "win"}])
def test_random_sim_test_with_serialisation(params: dict[str, object]) -> None:
    game = pyspiel.load_game("python_carson_city", params)
    pyspiel.random_sim_test(game, num_sims=2, serialize=True, verbose=False)


def test_chance_deal_information_states_and_pickling() -> None:
    game = pyspiel.load_game("python_carson_city", {"players": 2})
    state = game.new_initial_state()
    assert state.is_chance_node() and len(state.chance_outcomes()) == 256
    for outcome in (7, 1, 200, 3):
        state.apply_action(outcome)
    assert state.current_player() == 0
    # The deal is hidden: neither the chance outcomes nor the seed reach a player.
    info = state.information_state_string(0)
    assert "deal" not in info and str(7 + (1 << 8) + (200 << 16) + (3 << 24)) not in info
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
    assert '"bid_committed"' in state.information_state_string(1).splitlines()[-1]
    assert len(state.observation_tensor(1)) == OBSERVATION_SIZE
    copy = pickle.loads(pickle.dumps(state))
    assert str(copy) == str(state) and copy.legal_actions() == state.legal_actions()
