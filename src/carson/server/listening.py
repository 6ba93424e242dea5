"""Every feature's listeners of play (:mod:`carson.server.play.listeners`), registered: the
one place that composes them, for the web server, the workers and the tools alike.

- ratings: a finished game is rated (:mod:`carson.server.ratings.standings`);
- notify: turns, ends, invitations and aborts are told (:mod:`carson.server.notify.listening`);
- lobby: a waiting table expires, a rating range refuses (:mod:`carson.server.lobby.tables`);
- people: a block refuses a join (:mod:`carson.server.people.listening`);
- tournaments: a game's points are counted, the next round queued
  (:mod:`carson.server.tournaments.rounds`); an arena's player whose clock ran out is
  paused (:mod:`carson.server.tournaments.pausing`).
"""

from __future__ import annotations

from carson.server.lobby import tables
from carson.server.notify import listening
from carson.server.people import listening as people_listening
from carson.server.play.listeners import Listeners
from carson.server.ratings import standings
from carson.server.tournaments import pausing, rounds


def every_listener() -> Listeners:
    """A registry with every feature's listeners."""
    listeners = Listeners()
    standings.listen(listeners)
    listening.listen(listeners)
    tables.listen(listeners)
    people_listening.listen(listeners)
    rounds.listen(listeners)
    pausing.listen(listeners)
    return listeners
