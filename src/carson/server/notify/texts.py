"""What a notification says, in a person's language: the same words in the bell's list, a
web push and a mail (the server's own catalog, ``carson/server/locale/*/notify.po``), naming
the game it is about (its title and the others at the table)."""

from __future__ import annotations

from carson.core.game import JSON
from carson.core.i18n import DEFAULT_LANGUAGE, LANGUAGES, chain
from carson.core.registry import title_of
from carson.server.notify import notices

DOMAIN = ("carson.server", "notify")


def gettext(lang: str, message: str) -> str:
    """``message`` in ``lang`` (English for a language carson does not speak)."""
    return str(chain([DOMAIN], lang if lang in LANGUAGES else DEFAULT_LANGUAGE).gettext(message))


def notice_text(lang: str, kind: str, payload: JSON) -> str:
    """One sentence telling the notification ``kind`` (who did it from ``payload``)."""
    name = {"name": str(payload.get("by", ""))}
    if kind == notices.YOUR_TURN:
        return gettext(lang, "It is your turn.")
    if kind == notices.INVITATION and payload.get("invite"):
        return gettext(lang, "%(name)s invites you to a table.") % name
    if kind == notices.INVITATION and payload.get("by"):
        return gettext(lang, "%(name)s offers you a rematch.") % name
    if kind == notices.INVITATION:
        return gettext(lang, "A seat at a new table was taken for you.")
    if kind == notices.GAME_OVER and payload.get("ended") == "aborted":
        return gettext(lang, "The game was aborted.")
    if kind == notices.GAME_OVER:
        return gettext(lang, "The game is over.")
    if kind == notices.TIMEOUT_SOON and payload.get("paused"):
        return gettext(lang, "Your time ran out: you are paused in the arena until you come back.")
    if kind == notices.TIMEOUT_SOON:
        return gettext(lang, "Your time to move runs out soon.")
    if kind == notices.MESSAGE:
        return gettext(lang, "%(name)s sent you a message.") % name
    if payload.get("lobby"):
        return gettext(lang, "%(name)s mentioned you in the lobby chat.") % name
    return gettext(lang, "%(name)s mentioned you in the chat.") % name


def game_text(lang: str, game: notices.NoticeGame) -> str:
    """Which game: its title and who else plays it (or that machines do)."""
    title = title_of(game.game, lang)
    if game.others:
        players = ", ".join(game.others)
        said = gettext(lang, "In your game of %(game)s with %(players)s.")
        return said % {"game": title, "players": players}
    return gettext(lang, "In your game of %(game)s against the machines.") % {"game": title}


def notice_line(lang: str, kind: str, payload: JSON, game: notices.NoticeGame | None) -> str:
    """The notification's sentence, followed by which game it is about (if any)."""
    said = notice_text(lang, kind, payload)
    return said if game is None else f"{said} {game_text(lang, game)}"
