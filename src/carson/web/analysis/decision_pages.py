"""The seat's view at each of its past decisions, for the analysis page: a game names the
moves of a finished game as its table worded them then (issue 25) — the card game's
placements in the city's stable frame of that moment, the board game's seats by name —
where without a page it could give only the engine's coordinates."""

from __future__ import annotations

from collections.abc import Iterable

from carson.core.game import JSON
from carson.server.play.games import GameService

Page = JSON


def decision_pages(
    service: GameService, game_id: str, seat: int, steps: Iterable[int]
) -> dict[int, Page]:
    """By step (the number of moves before the decision): the seat's page then, as ``GET
    /api/games/{id}`` gave it (its seat, the seats, the engine's view). The caller has
    checked that the visitor may see the game's analysis; the game is replayed once."""
    wanted = set(steps)
    if not wanted:
        return {}
    with service.sessions() as session:
        table = service.store.table(session, game_id)
        moves = list(service.store.state(session, table).actions)
    seats = [
        {"seat": index, "kind": kind, "user": table.names.get(index), "bot": index in table.bots}
        for index, kind in enumerate(table.seat_kinds)
    ]
    state = table.kind.new_state(table.config, table.seed)
    pages: dict[int, Page] = {}
    for step, (acting, action) in enumerate(moves[: max(wanted) + 1]):
        if step in wanted:
            pages[step] = {"game": table.game, "seat": seat, "seats": seats,
                           "view": state.view(seat)}  # fmt: skip
        state.apply(acting, action)
    return pages
