"""A new table: its row, its people's seats, and its start once every human seat is taken
(its clocks, its first notices, its first machine seat's job), in one transaction. Play
publishes what happened (:mod:`carson.server.play.listeners`): those paired into it are
invited, the table is opened (the lobby schedules its expiry), the game's first turn told.
"""

from __future__ import annotations

import secrets

from sqlalchemy.orm import Session

from carson.core.game import JSON
from carson.core.registry import HUMAN, game_kind
from carson.server.kernel.db import Game, GameSeat
from carson.server.play.events import encode_events, opening_events
from carson.server.play.listeners import Invited, MovesWritten, TableOpened
from carson.server.play.machines import queue_next
from carson.server.play.store import GameStore
from carson.server.play.table import State
from carson.server.play.table_settings import TableSettings


def open_table(
    store: GameStore,
    session: Session,
    people: list[int],
    game: str,
    config: JSON,
    kinds: list[str],
    seed: int,
    lang: str | None,
    settings: TableSettings,
) -> tuple[Game, State]:
    """In ``session``'s transaction: a new table of ``game`` with ``people`` (user ids) in
    its first human seats, the first its creator; started if they fill every human seat
    (else waiting, with its expiry). Answers the row and the new state."""
    which = game_kind(game)
    state = which.new_state(config, seed)
    stored = Game(
        id=secrets.token_hex(6),
        game=which.name,
        config=config,
        seat_kinds=list(kinds),
        seed=seed,
        lang=lang or "en",
        status="waiting",
        creator_id=people[0],
        opening_events=encode_events(opening_events(state)),  # seq 0
        **settings.to_json(),
    )
    session.add(stored)
    session.flush()
    humans = [seat for seat, kind in enumerate(kinds) if kind == HUMAN]
    for seat, user_id in zip(humans, people, strict=False):
        session.add(GameSeat(game_id=stored.id, seat=seat, user_id=user_id))
    if people[1:]:  # paired by quick match
        store.listeners.publish(Invited(session, store.jobs, stored.id, people[1:]))
    start_if_full(store, session, stored, state)
    store.listeners.publish(TableOpened(session, store.jobs, stored, settings))
    return stored, state


def start_if_full(
    store: GameStore, session: Session, game: Game, state: State | None = None
) -> None:
    """Start the game once every human seat is taken, and queue its first machine seat's
    move (in the same transaction)."""
    session.flush()
    store.start_if_full(session, game)
    if game.status == "playing":
        session.flush()
        table = store.table(session, game.id, remember=False)  # not committed yet
        if state is None:
            state = store.state(session, table)
        clocks = table.settings.time_control
        store.clocks.start(session, game.id, clocks, len(table.seat_kinds), state)
        store.listeners.publish(MovesWritten(session, store.jobs, table, None, state))
        queue_next(store.jobs, session, table, state)
