"""How a table is played, chosen by its creator: who may find it, whether it is rated, its
time control, and what a timeout does. Checked once, at creation; stored on the game's row.

Every game has these settings (the platform's, not a game's): the lobby lists public
tables, the clocks run by the time control, and ratings change only after rated games.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Literal

from carson.core.clock import TimeControl, TimeControlError
from carson.core.game import JSON
from carson.core.registry import HUMAN, AnyGameKind
from carson.server.kernel.errors import Unprocessable

#: What happens when a seat's clock runs out: ``move`` — a machine makes that one move and
#: the player may come back; ``takeover`` — a machine plays the seat to the end of the game
#: and the player counts as last.
OnTimeout = Literal["move", "takeover"]
ON_TIMEOUT: tuple[OnTimeout, ...] = ("move", "takeover")
#: The machine that moves for a seat whose time ran out, unless the creator chose another
#: (a game without this level: its first machine kind).
DEFAULT_TIMEOUT_LEVEL = "ai-medium"
#: Ratings are whole numbers on the scale of :mod:`carson.core.ratings` (1500 to start).
RATING_BOUNDS = (0, 4000)


@dataclass(frozen=True, slots=True)
class TableSettings:
    """A table's settings; the defaults are a private, unrated game without a clock."""

    public: bool = False
    rated: bool = False
    time_control: TimeControl | None = None
    on_timeout: OnTimeout = "move"
    timeout_level: str = DEFAULT_TIMEOUT_LEVEL
    rating_min: int | None = None
    rating_max: int | None = None

    def to_json(self) -> JSON:
        return {
            "public": self.public,
            "rated": self.rated,
            "time_control": None if self.time_control is None else str(self.time_control),
            "on_timeout": self.on_timeout,
            "timeout_level": self.timeout_level,
            "rating_min": self.rating_min,
            "rating_max": self.rating_max,
        }

    @classmethod
    def stored(
        cls,
        public: bool,
        rated: bool,
        time_control: str | None,
        on_timeout: str,
        timeout_level: str,
        rating_min: int | None,
        rating_max: int | None,
    ) -> TableSettings:
        """The settings as a game's row holds them (checked when they were stored)."""
        return cls(
            public=public,
            rated=rated,
            time_control=None if time_control is None else TimeControl.parse(time_control),
            on_timeout="takeover" if on_timeout == "takeover" else "move",
            timeout_level=timeout_level,
            rating_min=rating_min,
            rating_max=rating_max,
        )


def checked_settings(
    which: AnyGameKind,
    seat_kinds: Sequence[str],
    *,
    public: bool = False,
    rated: bool = False,
    time_control: str | None = None,
    on_timeout: str = "move",
    timeout_level: str | None = None,
    rating_min: int | None = None,
    rating_max: int | None = None,
) -> TableSettings:
    """The settings of a new table of ``which`` with these seats, or 422 saying what is wrong."""
    try:
        clock = None if time_control in (None, "") else TimeControl.parse(str(time_control))
    except TimeControlError as error:
        raise Unprocessable(str(error), "invalid_time_control") from None
    if on_timeout not in ON_TIMEOUT:
        raise Unprocessable(
            f"on_timeout is {' or '.join(ON_TIMEOUT)}, not {on_timeout!r}", "invalid_setup"
        )
    if timeout_level is None:
        timeout_level = default_timeout_level(which)
    elif timeout_level not in which.seat_players:
        # The engine's own kinds (the card game's virtual players) play no person's seat.
        raise Unprocessable(
            f"{timeout_level!r} cannot play a person's seat; for timeouts choose from "
            f"{', '.join(which.seat_players)}",
            "invalid_timeout_level",
        )
    if rated and sum(kind == HUMAN for kind in seat_kinds) < 2:
        raise Unprocessable("a rated game needs at least two human seats", "invalid_setup")
    _check_rating_range(rating_min, rating_max)
    return TableSettings(
        public=public,
        rated=rated,
        time_control=clock,
        on_timeout="takeover" if on_timeout == "takeover" else "move",
        timeout_level=timeout_level,
        rating_min=rating_min,
        rating_max=rating_max,
    )


def default_timeout_level(which: AnyGameKind) -> str:
    """The machine that plays for a timed-out seat when the creator chose none."""
    if DEFAULT_TIMEOUT_LEVEL in which.seat_players or not which.seat_players:
        return DEFAULT_TIMEOUT_LEVEL
    return which.seat_players[0]


def _check_rating_range(low: int | None, high: int | None) -> None:
    for bound in (low, high):
        if bound is not None and not RATING_BOUNDS[0] <= bound <= RATING_BOUNDS[1]:
            raise Unprocessable(
                f"a rating bound is between {RATING_BOUNDS[0]} and {RATING_BOUNDS[1]}, not {bound}",
                "invalid_setup",
            )
    if low is not None and high is not None and low > high:
        raise Unprocessable(
            f"the rating range {low}–{high} is empty: its lower bound is above its upper",
            "invalid_setup",
        )
