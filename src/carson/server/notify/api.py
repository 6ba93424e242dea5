"""Notifications in the API: one's list and unread count, marking read, one's settings per
kind and channel. (Web push's routes are :mod:`carson.server.notify.push_api`.)"""

from __future__ import annotations

from datetime import datetime
from typing import Annotated

from fastapi import APIRouter, Query
from pydantic import BaseModel, ConfigDict, Field
from starlette.concurrency import run_in_threadpool

from carson.core.game import JSON
from carson.server.accounts.deps import CurrentUser
from carson.server.jobs.queue import as_utc
from carson.server.kernel.db import User
from carson.server.kernel.errors import Unprocessable, declared
from carson.server.notify import notices
from carson.server.play.api import Service
from carson.server.play.games import GameService

router = APIRouter(tags=["notifications"])


class NotificationOut(BaseModel):
    id: int
    kind: str = Field(description="your_turn, invitation, game_over, timeout_soon or mention")
    game: str | None = Field(description="the game it is about")
    payload: JSON = Field(description="who (by), which seat and seq")
    created_at: datetime
    read: bool


class NotificationsOut(BaseModel):
    unread: int = Field(description="how many of one's notifications are unread")
    notifications: list[NotificationOut] = Field(description="newest first, at most 50")


#: The largest id a notification may have (the database's integer).
MAX_ID = 2**31 - 1
NoticeId = Annotated[int, Field(ge=1, le=MAX_ID)]


class MarkRead(BaseModel):
    model_config = ConfigDict(strict=True)  # "true" is not true, "3" not an id
    ids: list[NoticeId] | None = Field(
        default=None, max_length=notices.PAGE_SIZE, description="these (omit with all)"
    )
    all: bool = Field(default=False, description="every notification of one's")


class Marked(BaseModel):
    marked: int
    unread: int


#: kind → channel → on; every kind and channel (GET), or those to change (PUT).
Settings = dict[str, dict[str, bool]]


class SettingsOut(BaseModel):
    model_config = ConfigDict(strict=True)
    settings: Settings = Field(description="kind → channel (app, email, push) → on")


def _listing(service: GameService, user: User, before: int | None) -> NotificationsOut:
    with service.sessions() as session:
        rows = notices.listing(session, user.id, before)
        return NotificationsOut(
            unread=notices.unread_count(session, user.id),
            notifications=[
                NotificationOut(
                    id=row.id,
                    kind=row.kind,
                    game=row.game_id,
                    payload=row.payload,
                    created_at=as_utc(row.created_at),
                    read=row.read_at is not None,
                )
                for row in rows
            ],
        )


def _mark(service: GameService, user: User, ids: list[int] | None) -> Marked:
    with service.sessions.begin() as session:
        marked = notices.mark_read(session, user.id, ids, service.jobs.clock())
        return Marked(marked=marked, unread=notices.unread_count(session, user.id))


def settings_of(service: GameService, user: User) -> Settings:
    with service.sessions() as session:
        chosen = notices.settings_of(session, [user.id])[user.id]
    return {
        kind: {channel: chosen[(kind, channel)] for channel in notices.CHANNELS}
        for kind in notices.KINDS
    }


def choose(service: GameService, user: User, wanted: Settings) -> Settings:
    """Store ``wanted``; an unknown kind or channel refuses it all (422), changing nothing."""
    choices = {}
    for kind, channels in wanted.items():
        for channel, enabled in channels.items():
            if (kind, channel) not in notices.DEFAULTS:
                raise Unprocessable(
                    f"no setting {kind}/{channel}: kinds are {', '.join(notices.KINDS)}, "
                    f"channels {', '.join(notices.CHANNELS)}",
                    "unknown_setting",
                )
            choices[(kind, channel)] = enabled
    with service.sessions.begin() as session:
        notices.choose(session, user.id, choices)
    return settings_of(service, user)


@router.get(
    "/api/notifications", operation_id="list_notifications", response_model=NotificationsOut,
    responses=declared(401, 422),
)  # fmt: skip
async def list_notifications(
    user: CurrentUser,
    service: Service,
    before: Annotated[int | None, Query(ge=1, le=MAX_ID, description="older than this id")] = None,
) -> NotificationsOut:
    """One's in-app notifications, newest first, with the unread count (the bell's)."""
    return await run_in_threadpool(_listing, service, user, before)


@router.post(
    "/api/notifications/read", operation_id="mark_notifications_read", response_model=Marked,
    responses=declared(400, 401, 403, 413, 422),
)  # fmt: skip
async def mark_notifications_read(body: MarkRead, user: CurrentUser, service: Service) -> Marked:
    """Mark some (``ids``) or all (``all``) of one's notifications read."""
    if body.all == (body.ids is not None):
        raise Unprocessable("send either ids or all: true", "ids_or_all")
    return await run_in_threadpool(_mark, service, user, None if body.all else body.ids)


@router.get(
    "/api/notifications/settings", operation_id="notification_settings",
    response_model=SettingsOut, responses=declared(401),
)  # fmt: skip
async def notification_settings(user: CurrentUser, service: Service) -> SettingsOut:
    """Which kinds one hears of on which channel (in the app, by e-mail, by push)."""
    return SettingsOut(settings=await run_in_threadpool(settings_of, service, user))


@router.put(
    "/api/notifications/settings", operation_id="change_notification_settings",
    response_model=SettingsOut, responses=declared(400, 401, 403, 413, 422),
)  # fmt: skip
async def change_notification_settings(
    body: SettingsOut, user: CurrentUser, service: Service
) -> SettingsOut:
    """Change some of one's settings (those sent); answers them all."""
    return SettingsOut(settings=await run_in_threadpool(choose, service, user, body.settings))
