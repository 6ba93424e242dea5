"""Ratings on the pages: leaderboards, players' profiles and their charts."""
