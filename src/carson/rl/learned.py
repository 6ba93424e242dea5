"""Training a value model for the searches (issue 47), in NumPy alone: no training library.

The model is :class:`carson.ai.valuenet.ValueNet`'s — one hidden layer of rectified units
plus a linear skip — fitted by mean squared error with hand-written gradients and Adam, in
float64 and from fixed seeds, so that the same data and settings give the same weights bit
for bit on a given machine. :func:`save` writes the ``.npz`` that playing reads without
NumPy.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path

import numpy as np
import numpy.typing as npt

Array = npt.NDArray[np.float64]


@dataclass(frozen=True)
class Settings:
    """The fit's settings (recorded in the model's ``meta``)."""

    hidden: int = 32
    epochs: int = 30
    batch: int = 256
    learning_rate: float = 1e-3
    #: L2 penalty on the weights (not the biases), per example.
    decay: float = 1e-5
    seed: int = 47


@dataclass
class Model:
    """The arrays of a model (see :mod:`carson.ai.valuenet` for the formula)."""

    mean: Array
    scale: Array
    hidden: Array
    bias: Array
    out: Array
    out_bias: Array
    skip: Array

    def predict(self, inputs: Array) -> Array:
        x = (inputs - self.mean) / self.scale
        h = np.maximum(x @ self.hidden + self.bias, 0.0)
        result: Array = x @ self.skip + h @ self.out + self.out_bias[0]
        return result


def fit(inputs: Array, targets: Array, settings: Settings) -> tuple[Model, list[float]]:
    """The model fitted to ``targets`` from ``inputs`` (rows: examples), and the training
    loss (mean squared error) after each epoch."""
    rng = np.random.default_rng(settings.seed)
    count, width = inputs.shape
    mean = inputs.mean(axis=0)
    scale = inputs.std(axis=0)
    scale[scale < 1e-9] = 1.0
    x_all = (inputs - mean) / scale
    # The targets standardised too (one learning rate fits any unit), unscaled at the end.
    centre, spread = float(targets.mean()), float(targets.std()) or 1.0
    y_all = (targets - centre) / spread
    model = Model(
        mean,
        scale,
        rng.normal(0.0, np.sqrt(2.0 / width), (width, settings.hidden)),
        np.zeros(settings.hidden),
        rng.normal(0.0, np.sqrt(1.0 / settings.hidden), settings.hidden) * 0.1,
        np.zeros(1),
        np.zeros(width),
    )
    params = ("hidden", "bias", "out", "out_bias", "skip")
    moments = {
        name: (np.zeros_like(getattr(model, name)), np.zeros_like(getattr(model, name)))
        for name in params
    }
    losses: list[float] = []
    step = 0
    for _ in range(settings.epochs):
        order = rng.permutation(count)
        for start in range(0, count, settings.batch):
            chosen = order[start : start + settings.batch]
            grads = _gradients(model, x_all[chosen], y_all[chosen], settings.decay)
            step += 1
            for name in params:
                _adam(model, name, grads[name], moments[name], step, settings.learning_rate)
        losses.append(float(np.mean((model.predict(inputs) - y_all) ** 2)) * spread**2)
    model.out, model.skip = model.out * spread, model.skip * spread
    model.out_bias = model.out_bias * spread + centre
    return model, losses


def _gradients(model: Model, x: Array, y: Array, decay: float) -> dict[str, Array]:
    """The gradients of the batch's mean squared error (plus the weights' L2 penalty)."""
    pre = x @ model.hidden + model.bias
    h = np.maximum(pre, 0.0)
    guess = x @ model.skip + h @ model.out + model.out_bias[0]
    d_guess = 2.0 * (guess - y) / len(y)
    d_h = np.outer(d_guess, model.out) * (pre > 0.0)
    return {
        "hidden": x.T @ d_h + 2.0 * decay * model.hidden,
        "bias": d_h.sum(axis=0),
        "out": h.T @ d_guess + 2.0 * decay * model.out,
        "out_bias": np.array([d_guess.sum()]),
        "skip": x.T @ d_guess + 2.0 * decay * model.skip,
    }


def _adam(
    model: Model, name: str, grad: Array, moment: tuple[Array, Array], step: int, rate: float
) -> None:
    first, second = moment
    first *= 0.9
    first += 0.1 * grad
    second *= 0.999
    second += 0.001 * grad * grad
    corrected = (first / (1 - 0.9**step)) / (np.sqrt(second / (1 - 0.999**step)) + 1e-8)
    setattr(model, name, getattr(model, name) - rate * corrected)


def matrix(rows: Sequence[Mapping[str, float]], names: Sequence[str]) -> Array:
    """Named features → a dense matrix with ``names`` as its columns (missing: 0)."""
    index = {name: column for column, name in enumerate(names)}
    out = np.zeros((len(rows), len(names)))
    for number, found in enumerate(rows):
        for name, value in found.items():
            out[number, index[name]] = value
    return out


def save(path: Path, model: Model, names: Sequence[str], meta: Mapping[str, object]) -> None:
    """Write the model as an ``.npz`` that :func:`carson.ai.valuenet.load` reads."""
    text = json.dumps({"names": list(names), **meta}, sort_keys=True).encode("utf-8")
    path.parent.mkdir(parents=True, exist_ok=True)
    with path.open("wb") as handle:
        np.savez(
            handle,
            mean=model.mean.astype("<f8"),
            scale=model.scale.astype("<f8"),
            hidden=np.ascontiguousarray(model.hidden, dtype="<f8"),
            bias=model.bias.astype("<f8"),
            out=model.out.astype("<f8"),
            out_bias=model.out_bias.astype("<f8"),
            skip=model.skip.astype("<f8"),
            meta=np.frombuffer(text, dtype=np.uint8),
        )
