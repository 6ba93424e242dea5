"""The invitation page: what a player sees of a game he holds no seat in — which game, who
invites him, its variants and its seats — before he takes a seat. It works for any game: the
variants come from the game's stored configuration and the registry, their labels (and the
seats') from the game's web adapter, else the platform's words."""

from __future__ import annotations

from dataclasses import dataclass

from fastapi.responses import HTMLResponse
from sqlalchemy import select
from starlette.concurrency import run_in_threadpool

from carson.core.registry import HUMAN, games
from carson.server.kernel.db import Game, GameSeat, User
from carson.server.play.games import GameService
from carson.web.kernel.adapter import web_game
from carson.web.kernel.visit import Visit


@dataclass(frozen=True)
class Invited:
    """A game as stored: its registry name, its creator's name, its seat kinds, the names of
    the seats already taken and the variants its configuration lists (a configuration's
    ``variants``, as the registry orders them)."""

    game: str
    host: str
    seat_kinds: list[str]
    holders: dict[int, str]
    variants: list[str]
    bots: frozenset[str] = frozenset()  # the holders' names that are bot accounts


def invited(service: GameService, game_id: str) -> Invited | None:
    """What an invitation shows of ``game_id`` (``None``: no such game), asked of anyone."""
    with service.sessions() as session:
        stored = session.get(Game, game_id)
        if stored is None:
            return None
        host = session.get(User, stored.creator_id)
        rows = session.execute(
            select(GameSeat.seat, User.username, User.is_bot)
            .join(User, User.id == GameSeat.user_id)
            .where(GameSeat.game_id == game_id)
        ).all()
        known = games()[stored.game].variants if stored.game in games() else ()
        listed = stored.config.get("variants") if isinstance(stored.config, dict) else None
        chosen = [v for v in known if v in listed] if isinstance(listed, list) else []
        return Invited(
            game=stored.game,
            host="" if host is None else host.username,
            seat_kinds=list(stored.seat_kinds),
            holders={seat: name for seat, name, _ in rows},
            variants=chosen,
            bots=frozenset(name for _, name, bot in rows if bot),
        )


async def invitation_page(visit: Visit, service: GameService, game_id: str) -> HTMLResponse:
    """The page of an invitation: the game, its host, its variants and its seats."""
    found = await run_in_threadpool(invited, service, game_id)
    if found is None:
        return visit.render(
            "kernel/message.html", status=404, message=visit.gettext("No such game.")
        )
    kind = games().get(found.game)
    adapter = None if kind is None else web_game(kind)
    own = visit if kind is None else visit.for_game(kind)
    title = found.game if kind is None else kind.title
    if adapter is not None:
        title = adapter.label(own.gettext)
    variants = []
    for variant in found.variants:
        label = None if adapter is None else adapter.variant_label(variant, visit.lang, own.gettext)
        variants.append(label or variant)
    seats = []
    for seat, seat_kind in enumerate(found.seat_kinds):
        name = found.holders.get(seat)
        if name is not None and name in found.bots:  # flagged wherever a bot's name shows
            name = visit.gettext("%(name)s (bot)") % {"name": name}
        if name is not None and found.holders.get(seat) == found.host:
            seats.append(visit.gettext("%(name)s (host)") % {"name": name})
        elif name is not None:
            seats.append(name)
        elif seat_kind == HUMAN:
            seats.append(visit.gettext("a free seat"))
        else:
            seats.append(visit.machine_seat(found.game, list(found.seat_kinds), seat))
    return visit.render(
        "play/join.html",
        game_id=game_id,
        title=title,
        host=found.host,
        variants=variants,
        has_variants=kind is not None and bool(kind.variants),
        seats=seats,
    )
