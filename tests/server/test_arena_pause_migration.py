"""Migration 0030: the tournament players who joined before it are not paused (``paused``
defaults to false), and a downgrade drops the column again."""

from __future__ import annotations

from api_helpers import account
from fastapi.testclient import TestClient
from sqlalchemy import inspect, text
from test_chat_migration import move_to
from test_tournaments import new_tournament

from carson.server.app import create_app
from carson.server.kernel.db import make_engine


def columns(db_url: str) -> set[str]:
    engine = make_engine(db_url)
    found = {column["name"] for column in inspect(engine).get_columns("tournament_players")}
    engine.dispose()
    return found


def test_players_who_joined_before_are_not_paused(db_url: str) -> None:
    with TestClient(create_app(db_url, budget_ms=5, worker=False)) as client:
        host = account(client, "host")
        new_tournament(client, host)
    assert "paused" in columns(db_url)
    move_to(db_url, "0029", up=False)
    assert "paused" not in columns(db_url)
    move_to(db_url, "head", up=True)
    engine = make_engine(db_url)
    with engine.connect() as connection:
        row = connection.execute(text("SELECT paused FROM tournament_players")).one()
    engine.dispose()
    assert not row.paused and row.paused is not None  # 0 on SQLite, false on PostgreSQL
