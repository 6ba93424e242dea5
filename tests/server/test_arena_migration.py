"""Migration 0029: the tournaments opened before it are Swiss ones (``mode`` defaults to
``swiss``, no window), and a downgrade drops the two columns again."""

from __future__ import annotations

from api_helpers import account
from fastapi.testclient import TestClient
from sqlalchemy import inspect, text
from test_chat_migration import move_to
from test_tournaments import new_tournament, standings

from carson.server.app import create_app
from carson.server.kernel.db import make_engine


def columns(db_url: str) -> set[str]:
    engine = make_engine(db_url)
    found = {column["name"] for column in inspect(engine).get_columns("tournaments")}
    engine.dispose()
    return found


def test_older_tournaments_are_swiss_ones(db_url: str) -> None:
    with TestClient(create_app(db_url, budget_ms=5, worker=False)) as client:
        host = account(client, "host")
        cup = new_tournament(client, host).json()["id"]
    move_to(db_url, "0028", up=False)
    assert {"mode", "ends_at"}.isdisjoint(columns(db_url))
    move_to(db_url, "head", up=True)
    engine = make_engine(db_url)
    with engine.connect() as connection:
        row = connection.execute(text("SELECT mode, ends_at FROM tournaments")).one()
    engine.dispose()
    assert (row.mode, row.ends_at) == ("swiss", None)
    with TestClient(create_app(db_url, budget_ms=5, worker=False)) as client:
        token = client.post("/api/login", json={"username": "host", "password": "password-host"})
        host = {"Authorization": f"Bearer {token.json()['token']}"}
        read = standings(client, cup, host)
    assert (read["mode"], read["ends_at"], read["rounds"]) == ("swiss", None, 3)
