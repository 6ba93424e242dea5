"""Guests in the API: a guest's session. Signing up from it:
:mod:`carson.server.your_data.claim_api`."""

from __future__ import annotations

from fastapi import APIRouter, Request

from carson.server.accounts.deps import accounts_of
from carson.server.accounts.guests import GUEST_LABEL
from carson.server.accounts.models import TokenOut
from carson.server.kernel.errors import declared
from carson.server.kernel.ratelimit import client_address

router = APIRouter(tags=["accounts"])


@router.post("/api/guest", operation_id="guest", response_model=TokenOut,
             responses=declared(429))  # fmt: skip
def guest(request: Request) -> TokenOut:
    """A guest's session: play practice games and casual tables without signing up. Guests
    are never rated, hold at most 3 games at once, and do not chat, write, follow or enter
    tournaments. Counted as a registration from the caller's address."""
    label = GUEST_LABEL
    return TokenOut(token=accounts_of(request).guest(client_address(request), label))
