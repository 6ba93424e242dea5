"""A live stream's update forwarded from memory (:mod:`carson.server.play.forwarding`) is
the update it would read (:func:`carson.server.play.stream._catch_up`), for every seat and a
spectator, move after move, and reads nothing from the database; what memory does not know
exactly (a clock, a move heard from elsewhere) is left to the read."""

from __future__ import annotations

import random
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest
from sqlalchemy import event
from sqlalchemy.engine import Engine

from carson.server.accounts import auth
from carson.server.accounts.passwords import HashParameters, PasswordPool
from carson.server.kernel.db import User, make_engine, migrate
from carson.server.listening import every_listener
from carson.server.play.forwarding import UNKNOWN, forwarded
from carson.server.play.games import GameService
from carson.server.play.stream import _catch_up

POOL = PasswordPool(HashParameters(memory_kib=8, time_cost=1), 1)


@contextmanager
def statements(engine: Engine) -> Iterator[list[str]]:
    seen: list[str] = []

    def record(*args: Any) -> None:
        seen.append(args[2])

    event.listen(engine, "before_cursor_execute", record)
    try:
        yield seen
    finally:
        event.remove(engine, "before_cursor_execute", record)


def service_with(tmp_path: Path, *names: str) -> tuple[GameService, list[User]]:
    engine = make_engine(f"sqlite:///{tmp_path / 'games.db'}")
    migrate(engine)
    service = GameService(engine, every_listener())
    with service.sessions.begin() as session:
        users = [auth.register(session, name, "a long password", POOL) for name in names]
    return service, users


@pytest.mark.parametrize(
    ("game", "seats"),
    [("card", ["human", "human", "expert", "expert"]), ("board", ["human", "human"])],
)
def test_forwarded_updates_are_the_updates_read_and_read_nothing(
    tmp_path: Path, game: str, seats: list[str]
) -> None:
    service, (alice, bob) = service_with(tmp_path, "alice", "bob")
    game_id = service.create(alice, seats, None, None, game=game)["id"]
    service.join(bob, game_id)
    audiences: list[User | None] = [alice, bob, None]
    told = {id(user): service.view(user, game_id, True) for user in audiences}
    rng, forwarded_count = random.Random(5), 0
    for _ in range(40):
        movers = [user for user in (alice, bob) if service.view(user, game_id)["legal_actions"]]
        if not movers:
            break
        mover = rng.choice(movers)
        view = service.view(mover, game_id)
        service.act(mover, game_id, view["seq"], rng.choice(view["legal_actions"]))
        for user in audiences:
            with statements(service.store.engine) as seen:
                quick = forwarded(service, game_id, told[id(user)])
            read = _catch_up(service, user, game_id, told[id(user)])
            if quick is UNKNOWN:
                continue  # a secret step: the seat's own draft is read
            assert seen == []
            assert quick == read
            forwarded_count += 1
            if read is not None:
                told[id(user)] = read.view
    assert forwarded_count >= 30


def test_a_timed_game_and_a_move_heard_from_elsewhere_are_read(tmp_path: Path) -> None:
    service, (alice, bob) = service_with(tmp_path, "alice", "bob")
    settings = {"time_control": "5+5"}
    timed = service.create(alice, ["human", "human"], None, None, game="board", settings=settings)
    service.join(bob, timed["id"])
    told = service.view(alice, timed["id"], True)
    mover = alice if service.view(alice, timed["id"])["legal_actions"] else bob
    view = service.view(mover, timed["id"])
    service.act(mover, timed["id"], view["seq"], view["legal_actions"][0])
    assert forwarded(service, timed["id"], told) is UNKNOWN  # its clocks are read
    plain = service.create(alice, ["human", "human"], None, None, game="board")["id"]
    service.join(bob, plain)
    told = service.view(alice, plain, True)
    state = service.store.cache.state(plain)
    seat = state.seats_to_act[0]
    move = state.legal_actions(seat)[0].to_json()
    service.store.cache.hear(plain, len(state.actions), [(seat, move)])  # another process's
    assert forwarded(service, plain, told) is UNKNOWN
