"""Helpers for engine tests: random playouts, card conservation, re-dealing hidden facts."""

from __future__ import annotations

import random
from collections import Counter

from carson.games.card.engine.config import GameConfig
from carson.games.card.engine.state import CardGameState


def random_step(state: CardGameState, rng: random.Random) -> None:
    seat = rng.choice(state.seats_to_act)
    legal = state.legal_actions(seat)
    state.apply(seat, rng.choice(legal))


def random_config(rng: random.Random) -> GameConfig:
    seats = rng.randint(4, 6)
    kinds = [
        rng.choice(["player", "player", "beginner", "advanced", "expert"]) for _ in range(seats)
    ]
    return GameConfig.of(kinds)


def assert_cards_conserved(state: CardGameState) -> None:
    """Every terrain card and personality is in exactly one place (conservation)."""
    terrain: Counter[int] = Counter()
    for deck in state.terrain_decks:
        terrain.update(card.id for card in deck)
    terrain.update(card.id for card in state.discarded_terrain)
    personalities: Counter[str] = Counter(p.id for p in state.personality_deck)
    personalities.update(p.id for p in state.removed_personalities)
    for card in state.row:
        if card is None:
            continue
        if hasattr(card, "parcels"):
            terrain[card.id] += 1  # type: ignore[index]
        else:
            personalities[card.id] += 1  # type: ignore[index]
    pending = state._pending
    for me in state.seats:
        personalities.update(me.personalities)
        if me.city is None:
            terrain.update(me.terrain)
        else:
            in_city = [c.card_id for c in me.city.cards]
            terrain.update(in_city)
            terrain.update(me.set_aside)
            terrain.update(me.sold)
            placed = set(in_city) | set(me.set_aside) | set(me.sold)
            if (
                pending is not None
                and state.seats_to_act
                and state.seats[state.seats_to_act[0]] is me
            ):
                placed.add(pending.id)
                terrain[pending.id] += 1
            assert placed == set(me.terrain), "a player's taken cards are placed, set aside or sold"
    assert terrain == Counter({card.id: 1 for card in state.catalog.terrain})
    assert personalities == Counter({p.id: 1 for p in state.catalog.personalities})
