"""Everything the site holds about a person, as one JSON document they download
(``GET /api/me/data``, the account page's link), read in one transaction."""

from __future__ import annotations

from datetime import datetime

from fastapi import APIRouter, Request
from fastapi.responses import Response
from pydantic import Field, create_model
from sqlalchemy.orm import Session, sessionmaker

from carson import __version__
from carson.core.game import JSON
from carson.server.accounts.deps import CurrentUser, accounts_of
from carson.server.kernel.db import User
from carson.server.kernel.errors import declared
from carson.server.kernel.jsonio import dumps
from carson.server.kernel.personal_data import held_rows
from carson.server.kernel.ratelimit import RateLimiter, Rule
from carson.server.play.api import Service
from carson.server.your_data.sections import EXPORTED

router = APIRouter(tags=["accounts"])

#: The document's shape, for the API's description: each section a list of rows.
YourData = create_model(
    "YourData",
    carson=(str, Field(description="the version of carson that made the document")),
    exported_at=(datetime, Field(description="when it was made")),
    **{held.name: (list[dict[str, object]], Field(description=held.name)) for held in EXPORTED},
)  # type: ignore[call-overload]


def your_data(sessions: sessionmaker[Session], user: User, at: datetime) -> JSON:
    """The document: when and by which carson it was made, then each section's rows."""
    with sessions() as session:
        found = {held.name: held_rows(session, user.id, held) for held in EXPORTED}
    return {"carson": __version__, "exported_at": at.isoformat(), **found}


def download(sessions: sessionmaker[Session], limiter: RateLimiter, user: User,
             at: datetime) -> Response:  # fmt: skip
    """The document as a file to save, named for its account and day."""
    limiter.take(Rule.EXPORTS_USER, str(user.id))
    body = dumps(your_data(sessions, user, at))
    name = f"carson-{user.username}-{at:%Y-%m-%d}.json"
    headers = {"Content-Disposition": f'attachment; filename="{name}"'}
    return Response(body, media_type="application/json", headers=headers)


@router.get(
    "/api/me/data", operation_id="my_data", response_model=YourData,
    responses=declared(401, 429),
)  # fmt: skip
def my_data(user: CurrentUser, service: Service, request: Request) -> Response:
    """Everything the site holds about the caller, as one JSON document: the account and its
    sessions, the mail address, the seats held, ratings, chat messages, mutes and reports,
    notifications and their settings, web push subscriptions, follows and blocks. Never a
    secret (no password hash, token or push key) and nothing of other people's but their
    names. Each section lists at most 10,000 rows, newest first."""
    return download(service.sessions, accounts_of(request).limiter, user, service.jobs.clock())
