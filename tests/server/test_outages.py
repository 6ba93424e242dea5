"""Database outages: a full disk or a lost database answers 503 with ``Retry-After`` (JSON on
the API, a translated page on the web), ``/readyz`` tells a load balancer, and a damaged
SQLite file is refused at start."""

from __future__ import annotations

import logging
import shutil
import sqlite3
import time
from collections.abc import Iterator
from contextlib import ExitStack
from pathlib import Path
from typing import Any

import pytest
from api_helpers import account
from fastapi import FastAPI
from fastapi.testclient import TestClient
from postgres import throwaway_cluster
from sqlalchemy import create_engine, event, func, select
from sqlalchemy.orm import Session
from typer.testing import CliRunner

from carson.app import create_app
from carson.cli.main import app as cli
from carson.server.kernel.db import CorruptDatabase, Game, Move
from carson.server.kernel.health import ReadinessProbe

pytestmark = pytest.mark.slow  # database servers stopped and started

SEATS = ["human", "greedy", "greedy", "greedy"]
VIRTUAL_SEATS = ["human", "expert", "expert", "expert"]  # the card game's virtual seats


@pytest.fixture
def database(tmp_path: Path) -> Path:
    return tmp_path / "carson.db"


@pytest.fixture
def app(database: Path) -> FastAPI:
    return create_app(f"sqlite:///{database}", budget_ms=5)


@pytest.fixture
def client(app: FastAPI) -> Iterator[TestClient]:
    with TestClient(app) as test_client:
        yield test_client


def fill_the_disk(app: FastAPI) -> None:
    """From now on SQLite may not grow the file by a page: a full disk, as SQLite sees it
    (``SQLITE_FULL``, "database or disk is full")."""
    engine = app.state.engine
    with engine.connect() as connection:
        pages = connection.exec_driver_sql("PRAGMA page_count").scalar()

    @event.listens_for(engine, "connect")
    def full(connection: Any, _: Any) -> None:
        connection.execute(f"PRAGMA max_page_count = {pages}")

    engine.dispose()  # the pooled connections were opened before the disk filled


def lose_the_database(app: FastAPI, database: Path) -> None:
    """The file's directory is gone (an unmounted volume): no connection can be opened."""
    shutil.rmtree(database.parent)
    app.state.engine.dispose()


def test_a_full_disk_answers_503_with_retry_after_and_changes_nothing(
    client: TestClient, app: FastAPI
) -> None:
    headers = account(client, "ann")
    fill_the_disk(app)
    statuses = []
    for _ in range(30):
        response = client.post("/api/games", json={"seats": SEATS}, headers=headers)
        statuses.append(response.status_code)
        if response.status_code == 503:
            assert response.headers["Retry-After"] == "5"
            assert response.json() == {
                "detail": "the database is unavailable; try again in a few seconds",
                "code": "database_down",
            }
    assert 503 in statuses and set(statuses) <= {201, 503}, statuses  # never a 500
    with app.state.engine.connect() as connection:
        stored = connection.execute(select(func.count()).select_from(Game)).scalar()
    assert stored == statuses.count(201)  # a refused creation left no game behind
    assert client.get("/healthz").status_code == 200  # liveness does not ask the database


def test_a_full_disk_refuses_a_move_written_alone_with_503_and_stores_nothing(
    client: TestClient, app: FastAPI
) -> None:
    """A move against virtual seats goes on the driver's own connection
    (:mod:`carson.server.play.storage.alone_moves`): a full disk is answered as on every other path,
    503 and never a 500, and the refused move is not stored."""
    headers = account(client, "ann")
    game = client.post("/api/games", json={"seats": VIRTUAL_SEATS}, headers=headers).json()["id"]
    view = client.get(f"/api/games/{game}", headers=headers).json()
    fill_the_disk(app)
    statuses = []
    for _ in range(200):  # until a move needs a page the disk has not got
        move = {"seq": view["seq"], "action": view["legal_actions"][0]}
        response = client.post(f"/api/games/{game}/actions", json=move, headers=headers)
        statuses.append(response.status_code)
        if response.status_code != 200:
            break
        view = response.json()
        if view["status"] != "playing":
            break
    assert statuses[-1] == 503, statuses
    assert set(statuses) <= {200, 503}, statuses  # never a 500
    with app.state.engine.connect() as connection:
        stored = connection.execute(
            select(func.count()).select_from(Move).where(Move.game_id == game)
        ).scalar()
    assert stored == view["seq"]  # every accepted move, and not the refused one


def test_a_lost_database_answers_503_on_the_api_and_a_translated_page(
    client: TestClient, app: FastAPI, database: Path
) -> None:
    token = account(client, "ann")["Authorization"].split()[1]
    lose_the_database(app, database)
    api = client.get("/api/me", headers={"Authorization": f"Bearer {token}"})
    assert api.status_code == 503 and api.headers["Retry-After"] == "5"
    assert api.json()["detail"].startswith("the database is unavailable")
    client.cookies.set("carson_session", token)
    client.cookies.set("lang", "de")
    page = client.get("/")
    assert page.status_code == 503 and page.headers["Retry-After"] == "5"
    assert page.headers["content-type"].startswith("text/html")
    assert "erreicht seine Datenbank gerade nicht" in page.text
    assert 'lang="de"' in page.text


def test_readyz_answers_200_then_503_when_the_database_is_lost(
    client: TestClient, app: FastAPI, database: Path
) -> None:
    assert client.get("/readyz").json() == {"status": "ready"}
    lose_the_database(app, database)
    response = client.get("/readyz")
    assert response.status_code == 503 and response.headers["Retry-After"] == "5"
    assert "unable to open database file" in response.json()["detail"]
    assert client.get("/healthz").status_code == 200


def test_readyz_answers_503_when_the_database_takes_no_writes(
    client: TestClient, app: FastAPI, database: Path
) -> None:
    """Issue 45: a full disk (here: a database opened read-only) still answers reads; the
    server is not ready for all that, as it cannot store a move."""
    read_only = create_engine(f"sqlite:///file:{database}?mode=ro&uri=true")
    app.state.readiness = ReadinessProbe(read_only, 5.0)
    response = client.get("/readyz")
    assert response.status_code == 503
    assert "readonly" in response.json()["detail"]


def test_readyz_does_not_wait_longer_than_its_timeout_nor_pile_up_probes(
    client: TestClient, app: FastAPI
) -> None:
    def slow_database() -> sqlite3.Connection:
        time.sleep(1.5)  # a database that takes this long to answer
        return sqlite3.connect(":memory:")

    app.state.readiness = ReadinessProbe(create_engine("sqlite://", creator=slow_database), 0.2)
    started = time.monotonic()
    first = client.get("/readyz")
    assert first.status_code == 503
    assert "did not answer within 0.2 s" in first.json()["detail"]
    assert time.monotonic() - started < 1.2
    second = client.get("/readyz")  # the first probe still hangs: no second thread
    assert second.status_code == 503
    assert "previous readiness probe has not finished" in second.json()["detail"]


def test_readyz_on_postgresql_answers_503_when_the_server_is_unreachable(
    client: TestClient, app: FastAPI
) -> None:
    unreachable = create_engine("postgresql+psycopg://carson@127.0.0.1:9/carson")
    app.state.readiness = ReadinessProbe(unreachable, 5.0)
    response = client.get("/readyz")
    assert response.status_code == 503
    assert response.json()["detail"].startswith("not ready: OperationalError")


@pytest.fixture
def root_logger_kept() -> Iterator[None]:
    """``carson serve`` configures the process's logging: put it back for the next tests."""
    root, quiet = logging.getLogger(), logging.getLogger("sqlalchemy")
    handlers, level, quiet_level = list(root.handlers), root.level, quiet.level
    yield
    root.handlers[:] = handlers
    root.setLevel(level)
    quiet.setLevel(quiet_level)


def damaged_copy(database: Path, tmp_path: Path, offset: int) -> Path:
    create_app(f"sqlite:///{database}").state.engine.dispose()
    copy = tmp_path / f"damaged-{offset}.db"
    data = bytearray(database.read_bytes())
    data[offset : offset + 200] = b"\xff" * 200
    copy.write_bytes(bytes(data))
    return copy


@pytest.mark.parametrize(
    ("offset", "problem"),
    [(0, "is not a sound SQLite database"), (2 * 4096, "failed SQLite's integrity check")],
)
@pytest.mark.usefixtures("root_logger_kept")
def test_a_damaged_sqlite_file_is_refused_at_start(
    database: Path, tmp_path: Path, offset: int, problem: str
) -> None:
    damaged = damaged_copy(database, tmp_path, offset)
    with pytest.raises(CorruptDatabase, match=problem) as refused:
        create_app(f"sqlite:///{damaged}")
    assert str(damaged) in str(refused.value)
    result = CliRunner().invoke(cli, ["serve", "--db", f"sqlite:///{damaged}"])
    assert result.exit_code != 0
    assert result.stdout == ""
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and "Traceback" not in result.stderr, result.stderr
    assert lines[0].startswith("carson: refusing to serve: ") and str(damaged) in lines[0]
    assert problem in lines[0]


def test_a_sound_file_and_a_new_one_start(database: Path, tmp_path: Path) -> None:
    create_app(f"sqlite:///{database}").state.engine.dispose()  # new
    create_app(f"sqlite:///{database}").state.engine.dispose()  # existing, sound
    create_app("sqlite://").state.engine.dispose()  # in memory


def test_a_lost_postgresql_server_answers_503_and_the_listener_says_so_once(
    caplog: pytest.LogCaptureFixture,
) -> None:
    caplog.set_level(logging.WARNING)
    with ExitStack() as stack:
        with throwaway_cluster() as url:
            if url is None:
                pytest.skip("PostgreSQL is not installed (make test installs Debian's postgresql)")
            client = stack.enter_context(TestClient(create_app(url, budget_ms=5)))
            headers = account(client, "ann")
            assert client.get("/api/games", headers=headers).status_code == 200
            assert client.get("/readyz").status_code == 200
        # The cluster is stopped (immediate mode: connections cut) and its files are gone.
        games = client.get("/api/games", headers=headers)
        assert games.status_code == 503 and games.headers["Retry-After"] == "5"
        assert client.get("/readyz").status_code == 503
        deadline = time.monotonic() + 10
        lost = "lost the database's notifications"
        while not any(lost in r.getMessage() for r in caplog.records):
            assert time.monotonic() < deadline, "the listener did not log its lost connection"
            time.sleep(0.1)
        time.sleep(2.5)  # it retries every second: still one line for the whole outage
        assert sum(lost in r.getMessage() for r in caplog.records) == 1


@pytest.mark.parametrize("seats", [SEATS, VIRTUAL_SEATS], ids=["machines", "virtual"])
def test_a_connection_postgresql_dropped_fails_at_most_one_request_and_changes_nothing(
    seats: list[str],
) -> None:
    """Pooled connections are not pinged at each checkout (issue 22): when the database
    drops them (a restart), one request answers 503 with Retry-After, the pools are renewed,
    and the request sent again is served, as if nothing had happened — whether the move is
    written in a transaction (a machine acts next) or alone, past SQLAlchemy
    (:mod:`carson.server.play.storage.alone_moves`) — and the requests after it are served too.
    Where the
    event loop has a connection of its own open (:mod:`carson.server.play.loop_moves`: a look
    at a game opens one), it sees it dropped while idle and renews both pools: no request
    fails."""
    with throwaway_cluster() as url:
        if url is None:
            pytest.skip("PostgreSQL is not installed (make test installs Debian's postgresql)")
        with TestClient(create_app(url, budget_ms=5, worker=False)) as client:
            headers = account(client, "ann")
            created = client.post("/api/games", json={"seats": seats}, headers=headers)
            game = created.json()["id"]
            failed = []

            def send(method: str, path: str, **options: Any) -> Any:
                answer = client.request(method, path, headers=headers, **options)
                if answer.status_code == 503:  # the dropped connection: sent again, as told
                    assert answer.headers["Retry-After"]
                    failed.append(path)
                    answer = client.request(method, path, headers=headers, **options)
                assert answer.status_code == 200, answer.text
                return answer.json()

            def move(view: Any) -> Any:
                played = {"seq": view["seq"], "action": view["legal_actions"][0]}
                return send("POST", f"/api/games/{game}/actions", json=played)

            view = send("GET", f"/api/games/{game}")
            machines_next = seats == SEATS  # and no worker here: one move only
            if not machines_next:
                view = move(view)  # the event loop's pool has a connection open now
            engine = client.app.state.engine  # type: ignore[attr-defined]
            pool_before = engine.pool
            admin = create_engine(url, isolation_level="AUTOCOMMIT")
            with admin.connect() as connection:  # what a restart does to every pooled one
                dropped = connection.exec_driver_sql(
                    "SELECT count(pg_terminate_backend(pid)) FROM pg_stat_activity"
                    " WHERE datname = current_database() AND pid <> pg_backend_pid()"
                ).scalar()
            admin.dispose()
            assert dropped
            # A look at the game opened one of the event loop's connections, which it
            # watches while idle: it sees it dropped and renews both pools before any
            # request meets a dropped connection.
            deadline = time.monotonic() + 5
            while engine.pool is pool_before:
                assert time.monotonic() < deadline, "the dropped connection went unseen"
                time.sleep(0.02)
            after = move(view)
            assert failed == []  # no request met a dropped connection
            assert send("GET", f"/api/games/{game}")["seq"] == after["seq"] > view["seq"]
            with Session(create_engine(url)) as session:  # the move is stored once
                stored = session.scalars(select(Move.seq).where(Move.game_id == game)).all()
            assert stored.count(view["seq"] + 1) == 1
            if not machines_next:
                assert move(after)["seq"] > after["seq"]  # the game goes on
