"""A machine seat's decision, computed away from the web process's threads.

:func:`think` rebuilds the game from its seed and actions, makes the seat's player and asks
it for one action: everything it needs travels in a :class:`ThinkRequest`, so it runs as
well in a child process as in the worker's own. The search is CPU-bound Python: run in a
web process's threads it would hold the GIL against the requests; so ``carson serve``'s
worker thinks in a child process (:class:`ChildProcessThinker`), while ``carson worker`` is a
process of its own and thinks in it (:class:`InlineThinker`). The AI's evaluations of a
decision (hints, post-game analyses: :mod:`carson.server.play.evaluating`) run in the same place.
"""

from __future__ import annotations

import contextlib
import json
import os
import subprocess
import sys
import threading
from dataclasses import asdict, dataclass
from typing import Any, Protocol, TextIO

from carson.core.game import JSON
from carson.core.players import player_seed
from carson.core.registry import game_kind
from carson.server.play.evaluating import EvaluateRequest, evaluate_request


@dataclass(frozen=True)
class ThinkRequest:
    """A machine seat's turn: the game (kind, configuration, seed, actions so far as JSON),
    the seat and its kind, and the thinking time per decision (``None``: the level's)."""

    game: str
    config: JSON
    seed: int
    actions: list[tuple[int, JSON]]
    seat: int
    seat_kind: str
    budget_ms: int | None


def think(request: ThinkRequest) -> JSON:
    """The seat's chosen action, as JSON. Each decision gets its own player, seeded by the
    game, the seat and the move: a retried job decides the same."""
    kind = game_kind(request.game)
    state = kind.new_state(request.config, request.seed)
    for seat, action in request.actions:
        state.apply_json(seat, action)
    seed = player_seed(request.seed, request.seat) * 4096 + len(request.actions)
    player = kind.make_player(request.seat_kind, seed, request.budget_ms)
    if player is None:
        raise ValueError(f"seat kind {request.seat_kind!r} has no player")
    observation = kind.observation(state, request.seat)
    chosen: Any = player.choose(observation, state.legal_actions(request.seat))
    answer: JSON = chosen.to_json()
    return answer


class Thinker(Protocol):
    """Runs :func:`think` somewhere."""

    def __call__(self, request: ThinkRequest) -> JSON: ...

    def evaluate(self, request: EvaluateRequest) -> JSON: ...

    def close(self) -> None: ...


class InlineThinker:
    """Thinks in the calling process (``carson worker``, a process of its own)."""

    def __call__(self, request: ThinkRequest) -> JSON:
        return think(request)

    def evaluate(self, request: EvaluateRequest) -> JSON:
        return evaluate_request(request)

    def close(self) -> None:
        pass


class ChildProcessThinker:
    """Thinks in a child process (``python -m carson.server.play.thinking``), started on first
    use and again if it dies: one request, one answer, each a line of JSON on its pipes."""

    def __init__(self) -> None:
        self._child: subprocess.Popen[str] | None = None
        self._guard = threading.Lock()

    def __call__(self, request: ThinkRequest) -> JSON:
        return self._ask({"task": "think", **asdict(request)})

    def evaluate(self, request: EvaluateRequest) -> JSON:
        return self._ask({"task": "evaluate", **asdict(request)})

    def _ask(self, fields: JSON) -> JSON:
        with self._guard:
            child = self._running()
            assert child.stdin is not None and child.stdout is not None
            try:
                child.stdin.write(json.dumps(fields) + "\n")
                child.stdin.flush()
                line = child.stdout.readline()
            except OSError:
                line = ""
            if not line:  # it died: the next decision starts a new one
                self._end()
                raise ChildProcessError("the thinking process ended unexpectedly")
        answer = json.loads(line)
        if "error" in answer:
            raise RuntimeError(f"the thinking process failed: {answer['error']}")
        result: JSON = answer["answer"]
        return result

    def _running(self) -> subprocess.Popen[str]:
        if self._child is None or self._child.poll() is not None:
            # The child imports what its parent can (games installed on a path of its own).
            path = os.pathsep.join(entry for entry in sys.path if entry)
            self._child = subprocess.Popen(
                [sys.executable, "-m", "carson.server.play.thinking"],
                stdin=subprocess.PIPE,
                stdout=subprocess.PIPE,
                text=True,
                env={**os.environ, "PYTHONPATH": path},
            )
        return self._child

    def _end(self) -> None:
        child, self._child = self._child, None
        if child is not None:
            with contextlib.suppress(OSError):
                child.kill()
            child.wait()

    @property
    def pid(self) -> int | None:
        """The thinking process's id, while it runs."""
        child = self._child
        return child.pid if child is not None and child.poll() is None else None

    def close(self) -> None:
        """Stop the child, even mid-decision (that decision's job is then tried again)."""
        child = self._child
        if child is not None:
            with contextlib.suppress(OSError):
                child.kill()
        with self._guard:
            self._end()


def serve(lines: TextIO, answers: TextIO) -> None:
    """The child's loop: a request per line in, an answer per line out, until the end of
    its input (the parent closed the pipe or died)."""
    for line in lines:
        try:
            fields = json.loads(line)
            fields["actions"] = [(seat, action) for seat, action in fields["actions"]]
            task = fields.pop("task")
            if task == "evaluate":
                result = evaluate_request(EvaluateRequest(**fields))
            elif task == "think":
                result = think(ThinkRequest(**fields))
            else:
                raise ValueError(f"unknown task {task!r}")
            answer: JSON = {"answer": result}
        except Exception as error:  # told to the parent, which fails the job
            answer = {"error": f"{type(error).__name__}: {error}"}
        answers.write(json.dumps(answer) + "\n")
        answers.flush()


if __name__ == "__main__":
    answers, sys.stdout = sys.stdout, sys.stderr  # a stray print cannot garble an answer
    serve(sys.stdin, answers)
