"""Waiting for the machine seats, whose moves the server's worker makes in the background."""

from __future__ import annotations

import time
from typing import Any

from fastapi.testclient import TestClient

#: What a page says when a move came too late (a machine seat moved first).
MOVED_ON = "The game moved on meanwhile"


def after_machines(client: TestClient, game: str, patience: float = 30) -> dict[str, Any]:
    """The API view of ``game`` (a page path, ``/games/<id>``) once the machine seats'
    queued moves are made: the queue is looked at first, so the view shows them all."""
    jobs = client.app.state.games.jobs  # type: ignore[attr-defined]
    deadline = time.monotonic() + patience
    # Machine moves only: a table still waiting holds its expiry's job (issue 23's lobby).
    while [job for job in jobs.listing() if job.kind == "machine_move"]:
        assert time.monotonic() < deadline, f"the machine seats did not move in {patience} s"
        time.sleep(0.01)
    view: dict[str, Any] = client.get("/api" + game).json()
    return view
