"""The machine seats of the server's games: AI levels and bots that move when asked."""

from __future__ import annotations

from typing import Any

from sqlalchemy import select

from carson.core.players import Player, player_seed
from carson.core.registry import HUMAN
from carson.server.db import Game
from carson.server.drafts import DraftBook
from carson.server.errors import Conflict
from carson.server.store import GameStore, Table


class MachineSeats:
    """Moves every machine seat of a game until a person must act; one player object per
    seat and game, kept for the game's life in this process."""

    def __init__(self, store: GameStore, drafts: DraftBook, budget_ms: int | None = None) -> None:
        self.store = store
        self.drafts = drafts
        self.budget_ms = budget_ms
        self._players: dict[tuple[str, int], Player[Any]] = {}

    def resume(self) -> None:
        """At start: let machine seats move in every game left waiting for them (a server
        stopped between a human's move and the machines' answers)."""
        with self.store.sessions() as session:
            playing = session.scalars(select(Game.id).where(Game.status == "playing")).all()
        for game_id in playing:
            self.run(game_id)

    def may_move(self, game_id: str) -> bool:
        """Whether AI or bot seats may have to move in this game (False only when known)."""
        table = self.store.known_table(game_id)
        return table is None or _has_players(table)

    def run(self, game_id: str) -> None:
        """Let AI and bot seats move until a human must act or the game ends."""
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
        key = (table.id, seat)
        if key not in self._players:
            player = table.kind.make_player(
                table.seat_kinds[seat], player_seed(table.seed, seat), self.budget_ms
            )
            assert player is not None
            self._players[key] = player
        return self._players[key]


def _has_players(table: Table) -> bool:
    """Whether the game has seats played by player objects (not people, not the engine)."""
    return any(kind != HUMAN and kind not in table.kind.engine_kinds for kind in table.seat_kinds)
