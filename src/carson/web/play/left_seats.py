"""What a game's result says of seats whose players left (resigned, or lost on time): a
machine played them to the end, and they never count as a win (carson.server.ratings.standings),
whatever they scored. Shared by the games' presenters."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence


def only_left_seats_best(seats: Sequence[Mapping[str, object]], best: Iterable[int]) -> bool:
    """Whether every best score (``best``: the engine's winners) is a left seat's: the game
    then has no winner, only a highest score. ``seats`` are the page's seats."""
    best = list(best)
    return bool(best) and all(seats[seat].get("left") for seat in best)


def stayed_best(seats: Sequence[Mapping[str, object]], totals: Sequence[int]) -> list[int]:
    """The seats with the highest total among those whose players did not leave (machines'
    seats included): the winners a game names when its best score was a left seat's."""
    stayed = [seat for seat in range(len(totals)) if not seats[seat].get("left")]
    if not stayed:
        return []
    best = max(totals[seat] for seat in stayed)
    return [seat for seat in stayed if totals[seat] == best]


def left_lines(
    seats: Sequence[Mapping[str, object]], names: Sequence[str], gettext: Callable[[str], str]
) -> list[str]:
    """What happened to each seat whose player left, in the reader's words."""
    said = {
        "resigned": gettext("%(name)s resigned; a machine played the seat to the end."),
        "timeout": gettext("%(name)s ran out of time; a machine played the seat to the end."),
    }
    return [
        said[str(seat.get("left"))] % {"name": names[index]}
        for index, seat in enumerate(seats)
        if seat.get("left") in said
    ]


def mark_machine_moves(
    lines: Sequence[dict[str, object]],
    key: str,
    moves: frozenset[int],
    gettext: Callable[[str], str],
) -> None:
    """Say on each log line of a move a machine made for a person out of time (``key``: the
    line's move number) that a machine made it."""
    note = gettext("(a machine moved: time ran out)")
    for line in lines:
        if line.get(key) in moves and line.get("seat") is not None:
            line["text"] = f"{line['text']} {note}"
