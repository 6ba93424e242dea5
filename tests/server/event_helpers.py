"""Reading a game's events through the API (the JSON pages and the live stream), and what
the engine says a seat should get, for the event tests."""

from __future__ import annotations

import json
from typing import Any

from fastapi.testclient import TestClient

from carson.core.registry import game_kind


def all_pages(
    client: TestClient, game_id: str, headers: dict[str, str], query: str = ""
) -> list[dict[str, Any]]:
    """Every event the caller may see, following ``next`` from the first page on; checks
    that each page keeps to its bounds."""
    url: str | None = f"/api/games/{game_id}/events{query}"
    events: list[dict[str, Any]] = []
    while url is not None:
        response = client.get(url, headers=headers)
        assert response.status_code == 200, response.text
        page = response.json()
        low = -1 if page["since"] is None else page["since"]
        assert all(low < event["seq"] <= page["until"] for event in page["events"]), page
        events += page["events"]
        url = page.get("next")
        assert (url is not None) == page["more"]
    return events


def stream_messages(
    client: TestClient, game_id: str, headers: dict[str, str], last_id: str | None = None
) -> list[dict[str, str]]:
    """The messages of a game's live stream (call it on a finished game: the stream ends)."""
    sent = dict(headers) if last_id is None else {**headers, "Last-Event-ID": last_id}
    messages: list[dict[str, str]] = []
    with client.stream("GET", f"/api/games/{game_id}/stream", headers=sent) as response:
        assert response.status_code == 200, response.read()
        assert response.headers["content-type"].startswith("text/event-stream")
        message: dict[str, str] = {}
        for line in response.iter_lines():
            if not line:
                if message:
                    messages.append(message)
                message = {}
            elif not line.startswith(":"):
                field, _, value = line.partition(": ")
                message[field] = value
    return messages


def streamed_events(messages: list[dict[str, str]]) -> list[dict[str, Any]]:
    """The events of the ``move`` messages of a stream, in order."""
    events: list[dict[str, Any]] = []
    for message in messages:
        if message["event"] == "move":
            data = json.loads(message["data"])
            assert message["id"] == str(data["seq"])
            events += data["events"]
    return events


def engine_events(record: dict[str, Any]) -> list[dict[str, Any]]:
    """Every event of a recorded game, of every audience, by replaying it on the engine (the
    setup's with seq 0), in the JSON form the API serves."""
    kind = game_kind(record["game"])
    state = kind.new_state(record["config"], record["seed"])
    made = [(0, event) for event in getattr(state, "setup_events", [])]
    for seq, move in enumerate(record["actions"], start=1):
        made += [(seq, event) for event in state.apply_json(move["seat"], move["action"])]
    served = [
        {
            "seq": seq,
            "kind": event.kind,
            "data": dict(event.data),
            "seats": None if event.seats is None else sorted(event.seats),
        }
        for seq, event in made
    ]
    loaded: list[dict[str, Any]] = json.loads(json.dumps(served))
    return loaded


def visible(events: list[dict[str, Any]], seat: int) -> list[dict[str, Any]]:
    return [event for event in events if event["seats"] is None or seat in event["seats"]]
