"""BG-9.1 over random games of every variant: every road a player lays from his supply
during a construction belongs to a construction that put its building on the board."""

from __future__ import annotations

import random

from test_board_conformance import SOME_CONFIGS, new_game, seed_of

from carson.games.board.engine.state import BoardGameState
from carson.games.board.town import edge_name


def construction_roads(g: BoardGameState, rng: random.Random) -> tuple[int, int]:
    """Plays ``g`` to the end at random; returns (constructions ended by storing after
    laying roads, roads left on the board by them) — the second must be 0. Read from the
    events only: a road laid while a construction is open belongs to it."""
    stored_after_roads = left_behind = 0
    laid: list[tuple[str, int, int]] = []
    while not g.is_over:
        seat = rng.choice(g.seats_to_act)
        legal = g.legal_actions(seat)
        # Lay roads often, so that storing after roads happens in many games.
        roads = [a for a in legal if a.kind == "road"]
        action = rng.choice(roads) if roads and rng.random() < 0.5 else rng.choice(legal)
        building = g.construction is not None
        for event in g.apply(seat, action):
            if event.kind == "road" and building:
                laid.append(tuple(event.data["edge"]))
            elif event.kind == "stored" and laid:
                stored_after_roads += 1
                on_board = {edge_name(edge) for edge in g.town.roads}
                left_behind += sum(edge in on_board for edge in laid)
        if g.construction is None:
            laid = []
    return stored_after_roads, left_behind


def test_bg_9_1_storing_never_leaves_a_road() -> None:
    stored = 0
    for players, variants in SOME_CONFIGS:
        for game in range(2):
            seed = seed_of(players, variants) + game
            g = new_game(players, variants, seed)
            stored_here, left = construction_roads(g, random.Random(seed))
            assert left == 0, (players, variants, seed)
            stored += stored_here
    assert stored > 0, "the property was not exercised: no construction stored after roads"
