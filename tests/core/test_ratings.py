"""Ratings between people (issue 23): places, forfeits, machines left out, provisional."""

from __future__ import annotations

from carson.core.ratings import INITIAL_MU, Rating, Standing, places, rate


def test_places_share_ties_and_put_forfeits_last() -> None:
    standings = [
        Standing(0, score=50, won=False),
        Standing(1, score=80, won=True),
        Standing(2, score=50, won=False),
        Standing(3, score=99, won=False, forfeited=True),
    ]
    assert places(standings) == {1: 1, 0: 2, 2: 2, 3: 4}


def test_every_seat_that_left_shares_the_last_place_whatever_its_score() -> None:
    standings = [
        Standing(0, score=10, won=False),
        Standing(1, score=90, won=False, forfeited=True),
        Standing(2, score=40, won=False, forfeited=True),
    ]
    assert places(standings) == {0: 1, 1: 2, 2: 2}
    both_left = [Standing(0, 90, won=False, forfeited=True), Standing(1, 5, False, True)]
    after = rate(both_left, {0: Rating(), 1: Rating()})
    assert after[0] == after[1]  # a shared place: neither gains on the other


def test_the_game_tie_break_decides_between_equal_scores() -> None:
    standings = [Standing(0, 70, won=False), Standing(1, 70, won=True)]
    assert places(standings) == {1: 1, 0: 2}


def test_winner_gains_loser_loses_and_uncertainty_shrinks() -> None:
    before = {0: Rating(), 1: Rating(), 2: Rating()}
    after = rate([Standing(0, 90, True), Standing(1, 60, False), Standing(2, 30, False)], before)
    assert after[0].mu > INITIAL_MU > after[2].mu
    assert after[0].mu > after[1].mu > after[2].mu
    assert all(after[seat].sigma < before[seat].sigma for seat in before)


def test_one_person_alone_is_not_rated() -> None:
    assert rate([Standing(2, 10, True)], {2: Rating(1600, 100)}) == {2: Rating(1600, 100)}


def test_provisional_until_enough_games() -> None:
    ratings = {seat: Rating() for seat in range(4)}
    assert all(rating.provisional for rating in ratings.values())
    for game in range(15):
        standings = [Standing(seat, (seat * 7 + game * 3) % 10, False) for seat in range(4)]
        ratings = rate(standings, ratings)
    assert not any(rating.provisional for rating in ratings.values())
    assert ratings[0].to_json()["rating"] == ratings[0].shown
