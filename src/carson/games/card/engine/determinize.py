"""Re-dealing what a seat cannot know: one sample of the game's hidden facts (CG-9.2).

A search player for this imperfect-information game (information-set Monte Carlo tree search)
plays on such samples. Everything the seat may see stays as it is — its view of the sample is
identical to its view of the real game — and every hidden fact is drawn anew, consistently
with what is public: deck contents stay (their order is hidden; the top personality card's
back is public, so that card stays on top), each virtual seat keeps the values it has left
(their order is hidden), and another seat's secret bid becomes some card of its public hand.

Each hidden list is put in a canonical order before it is shuffled, so the sample depends on
the seed and the public facts only: a search that is deterministic for a seed then decides
the same whatever the real hidden order is.
"""

from __future__ import annotations

import random

from carson.games.card.catalog import Personality, TerrainCard
from carson.games.card.engine.shuffle import shuffle
from carson.games.card.engine.state import CardGameState


def determinize(state: CardGameState, seat: int, rng: random.Random) -> CardGameState:
    """A copy of ``state`` with every fact hidden from ``seat`` drawn again from ``rng``."""
    sample = state.clone()
    for deck in sample.terrain_decks:
        deck.sort(key=_terrain_id)
        shuffle(deck, rng)
    if len(sample.personality_deck) > 1:
        below = sorted(sample.personality_deck[:-1], key=_personality_id)
        shuffle(below, rng)
        sample.personality_deck[:-1] = below
    for index, me in enumerate(sample.seats):
        me.virtual_deck.sort()
        shuffle(me.virtual_deck, rng)
        for era_deck in sample.virtual_decks[index]:
            era_deck.sort()
            shuffle(era_deck, rng)  # era II's order is drawn at setup, and hidden too
        if index != seat and me.bid is not None:
            me.bid = rng.choice(me.hand)
    return sample


def _terrain_id(card: TerrainCard) -> int:
    return card.id


def _personality_id(card: Personality) -> str:
    return card.id
