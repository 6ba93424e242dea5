"""What tournaments hold about a person (:mod:`carson.server.kernel.personal_data`): the
tournaments they played in and where they stood. A deleted account's standings stay, as a
deleted player's, withdrawn from any round still to come."""

from carson.server.kernel.personal_data import Held
from carson.server.tournaments.tables import TournamentPlayer

PERSONAL = (
    Held(
        "tournaments",
        TournamentPlayer.user_id,
        (
            TournamentPlayer.tournament_id,
            TournamentPlayer.joined_at,
            TournamentPlayer.points,
            TournamentPlayer.score,
            TournamentPlayer.played,
            TournamentPlayer.withdrawn,
        ),
        order=(TournamentPlayer.joined_at,),
        erase="blank",
        blank={"withdrawn": True},
    ),
)
