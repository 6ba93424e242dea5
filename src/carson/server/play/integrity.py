"""Who may know a game's seed, and so its every hidden card and die.

A game is fully determined by its seed: deck order, draws, dice and the machine seats' own
choices (their streams come from it, :func:`carson.core.players.player_seed`). Whoever knows
the seed of a game can replay it locally and know what the others may not, so:

- a **practice** game (one human seat, the rest machines, unrated) may take the seed its
  creator chooses: it cheats nobody, and the same seed gives the same game to study;
- in every other game (several people, and any rated game) the server draws the seed from
  :mod:`secrets` over 62 bits (too many to find by replaying candidate seeds against the
  cards one sees) and shows it to nobody before the game is over (the record and the replay
  wait for the end; no view, event or page carries it).
"""

from __future__ import annotations

import secrets
from collections.abc import Sequence

from carson.core.registry import HUMAN
from carson.server.kernel.errors import Unprocessable

#: Seeds are below this (the ``games.seed`` column is a signed 64-bit integer).
MAX_SEED = 2**62


def is_practice(seat_kinds: Sequence[str], rated: bool = False) -> bool:
    """Whether a game is practice: one person against machines, and not rated. Ratings do
    not exist yet: a rated game will pass ``rated=True`` and never be practice."""
    return not rated and sum(kind == HUMAN for kind in seat_kinds) == 1


def game_seed(chosen: int | None, seat_kinds: Sequence[str], rated: bool = False) -> int:
    """The seed of a new game: the creator's for a practice game if given, else a secret one
    drawn by the server. A chosen seed for any other game is refused (422)."""
    if chosen is None:
        return secret_seed()
    if not is_practice(seat_kinds, rated):
        raise Unprocessable(
            "a seed may be chosen only for a practice game (one human seat, the rest "
            "machines): with several people at the table the server draws it in secret"
        )
    if not 0 <= chosen < MAX_SEED:
        raise Unprocessable(f"seed must be between 0 and {MAX_SEED - 1}", "invalid_setup")
    return chosen


def secret_seed() -> int:
    """A seed nobody can guess or choose."""
    return secrets.randbelow(MAX_SEED)
