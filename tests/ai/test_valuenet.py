"""The learned value model (issue 47): its NumPy training reduces the loss and is seeded, and
the pure-Python evaluation of the written file agrees with NumPy's, deterministically."""

from __future__ import annotations

from pathlib import Path

import pytest

np = pytest.importorskip("numpy")

from carson.ai.valuenet import load  # noqa: E402
from carson.rl.learned import Settings, fit, save  # noqa: E402


def _data(rows: int = 600, seed: int = 3) -> tuple[np.ndarray, np.ndarray]:
    rng = np.random.default_rng(seed)
    x = rng.normal(size=(rows, 5)) * np.array([1.0, 2.0, 0.5, 10.0, 1.0])
    x[:, 4] = x[:, 4] > 0  # a 0/1 feature, as a personality held
    y = 3.0 * x[:, 0] + np.maximum(x[:, 1], 0.0) * x[:, 4] + 0.1 * x[:, 3] + 40.0
    return x, y


def test_training_reduces_the_loss_on_a_tiny_budget() -> None:
    x, y = _data()
    _, losses = fit(x, y, Settings(hidden=8, epochs=8, batch=64, learning_rate=1e-2))
    assert losses[-1] < 0.2 * losses[0]


def test_training_is_reproducible_from_its_seed() -> None:
    x, y = _data()
    first, _ = fit(x, y, Settings(hidden=4, epochs=2, seed=5))
    again, _ = fit(x, y, Settings(hidden=4, epochs=2, seed=5))
    other, _ = fit(x, y, Settings(hidden=4, epochs=2, seed=6))
    assert np.array_equal(first.hidden, again.hidden) and np.array_equal(first.out, again.out)
    assert not np.array_equal(first.hidden, other.hidden)


def test_the_written_model_evaluates_in_pure_python_as_in_numpy(tmp_path: Path) -> None:
    x, y = _data()
    model, _ = fit(x, y, Settings(hidden=6, epochs=3))
    names = ["a", "b", "c", "d", "e"]
    save(tmp_path / "m.npz", model, names, {"note": "test"})
    net = load(tmp_path / "m.npz")
    assert net.names == tuple(names) and net.meta["note"] == "test"
    expected = model.predict(x[:20])
    for row, want in zip(x[:20], expected, strict=True):
        found = {name: float(value) for name, value in zip(names, row, strict=True)}
        assert net(found) == pytest.approx(float(want), abs=1e-9)
        assert net(found) == net(dict(found))  # deterministic
    # A missing feature is worth 0, as in the matrix the model was trained on.
    zero = model.predict(np.zeros((1, 5)))[0]
    assert net({}) == pytest.approx(float(zero), abs=1e-9)
    # A feature the model never saw adds nothing (rather than failing a live game).
    assert net({"never-seen": 5.0}) == net({})


def test_a_file_that_is_not_a_model_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "x.npz"
    np.savez(path, mean=np.zeros(2))
    with pytest.raises(ValueError, match="no "):
        load(path)
