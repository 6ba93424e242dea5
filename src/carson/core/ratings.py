"""Ratings for free-for-all games between people, for every game: pure functions.

A rated game ranks its people from first to last and updates each one's rating with
`openskill`'s Plackett–Luce model, made for games of more than two players. Machine seats are
not rated and do not count: people are ranked among themselves, by the places they reached
at the table. A seat that resigned or lost on time ranks last (shared with any other such
seat). Equal scores share a place unless the game's own tie-break gave one of them the win.

Numbers are on a familiar scale: a new player has 1500 ± 500 (μ ± σ); the rating shown is μ,
rounded, and it is *provisional* while σ is still above :data:`PROVISIONAL_SIGMA` (about the
first ten games), as the `?` on lichess.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from openskill.models import PlackettLuce

INITIAL_MU = 1500.0
INITIAL_SIGMA = 500.0
#: σ above which a rating is shown as provisional.
PROVISIONAL_SIGMA = 400.0
_MODEL = PlackettLuce(mu=INITIAL_MU, sigma=INITIAL_SIGMA, beta=INITIAL_SIGMA / 2, tau=5.0)


@dataclass(frozen=True, slots=True)
class Rating:
    """One player's rating in one game: μ (the estimate) and σ (its uncertainty)."""

    mu: float = INITIAL_MU
    sigma: float = INITIAL_SIGMA

    @property
    def shown(self) -> int:
        return round(self.mu)

    @property
    def provisional(self) -> bool:
        return self.sigma > PROVISIONAL_SIGMA

    def to_json(self) -> dict[str, float | int | bool]:
        return {
            "rating": self.shown,
            "mu": self.mu,
            "sigma": self.sigma,
            "provisional": self.provisional,
        }


@dataclass(frozen=True, slots=True)
class Standing:
    """How one rated seat ended a game."""

    seat: int
    score: int
    won: bool
    forfeited: bool = False  # resigned or lost on time: ranked last


def places(standings: Sequence[Standing]) -> dict[int, int]:
    """Each seat's place (1 = first; equal results share a place)."""

    def key(standing: Standing) -> tuple[bool, bool, int]:
        if standing.forfeited:  # every seat that left shares the last place, whatever its score
            return (True, True, 0)
        return (False, not standing.won, -standing.score)

    ordered = sorted(standings, key=key)
    result: dict[int, int] = {}
    for index, standing in enumerate(ordered):
        tied = index > 0 and key(ordered[index - 1]) == key(standing)
        result[standing.seat] = result[ordered[index - 1].seat] if tied else index + 1
    return result


def rate(standings: Sequence[Standing], ratings: Mapping[int, Rating]) -> dict[int, Rating]:
    """The new ratings of the seats in ``standings`` (people only), from their ratings
    before the game. Fewer than two people: nothing changes."""
    if len(standings) < 2:
        return {standing.seat: ratings[standing.seat] for standing in standings}
    place = places(standings)
    seats = [standing.seat for standing in standings]
    teams = [[_MODEL.rating(mu=ratings[seat].mu, sigma=ratings[seat].sigma)] for seat in seats]
    updated = _MODEL.rate(teams, ranks=[float(place[seat]) for seat in seats])
    return {
        seat: Rating(team[0].mu, team[0].sigma) for seat, team in zip(seats, updated, strict=True)
    }
