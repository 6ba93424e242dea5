"""``ai-master`` (issue 47): ai-hard's search with the self-play value model where playouts
stop. Legal, reproducible, playable without NumPy or a training library; the shipped weights
are the ones docs/ai.md names; ``carson train`` writes a model that loads."""

from __future__ import annotations

import hashlib
import json
import subprocess
import sys
from pathlib import Path

import pytest
from typer.testing import CliRunner

from carson.ai.valuenet import load
from carson.games.card.ai.learned import MODEL_PATH, features, learned_value, shipped
from carson.games.card.ai.player import AI_LEVELS, SearchPlayer
from carson.games.card.ai.search import estimator
from carson.games.card.match import play_game
from carson.games.card.players import GreedyPlayer, make_player

ROOT = Path(__file__).resolve().parents[2]


def test_ai_master_is_a_seat_kind_with_the_learned_estimate() -> None:
    player = make_player("ai-master", 1)
    assert isinstance(player, SearchPlayer) and player.name == "ai-master"
    assert AI_LEVELS["ai-master"].value == "learned"
    assert AI_LEVELS["ai-hard"].value == "linear"
    with pytest.raises(ValueError, match="unknown value estimate"):
        estimator("oracle")


def test_ai_master_plays_a_whole_game_legally_and_reproducibly() -> None:
    # apply() refuses an illegal action: finishing the game means every choice was legal.
    def game() -> list[int]:
        master = SearchPlayer("ai-master", 4, budget_ms=0, iterations=6)
        state = play_game(["ai-master", "greedy", "greedy", "greedy"], 11, players={0: master})
        assert state.is_over
        return [state.score(seat) for seat in range(4)]

    assert game() == game()


def test_the_learned_value_is_deterministic_and_sensible() -> None:
    state = play_game(["greedy"] * 4, 3, players={s: GreedyPlayer(s) for s in range(4)})
    assert learned_value(state, 0) == state.score(0)  # the game is over: the real score
    from carson.core.registry import game_kind

    kind = game_kind("card")
    early = kind.new_state(kind.config(["greedy"] * 4), 5)
    value = learned_value(early, 0)
    assert value == learned_value(early, 0)
    # A game's first round: a greedy seat scores well over 60 points by the end.
    assert 60 < value < 250
    assert set(features(early, 0)) <= set(shipped().names)


def test_the_shipped_weights_are_small_and_named_in_the_docs() -> None:
    data = MODEL_PATH.read_bytes()
    assert len(data) <= 5_000_000
    assert hashlib.sha256(data).hexdigest() in (ROOT / "docs" / "ai.md").read_text("utf-8")
    assert "games/card/data/*.npz" in (ROOT / "pyproject.toml").read_text("utf-8")
    meta = load(MODEL_PATH).meta
    assert float(meta["held_out_rmse"]) < float(meta["held_out_rmse_linear"])  # type: ignore[arg-type]


def test_playing_ai_master_imports_no_numpy_and_no_training_library() -> None:
    script = (
        "import sys\n"
        "from carson.games.card.match import play_game\n"
        "from carson.games.card.ai.player import SearchPlayer\n"
        "p = SearchPlayer('ai-master', 1, budget_ms=0, iterations=4)\n"
        "play_game(['ai-master', 'greedy', 'greedy', 'greedy'], 2, players={0: p})\n"
        "assert p.last is not None\n"
        "bad = ('numpy', 'torch', 'ray', 'tensorflow', 'jax', 'gymnasium', 'pettingzoo')\n"
        "print([m for m in sys.modules if m.partition('.')[0] in bad])\n"
    )
    found = subprocess.run(
        [sys.executable, "-c", script], capture_output=True, text=True, check=True, timeout=300
    )
    assert found.stdout.strip() == "[]"


def test_carson_train_writes_a_model_that_loads(tmp_path: Path) -> None:
    pytest.importorskip("numpy")
    from carson.cli.main import app

    def trained(out: Path) -> dict[str, object]:
        result = CliRunner().invoke(
            app, ["train", "--game", "card", "--games", "5", "--epochs", "2", "--out", str(out)]
        )
        assert result.exit_code == 0, result.output
        found: dict[str, object] = json.loads(result.stdout[result.stdout.index("{") :])
        return found

    figures = trained(tmp_path / "value.npz")
    losses = figures["train_loss_by_epoch"]
    assert isinstance(losses, list) and len(losses) == 2 and losses[1] < losses[0]
    data = (tmp_path / "value.npz").read_bytes()
    assert figures["sha256"] == hashlib.sha256(data).hexdigest()
    assert load(tmp_path / "value.npz").meta["games"] == 5
    # The same arguments give the same file, bit for bit.
    assert trained(tmp_path / "again.npz")["sha256"] == figures["sha256"]


def test_carson_train_refuses_a_game_without_a_trainer() -> None:
    from carson.cli.main import app

    result = CliRunner().invoke(app, ["train", "--game", "board", "--games", "5"])
    assert result.exit_code == 2
    assert "no trainer" in result.output
