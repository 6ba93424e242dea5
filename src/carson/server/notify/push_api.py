"""Web push in the API: the server's public VAPID key, and a browser's subscription of the
caller's (subscribe, unsubscribe)."""

from __future__ import annotations

from fastapi import APIRouter
from pydantic import BaseModel, ConfigDict, Field
from starlette.concurrency import run_in_threadpool

from carson.server.accounts.deps import CurrentUser
from carson.server.kernel.db import User
from carson.server.kernel.errors import declared
from carson.server.notify import push
from carson.server.play.api import Service
from carson.server.play.games import GameService

router = APIRouter(tags=["notifications"])


class PublicKey(BaseModel):
    public_key: str = Field(description="the applicationServerKey to subscribe with (base64url)")


class Keys(BaseModel):
    model_config = ConfigDict(strict=True)
    p256dh: str = Field(max_length=200)
    auth: str = Field(max_length=100)


class SubscriptionIn(BaseModel):
    """What a browser's ``PushSubscription.toJSON()`` gives (its expiry is ignored)."""

    model_config = ConfigDict(strict=True)
    endpoint: str = Field(max_length=1000, description="the push service's URL (https)")
    keys: Keys


class Unsubscription(BaseModel):
    model_config = ConfigDict(strict=True)
    endpoint: str = Field(max_length=1000)


class Subscribed(BaseModel):
    subscribed: bool


def _key(service: GameService) -> str:
    with service.sessions() as session:
        return push.public_key(session)


def _subscribe(service: GameService, user: User, found: push.Subscription) -> None:
    with service.store.write_turn, service.sessions.begin() as session:
        push.subscribe(session, user.id, found)


def _unsubscribe(service: GameService, user: User, endpoint: str) -> bool:
    with service.store.write_turn, service.sessions.begin() as session:
        return push.unsubscribe(session, user.id, endpoint)


@router.get("/api/push/key", operation_id="push_key", response_model=PublicKey)
async def push_key(service: Service) -> PublicKey:
    """The server's public VAPID key (anyone may read it: it is public)."""
    return PublicKey(public_key=await run_in_threadpool(_key, service))


@router.post(
    "/api/push/subscriptions", operation_id="push_subscribe", response_model=Subscribed,
    status_code=201, responses=declared(400, 401, 403, 413, 422),
)  # fmt: skip
async def push_subscribe(body: SubscriptionIn, user: CurrentUser, service: Service) -> Subscribed:
    """Keep this browser's push subscription for the caller (at most 10 browsers each)."""
    found = push.Subscription.checked(body.endpoint, body.keys.p256dh, body.keys.auth)
    await run_in_threadpool(push.check_public, found.endpoint)
    await run_in_threadpool(_subscribe, service, user, found)
    return Subscribed(subscribed=True)


@router.post(
    "/api/push/unsubscribe", operation_id="push_unsubscribe", response_model=Subscribed,
    responses=declared(400, 401, 403, 413, 422),
)  # fmt: skip
async def push_unsubscribe(body: Unsubscription, user: CurrentUser, service: Service) -> Subscribed:
    """Forget one of the caller's browsers (``subscribed``: false once it is gone)."""
    await run_in_threadpool(_unsubscribe, service, user, body.endpoint)
    return Subscribed(subscribed=False)
