"""The moves a notice carries between server processes (carson.server.play.live.move_notices, issue
22): a process whose cache holds the game keeps another process's move when it hears of
it, played when the game is next asked for, so the game's next move there does not read it
back; a notice that does not continue the
cached state exactly changes nothing, and the database stays the truth."""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any

import pytest
from api_helpers import account
from fastapi import FastAPI
from fastapi.testclient import TestClient
from sqlalchemy import create_engine
from test_move_path import (
    BOTS,
    first_move,
    label,
    moved_in_another_process,
    one_move,
    statements_of,
)

from carson.app import create_app
from carson.core.registry import game_kind
from carson.server.kernel.live import Notifier
from carson.server.listening import every_listener
from carson.server.play.cache import MAX_HEARD, GameCache
from carson.server.play.live.move_notices import (
    MAX_PAYLOAD,
    HeardMoves,
    is_own,
    notice_payload,
    own_prefix,
    read_notice,
)
from carson.server.play.store import GameStore

GAME = "0123456789ab"


def card_state(moves: int) -> Any:
    """A card game (the seats of BOTS) after its first ``moves`` first legal actions."""
    kind = game_kind("card")
    state = kind.new_state(kind.config(BOTS), 7)
    for _ in range(moves):
        seat = state.seats_to_act[0]
        state.apply(seat, state.legal_actions(seat)[0])
    return state


def test_a_notice_carries_its_moves_and_who_stored_them() -> None:
    payload = notice_payload(GAME, "me", 4, [(1, {"kind": "pass"}), (2, {"kind": "bid", "n": 3})])
    game, heard = read_notice(payload)
    assert game == GAME
    assert heard == HeardMoves(GAME, "me", 4, [(1, {"kind": "pass"}), (2, {"kind": "bid", "n": 3})])
    assert read_notice(GAME) == (GAME, None)  # a draft, a chat line: the game alone


def test_a_notice_too_long_for_postgresql_names_the_game_alone() -> None:
    payload = notice_payload(GAME, "me", 0, [(0, {"text": "x" * MAX_PAYLOAD})])
    assert payload == GAME


@pytest.mark.parametrize("body", ["{", '{"after": 1}', '{"by": "p", "after": "x", "moves": []}'])
def test_an_unreadable_notice_carries_nothing(body: str) -> None:
    assert read_notice(f"{GAME} {body}") == (GAME, None)


def heard(state: Any) -> list[tuple[int, Any]]:
    """The last move of ``state``, as a notice carries it."""
    seat, action = state.actions[-1]
    return [(seat, action.to_json())]


def test_a_heard_move_is_kept_for_the_state_it_follows_and_played_when_asked_for() -> None:
    cache = GameCache(4)
    before, after = card_state(2), card_state(3)
    assert not cache.hear(GAME, 2, heard(after))  # not cached: nothing
    cache.put(GAME, before)
    assert not cache.hear(GAME, 1, heard(after))  # another seq: nothing
    assert cache.state_and_heard(GAME) == (before, ())
    assert cache.hear(GAME, 2, heard(after))
    assert cache.state_and_heard(GAME) == (before, tuple(heard(after)))  # not played yet
    played = cache.state(GAME)
    assert played is not before and played.actions == after.actions
    assert len(before.actions) == 2  # the cached state itself was not changed
    assert cache.state_and_heard(GAME) == (played, ())  # played once, kept played
    assert cache.state(GAME) is played


def test_heard_moves_are_kept_only_in_order() -> None:
    cache = GameCache(4)
    cache.put(GAME, card_state(2))
    assert cache.hear(GAME, 2, heard(card_state(3)))
    assert not cache.hear(GAME, 2, heard(card_state(3)))  # the same move again
    assert not cache.hear(GAME, 4, heard(card_state(5)))  # one missed in between
    assert cache.hear(GAME, 3, heard(card_state(4)))
    assert cache.state(GAME).actions == card_state(4).actions


def test_a_heard_move_that_does_not_apply_makes_the_cache_forget_the_game() -> None:
    cache = GameCache(4)
    cache.put(GAME, card_state(2))
    assert cache.hear(GAME, 2, [(3, {"kind": "no such move"})])
    assert cache.state(GAME) is None  # read from the database next time
    assert not cache.has(GAME)


def test_a_state_put_after_heard_moves_replaces_them() -> None:
    cache = GameCache(4)
    cache.put(GAME, card_state(2))
    assert cache.hear(GAME, 2, heard(card_state(3)))
    newer = card_state(4)  # read from the database by a request thread
    cache.put(GAME, newer)
    assert cache.state_and_heard(GAME) == (newer, ())


def test_a_game_heard_of_often_but_never_asked_for_is_let_go() -> None:
    """Served by another process (deploy/nginx.conf sends a game's requests to one): its
    moves are not kept without end."""
    cache = GameCache(4)
    cache.put(GAME, card_state(0))
    for seq in range(MAX_HEARD):
        assert cache.hear(GAME, seq, [(0, {"kind": "any"})])
    assert not cache.hear(GAME, MAX_HEARD, [(0, {"kind": "any"})])
    assert not cache.has(GAME)


def test_hearing_is_not_a_use_of_the_game() -> None:
    cache = GameCache(2)
    cache.put(GAME, card_state(2))
    cache.put("other", card_state(0))
    assert cache.hear(GAME, 2, heard(card_state(3)))
    cache.put("third", card_state(0))  # the least recently used goes: the one only heard of
    assert not cache.has(GAME)


def test_a_process_knows_its_own_notices_without_reading_their_moves() -> None:
    mine, theirs = own_prefix("a1b2"), own_prefix('x"y')
    payload = notice_payload(GAME, "a1b2", 4, [(1, {"kind": "pass", "by": "a1b2"})])
    assert is_own(payload, mine) and not is_own(payload, theirs)
    assert is_own(notice_payload(GAME, 'x"y', 0, []), theirs)
    assert not is_own(notice_payload(GAME, "a1b2c3", 0, []), mine)
    assert not is_own(GAME, mine)  # a draft, a chat line: the game alone


def test_the_next_move_in_the_process_that_heard_reads_nothing_back(db_url: str) -> None:
    """Two processes on PostgreSQL: a move stored by one reaches the other's cache, and the
    game's next move there runs only its insert (with its notice and the look at the seats),
    played on the same copy of the state as the move heard."""
    if not db_url.startswith("postgresql"):
        pytest.skip("processes hear of each other's moves through PostgreSQL")
    with moved_in_another_process(db_url) as (first, alice, url, old, moved):
        app = first.app
        assert isinstance(app, FastAPI)
        cache = app.state.games.store.cache
        deadline = time.monotonic() + 10
        while len(cache.state_and_heard(moved["id"])[1]) != 1:  # heard, not played yet
            assert time.monotonic() < deadline, "the other process's move was not heard"
            time.sleep(0.02)
        assert len(cache.state_and_heard(moved["id"])[0].actions) == old["seq"]
        with statements_of(app.state.engine) as seen:
            answer = first.post(url, json=first_move(moved), headers=alice)
        assert answer.status_code == 200, answer.text
        assert sorted(label(statement) for statement in seen) == one_move(db_url), seen
        state, heard_since = cache.state_and_heard(moved["id"])
        assert heard_since == () and len(state.actions) == moved["seq"] + 1 == answer.json()["seq"]
        with TestClient(create_app(db_url, worker=False)) as third:  # as the database has it
            stored = third.get(f"/api/games/{moved['id']}", headers=alice).json()
        assert stored["view"] == answer.json()["view"]


def test_a_process_keeps_only_other_processes_moves(tmp_path: Path) -> None:
    store = GameStore(create_engine(f"sqlite:///{tmp_path / 'games.db'}"), every_listener())
    store.cache.put(GAME, card_state(2))
    move = heard(card_state(3))
    assert not store._hear(notice_payload(GAME, store.instance, 2, move))  # woke when written
    assert store.cache.state_and_heard(GAME)[1] == ()
    assert store._hear(notice_payload(GAME, "other", 2, move))
    assert store.cache.state_and_heard(GAME)[1] == tuple(move)
    assert store._hear(notice_payload("f" * 12, "other", 0, move))  # not cached: wakes only
    assert not store.cache.has("f" * 12)


def test_a_view_built_while_a_heard_move_waits_is_of_the_state_asked_for(
    tmp_path: Path,
) -> None:
    """A request thread holds the cached state when another process's move is heard: the
    view it builds is of that state, with no moves of its own drafted."""
    with TestClient(create_app(f"sqlite:///{tmp_path / 'games.db'}", worker=False)) as client:
        alice = account(client, "alice")
        game = client.post("/api/games", json={"seats": BOTS}, headers=alice).json()["id"]
        seen = client.get(f"/api/games/{game}", headers=alice).json()
        service = client.app.state.games  # type: ignore[attr-defined]
        store = service.store
        held, table = store.cache.state(game), store.known_table(game)
        after = held.clone()
        after.apply_json(0, seen["legal_actions"][0])
        assert store.cache.hear(game, seen["seq"], heard(after))
        view = service.seat_view(table, held, 0)
        assert view["seq"] == seen["seq"] and view["drafted"] == 0
        assert service.seat_view(table, store.cache.state(game), 0)["seq"] == seen["seq"] + 1


def test_own_move_notices_do_not_wake_the_streams_again() -> None:
    """A process's own move woke its streams when written; the notice it hears of it
    changes nothing."""
    notifier = Notifier(8)
    notifier.moves_heard = lambda payload: "other" in payload
    before = notifier.version(GAME)
    notifier._notice(notice_payload(GAME, "mine", 0, [(0, {"kind": "pass"})]))
    assert notifier.version(GAME) == before
    notifier._notice(notice_payload(GAME, "other", 0, [(0, {"kind": "pass"})]))
    assert notifier.version(GAME) > before


def test_a_notice_whose_moves_fail_to_play_still_wakes_the_game() -> None:
    notifier = Notifier(8)

    def broken(payload: str) -> bool:
        raise RuntimeError("a replay bug")

    notifier.moves_heard = broken
    before = notifier.version(GAME)
    notifier._notice(notice_payload(GAME, "other", 0, [(0, {"kind": "pass"})]))
    assert notifier.version(GAME) > before  # the listening thread goes on, the streams wake
