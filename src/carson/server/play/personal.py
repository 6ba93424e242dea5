"""What play holds about a person (:mod:`carson.server.kernel.personal_data`): the seats they
held, with each game's end as it concerns them (the games' records: ``/api/games/{id}``), and
their vacations (deleted with the account)."""

from carson.server.kernel.db import GameSeat
from carson.server.kernel.personal_data import Held
from carson.server.play.vacations import Vacation

PERSONAL = (
    Held(
        "seats",
        GameSeat.user_id,
        (GameSeat.game_id, GameSeat.seat, GameSeat.left, GameSeat.score, GameSeat.won),
        order=(GameSeat.game_id,),
        erase="keep",  # the games' records: the seat shows a deleted player
    ),
    Held(
        "vacations",
        Vacation.user_id,
        (Vacation.starts_at, Vacation.ends_at, Vacation.days, Vacation.created_at),
        order=(Vacation.starts_at,),
    ),
)
