"""What the lobby holds about a person (:mod:`carson.server.kernel.personal_data`): their
quick-match seeks."""

from carson.server.kernel.db import SeekRow
from carson.server.kernel.personal_data import Held

PERSONAL = (
    Held(
        "seeks",
        SeekRow.user_id,
        (
            SeekRow.game,
            SeekRow.seats,
            SeekRow.time_control,
            SeekRow.rated,
            SeekRow.created_at,
            SeekRow.game_id,
        ),
        order=(SeekRow.created_at,),
    ),
)
