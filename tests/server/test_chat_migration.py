"""Migration 0026: a game's chat messages numbered again per channel (issue 45), in the
order they were posted, and back across both channels on a downgrade."""

from __future__ import annotations

from alembic import command
from alembic.config import Config
from chat_helpers import chat_table
from fastapi.testclient import TestClient
from sqlalchemy import text

from carson.server.app import create_app
from carson.server.kernel.db import MIGRATIONS, make_engine


def move_to(db_url: str, revision: str, up: bool) -> None:
    engine = make_engine(db_url)
    config = Config()
    config.set_main_option("script_location", str(MIGRATIONS))
    with engine.begin() as connection:
        config.attributes["connection"] = connection
        (command.upgrade if up else command.downgrade)(config, revision)
    engine.dispose()


def numbers(db_url: str) -> list[tuple[str, str, int]]:
    engine = make_engine(db_url)
    with engine.connect() as connection:
        rows = connection.execute(
            text("SELECT text, channel, seq FROM chat_messages ORDER BY id")
        ).all()
    engine.dispose()
    return [(str(said), str(channel), int(seq)) for said, channel, seq in rows]


def test_messages_are_numbered_per_channel_and_back(db_url: str) -> None:
    with TestClient(create_app(db_url, budget_ms=5)) as client:
        table = chat_table(client)
        said_in = [(table.alice, "players", "p1"), (table.eve, "spectators", "s1"),
                   (table.bob, "players", "p2"), (table.eve, "spectators", "s2")]  # fmt: skip
        for who, channel, said in said_in:
            assert table.post(who, channel, text=said).status_code == 201
    per_channel = [("p1", "players", 1), ("s1", "spectators", 1),
                   ("p2", "players", 2), ("s2", "spectators", 2)]  # fmt: skip
    assert numbers(db_url) == per_channel
    move_to(db_url, "0025", up=False)
    assert [seq for _, _, seq in numbers(db_url)] == [1, 2, 3, 4]  # one count, as before
    move_to(db_url, "head", up=True)
    assert numbers(db_url) == per_channel
