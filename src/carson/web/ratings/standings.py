"""The pages of ratings and players: a game's leaderboard, a player's profile (games played
and won, ratings with their history drawn as an SVG chart, the latest finished games) and
the list of all of a player's finished games, a page at a time. Shown to people logged in,
as the API shows them."""

from __future__ import annotations

from collections.abc import Callable
from datetime import datetime
from typing import Any, TypeVar
from urllib.parse import quote

from babel.dates import format_date
from fastapi import APIRouter, Request
from fastapi.responses import HTMLResponse, RedirectResponse, Response
from starlette.concurrency import run_in_threadpool

from carson.core.game import JSON
from carson.core.registry import games
from carson.server.kernel.errors import GameError
from carson.server.play.api import service_of
from carson.server.ratings import profiles
from carson.web.kernel.visit import Visit, game_label, visit_of
from carson.web.people.pages import done_text, relation
from carson.web.ratings.charts import RatingPoint, rating_chart

router = APIRouter(include_in_schema=False)
T = TypeVar("T")


def _page_number(request: Request) -> int:
    """``?page=``, 1 if missing or not a page number."""
    raw = request.query_params.get("page", "1")
    return int(raw) if raw.isdigit() and 1 <= int(raw) <= 100_000 else 1


async def _read(visit: Visit, reading: Callable[[Any], T]) -> T | HTMLResponse:
    """What ``reading`` finds in a database session, or the page saying why not (404)."""

    def read() -> T:
        with service_of(visit.request).sessions() as session:
            return reading(session)

    try:
        return await run_in_threadpool(read)
    except GameError as error:
        message = visit.gettext("There is no such player or game.")
        return visit.render("kernel/message.html", status=error.status, message=message)


def day(moment: datetime | None, lang: str) -> str:
    return "" if moment is None else format_date(moment, format="medium", locale=lang)


def _game_labels(visit: Visit) -> dict[str, str]:
    return {name: game_label(kind, visit) for name, kind in games().items()}


@router.get("/ratings", response_class=HTMLResponse)
async def ratings_home() -> Response:
    return RedirectResponse(f"/ratings/{next(iter(games()))}", status_code=303)


@router.get("/ratings/{game}", response_class=HTMLResponse)
async def leaderboard_page(game: str, request: Request) -> HTMLResponse:
    visit = await visit_of(request)
    if visit.user is None:
        return visit.render("kernel/login_needed.html", next=quote(request.url.path))
    page = profiles.Page(_page_number(request), profiles.BOARD_PAGE)
    board = await _read(visit, lambda session: profiles.leaderboard(session, game, page))
    if isinstance(board, HTMLResponse):
        return board
    return visit.render("ratings/leaderboard.html", board=board, labels=_game_labels(visit))


@router.get("/players/{username}", response_class=HTMLResponse)
async def profile_page(username: str, request: Request) -> HTMLResponse:
    visit = await visit_of(request)
    if visit.user is None:
        return visit.render("kernel/login_needed.html", next=quote(request.url.path))

    viewer = visit.user.id

    def reading(session: Any) -> JSON:
        found = profiles.profile(session, username, viewer)
        found["history"] = {
            stats["game"]: profiles.rating_history(session, username, stats["game"])["points"]
            for stats in found["games"]
            if stats["rating"] is not None
        }
        return found

    profile = await _read(visit, reading)
    if isinstance(profile, HTMLResponse):
        return profile
    labels = _game_labels(visit)
    charts = {game: _chart(visit, labels[game], points)
              for game, points in profile["history"].items()}  # fmt: skip
    query = request.query_params
    return visit.render(
        "ratings/player.html", profile=profile, labels=labels, charts=charts,
        rows=_rows(visit, profile["recent"]), relation=await relation(visit, username),
        done=done_text(visit, query.get("done", ""), query.get("name", "")[:32]),
    )  # fmt: skip


@router.get("/players/{username}/games", response_class=HTMLResponse)
async def player_games_page(username: str, request: Request) -> HTMLResponse:
    visit = await visit_of(request)
    if visit.user is None:
        return visit.render("kernel/login_needed.html", next=quote(request.url.path))
    page = profiles.Page(_page_number(request), profiles.GAMES_PAGE)
    viewer = visit.user.id

    def reading(session: Any) -> JSON:
        found = profiles.player(session, username)
        return profiles.finished_games(session, found, page, viewer)

    listing = await _read(visit, reading)
    if isinstance(listing, HTMLResponse):
        return listing
    return visit.render(
        "ratings/player_games.html", listing=listing, labels=_game_labels(visit),
        rows=_rows(visit, listing["games"]),
    )  # fmt: skip


def _chart(visit: Visit, label: str, points: list[JSON]) -> str:
    title = visit.gettext("Rating in %(game)s") % {"game": label}
    description = visit.gettext("The rating after each of %(count)s rated games.") % {
        "count": len(points)
    }
    drawn = [RatingPoint(point["at"].date(), point["rating"]) for point in points]
    return rating_chart(drawn, title, description)


def _rows(visit: Visit, finished: list[JSON]) -> list[JSON]:
    """The finished games as the pages show them: the day, and each seat's name or machine."""
    shown = []
    for game in finished:
        players = [
            {**seat, "name": seat["user"] or visit.seat_label(game["game"], seat["kind"])}
            for seat in game["players"]
        ]
        mine = visit.user is not None and any(
            seat["user"] == visit.user.username for seat in players
        )  # the replay is its players'
        shown.append(
            {**game, "day": day(game["ended_at"], visit.lang), "players": players, "mine": mine}
        )
    return shown
