"""One game's table for the learning environments: which seats learn, who plays the others.

Learning seats come first and are ``human`` seats of the game; every other seat has a machine
kind of the game. Kinds the engine plays itself (``engine_kinds``, the card game's virtual
players) move inside the game; the others get the game's player objects, which move inside
the environment whenever no learning seat is asked to act.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from carson.core.game import GameState
from carson.core.players import Player, player_seed
from carson.core.registry import HUMAN, AnyGameKind, game_kind
from carson.rl.encoder import AnyEncoder, encoder_of


class Table:
    """The registry's game ``game`` with ``learners`` learning seats and ``others`` after."""

    def __init__(self, game: str, learners: int, others: Sequence[str]) -> None:
        self.kind: AnyGameKind = game_kind(game)
        self.encoder: AnyEncoder = encoder_of(self.kind)
        self.learners = learners
        self.others = tuple(others)
        self.config = self.kind.config([HUMAN] * learners + list(self.others))
        self.players: dict[int, Player[Any]] = {}

    @property
    def seats(self) -> int:
        return self.learners + len(self.others)

    def new_game(self, seed: int) -> GameState[Any]:
        """A fresh game from ``seed``, with fresh machine players seeded from it."""
        state: GameState[Any] = self.kind.new_state(self.config, seed)
        self.players = {}
        for seat, kind in enumerate(self.others, start=self.learners):
            player = self.kind.make_player(kind, player_seed(seed, seat))
            if player is not None:
                self.players[seat] = player
        return state

    def learners_to_act(self, state: GameState[Any]) -> list[int]:
        return [seat for seat in state.seats_to_act if seat < self.learners]

    def advance(self, state: GameState[Any]) -> None:
        """Let the machine players move until a learning seat must act or the game ends."""
        while not state.is_over and not self.learners_to_act(state):
            seat = state.seats_to_act[0]
            legal = state.legal_actions(seat)
            observation = self.kind.observation(state, seat)
            state.apply(seat, self.players[seat].choose(observation, legal))


def default_others(game: str) -> tuple[str, ...]:
    """The machine seats of the game's default table (the card game: three experts)."""
    return tuple(kind for kind in game_kind(game).default_seats if kind != HUMAN)
