"""Hints and post-game analyses on the pages (:mod:`carson.server.analysis.hints`,
:mod:`carson.server.analysis.service`).

A practice game's page has a hint box: its button asks a worker what the machine would do
at the seat's decision; the box polls until the answer is there, then names the move, its
expected final margin and the next-best moves, and ``hints.js`` marks the move on the table
(the games' tables carry each legal action's JSON on its button). A game that is over links
to its analysis page: the person's decisions, each with the AI's best and the loss in
points, a chart of the losses, and a link to the replay at that step.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping
from typing import Any

from fastapi import APIRouter, Request
from fastapi.responses import HTMLResponse, RedirectResponse, Response
from starlette.concurrency import run_in_threadpool

from carson.ai.evaluation import NotAnalysable, analyst_of
from carson.core.game import JSON
from carson.core.registry import game_kind, games
from carson.server.analysis.hints import Hints
from carson.server.analysis.service import Analyses
from carson.server.analysis.waiting import TooMuchWaiting
from carson.server.kernel.errors import GameError
from carson.server.play.api import service_of
from carson.server.play.games import GameService
from carson.web.analysis.decision_pages import decision_pages
from carson.web.analysis.loss_chart import LossBar, loss_chart
from carson.web.kernel.adapter import NamedMoves, web_game
from carson.web.kernel.visit import Visit, forbidden, game_name, signed_in_form, visit_of

router = APIRouter(include_in_schema=False)

#: What the chart of losses shows, for screen readers.
LOSS_DESCRIPTION = (
    "One bar per decision: how many points of final margin it lost against the machine's best move."
)
#: Next-best moves a hint shows besides the best.
SHOWN_ALTERNATIVES = 3
#: The verdicts a decision's loss earns (:func:`carson.server.analysis.service.verdict`).
VERDICTS = ("best", "good", "inaccuracy", "mistake", "blunder", "forced", "unknown")


def analysable(game: str) -> bool:
    """Whether the game offers an analyst (its page links to the analysis)."""
    try:
        analyst_of(game_kind(game))
    except NotAnalysable:
        return False
    return True


def action_label(action: Any) -> str:
    """An action as a short line (its kind, then its arguments), until a game names it:
    ``{"kind": "bid", "value": 2}`` reads ``bid 2`` (``type``, as analyses stored before the
    card game's actions said ``kind``, too)."""
    if not isinstance(action, Mapping):
        return json.dumps(action, ensure_ascii=False)
    words = [str(action[key]) for key in ("type", "kind") if key in action]
    for key, value in action.items():
        if key in ("type", "kind"):
            continue
        words.append(",".join(map(str, value)) if isinstance(value, list) else str(value))
    return " ".join(words)


Namer = Callable[[Any], str]


def _named_moves(visit: Visit, game: str | None) -> tuple[NamedMoves, Visit] | None:
    """The game's web adapter if it names its actions, with the visit in the game's words."""
    kind = games().get(game or "")
    adapter = None if kind is None else web_game(kind)
    if kind is None or not isinstance(adapter, NamedMoves):
        return None
    return adapter, visit.for_game(kind)


def namer(visit: Visit, game: str | None, page: Mapping[str, Any] | None = None) -> Namer:
    """How the visitor reads a game's actions: in the game's own words where its web adapter
    names them (:class:`~carson.web.kernel.adapter.NamedMoves`), else :func:`action_label`;
    ``page``: the seat's view at the decision, if known."""
    found = _named_moves(visit, game)
    if found is None:
        return action_label
    named, own = found

    def name(action: Any) -> str:
        label = named.action_label(action, page, own.lang, own.gettext)
        return action_label(action) if label is None else label

    return name


def namers_at(
    visit: Visit, game: str | None, pages: Mapping[int, Mapping[str, Any]]
) -> Callable[[int], Namer]:
    """:func:`namer` at each past decision, by step, with the seat's page then (``pages``,
    :mod:`carson.web.analysis.decision_pages`): a placement reads in the stable frame of its
    moment."""
    found = _named_moves(visit, game)
    if found is None:
        return lambda step: action_label
    named, own = found

    def at(step: int) -> Namer:
        page = pages.get(step)

        def name(action: Any) -> str:
            label = named.action_label(action, page, own.lang, own.gettext)
            return action_label(action) if label is None else label

        return name

    return at


def signed(value: float | None) -> str:
    return "?" if value is None else f"{value:+.1f}"


def _behind(value: float | None, best: float | None) -> str:
    """A move's value against the best's, in points (negative: worse)."""
    return signed(None if value is None or best is None else round(value - best, 1))


def hint_context(game_id: str, answer: Mapping[str, Any], name: Namer = action_label) -> JSON:
    """What the hint box shows of the API's answer."""
    hint = answer["hint"]
    context: JSON = {
        "game": game_id,
        "status": answer["status"],
        "seq": answer["seq"],
        "decision": answer["decision"],
    }
    if hint is None:
        return context
    best = hint["best_value"]
    others = [
        {
            "label": name(candidate["action"]),
            "value": signed(candidate["value"]),
            "behind": _behind(candidate["value"], best),
        }
        for candidate in hint["candidates"][1 : 1 + SHOWN_ALTERNATIVES]
    ]
    return {
        **context,
        "best": json.dumps(hint["best"], separators=(",", ":"), sort_keys=True),
        "label": name(hint["best"]),
        "value": signed(best),
        "forced": hint["forced"],
        "others": others,
    }


async def names_of(visit: Visit, service: GameService, game_id: str) -> Namer:
    """:func:`namer` for the game ``game_id`` is (its past decisions: no page)."""
    return namer(visit, await run_in_threadpool(game_name, service, game_id))


async def hint_names(visit: Visit, service: GameService, game_id: str) -> Namer:
    """:func:`namer` for the visitor's decision now, with the seat's page."""
    try:
        page = await run_in_threadpool(service.view, visit.user, game_id)
    except GameError:
        return await names_of(visit, service, game_id)
    return namer(visit, str(page["game"]), page)


async def _hint_box(
    visit: Visit, service: GameService, game_id: str, answer: Mapping[str, Any]
) -> HTMLResponse:
    name = await hint_names(visit, service, game_id)
    return visit.render("analysis/hint.html", hint=hint_context(game_id, answer, name))


async def hint_box(visit: Visit, service: GameService, game_id: str) -> JSON | None:
    """The hint box's context for the game page, or ``None`` where hints are not allowed."""
    if visit.user is None:
        return None
    hints = Hints(service.store, service.accounts.limiter)
    try:
        answer = await run_in_threadpool(hints.read, visit.user, game_id)
    except GameError:
        return None
    return hint_context(game_id, answer, await hint_names(visit, service, game_id))


@router.get("/games/{game_id}/hint", response_class=HTMLResponse)
async def hint_fragment(game_id: str, request: Request) -> HTMLResponse:
    """The hint box alone (it polls itself while the worker thinks)."""
    visit = await visit_of(request)
    if visit.user is None:
        return forbidden(visit)
    service = service_of(request)
    try:
        answer = await run_in_threadpool(
            Hints(service.store, service.accounts.limiter).read, visit.user, game_id
        )
    except GameError as error:
        message = _no_hint(visit)
        return visit.render("kernel/message.html", status=error.status, message=message)
    return await _hint_box(visit, service, game_id, answer)


@router.post("/games/{game_id}/hint", response_class=HTMLResponse)
async def ask_hint(game_id: str, request: Request) -> Response:
    checked = await signed_in_form(request)
    if isinstance(checked, Response):
        return checked
    visit, user, _ = checked
    service = service_of(request)
    try:
        answer = await run_in_threadpool(
            Hints(service.store, service.accounts.limiter).ask, user, game_id
        )
    except GameError as error:
        message = _refusal(visit, error) if error.code == WAITING else _no_hint(visit)
        return visit.render("kernel/message.html", status=error.status, message=message)
    if "hx-request" not in request.headers:  # a plain form: back to the table
        return RedirectResponse(f"/games/{game_id}", status_code=303)
    return await _hint_box(visit, service, game_id, answer)


def decision_rows(
    visit: Visit,
    decisions: list[Mapping[str, Any]],
    name_at: Callable[[int], Namer] = lambda step: action_label,
) -> list[JSON]:
    """Each weighed decision as a row of the analysis table (``name_at``: how the actions
    of the decision at a step read)."""
    rows = []
    for number, decision in enumerate(decisions, start=1):
        evaluation = decision["evaluation"]
        name = name_at(decision["step"])
        rows.append(
            {
                "number": number,
                "step": decision["step"],
                "choice": name(evaluation["choice"]),
                "choice_value": signed(evaluation["choice_value"]),
                "best": name(evaluation["best"]),
                "best_value": signed(evaluation["best_value"]),
                "loss": "" if evaluation["loss"] is None else f"{evaluation['loss']:.1f}",
                "verdict": decision["verdict"],
                "verdict_text": verdict_text(visit, decision["verdict"]),
            }
        )
    return rows


def verdict_text(visit: Visit, verdict: str) -> str:
    texts = {
        "best": visit.gettext("best move"),
        "good": visit.gettext("good"),
        "inaccuracy": visit.gettext("inaccuracy"),
        "mistake": visit.gettext("mistake"),
        "blunder": visit.gettext("blunder"),
        "forced": visit.gettext("only move"),
        "unknown": visit.gettext("not weighed"),
    }
    return texts.get(verdict, verdict)


def _chart(visit: Visit, decisions: list[Mapping[str, Any]]) -> str:
    bars = [
        LossBar(decision["evaluation"]["loss"] or 0.0, decision["verdict"])
        for decision in decisions
    ]
    return loss_chart(
        bars,
        visit.gettext("Points lost at each decision"),
        visit.gettext(LOSS_DESCRIPTION),
    )


@router.get("/games/{game_id}/analysis", response_class=HTMLResponse)
async def analysis_page(game_id: str, request: Request) -> HTMLResponse:
    visit = await visit_of(request)
    if visit.user is None:
        return visit.render("kernel/login_needed.html", next=f"/games/{game_id}/analysis")
    seat = _seat(request.query_params.get("seat"))
    service = service_of(request)
    analyses = Analyses(service.store, service.accounts.limiter)
    try:
        answer = await run_in_threadpool(analyses.read, visit.user, game_id, seat)
    except GameError as error:
        return visit.render(
            "kernel/message.html", status=error.status, message=_refusal(visit, error)
        )
    decisions = answer["decisions"]
    counts = {verdict: sum(d["verdict"] == verdict for d in decisions) for verdict in VERDICTS}
    return visit.render(
        "analysis/analysis.html",
        game=game_id,
        analysis=answer,
        rows=decision_rows(visit, decisions, await _namers(visit, service, game_id, answer)),
        counts=counts,
        chart=_chart(visit, decisions) if answer["status"] == "done" else None,
    )


async def _namers(
    visit: Visit, service: GameService, game_id: str, answer: Mapping[str, Any]
) -> Callable[[int], Namer]:
    """How each analysed decision's actions read: with the seat's page at it, if the game
    names its actions (the game is replayed for it)."""
    game = await run_in_threadpool(game_name, service, game_id)
    if _named_moves(visit, game) is None:
        return lambda step: action_label
    steps = [decision["step"] for decision in answer["decisions"]]
    pages = await run_in_threadpool(decision_pages, service, game_id, answer["seat"], steps)
    return namers_at(visit, game, pages)


@router.post("/games/{game_id}/analysis")
async def ask_analysis(game_id: str, request: Request) -> Response:
    checked = await signed_in_form(request)
    if isinstance(checked, Response):
        return checked
    visit, user, form = checked
    seat = _seat(form.get("seat"))
    service = service_of(request)
    analyses = Analyses(service.store, service.accounts.limiter)
    try:
        await run_in_threadpool(analyses.ask, user, game_id, seat)
    except GameError as error:
        return visit.render(
            "kernel/message.html", status=error.status, message=_refusal(visit, error)
        )
    where = f"/games/{game_id}/analysis" + ("" if seat is None else f"?seat={seat}")
    return RedirectResponse(where, status_code=303)


#: The code of a request refused for the account's hints and analyses already waiting.
WAITING = TooMuchWaiting.default_code


def _refusal(visit: Visit, error: GameError) -> str:
    """Why a game's analysis cannot be shown or asked for, in the visitor's words."""
    if error.code == "not_over":
        return visit.gettext("A game is analysed once it is over.")
    if error.code == WAITING:
        return visit.gettext(
            "You have too many hints and analyses waiting: ask again when one is ready."
        )
    return visit.gettext("This game cannot be analysed now.")


def _no_hint(visit: Visit) -> str:
    return visit.gettext("No hint can be given now.")


def _seat(raw: str | None) -> int | None:
    """A seat named in the query or the form (``None``: the visitor's own)."""
    if raw is None or not raw.isdigit() or len(raw) > 2:
        return None
    return int(raw)
