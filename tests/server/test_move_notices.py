"""The moves a notice carries between server processes (carson.server.move_notices, issue
22): a process whose cache holds the game plays another process's move when it hears of it,
so the game's next move there does not read it back; a notice that does not continue the
cached state exactly changes nothing, and the database stays the truth."""

from __future__ import annotations

import time
from typing import Any

import pytest
from fastapi import FastAPI
from test_move_path import (
    BOTS,
    first_move,
    label,
    moved_in_another_process,
    one_move,
    statements_of,
)

from carson.core.registry import game_kind
from carson.server.cache import GameCache
from carson.server.live import Notifier
from carson.server.move_notices import (
    MAX_PAYLOAD,
    HeardMoves,
    notice_payload,
    play_heard,
    read_notice,
)

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


def test_a_heard_move_is_played_only_on_the_state_it_follows() -> None:
    cache = GameCache(4)
    before, after = card_state(2), card_state(3)
    seat, action = after.actions[-1]
    move = [(seat, action.to_json())]
    assert not play_heard(cache, HeardMoves(GAME, "p", 2, move))  # not cached: nothing
    cache.put(GAME, before)
    assert not play_heard(cache, HeardMoves(GAME, "p", 1, move))  # another seq: nothing
    assert cache.state(GAME) is before
    assert play_heard(cache, HeardMoves(GAME, "p", 2, move))
    played = cache.state(GAME)
    assert played is not before and played.actions == after.actions
    assert len(before.actions) == 2  # the cached state itself was not changed


def test_a_heard_move_that_does_not_apply_makes_the_cache_forget_the_game() -> None:
    cache = GameCache(4)
    cache.put(GAME, card_state(2))
    assert not play_heard(cache, HeardMoves(GAME, "p", 2, [(3, {"kind": "no such move"})]))
    assert cache.state(GAME) is None  # read from the database next time


def test_a_cache_moved_on_meanwhile_is_not_replaced() -> None:
    cache = GameCache(4)
    first, other = card_state(2), card_state(2)
    cache.put(GAME, other)
    assert not cache.replace(GAME, first, card_state(3))
    assert cache.state(GAME) is other


def test_the_next_move_in_the_process_that_heard_reads_nothing_back(db_url: str) -> None:
    """Two processes on PostgreSQL: a move stored by one reaches the other's cache, and the
    game's next move there runs only its insert (with its notice and the look at the seats)."""
    if not db_url.startswith("postgresql"):
        pytest.skip("processes hear of each other's moves through PostgreSQL")
    with moved_in_another_process(db_url) as (first, alice, url, _, moved):
        app = first.app
        assert isinstance(app, FastAPI)
        cache = app.state.games.store.cache
        deadline = time.monotonic() + 10
        while len(cache.state(moved["id"]).actions) != moved["seq"]:
            assert time.monotonic() < deadline, "the other process's move was not heard"
            time.sleep(0.02)
        with statements_of(app.state.engine) as seen:
            answer = first.post(url, json=first_move(moved), headers=alice)
        assert answer.status_code == 200, answer.text
        assert sorted(label(statement) for statement in seen) == one_move(db_url), seen


def test_a_notice_whose_moves_fail_to_play_still_wakes_the_game() -> None:
    notifier = Notifier(8)

    def broken(payload: str) -> None:
        raise RuntimeError("a replay bug")

    notifier.moves_heard = broken
    before = notifier.version(GAME)
    notifier._notice(notice_payload(GAME, "other", 0, [(0, {"kind": "pass"})]))
    assert notifier.version(GAME) > before  # the listening thread goes on, the streams wake
