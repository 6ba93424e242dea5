"""How many hints and analyses one account has waiting for the workers (issue 45).

Each is a job of the analysis lane, which runs one at a time: an account that asked for
dozens (anyone may ask for a public game's analysis) would hold up everyone's hints. The rate
limit bounds how fast an account asks; this bounds how much of the lane's queue it holds.
"""

from __future__ import annotations

from sqlalchemy import and_, func, not_, select
from sqlalchemy.orm import Session

from carson.server.analysis.tables import AnalysisRow, HintRow
from carson.server.kernel.errors import GameError


class TooMuchWaiting(GameError):
    """The account has as many hints and analyses waiting as it may (429)."""

    status = 429
    default_code = "analyses_waiting"


def waiting(session: Session, user_id: int, besides: tuple[str, int] | None = None) -> int:
    """The account's hints and analyses not done yet (``besides``: the game and seat of a
    hint that is asked again, which takes its own row over)."""
    hints = select(func.count()).where(HintRow.asked_by == user_id, HintRow.state == "pending")
    if besides is not None:
        hints = hints.where(not_(and_(HintRow.game_id == besides[0], HintRow.seat == besides[1])))
    analyses = select(func.count()).where(
        AnalysisRow.asked_by == user_id, AnalysisRow.state.in_(("pending", "running"))
    )
    return int(session.scalar(hints) or 0) + int(session.scalar(analyses) or 0)


def check_room(
    session: Session, user_id: int, most: int | None, besides: tuple[str, int] | None = None
) -> None:
    """Refuse (429) when the account has ``most`` waiting already (``None``: no bound)."""
    if most is not None and waiting(session, user_id, besides) >= most:
        raise TooMuchWaiting(
            f"you have {most} hints or analyses waiting: ask again when one is done"
        )
