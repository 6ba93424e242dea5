"""Play publishes, the features above it listen (issue 43): what a move, a game's start or
end, an invitation or a join brings to notifications, ratings and the lobby comes only
through :mod:`carson.server.play.listeners`, registered by the composition root
(:mod:`carson.server.listening`). Play made without listeners tells nobody."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from sqlalchemy import func, select

from carson.server.accounts import auth
from carson.server.accounts.passwords import HashParameters, PasswordPool
from carson.server.kernel.db import RatingChange, User, make_engine, migrate
from carson.server.kernel.errors import Forbidden
from carson.server.listening import every_listener
from carson.server.notify.tables import Notification
from carson.server.play.games import GameService
from carson.server.play.listeners import Listeners, MovesWritten
from carson.server.play.storage.alone_moves import goes_alone
from carson.server.play.table import Table
from carson.server.play.table_settings import TableSettings

POOL = PasswordPool(HashParameters(memory_kib=8, time_cost=1), 1)


def service_with(tmp_path: Path, listeners: Listeners) -> GameService:
    engine = make_engine(f"sqlite:///{tmp_path / 'games.db'}")
    migrate(engine)
    return GameService(engine, listeners)


def people(service: GameService, *names: str) -> list[User]:
    with service.sessions.begin() as session:
        return [auth.register(session, name, "a long password", POOL) for name in names]


def play_to_the_end(service: GameService, users: list[User], game: str) -> None:
    """Each person in turn plays their first legal action until the game is over."""
    for _ in range(2000):
        for user in users:
            view = service.view(user, game)
            if view["status"] == "over":
                return
            if view["legal_actions"]:
                service.act(user, game, view["seq"], view["legal_actions"][0])
    raise AssertionError("the game did not end")


def counts(service: GameService) -> tuple[int, int]:
    with service.sessions() as session:
        notices = session.scalar(select(func.count()).select_from(Notification))
        ratings = session.scalar(select(func.count()).select_from(RatingChange))
    return int(notices or 0), int(ratings or 0)


@pytest.mark.parametrize("listening", [True, False])
def test_notices_and_ratings_come_only_through_the_listeners(
    tmp_path: Path, listening: bool
) -> None:
    """The same rated two-person game, played to its end: with every feature's listeners,
    turns and the end are told and the game is rated; with none, play writes neither."""
    service = service_with(tmp_path, every_listener() if listening else Listeners())
    alice, bob = people(service, "alice", "bob")
    game = service.create(alice, ["human", "human"], None, None, game="board",
                          settings={"rated": True})["id"]  # fmt: skip
    service.join(bob, game)
    play_to_the_end(service, [alice, bob], game)
    notices, ratings = counts(service)
    if listening:
        assert notices > 0 and ratings == 2
    else:
        assert (notices, ratings) == (0, 0)


def test_a_rating_range_refuses_through_the_lobbys_listener(tmp_path: Path) -> None:
    """Joining is published before the seat is taken; the lobby's listener refuses whoever
    is outside the table's rating range (nothing changes), and without it play does not."""
    settings = {"rating_min": 1600}
    for listeners, refused in ((every_listener(), True), (Listeners(), False)):
        folder = tmp_path / ("refused" if refused else "let in")
        folder.mkdir()
        service = service_with(folder, listeners)
        alice, bob = people(service, "alice", "bob")
        game = service.create(alice, ["human", "human"], None, None, game="board",
                              settings=settings)["id"]  # fmt: skip
        if refused:
            with pytest.raises(Forbidden):
                service.join(bob, game)
            assert service.view(alice, game)["status"] == "waiting"
        else:
            service.join(bob, game)
            assert service.view(alice, game)["status"] == "playing"


class Telling:
    """A moves listener that writes for every move, and counts what it heard."""

    def __init__(self) -> None:
        self.heard: list[MovesWritten] = []

    def writes(self, table: Table, after: Any) -> bool:
        return True

    def written(self, moves: MovesWritten) -> None:
        self.heard.append(moves)


class NotOver:
    is_over = False


def test_a_move_goes_alone_only_if_no_listener_writes_for_it() -> None:
    """The fast path (a move's row and nothing else) asks the listeners, not a list of the
    features that might write."""
    two_people = Table("g", "card", {}, ["human", "human"], 1, "en", False, {0: 1, 1: 2},
                       {0: "alice", 1: "bob"}, TableSettings())  # fmt: skip
    alone = Table("g", "card", {}, ["human", "expert"], 1, "en", False, {0: 1},
                  {0: "alice"}, TableSettings())  # fmt: skip
    assert goes_alone(two_people, NotOver(), 1, Listeners())
    assert not goes_alone(two_people, NotOver(), 1, every_listener())  # the other is told
    assert goes_alone(alone, NotOver(), 1, every_listener())  # nobody else to tell
    telling = Listeners()
    telling.on_moves(Telling())
    assert not goes_alone(alone, NotOver(), 1, telling)


def test_events_reach_the_handlers_of_their_type() -> None:
    listeners = Listeners()
    heard: list[object] = []
    listener = Telling()
    listeners.on_moves(listener)
    listeners.on(MovesWritten, heard.append)
    listeners.on(int, heard.append)
    event = MovesWritten(None, None, None, None, NotOver())  # type: ignore[arg-type]
    listeners.publish(event)
    listeners.publish("nobody listens")
    assert listener.heard == [event] and heard == [event]
