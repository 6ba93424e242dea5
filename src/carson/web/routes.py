"""The pages of the web interface, gathered: home and accounts, the game pages, the replay,
the rules, and the pages each installed game's web adapter adds.

Pages are rendered on the server; htmx swaps the game's table after a click and the page
listens to the game's server-sent events to fetch the new table when others move. Browsers
log in with the session cookie; every form that changes something carries the CSRF token
(the double-submit cookie of :mod:`carson.server.kernel.cookies`).
"""

from __future__ import annotations

from importlib import resources
from pathlib import Path

from fastapi import APIRouter

from carson.core.registry import games
from carson.web.accounts import account
from carson.web.accounts import deletion as account_deletion
from carson.web.accounts import guests as guest_pages
from carson.web.analysis import pages as analysis
from carson.web.chat import admin
from carson.web.chat import panel as chat
from carson.web.kernel.adapter import web_game
from carson.web.lobby import guide, home, quickmatch, rematch, rules
from carson.web.lobby import playing as watch_lobby
from carson.web.lobby import tables as lobby
from carson.web.mail import pages as mail_pages
from carson.web.messages import pages as message_pages
from carson.web.notify import notifications, unsubscribe
from carson.web.people import pages as people
from carson.web.play import clocks, replay, table, undo
from carson.web.ratings import standings
from carson.web.tournaments import pages as tournament_pages
from carson.web.vacation import pages as vacation_pages

STATIC = Path(str(resources.files("carson.web").joinpath("static")))


def web_router() -> APIRouter:
    """Every page: the platform's and those of the games installed now."""
    router = APIRouter(include_in_schema=False)
    pages = (home.router, account.router, table.router, clocks.router, replay.router,
             rules.router, standings.router, rematch.router, lobby.router,
             quickmatch.router, mail_pages.router, notifications.router,
             unsubscribe.router, watch_lobby.router, chat.router, admin.router,
             analysis.router, guide.router, undo.router, people.router,
             account_deletion.router, tournament_pages.router,
             message_pages.router, guest_pages.router, vacation_pages.router)  # fmt: skip
    for part in pages:
        router.include_router(part)
    for kind in games().values():
        adapter = web_game(kind)
        if adapter is not None and adapter.router is not None:
            router.include_router(adapter.router)
    return router
