"""Legal-placement enumeration against python-chess's legal-move generation (issue: foundation).

Both are measured in the same run on the same machine, and compared as a ratio:
enumerations of every legal placement of one card in one mid-game city per second, versus
full legal-move generations (``list(board.legal_moves)``) per second on middlegame positions,
both per CPU-second. Goal: ratio >= 1.0 (issue 5), >= 5.0 (issue 21).
"""

from __future__ import annotations

import random

import chess

from benchmarks.timing import best_rate
from carson.games.card.catalog import load_catalog
from carson.games.card.city import City, Layout

#: Standard middlegame positions (Kiwipete and three from common openings, move 9–11).
MIDDLEGAMES = (
    "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
    "r1bqkb1r/pp3ppp/2n1pn2/2pp4/3P4/2PBPN2/PP3PPP/RNBQK2R w KQkq - 0 6",
    "r2q1rk1/pp2bppp/2n1bn2/3p4/3P4/2NBBN2/PP3PPP/R2Q1RK1 w - - 4 11",
    "2rq1rk1/pb1nbppp/1p2pn2/2pp4/2PP4/1PN1PN2/PB2BPPP/R2Q1RK1 w - - 0 11",
)

CITY_COUNT = 24
SEED = 20261122


def midgame_cities(seed: int = SEED) -> list[tuple[City, list[Layout]]]:
    """Fixed, realistic mid-game cities (8–14 cards of the real deck) with cards to place.

    Each city is grown by placing deck cards where they touch the most of the city (players
    build compactly), ties broken by the seeded generator; the cards to enumerate are the
    next deck cards, as a player would be offered them in the row.
    """
    rng = random.Random(seed)
    deck = [card.parcels for card in load_catalog().terrain]
    cities = []
    while len(cities) < CITY_COUNT:
        rng.shuffle(deck)
        city = City(captain=rng.random() < 0.2, sheriff=rng.random() < 0.2)
        target = rng.randint(8, 14)
        placed = 0
        for card_id, layout in enumerate(deck):
            options = city.legal_placements(layout)
            if not options:
                continue
            x, y = max(options, key=lambda xy: (_contact(city, xy), rng.random()))
            city.place(card_id, layout, x, y)
            placed += 1
            if placed == target:
                break
        cities.append((city, deck[placed + 1 : placed + 6]))
    return cities


def _contact(city: City, xy: tuple[int, int]) -> int:
    x, y = xy
    return sum(
        city.visible(x + dx, y + dy) is not None for dx in (-1, 0, 1, 2) for dy in (-1, 0, 1, 2)
    )


def main() -> None:
    cases = midgame_cities()
    boards = [chess.Board(fen) for fen in MIDDLEGAMES]
    placements_per_city = [
        len(city.legal_placements(card)) for city, cards in cases for card in cards
    ]
    moves = [len(list(board.legal_moves)) for board in boards]

    def enumerate_placements() -> int:
        for city, cards in cases:
            for card in cards:
                city.legal_placements(card)
        return sum(len(cards) for _, cards in cases)

    def generate_moves() -> int:
        for board in boards:
            list(board.legal_moves)
        return len(boards)

    ours = best_rate(enumerate_placements)
    theirs = best_rate(generate_moves)
    cards_in_cities = [len(city.cards) for city, _ in cases]
    print("Legal placements vs python-chess legal moves (best of 5 × 1 CPU-s, one process)")
    print(
        f"  carson: {ours:>10,.0f} enumerations/CPU-s  ({len(cases)} cities of "
        f"{min(cards_in_cities)}–{max(cards_in_cities)} cards, "
        f"{sum(placements_per_city) / len(placements_per_city):.1f} placements on average)"
    )
    print(
        f"  chess:  {theirs:>10,.0f} generations/CPU-s  ({len(boards)} middlegames, "
        f"{sum(moves) / len(moves):.1f} legal moves on average; chess {chess.__version__})"
    )
    print(f"  ratio:  {ours / theirs:>10.2f}  (goal >= 5.0)")
