"""Vacations in the API: one's allowance and vacation, declaring one, ending it early."""

from __future__ import annotations

from datetime import date, datetime
from typing import Annotated

from fastapi import APIRouter, Depends, Request
from pydantic import BaseModel, Field

from carson.server.accounts.deps import AUTH, CHANGE, CurrentUser, accounts_of
from carson.server.kernel.errors import declared
from carson.server.play.api import Service
from carson.server.vacation.service import AHEAD_DAYS, ALLOWANCE_DAYS, Allowance, Vacations

router = APIRouter(tags=["accounts"])


def vacations_of(service: Service, request: Request) -> Vacations:
    return Vacations(service.store, accounts_of(request).limiter)


VacationsDep = Annotated[Vacations, Depends(vacations_of)]


class VacationIn(BaseModel):
    days: int = Field(ge=1, le=ALLOWANCE_DAYS, description="how many days (whole days)")
    start: date | None = Field(
        default=None,
        description=f"the first day (UTC), today (the default: from now) or up to {AHEAD_DAYS} "
        "days ahead (from 00:00 UTC)",
    )


class HolidayOut(BaseModel):
    starts_at: datetime
    ends_at: datetime = Field(description="when the clocks run again")
    days: int = Field(description="the days declared")
    current: bool = Field(description="begun already (else planned)")


class VacationOut(BaseModel):
    year: int = Field(description="the calendar year (UTC) the allowance is of: this one")
    allowance: int = Field(description="days of vacation a year")
    used: int = Field(description="days counted this year (each day begun counts whole)")
    left: int = Field(description="days still to take this year")
    vacation: HolidayOut | None = Field(description="the vacation current or planned, if any")


def _out(found: Allowance) -> VacationOut:
    held = found.vacation
    shown = None if held is None else HolidayOut(
        starts_at=held.starts_at, ends_at=held.ends_at, days=held.days, current=held.current
    )  # fmt: skip
    return VacationOut(year=found.year, allowance=found.allowance, used=found.used,
                       left=found.left, vacation=shown)  # fmt: skip


@router.get("/api/me/vacation", operation_id="my_vacation", response_model=VacationOut,
            responses=declared(*AUTH))  # fmt: skip
def my_vacation(user: CurrentUser, vacations: VacationsDep) -> VacationOut:
    """The caller's vacation allowance this year and their vacation, current or planned."""
    return _out(vacations.status(user))


@router.post("/api/me/vacation", operation_id="take_vacation", status_code=201,
             response_model=VacationOut,
             responses=declared(*CHANGE, 400, 409, 413, 422, 429))  # fmt: skip
def take_vacation(body: VacationIn, user: CurrentUser, vacations: VacationsDep) -> VacationOut:
    """Go on vacation: the clocks of the caller's correspondence games stand still from
    ``start`` for ``days`` days (live games go on), and their opponents see until when.
    Every day counts against the allowance of the year it starts in (422
    ``vacation_allowance`` beyond it); one vacation at a time (409 ``on_vacation``);
    ``vacation_start`` (422): not today nor within the days ahead allowed; 403 ``guest``
    for a guest. Rate-limited (``CARSON_LIMIT_VACATION_USER``)."""
    return _out(vacations.declare(user, body.days, body.start))


@router.delete("/api/me/vacation", operation_id="end_vacation", response_model=VacationOut,
               responses=declared(*CHANGE, 404))  # fmt: skip
def end_vacation(user: CurrentUser, vacations: VacationsDep) -> VacationOut:
    """Come back early: the current vacation ends now and the days not begun return to the
    allowance (a planned one is cancelled, all its days returned); the clocks run again.
    404 ``no_vacation`` if there is none."""
    return _out(vacations.end(user))
