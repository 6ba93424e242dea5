"""What the two tournament modes share when they seat people (:mod:`.rounds` for Swiss
rounds, :mod:`.arena` for arenas): how often two people have met, and starting a table's game
with the tournament's settings."""

from __future__ import annotations

from collections import Counter
from itertools import combinations

from sqlalchemy import select
from sqlalchemy.orm import Session

from carson.core.registry import HUMAN, game_kind
from carson.server.play.integrity import secret_seed
from carson.server.play.listeners import Invited
from carson.server.play.opening import open_table
from carson.server.play.store import GameStore
from carson.server.play.table_settings import checked_settings, default_timeout_level
from carson.server.tournaments.tables import Tournament, TournamentGame

#: Two people a block keeps apart count as having met this often: never at one table
#: unless nothing else is possible.
APART = 1000


def meetings(session: Session, tournament_id: str) -> Counter[frozenset[int]]:
    """How many of the tournament's tables each two people have sat at together."""
    met: Counter[frozenset[int]] = Counter()
    for people in session.scalars(
        select(TournamentGame.people).where(TournamentGame.tournament_id == tournament_id)
    ):
        met.update(frozenset(pair) for pair in combinations(people, 2))
    return met


def start_game(
    store: GameStore, session: Session, found: Tournament, people: list[int], seats: int
) -> str:
    """One table: its people, then machines in the seats left (``seats`` in all), started."""
    which = game_kind(found.game)
    kinds = [HUMAN] * len(people) + [default_timeout_level(which)] * (seats - len(people))
    # A seat whose time runs out is a machine's from then on: no table waits for a no-show.
    settings = checked_settings(which, kinds, time_control=found.time_control,
                                on_timeout="takeover")  # fmt: skip
    config = which.config(kinds, list(found.variants))
    game, _ = open_table(store, session, people, which.name, config, kinds, secret_seed(),
                         found.lang, settings)  # fmt: skip
    # open_table tells the people it seats but its creator; here nobody opened the table.
    store.listeners.publish(Invited(session, store.jobs, game.id, people[:1]))
    return game.id
