"""How the lobby's list reads for one visitor: each table's seats by name (people, machines
by their level, free seats), whether the visitor's rating lets them join, and the visitor's
own open seek and private tables, which the public list leaves out."""

from __future__ import annotations

from fastapi import Request
from starlette.concurrency import run_in_threadpool

from carson.core.game import JSON
from carson.core.registry import HUMAN
from carson.server.lobby import mine as lobby_mine
from carson.server.play.api import service_of
from carson.web.kernel.visit import Visit


def seat_names(visit: Visit, table: JSON) -> list[JSON]:
    """Each seat as the list shows it: who holds it, or a machine's level, or free."""
    names = []
    kinds = [str(seat["kind"]) for seat in table["seats"]]
    for index, seat in enumerate(table["seats"]):
        if seat["user"] is not None:
            names.append({"name": seat["user"], "bot": seat["bot"], "free": False})
        elif seat["kind"] == HUMAN:
            names.append({"name": visit.gettext("free seat"), "bot": False, "free": True})
        else:
            label = visit.machine_seat(table["game"], kinds, index)
            names.append({"name": label, "bot": False, "free": False})
    return names


async def mark_joinable(request: Request, visit: Visit, rows: list[JSON]) -> None:
    """Mark the tables whose rating range leaves the visitor out (``outside``: their rating),
    so that the list says why instead of offering to join."""
    ranged = [row for row in rows if row["rating_min"] is not None or row["rating_max"] is not None]
    if visit.user is None or not ranged:
        return
    games = {row["game"] for row in ranged}
    shown = await run_in_threadpool(lobby_mine.ratings, service_of(request), visit.user, games)
    for row in ranged:
        rating = shown[row["game"]]
        row["outside"] = None if lobby_mine.in_range(rating, row) else rating


async def mine(request: Request, visit: Visit) -> JSON:
    """The visitor's open seek and private waiting tables."""
    if visit.user is None:
        return {"my_seek": None, "my_tables": []}
    service = service_of(request)
    seek = await run_in_threadpool(lobby_mine.open_seek, service, visit.user)
    tables = await run_in_threadpool(lobby_mine.private_tables, service, visit.user)
    return {"my_seek": seek, "my_tables": tables}
