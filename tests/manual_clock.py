"""A clock the test moves by hand: the server's time for clocks and scheduled jobs."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

T0 = datetime(2030, 1, 1, 12, 0, tzinfo=UTC)


class ManualClock:
    def __init__(self, start: datetime = T0) -> None:
        self.now = start

    def __call__(self) -> datetime:
        return self.now

    def advance(self, seconds: float) -> None:
        self.now += timedelta(seconds=seconds)
