"""The machine seats of the server's games: AI levels and bots that move when asked."""

from __future__ import annotations

import logging
import threading
from typing import Any

from cachetools import LRUCache
from sqlalchemy import select

from carson.core.players import Player, player_seed
from carson.core.registry import HUMAN
from carson.server.db import Game
from carson.server.drafts import DraftBook
from carson.server.errors import DATABASE_DOWN, Conflict, database_failure
from carson.server.store import GameStore, Table

log = logging.getLogger("carson.server.machines")


class MachineSeats:
    """Moves every machine seat of a game until a person must act; one player object per
    seat and game, kept while the game goes on, for the recently played games only (a
    dropped player is made again from its seed, without what it had seen)."""

    def __init__(self, store: GameStore, drafts: DraftBook, budget_ms: int | None = None) -> None:
        self.store = store
        self.drafts = drafts
        self.budget_ms = budget_ms
        #: Game → seat → player, least recently used game out; the guard serialises the
        #: threads that run different games.
        self._players: LRUCache[str, dict[int, Player[Any]]] = LRUCache(store.games_in_memory)
        self._guard = threading.Lock()

    def resume(self) -> None:
        """At start: let machine seats move in every game left waiting for them (a server
        stopped between a human's move and the machines' answers)."""
        try:
            with self.store.sessions() as session:
                playing = session.scalars(select(Game.id).where(Game.status == "playing")).all()
        except DATABASE_DOWN as error:
            log.warning("machine seats not resumed: the database failed (%s)",
                        database_failure(error))  # fmt: skip
            return
        for game_id in playing:
            self.run(game_id)

    def games_in_memory(self) -> int:
        with self._guard:
            return len(self._players)

    def may_move(self, game_id: str) -> bool:
        """Whether AI or bot seats may have to move in this game (False only when known)."""
        table = self.store.known_table(game_id)
        return table is None or _has_players(table)

    def run(self, game_id: str) -> None:
        """Let AI and bot seats move until a human must act or the game ends. Runs after the
        response was sent: a failure is logged here (nobody else would see it), and the
        seats move again on the next request or restart."""
        try:
            self._run(game_id)
        except DATABASE_DOWN as error:
            log.warning("machine seats of game %s stopped: the database failed (%s)",
                        game_id, database_failure(error))  # fmt: skip
        except Exception:
            log.exception("machine seats of game %s failed", game_id)

    def _run(self, game_id: str) -> None:
        store = self.store
        while True:
            with store.lock(game_id), store.sessions() as session:
                table = store.table(session, game_id)
                if table.waiting or not _has_players(table):
                    return  # the card game's virtual seats play inside the engine
                game = store.state(session, table)
                drafts = self.drafts.of(session, table, game)
                # Each machine seat as it knows the game (with its own secret draft).
                machines = [
                    (seat, own)
                    for seat in game.seats_to_act
                    if table.seat_kinds[seat] != HUMAN
                    and seat in (own := self.drafts.seat_state(game, drafts, seat)).seats_to_act
                ]
                if game.is_over or not machines:
                    if game.is_over:
                        self._forget(game_id)
                    return
                seat, state = machines[0]
                player = self._player(table, seat)
                observation = table.kind.observation(state, seat)
                action = player.choose(observation, state.legal_actions(seat))
                try:
                    if table.kind.drafts(state, seat):
                        self.drafts.submit(session, table, game, drafts, seat, action)
                    else:
                        store.record_move(session, table, game, seat, action)
                except Conflict:
                    continue  # another process moved first: look again

    def _player(self, table: Table, seat: int) -> Player[Any]:
        with self._guard:
            seats = self._players.setdefault(table.id, {})
            player = seats.get(seat)
        if player is None:
            player = table.kind.make_player(
                table.seat_kinds[seat], player_seed(table.seed, seat), self.budget_ms
            )
            assert player is not None
            seats[seat] = player
        return player

    def _forget(self, game_id: str) -> None:
        with self._guard:
            self._players.pop(game_id, None)


def _has_players(table: Table) -> bool:
    """Whether the game has seats played by player objects (not people, not the engine)."""
    return any(kind != HUMAN and kind not in table.kind.engine_kinds for kind in table.seat_kinds)
