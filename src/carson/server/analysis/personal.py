"""What hints and analyses hold about a person (:mod:`carson.server.kernel.personal_data`):
which they asked for (the results are the games', not the person's)."""

from carson.server.analysis.tables import AnalysisRow, HintRow
from carson.server.kernel.personal_data import Held

PERSONAL = (
    Held(
        "hints_asked",
        HintRow.asked_by,
        (HintRow.game_id, HintRow.seat, HintRow.seq, HintRow.state, HintRow.asked_at),
        order=(HintRow.asked_at,),
        erase="blank",  # the game's hint stays; who asked goes
        blank={"asked_by": None},
    ),
    Held(
        "analyses_asked",
        AnalysisRow.asked_by,
        (AnalysisRow.game_id, AnalysisRow.seat, AnalysisRow.state, AnalysisRow.asked_at),
        order=(AnalysisRow.asked_at,),
        erase="blank",
        blank={"asked_by": None},
    ),
)
