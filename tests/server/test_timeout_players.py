"""Issue 45: a virtual player (the card game's engine's deck) cannot be a table's machine for
timeouts — refused at creation (422) and on the lobby's page — and migration 0017 repairs a
game stuck with one: the usual machine takes over, its failed moves are tried again."""

from __future__ import annotations

import json

from sqlalchemy import text
from test_migration_sessions import migrate_to

from carson.core.registry import game_kind
from carson.server.kernel.db import make_engine, migrate


def test_only_players_can_play_a_persons_seat() -> None:
    card = game_kind("card")
    assert set(card.seat_players) == set(card.machine_kinds) - set(card.engine_kinds)
    assert "expert" in card.machine_kinds and "expert" not in card.seat_players
    assert game_kind("board").seat_players == game_kind("board").machine_kinds


def test_a_game_stuck_with_a_virtual_timeout_player_is_repaired(db_url: str) -> None:
    engine = make_engine(db_url)
    migrate_to(engine, "0016")
    with engine.begin() as connection:
        connection.execute(text(
            "INSERT INTO users (id, username, password_hash, created_at) "
            "VALUES (1, 'alice', 'x', CURRENT_TIMESTAMP)"))  # fmt: skip
        for game, kind, level in (("stuck", "card", "expert"), ("fine", "card", "ai-hard")):
            connection.execute(text(
                "INSERT INTO games (id, game, config, seat_kinds, seed, lang, status, creator_id,"
                " created_at, public, rated, on_timeout, timeout_level) VALUES (:id, :kind,"
                " '{}', '[]', 1, 'en', 'playing', 1, CURRENT_TIMESTAMP, false, false, 'move',"
                " :level)"), {"id": game, "kind": kind, "level": level})  # fmt: skip
        for job, game in ((1, "stuck"), (2, "fine")):
            connection.execute(text(
                "INSERT INTO jobs (id, kind, payload, state, run_at, attempts, max_attempts,"
                " created_at, last_error) VALUES (:id, 'machine_move', :payload, 'failed',"
                " CURRENT_TIMESTAMP, 5, 5, CURRENT_TIMESTAMP, 'seat kind expert has no player')"),
                {"id": job, "payload": json.dumps({"game": game, "seq": 7})})  # fmt: skip
    migrate(engine)
    with engine.connect() as connection:
        levels = dict(connection.execute(text("SELECT id, timeout_level FROM games")).all())
        states = dict(
            connection.execute(text("SELECT id, state || ':' || attempts FROM jobs")).all()
        )
    assert levels == {"stuck": "ai-medium", "fine": "ai-hard"}
    assert states == {1: "ready:0", 2: "failed:5"}  # only the stuck game's move is tried again
    engine.dispose()
