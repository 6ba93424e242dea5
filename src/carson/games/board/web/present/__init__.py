"""What a board-game page shows, as plain data for the templates (``boardgame*.html``).

Everything comes from the seat's view (the engine's per-seat view, BG-11), the legal actions
the server lists for the seat, and the public events of the moves so far: a page only shows
what that seat may see. Each legal action becomes something to click — a parcel, an edge of
the town, a space of the action track, a personality card or a button — carrying the action
as JSON, which the page posts back as it is.

The parts: :mod:`.names` (names in one language), :mod:`.town`, :mod:`.tables` (track, cards,
players), :mod:`.decisions` with :mod:`.menus` and :mod:`.placing` (what the seat is asked),
:mod:`.describe` (events as sentences) and :mod:`.result` (the score sheet).
"""

from __future__ import annotations

from collections.abc import Sequence

from carson.core.game import JSON, Event
from carson.games.board.catalog import BoardCatalog
from carson.games.board.web.present.common import (
    SEAT_COLOURS,
    TILES,
    Gettext,
    Seat,
    Targets,
)
from carson.games.board.web.present.compare import comparison
from carson.games.board.web.present.compare_cowboys import cowboy_comparison
from carson.games.board.web.present.decisions import decide
from carson.games.board.web.present.names import Names
from carson.games.board.web.present.placing import placing_white
from carson.games.board.web.present.result import events as recent_events
from carson.games.board.web.present.result import result
from carson.games.board.web.present.start import before_setup, show_start
from carson.games.board.web.present.tables import personalities, players, track
from carson.games.board.web.present.town import town
from carson.web.play.left_seats import left_lines, only_left_seats_best, stayed_best


class BoardPresenter(Names):
    """Turns one seat's view of a board game into the data of its page, in one language."""

    def __init__(self, lang: str, gettext: Gettext, catalog: BoardCatalog | None = None) -> None:
        super().__init__(lang, gettext, catalog)

    def game(
        self,
        page: JSON,
        events: Sequence[tuple[int, Event]] = (),
        mode: str | None = None,
        compare: Sequence[tuple[int, int]] | None = None,
        marks: Sequence[str] | None = None,
    ) -> JSON:
        """Everything the board-game page shows. ``page`` is the server's view of the seat;
        ``events`` the public events so far; ``mode`` ``"white"`` to place the Sheriff's
        white cowboy (when the seat may place both kinds); ``compare``: the parcels the
        player marked to compare (``None``: not comparing, :mod:`..compare`); ``marks``: the
        spaces and parcels marked to compare while placing a cowboy (:mod:`..compare_cowboys`)."""
        view = page["view"]
        me = page["seat"]
        legal: list[JSON] = list(page["legal_actions"])
        seats = [
            Seat(index, self.seat_name(index, page["seats"]), SEAT_COLOURS[index])
            for index in range(len(page["seats"]))
        ]
        data = self._header(page, seats, events)
        targets = decide(self, data, view, legal, seats, mode) if legal else Targets()
        if legal and me is not None:  # a building's parcels or a cowboy's places side by side
            self._compare(data, view, me, legal, seats, mode, compare, marks)
        data["town"] = town(self, view, targets, seats)
        data["town_form"] = bool(targets.parcels or targets.edges)
        data["track"] = track(self, view, targets, seats, me)
        data["track_form"] = bool(targets.spaces)
        data["personalities"] = personalities(self, view, targets, seats)
        data["players"] = players(self, view, seats, me)
        if before_setup(view):
            show_start(self, view, data)
        if page["status"] == "over":
            data["result"] = result(self, view, events, seats, me)
            if me is not None and page["seats"][me].get("left"):  # a machine played it out
                data["result"]["i_won"] = False  # a player who left never wins
            left = f" · {self._('left the game; a machine played the seat')}"
            best = (view.get("result") or {}).get("winners", [])
            data["result"]["winners"] = [  # a winner who left ranks last all the same
                seats[s].name + (left if page["seats"][s].get("left") else "") for s in best
            ]
            data["result"]["winner_left"] = only_left_seats_best(page["seats"], best)
            names = [seat.name for seat in seats]
            totals = data["result"]["totals"]
            data["result"]["stayed"] = [names[s] for s in stayed_best(page["seats"], totals)]
            data["result"]["gone"] = left_lines(page["seats"], names, self._)
        return data

    def _compare(
        self,
        data: JSON,
        view: JSON,
        me: int,
        legal: list[JSON],
        seats: list[Seat],
        mode: str | None,
        compare: Sequence[tuple[int, int]] | None,
        marks: Sequence[str] | None,
    ) -> None:
        """The comparison the decision offers, if any: parcels for a building or its house,
        or places for a cowboy; shown once the player compares (the query's ``cmp``)."""
        offered = comparison(view, me, legal, compare or [])
        data["compare_kind"] = "parcels"
        if offered is None:
            white = placing_white(legal, mode)
            offered = cowboy_comparison(self, view, me, legal, marks or [], seats, white)
            data["compare_kind"] = "cowboys"
        data["compare_offer"] = offered is not None
        data["compare"] = offered if compare is not None or marks is not None else None

    def _header(self, page: JSON, seats: list[Seat], events: Sequence[tuple[int, Event]]) -> JSON:
        """The page's data besides the board: status, round, orders, the move log, and
        the empty places the decision fills in."""
        view = page["view"]
        me = page["seat"]
        decision = view.get("decision") or {}
        variants = view["config"]["variants"]
        return {
            "id": page["id"],
            "status": page["status"],
            "seq": page["seq"],
            "me": me,
            "round": view["round"],
            "rounds": self.catalog.rounds,
            "variants": [self.variant(name) for name in variants],
            "phase": self.phase(decision.get("kind")) if page["status"] == "playing" else "",
            "phase_kind": str(decision.get("kind") or ""),
            "seats": seats,
            "waiting_for": [seats[s].name for s in view["seats_to_act"] if s != me],
            "prompt": "",
            "note": "",
            "choices": [],
            "lists": [],
            "forms": [],
            "modes": [],
            "events": recent_events(self, events, seats, "duel-tiles" in variants),
            "bag": sum(view["bag"].values()),
            "turn_order": [seats[s] for s in view["turn_order"]],
            "pass_order": [seats[s] for s in view["pass_order"]],
            "tile_names": {tile: self.tile(tile) for tile in TILES},
            "side_names": {side: self.side(side) for side in ("yellow", "red")},
            "result": None,
            "before_setup": None,
            # The seat's last move, still its private draft, can be taken back (issue 25):
            # a new-beginning purchase, or a step of a construction or of the river roads.
            "undo": bool(page.get("drafted")),
            "compare_offer": False,
            "compare": None,
            "compare_kind": "",
        }


__all__ = ["BoardPresenter"]
