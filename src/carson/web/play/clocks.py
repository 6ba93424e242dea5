"""The clocks on a game page, and leaving a game from it: every seat's clock (ticking in the
browser, ``static/clocks.js``; the server's clock is the authority and the panel is fetched
again after every move), the resign button (behind a confirmation) and the abort button of
the first round."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import UTC, datetime

from fastapi import APIRouter, Request
from fastapi.responses import HTMLResponse, RedirectResponse, Response
from starlette.concurrency import run_in_threadpool

from carson.core.clock import TimeControl
from carson.core.game import JSON
from carson.core.registry import HUMAN
from carson.server.kernel.ratelimit import RateLimited
from carson.server.play.api import service_of
from carson.server.play.games import GameError
from carson.server.play.table_news import ABORTED, RESIGNED, TIMEOUT_LEFT, TIMEOUT_MOVE, News
from carson.web.accounts.account import when
from carson.web.kernel.clock_text import shown_time
from carson.web.kernel.looking import looked_at
from carson.web.kernel.refusals import refused_page
from carson.web.kernel.visit import Visit, signed_in_form, visit_of

router = APIRouter(include_in_schema=False)


@dataclass(frozen=True)
class SeatClock:
    name: str
    left: float
    shown: str
    running: bool
    mine: bool
    gone: str | None  # why the player left, in words
    away: str | None = None  # "on vacation until …": the clock paused (correspondence)


@dataclass(frozen=True)
class ClockPanel:
    """What the panel shows of a seat's view: the clocks, and what the seat may do."""

    game: str
    control: str | None
    now: float | None
    seats: list[SeatClock]
    can_resign: bool
    can_abort: bool
    abort_asked: bool  # this seat asked already
    others_asked: bool
    #: How a game that ended before its end ended: ``aborted``, ``cancelled``, ``expired``.
    ended_early: str | None = None
    #: A correspondence clock's translated format in days and hours (``None``: live).
    days_hours: str | None = None
    #: This seat left a game still played (resigned, out of time): a machine plays it now,
    #: which the page says, lest its decision box seem to speak of the player's own moves.
    taken_over: bool = False
    #: What happened lately at the table beside its moves, in words (issue 44), oldest first.
    news: tuple[str, ...] = ()

    @property
    def empty(self) -> bool:
        """Nothing to show (a table waiting for its players, with no clock)."""
        asks = self.can_resign or self.can_abort or self.abort_asked or self.others_asked
        said = self.ended_early is not None or self.taken_over or bool(self.news)
        return self.control is None and not said and not asks


def news_lines(visit: Visit, page: JSON, news: Sequence[News]) -> tuple[str, ...]:
    """The table's news in the reader's words: who, at which move, what it means."""
    said = {
        TIMEOUT_MOVE: visit.gettext("#%(seq)s %(name)s's time ran out: a machine moved for them."),
        TIMEOUT_LEFT: visit.gettext(
            "#%(seq)s %(name)s's time ran out: a machine plays their seat to the end."
        ),
        RESIGNED: visit.gettext(
            "#%(seq)s %(name)s resigned: a machine plays their seat to the end."
        ),
        ABORTED: visit.gettext("#%(seq)s %(name)s aborted the game: it counts for no rating."),
    }
    lines = []
    # A machine moving again and again for one seat out of time was told once a move (four
    # like lines at the same move, a new player trying the table saw): its latest is told.
    repeated = {(i.seat, i.kind) for i in news if i.kind == TIMEOUT_MOVE}
    latest = {(i.seat, i.kind): index for index, i in enumerate(news)}
    news = [i for index, i in enumerate(news)
            if (i.seat, i.kind) not in repeated or latest[i.seat, i.kind] == index]  # fmt: skip
    for item in news:
        seat = page["seats"][item.seat] if item.seat is not None else {}
        name = seat.get("user") or visit.gettext("a player")
        if item.kind in said:
            lines.append(said[item.kind] % {"seq": item.seq, "name": name})
    return tuple(lines)


def clock_panel(visit: Visit, page: JSON, news: Sequence[News] = ()) -> ClockPanel:
    """The panel of a seat's view (as ``GET /api/games/{id}`` answers it), with the table's
    ``news``."""
    clock, seat = page.get("clock"), page["seat"]  # seat None: a spectator, who plays not
    going_on = seat is not None and page["status"] == "playing"
    playing = going_on and page["seats"][seat].get("left") is None
    number = page["view"].get("round") if isinstance(page.get("view"), dict) else None
    first_round = not isinstance(number, int) or number <= 1
    asked = list(page.get("abort_asked", []))
    ended = page.get("ended")
    early = ended if ended in ("aborted", "cancelled", "expired") else None
    slow = clock is not None and TimeControl.parse(clock["control"]).kind == "correspondence"
    days_hours = visit.gettext("%(days)s d %(hours)s h") if slow else None
    return ClockPanel(
        game=page["id"],
        control=None if clock is None else clock["control"],
        now=None if clock is None else clock["now"],
        seats=[] if clock is None else _seats(visit, page, clock, days_hours),
        can_resign=playing,
        can_abort=playing and first_round and seat not in asked,
        abort_asked=seat in asked and early is None,
        others_asked=any(other != seat for other in asked) and early is None,
        ended_early=early,
        days_hours=days_hours,
        taken_over=going_on and not playing,
        news=news_lines(visit, page, news),
    )


def _seats(visit: Visit, page: JSON, clock: JSON, days_hours: str | None) -> list[SeatClock]:
    gone = {
        "resigned": visit.gettext("resigned"),
        "timeout": visit.gettext("out of time: a machine plays on"),
    }
    seats = []
    away = visit.gettext("on vacation until %(date)s")
    kinds = [str(seat["kind"]) for seat in page["seats"]]
    for index, seat in enumerate(page["seats"]):
        until = seat.get("vacation_until")
        human = seat["kind"] == HUMAN and seat["user"]
        name = seat["user"] if human else visit.machine_seat(page["game"], kinds, index)
        left = float(clock["left"][index])
        seats.append(
            SeatClock(
                name=str(name),
                left=left,
                shown=shown_time(left, days_hours),
                running=bool(clock["running"][index]),
                mine=index == page["seat"],
                gone=gone.get(seat.get("left") or ""),
                away=None if until is None else away % {"date": _moment(until, visit.lang)},
            )
        )
    return seats


def _moment(epoch: float, lang: str) -> str:
    return when(datetime.fromtimestamp(epoch, UTC), lang)


@router.get("/games/{game_id}/clocks", response_class=HTMLResponse)
async def clocks(game_id: str, request: Request) -> HTMLResponse:
    """The panel alone (the page fetches it again after every move)."""
    visit = await visit_of(request)
    service = service_of(request)
    try:
        page = await looked_at(request, visit, lambda: service.view(visit.user, game_id, True))
        news = await run_in_threadpool(service.news, game_id)
    except RateLimited as limited:
        return refused_page(visit, limited)
    except GameError as error:
        return visit.render("kernel/message.html", status=error.status, message=error.message)
    return visit.render("play/clock_panel.html", panel=clock_panel(visit, page, news))


@router.post("/games/{game_id}/resign")
async def resign(game_id: str, request: Request) -> Response:
    return await _leave(game_id, request, "resign")


@router.post("/games/{game_id}/abort")
async def abort(game_id: str, request: Request) -> Response:
    return await _leave(game_id, request, "abort")


async def _leave(game_id: str, request: Request, how: str) -> Response:
    checked = await signed_in_form(request)
    if isinstance(checked, Response):
        return checked
    visit, user, _ = checked
    service = service_of(request)
    act = service.resign if how == "resign" else service.abort
    try:
        await run_in_threadpool(act, user, game_id)
    except GameError as error:
        message = refusals(visit).get(error.code, error.message)
        return visit.render("kernel/message.html", status=error.status, message=message)
    return RedirectResponse(f"/games/{game_id}", status_code=303)


def refusals(visit: Visit) -> dict[str, str]:
    """A refused resign or abort in the player's words, by the API's code."""
    return {
        "too_late": visit.gettext("A game can be aborted in its first round only."),
        "left_game": visit.gettext("You left this game already: a machine plays your seat."),
        "game_over": visit.gettext("The game is over."),
        "not_started": visit.gettext("The game has not started yet."),
        "forbidden": visit.gettext("You have no seat in this game."),
        "not_found": visit.gettext("There is no such game."),
    }
