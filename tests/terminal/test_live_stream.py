"""The terminal's reading of a game's live stream (:mod:`carson.terminal.live_stream`): the
server-sent events format, reconnecting with Last-Event-ID after a drop (with growing
pauses), the moves missed sent first by a real server, and polling when the server refuses
the stream for its load (429)."""

from __future__ import annotations

import io
import os
from collections.abc import Iterator
from pathlib import Path

import pytest
from test_online import TABLE, Keyboard, api_player, play_by_api, screen

from carson.terminal.api_client import ApiClient, ApiError
from carson.terminal.live_stream import (
    BACKOFF,
    MAX_LINE,
    MAX_RETRIES,
    LiveStream,
    StreamRefused,
    parse,
)
from carson.terminal.online import OnlineGame
from live_server import running_server

pytestmark = pytest.mark.slow  # a server process and its live stream


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    # One stream per account: a second one is refused (429).
    env = {**os.environ, "CARSON_LIMIT_STREAMS_USER": "1"}
    with running_server(tmp_path_factory.mktemp("stream"), env) as base:
        yield base


def test_the_event_stream_format() -> None:
    raw = (b": ping\r\n\r\nevent: move\r\nid: 3\r\ndata: {\"seq\": 3,\r\ndata:  \"events\": []}\r\n"
           b"\r\nretry: 10\n\nevent: view\nid: 4\ndata:{}\n\n: ping\n\n")  # fmt: skip
    assert list(parse(io.BytesIO(raw))) == [
        ("move", "3", '{"seq": 3,\n "events": []}'),
        ("view", "4", "{}"),
    ]
    with pytest.raises(ApiError, match="stream line longer"):
        list(parse(io.BytesIO(b"data: " + b"x" * MAX_LINE + b"\n")))


class Dropping(LiveStream):
    """A stream whose connections drop after one message each, as a flaky network would."""

    def __init__(self) -> None:
        self.pauses: list[float] = []
        super().__init__(ApiClient("http://127.0.0.1:9"), "g", sleep=self.pauses.append)
        self.asked: list[int | None] = []

    def _connected(self, since: int | None) -> Iterator[tuple[str, str | None, str]]:
        self.asked.append(since)
        if len(self.asked) in (2, 3):  # two failures in a row: no message
            raise ConnectionRefusedError
        seq = (since or 0) + 1
        yield "move", str(seq), f'{{"seq": {seq}, "events": []}}'
        raise TimeoutError


def test_a_dropped_stream_is_opened_again_from_the_last_move() -> None:
    stream = Dropping()
    messages = stream.messages(5)
    seqs = [next(messages)[1]["seq"] for _ in range(3)]
    assert seqs == [6, 7, 8]
    # Each reconnect asks for the moves after the last one told; pauses grow with failures
    # in a row and start again after a message.
    assert stream.asked == [5, 6, 6, 6, 7]
    assert stream.pauses == [BACKOFF[0], BACKOFF[1], BACKOFF[2], BACKOFF[0]]


def test_a_server_that_is_gone_is_unreachable_after_some_tries() -> None:
    pauses: list[float] = []
    stream = LiveStream(ApiClient("http://127.0.0.1:9"), "g", sleep=pauses.append)
    with pytest.raises(ApiError) as lost:
        next(stream.messages(None))
    assert lost.value.code == "unreachable" and len(pauses) == stream.connections - 1


def test_each_retry_is_told_before_its_pause() -> None:
    told: list[tuple[int, float]] = []
    pauses: list[float] = []
    stream = LiveStream(
        ApiClient("http://127.0.0.1:9"),
        "g",
        sleep=pauses.append,
        on_retry=lambda failures, reason: told.append((failures, len(pauses))),
    )
    with pytest.raises(ApiError):
        next(stream.messages(None))
    assert told == [(n, n - 1) for n in range(1, MAX_RETRIES + 1)]  # each before its pause


def test_a_reconnect_is_sent_the_moves_it_missed_first(server: str) -> None:
    ana, ben = api_player(server, "ana"), api_player(server, "ben")
    game_id = str(ana.create_game("card", TABLE, [], "en", None)["id"])
    ben.join(game_id)
    while ana.view(game_id)["seq"] < 3:
        for player in (ana, ben):
            view = player.view(game_id)
            if view["legal_actions"]:
                player.act(game_id, view["seq"], view["legal_actions"][0])
    seq = ana.view(game_id)["seq"]
    messages = LiveStream(ana, game_id).messages(1)
    got = [next(messages) for _ in range(seq)]
    assert [event for event, _ in got] == ["move"] * (seq - 1) + ["view"]
    assert [data["seq"] for _, data in got] == [*range(2, seq + 1), seq]
    # While this stream is open, the account's only slot is taken: a second is refused.
    with pytest.raises(StreamRefused):
        next(LiveStream(ana, game_id).messages(None))
    messages.close()
    # An unknown game is the server's refusal, in its words (ben has no stream open).
    with pytest.raises(ApiError) as refused:
        next(LiveStream(ben, "no-such-game").messages(None))
    assert refused.value.code == "not_found"


def test_a_refused_stream_falls_back_to_polling(server: str, tmp_path: Path) -> None:
    cy, dee = api_player(server, "cyd"), api_player(server, "dee")
    game_id = str(cy.create_game("card", TABLE, [], "en", None)["id"])
    dee.join(game_id)
    held = LiveStream(cy, game_id).messages(None)
    next(held)  # cy's one stream slot is taken elsewhere (another terminal of his)
    other = play_by_api(dee, game_id, 3)
    console = screen()
    keyboard = Keyboard(console=console)
    assert OnlineGame(cy, game_id, "en", console, keyboard, poll=0.02).run() == 0
    other.join(timeout=60)
    held.close()
    out = console.export_text()
    assert "looking at the game every second instead" in out and "Game over" in out


def test_a_server_that_stops_answering_is_said_at_each_retry_then_given_up() -> None:
    """Waiting for the others on the live stream, a server that does not answer is said on
    the screen at each try, and after the last one the wait ends (never a silent hang)."""
    console = screen()
    game = OnlineGame(
        ApiClient("http://127.0.0.1:9"), "g", "en", console, Keyboard(), sleep=lambda _: None
    )
    game._seen = 0  # the news so far were told: straight to the stream
    view = {"seq": 3, "status": "playing", "legal_actions": [], "seat": 0, "seats": []}
    game.watch = game._watching(view)  # the stream, read in a thread of its own
    with pytest.raises(ApiError) as lost:
        game._wait(view)
    assert lost.value.code == "unreachable"
    out = console.export_text()
    assert out.count("does not answer") == MAX_RETRIES
    assert f"trying again ({MAX_RETRIES} of {MAX_RETRIES})" in out
