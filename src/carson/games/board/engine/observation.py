"""What a player sees of a board game, and samples of the game consistent with it.

A :class:`BoardObservation` is handed to players: it exposes the seat's view and the public
state, and :meth:`sample` returns a full game that agrees with everything the seat knows but
re-draws what it cannot know (BG-11): future dice and bag draws (a new seed), the other seats'
duel tiles (the unseen tiles dealt again among their hands and the pool, hand sizes kept),
their pending tile choices, votes and new-beginning purchases. Searches and one-ply
heuristics play on samples, never on the real hidden facts.

Known simplification: with duel tiles in 3–5 player games the announced totals (public) are
not used to constrain the re-deal.
"""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import dataclass

from carson.core.game import JSON
from carson.games.board.engine.state import BoardGameState


@dataclass(frozen=True, slots=True)
class BoardObservation:
    state: BoardGameState  # the real game: use only through the methods below
    seat: int

    def view(self) -> JSON:
        return self.state.view(self.seat)

    @property
    def public(self) -> BoardGameState:
        """The state for reading public facts (board, money, VP, pieces) — never hidden ones."""
        return self.state

    def sample(self, rng: random.Random) -> BoardGameState:
        return determinize(self.state, self.seat, rng)


def determinize(state: BoardGameState, seat: int, rng: random.Random) -> BoardGameState:
    """A copy of ``state`` with every fact hidden from ``seat`` drawn again from ``rng``."""
    sample = state.clone(seed=rng.getrandbits(64))  # the future drawn anew
    others = [index for index in range(len(sample.players)) if index != seat]
    if any(sample.players[index].tiles for index in range(len(sample.players))) or sample.pool:
        _redeal_tiles(sample, seat, others, rng)
    for index in others:
        player = sample.players[index]
        if player.vote is not None and any(p.vote is None for p in sample.players):
            player.vote = rng.randrange(1 << 7)  # a vote not yet revealed
        if player.purchases and any(p.purchasing for p in sample.players):
            player.purchases = []  # purchases not yet revealed: assume none
    return sample


def _redeal_tiles(sample: BoardGameState, seat: int, others: list[int], rng: random.Random) -> None:
    players = sample.players
    everything: Counter[int] = Counter()
    for player in players:
        everything.update(player.tiles)  # a chosen tile stays in the hand until the reveal
    everything.update(sample.pool)
    unseen = everything - Counter(players[seat].tiles)
    values = sorted(unseen.elements())
    rng.shuffle(values)
    for index in others:
        player = players[index]
        count = len(player.tiles)
        player.tiles = sorted(values[:count])
        del values[:count]
        if player.tile_choice is not None:
            player.tile_choice = rng.choice(player.tiles) if player.tiles else None
    sample.pool = sorted(values)
