"""The menu of ``carson play --server`` when nothing is named: the online game's three ways
to play (a new game, a table of the lobby, a quick match), then the people's areas of issue
48: friends (:class:`~carson.terminal.online_people.Friends`), invitations, private
messages, tournaments and vacation. An area ends with Enter and the menu is shown again; an
accepted invitation, or a table one invited to and sits down at, is played at once."""

from __future__ import annotations

from carson.core.registry import title_of
from carson.terminal.api_client import ApiClient
from carson.terminal.asker import Asker
from carson.terminal.online_events import Tournaments, Vacation
from carson.terminal.online_letters import Letters
from carson.terminal.online_people import Friends, Invitations
from carson.terminal.online_watch import Watch
from carson.terminal.people_api import PeopleApi

#: The menu's choices, in the order it lists them: the three ways to play, then the areas.
MENU = ("new", "lobby", "quick", "friends", "invitations", "messages", "tournaments",
        "vacation")  # fmt: skip
#: The help shown at the menu (``help``): every choice.
MENU_HELP = ("people", "help_menu")


def full_menu(asker: Asker, server: str, game: str) -> str:
    """The player's choice among :data:`MENU` (asked by number)."""
    texts = asker.texts
    title = title_of(game, texts.lang)
    asker.console.print(texts("online", "menu", server=server, game=title), markup=False)
    asker.console.print(texts("people", "menu"), markup=False)
    question = texts("people", "menu_choose", count=len(MENU))
    while True:
        answer = asker(question).strip()
        if answer.isdigit() and 1 <= int(answer) <= len(MENU):
            return MENU[int(answer) - 1]
        asker.error(texts("ui", "err_choice", choices=f"1–{len(MENU)}"))


def people_area(chosen: str, client: ApiClient, asker: Asker, game: str, lang: str) -> str | None:
    """The area ``chosen`` of the menu, until the player goes back (``None``) or takes a
    seat to play now (its game's id)."""
    api = PeopleApi(client)
    if chosen == "friends":
        Friends(api, asker, game, lang).run(Watch(api, lang, asker.console))
    elif chosen == "invitations":
        return Invitations(api, asker, game, lang).run()
    elif chosen == "messages":
        Letters(api, asker, game, lang).run()
    elif chosen == "tournaments":
        Tournaments(api, asker, game, lang).run()
    elif chosen == "vacation":
        Vacation(api, asker, game, lang).run()
    return None


def menu(client: ApiClient, asker: Asker, game: str, lang: str) -> tuple[str, str | None]:
    """The menu, again after each area, until the player picks a way to play (``new``,
    ``lobby`` or ``quick``, and ``None``) or takes a seat in an area (``"seat"`` and its
    game's id). Its ``help`` lists every choice; the lobby's own afterwards."""
    kept = asker.help_key
    asker.help_key = MENU_HELP
    try:
        while True:
            chosen = full_menu(asker, client.base, game)
            if chosen in MENU[:3]:
                return chosen, None
            found = people_area(chosen, client, asker, game, lang)
            if found is not None:
                return "seat", found
    finally:
        asker.help_key = kept
