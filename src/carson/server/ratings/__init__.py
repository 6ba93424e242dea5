"""Ratings: a finished game's standings and rating changes, leaderboards and profiles."""
