"""Reading stored ratings: a new player has the initial rating; a stored one is read back."""

from __future__ import annotations

from sqlalchemy.orm import Session

from carson.core.ratings import INITIAL_MU, Rating
from carson.server.kernel.db import PlayerRating, User, make_engine, migrate
from carson.server.ratings.player_ratings import rating_of, ratings_of


def test_stored_and_new_ratings(db_url: str) -> None:
    engine = make_engine(db_url)
    migrate(engine)
    with Session(engine) as session, session.begin():
        alice = User(username="alice", password_hash="x")
        bob = User(username="bob", password_hash="x")
        session.add_all([alice, bob])
        session.flush()
        session.add(PlayerRating(user_id=alice.id, game="card", mu=1620.5, sigma=210.0))
        session.flush()
        assert rating_of(session, alice.id, "card") == Rating(1620.5, 210.0)
        assert rating_of(session, alice.id, "board") == Rating()  # another game: new
        both = ratings_of(session, [alice.id, bob.id], "card")
        assert both[bob.id].mu == INITIAL_MU and both[bob.id].provisional
        assert ratings_of(session, [], "card") == {}
    engine.dispose()
