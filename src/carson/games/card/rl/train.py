"""Self-play data and the training of ``ai-master``'s value model (issue 47), for
``carson train --game card`` (the plug-in's ``train`` adapter).

1. **Games.** ``games`` games of 4 seats of a cheap level (default ``greedy``: the playout
   policy plays like it, so the positions look like those the search evaluates), deals
   ``seed … seed + games - 1``, one process, no clock: the same arguments give the same games.
2. **Positions.** At the start of every round after the first, for each seat: its features
   (:func:`carson.games.card.ai.learned.features`, its own information only) and the points it
   still scored by the end of the game (the target).
3. **Fit.** A fifth of the games (chosen by the seed) is held out; the model
   (:mod:`carson.rl.learned`) is fitted on the rest, and the held-out games measure it against
   the linear estimate it replaces, and its error per square root of the rounds left (what
   the search's win chance rests on).
4. **Weights.** Written as an ``.npz`` (default: the package's ``data/value.npz``) with the
   settings, seeds and figures in its ``meta``.
"""

from __future__ import annotations

import hashlib
import random
import time
from collections.abc import Callable
from dataclasses import asdict, dataclass, field
from pathlib import Path

import numpy as np

from carson.core.match import seat_players
from carson.core.registry import game_kind
from carson.games.card.ai.estimate import TOTAL_ROUNDS, position_value
from carson.games.card.ai.learned import MODEL_PATH, features
from carson.games.card.engine.state import CardGameState
from carson.rl.learned import Settings, fit, matrix, save

#: One position: the seat's features, the points it had, the points it still scored, and the
#: linear estimate's guess of those.
Row = tuple[dict[str, float], float, float, float]


@dataclass(frozen=True)
class TrainRequest:
    """What ``carson train`` asks for."""

    games: int = 2000
    seed: int = 47
    players: str = "greedy"
    out: Path = MODEL_PATH
    settings: Settings = field(default_factory=Settings)


def positions(seed: int, players: str) -> list[Row]:
    """One game of 4 ``players`` seats: a row per seat and round start (after the first)."""
    kind = game_kind("card")
    seats = [players] * 4
    state = kind.new_state(kind.config(seats), seed)
    assert isinstance(state, CardGameState)
    table = seat_players(kind, seats, seed, budget_ms=0)
    taken: list[tuple[int, dict[str, float], float, float]] = []
    round_number = state.round
    while not state.is_over:
        seat = state.seats_to_act[0]
        legal = state.legal_actions(seat)
        state.apply(seat, table[seat].choose(kind.observation(state, seat), legal))
        if state.round != round_number and not state.is_over:
            round_number = state.round
            for each in range(4):
                now = float(state.score(each))
                guess = position_value(state, each) - now
                taken.append((each, features(state, each), now, guess))
    return [(found, now, state.score(seat) - now, guess) for seat, found, now, guess in taken]


def train(request: TrainRequest, say: Callable[[str], None] = print) -> dict[str, object]:
    """Play, fit and write the model; returns the figures written into its ``meta``."""
    start = time.perf_counter()
    games: list[list[Row]] = []
    for number in range(request.games):
        games.append(positions(request.seed + number, request.players))
        if (number + 1) % 100 == 0:
            say(f"  {number + 1} games played, {time.perf_counter() - start:.0f} s")
    played = time.perf_counter() - start
    random.Random(request.seed).shuffle(games)
    held = max(1, len(games) // 5)
    train_rows = [row for game in games[held:] for row in game]
    test_rows = [row for game in games[:held] for row in game]
    names = sorted({name for found, *_ in train_rows for name in found})
    x_train, y_train = matrix([r[0] for r in train_rows], names), _targets(train_rows)
    model, losses = fit(x_train, y_train, request.settings)
    x_test, y_test = matrix([r[0] for r in test_rows], names), _targets(test_rows)
    errors = model.predict(x_test) - y_test
    linear = np.array([r[3] for r in test_rows]) - y_test
    rounds_left = x_test[:, names.index("pace")]
    figures: dict[str, object] = {
        "games": request.games,
        "seed": request.seed,
        "players": request.players,
        "positions_train": len(train_rows),
        "positions_held_out": len(test_rows),
        "settings": asdict(request.settings),
        "train_loss_by_epoch": [round(loss, 4) for loss in losses],
        "held_out_rmse": round(float(np.sqrt(np.mean(errors**2))), 3),
        "held_out_rmse_linear": round(float(np.sqrt(np.mean(linear**2))), 3),
        "spread_per_root_round": round(float(np.sqrt(np.sum(errors**2) / np.sum(rounds_left))), 3),
        "total_rounds": TOTAL_ROUNDS,
    }
    save(request.out, model, names, figures)  # no wall times in the file: same run, same bytes
    figures["self_play_seconds"] = round(played, 1)
    figures["seconds"] = round(time.perf_counter() - start, 1)
    figures["sha256"] = hashlib.sha256(request.out.read_bytes()).hexdigest()
    return figures


def _targets(rows: list[Row]) -> np.ndarray:
    return np.array([left for _, _, left, _ in rows])


class CardTrainer:
    """The plug-in's ``train`` adapter: ``carson train --game card``."""

    def __call__(
        self, games: int, seed: int, epochs: int, out: Path | None, say: Callable[[str], None]
    ) -> dict[str, object]:
        settings = Settings(epochs=epochs, seed=seed)
        request = TrainRequest(games, seed, out=out or MODEL_PATH, settings=settings)
        return train(request, say)


TRAINER = CardTrainer()
