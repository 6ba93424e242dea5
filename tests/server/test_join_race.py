"""Issue 45's races, with real concurrency on both databases: a dozen people joining for a
table's last seat — one sits, every other is told the table is full (409), nobody gets an
error; the table starts once — and one person's simultaneous seeks: one opens."""

from __future__ import annotations

import threading

from sqlalchemy import func, select
from test_jobs import quiet_server, user

from carson.server.kernel.db import GameSeat, SeekRow, User, make_engine, migrate
from carson.server.kernel.errors import Conflict
from carson.server.listening import every_listener
from carson.server.lobby.quickmatch import SeekRequest, open_seek
from carson.server.play.games import GameService


def test_a_dozen_joins_for_the_last_seat(db_url: str) -> None:
    client, service = quiet_server(db_url)
    names = ["host"] + [f"joiner{index}" for index in range(12)]
    for index, name in enumerate(names):  # each from an address of its own (rate limits)
        client.app.state.accounts.log_in(  # type: ignore[attr-defined]
            f"10.0.0.{index + 1}", name, f"password-{name}", name, create=True
        )
    names = names[1:]
    game = service.create(user(service, "host"), ["human", "human", "greedy"], None, None,
                          game="board")["id"]  # fmt: skip
    people = [user(service, name) for name in names]
    start = threading.Barrier(len(people))
    outcomes: list[str] = []

    def join(person: object) -> None:
        start.wait()
        try:
            service.join(person, game)  # type: ignore[arg-type]
            outcomes.append("seated")
        except Conflict as refused:
            outcomes.append(refused.code)
        except Exception as error:
            outcomes.append(f"error {type(error).__name__}: {error}")

    threads = [threading.Thread(target=join, args=(person,)) for person in people]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert outcomes.count("seated") == 1, outcomes
    assert set(outcomes) - {"seated"} <= {"no_free_seat", "seat_taken"}, outcomes
    with service.sessions() as session:
        seats = session.scalar(select(func.count()).where(GameSeat.game_id == game))
    assert seats == 2
    assert service.view(user(service, "host"), game)["status"] == "playing"


def test_eight_simultaneous_seeks_of_one_person_open_one(db_url: str) -> None:
    """Eight requests of one account, each in a process of its own (an engine and a service
    each, as behind nginx): one seek opens, the others are told one is open (409)."""
    engines = [make_engine(db_url) for _ in range(8)]
    migrate(engines[0])
    services = [GameService(engine, every_listener(), 5) for engine in engines]
    with services[0].sessions.begin() as session:
        session.add(User(username="seeker", password_hash="x"))
    seeker = user(services[0], "seeker")
    start = threading.Barrier(len(services))
    outcomes: list[str] = []

    def seeking(service: GameService) -> None:
        start.wait()
        try:
            open_seek(service, seeker, SeekRequest("board", 3, "10+5"))
            outcomes.append("open")
        except Conflict as refused:
            outcomes.append(refused.code)
        except Exception as error:
            outcomes.append(f"error {type(error).__name__}: {error}")

    threads = [threading.Thread(target=seeking, args=(service,)) for service in services]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert sorted(outcomes) == ["open"] + ["seek_open"] * 7, outcomes
    with services[0].sessions() as session:
        assert len(session.scalars(select(SeekRow).where(SeekRow.game_id.is_(None))).all()) == 1
    for engine in engines:
        engine.dispose()
