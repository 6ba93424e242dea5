"""What ratings hold about a person (:mod:`carson.server.kernel.personal_data`): a rating per
game and every change of it."""

from carson.server.kernel.db import PlayerRating, RatingChange
from carson.server.kernel.personal_data import Held

PERSONAL = (
    Held(
        "ratings",
        PlayerRating.user_id,
        (
            PlayerRating.game,
            PlayerRating.mu,
            PlayerRating.sigma,
            PlayerRating.games,
            PlayerRating.wins,
            PlayerRating.updated_at,
        ),
    ),
    Held(
        "rating_changes",
        RatingChange.user_id,
        (
            RatingChange.game,
            RatingChange.game_id,
            RatingChange.mu,
            RatingChange.sigma,
            RatingChange.at,
        ),
        order=(RatingChange.at,),
    ),
)
