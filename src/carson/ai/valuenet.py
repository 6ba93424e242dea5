"""A learned value model for the searches, evaluated in pure Python (issue 47).

The model is a small multilayer perceptron with one hidden layer of rectified units and a
linear skip connection: ``value = skip · x + out · relu(hidden · x + bias) + out_bias``, its
input ``x`` a game's named features standardised by the training data's means and spreads.
It is trained with NumPy (:mod:`carson.rl.learned`) and shipped as an ``.npz`` file; playing
reads that file here with the standard library only (:mod:`zipfile`, :mod:`struct`), so the
plain install — no NumPy, no training library — plays the AI that uses it.

The standardisation is folded into the weights at load time, and a feature worth 0 costs
nothing: a game's features are mostly zeros (personalities not held), so one evaluation is
a few dozen short list operations.
"""

from __future__ import annotations

import ast
import json
import struct
import zipfile
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path

#: The arrays an ``.npz`` model file holds (``meta``: UTF-8 JSON bytes).
ARRAYS = ("mean", "scale", "hidden", "bias", "out", "out_bias", "skip", "meta")


@dataclass(frozen=True)
class ValueNet:
    """A loaded model: per input feature, its hidden weights and skip weight, folded with its
    standardisation; ``meta`` is what the training recorded (names, figures, seeds)."""

    names: tuple[str, ...]
    #: Feature name → (its row of hidden weights, its skip weight), standardisation folded in.
    rows: Mapping[str, tuple[tuple[float, ...], float]]
    #: Hidden biases and output constant with the features' means folded in.
    bias: tuple[float, ...]
    out: tuple[float, ...]
    constant: float
    meta: Mapping[str, object]

    def __call__(self, features: Mapping[str, float]) -> float:
        """The model's value of a position given by its named features (missing ones, and
        ones the model does not know, count as 0)."""
        hidden = list(self.bias)
        total = self.constant
        rows = self.rows
        for name, value in features.items():
            entry = rows.get(name)
            # A feature the training never saw was 0 in all its examples: it adds nothing.
            if value and entry is not None:
                row, skip = entry
                total += skip * value
                hidden = [h + value * w for h, w in zip(hidden, row, strict=True)]
        return total + sum(o * h for o, h in zip(self.out, hidden, strict=True) if h > 0.0)


def read_npz(path: Path) -> dict[str, tuple[tuple[int, ...], list[float] | bytes]]:
    """The arrays of an uncompressed or deflated ``.npz`` of little-endian ``float64``
    (``<f8``) or ``uint8`` (``|u1``, as bytes) arrays, in C order: name → (shape, values)."""
    found: dict[str, tuple[tuple[int, ...], list[float] | bytes]] = {}
    with zipfile.ZipFile(path) as archive:
        for member in archive.namelist():
            data = archive.read(member)
            name = member.removesuffix(".npy")
            found[name] = _read_npy(data, name)
    return found


def _read_npy(data: bytes, name: str) -> tuple[tuple[int, ...], list[float] | bytes]:
    if data[:6] != b"\x93NUMPY":
        raise ValueError(f"{name}: not a .npy array")
    major = data[6]
    if major == 1:
        (length,), start = struct.unpack_from("<H", data, 8), 10
    else:
        (length,), start = struct.unpack_from("<I", data, 8), 12
    header = ast.literal_eval(data[start : start + length].decode("latin-1"))
    body = data[start + length :]
    shape = tuple(int(n) for n in header["shape"])
    if header["fortran_order"]:
        raise ValueError(f"{name}: Fortran order is not read")
    count = 1
    for n in shape:
        count *= n
    if header["descr"] == "<f8":
        return shape, list(struct.unpack_from(f"<{count}d", body))
    if header["descr"] == "|u1":
        return shape, bytes(body[:count])
    raise ValueError(f"{name}: dtype {header['descr']} is not read")


def load(path: Path) -> ValueNet:
    """The model in ``path`` (written by :func:`carson.rl.learned.save`)."""
    arrays = read_npz(path)
    missing = [name for name in ARRAYS if name not in arrays]
    if missing:
        raise ValueError(f"{path}: no {', '.join(missing)}")
    meta_bytes = arrays["meta"][1]
    assert isinstance(meta_bytes, bytes)
    meta = json.loads(meta_bytes.decode("utf-8"))
    names = tuple(str(name) for name in meta["names"])
    mean, scale, skip, out = (_floats(arrays[key][1]) for key in ("mean", "scale", "skip", "out"))
    (inputs, width), flat = arrays["hidden"][0], _floats(arrays["hidden"][1])
    if inputs != len(names) or len(mean) != inputs or len(out) != width:
        raise ValueError(f"{path}: the arrays' shapes do not match its {len(names)} features")
    hidden = [flat[i * width : (i + 1) * width] for i in range(inputs)]
    bias = _floats(arrays["bias"][1])
    constant = _floats(arrays["out_bias"][1])[0]
    # x_std = (x - mean) / scale: fold 1/scale into the rows and -mean/scale into the biases.
    for i in range(inputs):
        shift = mean[i] / scale[i]
        bias = [b - shift * w for b, w in zip(bias, hidden[i], strict=True)]
        constant -= shift * skip[i]
    rows = {
        name: (tuple(w / scale[i] for w in hidden[i]), skip[i] / scale[i])
        for i, name in enumerate(names)
    }
    return ValueNet(names, rows, tuple(bias), tuple(out), constant, meta)


def _floats(values: list[float] | bytes) -> list[float]:
    if isinstance(values, bytes):
        raise ValueError("expected float64 values")
    return values
