"""What a game page shows, as plain data for the templates.

Everything is drawn from the seat's view (the engine's per-seat view, CG-9) and its
:class:`SeatObservation` (the cities on the table and the seat's own holdings): a page can
only show what that seat may see. The templates then only lay the data out.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from carson.core.game import JSON
from carson.games.card import board
from carson.games.card.catalog import Catalog, Suit
from carson.games.card.city import City
from carson.games.card.engine.observation import SeatObservation
from carson.games.card.parcels import Parcel
from carson.games.card.previews import ScorePreview as Holding
from carson.games.card.scoring import CATEGORIES, city_points, score_city
from carson.games.card.web.compare import comparison
from carson.terminal.texts import Texts
from carson.web.kernel.choices import Choice
from carson.web.kernel.i18n import machine_label, machine_level, machine_seat_name
from carson.web.play.left_seats import left_lines, only_left_seats_best, stayed_best

Gettext = Callable[[str], str]


@dataclass(frozen=True)
class Cell:
    x: int
    y: int
    parcel: str | None  # a parcel id, or None where no card lies
    letter: str
    mark: bool = False  # a legal top-left corner for the card being placed
    new: bool = False  # part of the card being previewed
    #: The cell's column and row in the city's stable frame (anchored to its first card, as
    #: the terminal, the log, hints and analyses name places): they never shift as it grows.
    column: int = 0
    row: int = 0
    #: The card's outline on this cell's sides (``t r b l``: a card's edge there), so that
    #: each card of a city reads as a card.
    outline: str = ""


@dataclass
class SeatPanel:
    seat: int
    name: str
    suit: str
    suit_name: str
    player: str  # who plays it: the account's name, or the virtual player's level
    kind: str
    is_me: bool
    to_act: bool
    score: int
    played: list[int]
    cards_left: list[int]
    personalities: list[JSON]
    grid: list[list[Cell]]
    builds: bool  # a player seat builds a city; a virtual seat only collects cards
    notes: list[str] = field(default_factory=list)


def grid(city: City | None, marks: int = 0, new: int = 0) -> list[list[Cell]]:
    """The city's visible parcels over the box that holds them and ``marks`` (legal
    corners, with the cells a card laid there covers: its preview under the pointer shows
    whole) and ``new`` (a previewed card), row by row."""
    covered = 0 if city is None else city.covered_mask
    area = covered | marks | (board.card_cells(marks) & board.FULL) | new
    if not area:
        return []
    min_x, min_y, max_x, max_y = board.bounding_box(area)
    dx, dy = (0, 0) if city is None else city.origin
    owner = _card_owners(city)
    rows = []
    for y in range(min_y, max_y + 1):
        row = []
        for x in range(min_x, max_x + 1):
            cell = board.bit(x, y)
            parcel = None if city is None else city.visible(x, y)
            row.append(
                Cell(
                    x,
                    y,
                    None if parcel is None else parcel.id,
                    "" if parcel is None else parcel.letter,
                    bool(marks & cell),
                    bool(new & cell),
                    x + dx,
                    y + dy,
                    _outline(owner, x, y),
                )
            )
        rows.append(row)
    return rows


def _card_owners(city: City | None) -> dict[tuple[int, int], int]:
    """Which card (by placement order) shows on each cell: the later covers the earlier."""
    owner: dict[tuple[int, int], int] = {}
    for index, (_, x, y) in enumerate([] if city is None else city.card_positions()):
        for cx, cy in ((x, y), (x + 1, y), (x, y + 1), (x + 1, y + 1)):
            owner[(cx, cy)] = index
    return owner


def _outline(owner: dict[tuple[int, int], int], x: int, y: int) -> str:
    """The sides of cell (x, y) where its card ends (another card or none beyond)."""
    mine = owner.get((x, y))
    if mine is None:
        return ""
    sides = (("t", 0, -1), ("r", 1, 0), ("b", 0, 1), ("l", -1, 0))
    return " ".join(f"o{side}" for side, ox, oy in sides if owner.get((x + ox, y + oy)) != mine)


class Presenter:
    """Turns one seat's view into the data of the game page, in one language."""

    def __init__(self, catalog: Catalog, texts: Texts, gettext: Gettext) -> None:
        self.catalog = catalog
        self.texts = texts
        self._ = gettext

    # ------------------------------------------------------------------ names

    def suit(self, suit: str) -> str:
        return self.catalog.suit_names[Suit(suit)][self.texts.lang]

    def personality(self, personality_id: str) -> str:
        return self.catalog.personality(personality_id).name(self.texts.lang)

    def does(self, personality_id: str) -> str:
        return self.texts("does", personality_id) if self.texts.has("does", personality_id) else ""

    def kind(self, kind: str, user: str | None, bot: bool = False) -> str:
        if kind == "human" and user and bot:  # a bot account: flagged wherever it shows
            return f"{user} ({self._('bot')})"
        if kind == "human":
            return user or self._("free seat")
        if self.texts.has("levels", kind):
            return self._("virtual player") + f" ({self.texts('levels', kind)})"
        level = machine_level(kind, self._)  # the AI levels and bots, as the clocks name them
        if level is not None:
            return self._("Machine (%(level)s)") % {"level": level}
        return machine_label(kind, self._)

    def seat_player(
        self, who: Mapping[str, Any], seats: Sequence[Mapping[str, object]] = (), index: int = -1
    ) -> str:
        """Who plays a seat of the view: its person (a bot account flagged), or machine —
        numbered, given the table's ``seats``, when two share a level, as the clocks say."""
        if seats and index >= 0 and machine_level(who["kind"], self._) is not None:
            return machine_seat_name([str(seat["kind"]) for seat in seats], index, self._)
        return self.kind(who["kind"], who["user"], bool(who.get("bot", False)))

    def parcel(self, parcel_id: str) -> str:
        return self.texts("parcels", parcel_id)

    def parcels(self, parcels: Iterable[Parcel]) -> list[dict[str, str]]:
        """A terrain card's parcels, top-left to bottom-right, for drawing."""
        return [{"id": p.id, "letter": p.letter, "name": self.parcel(p.id)} for p in parcels]

    def terrain_name(self, parcel_ids: Iterable[str]) -> str:
        """A terrain card in words, by its parcels as the card draws them (players never
        see the catalog's numbers)."""
        names = ", ".join(self.parcel(parcel_id) for parcel_id in parcel_ids)
        return self._("Terrain card") + f" ({names})"

    def terrain_card_name(self, card_id: int) -> str:
        """The terrain card of the catalog's number ``card_id`` in words (a sale's card)."""
        return self.terrain_name(parcel.id for parcel in self.catalog.terrain_card(card_id).parcels)

    # ------------------------------------------------------------------ the page

    def game(
        self,
        page: JSON,
        seen: SeatObservation | None,
        preview: tuple[int, int] | None,
        compare: list[tuple[int, int]] | None = None,
    ) -> JSON:
        """Everything the game page shows. ``page`` is the server's view of the seat (seat
        ``None``: a spectator's, every city among the others'); ``preview``: the corner
        the player clicked to see before placing; ``compare``: the corners the player
        marked to compare (``None``: not comparing)."""
        view = page["view"]
        me = page["seat"]
        legal = page["legal_actions"]
        seats = [self._seat(page, seen, index) for index in range(len(view["seats"]))]
        data: JSON = {
            "id": page["id"],
            "status": page["status"],
            "seq": page["seq"],
            "me": me,
            "round": view["round"],
            "era": view["era"],
            "phase": view["phase"],
            "tie_order": self._tie_order(view),
            "top_back": self._back(view.get("top_personality_back")),
            "decks": view["decks"],
            "row": self._row(view, legal),
            "seats": seats,
            "my_seat": None if me is None else seats[me],
            "others": [panel for panel in seats if not panel.is_me],
            "hand": [] if me is None else view["seats"][me].get("hand", []),
            "my_bid": view.get("private", {}).get("bid"),
            "waiting_for": [seats[index].name for index in view["to_act"] if index != me],
            "prompt": "",
            "choices": [],
            "placing": None,
            "result": self._result(page, seen) if page["status"] == "over" else None,
        }
        if legal and seen is not None:
            self._decision(data, view, legal, seen, preview)
            if data["placing"] is not None and compare is not None:
                self._comparing(data, legal, seen, compare)
        return data

    def _seat(self, page: JSON, seen: SeatObservation | None, index: int) -> SeatPanel:
        view = page["view"]
        seat = view["seats"][index]
        who = page["seats"][index]
        city = None if seen is None else seen.city(index)
        era = view["era"] - 1
        notes = []
        if who.get("left"):  # resigned or timed out for good: told where the seat is drawn
            notes.append(self._("A machine plays this seat now: its player left the game."))
        if seat.get("sold"):
            notes.append(self._("cards sold") + f": {len(seat['sold'])}")
        if seat.get("set_aside"):
            notes.append(self._("cards set aside") + f": {len(seat['set_aside'])}")
        if "terrain" in seat:  # a virtual seat: it collects cards, it builds no city
            notes.append(self._("terrain cards collected") + f": {len(seat['terrain'])}")
        return SeatPanel(
            seat=index,
            name=f"{self.suit(seat['suit'])} · {self.seat_player(who, page['seats'], index)}",
            suit=seat["suit"],
            suit_name=self.suit(seat["suit"]),
            player=self.seat_player(who, page["seats"], index),
            kind=who["kind"],
            is_me=index == page["seat"],
            to_act=index in view["to_act"] and page["status"] == "playing",
            score=seat["score"],
            played=list(seat["played"][era]),
            cards_left=list(seat.get("hand", seat.get("remaining", []))),
            personalities=[
                {
                    "id": person["id"],
                    "name": self.personality(person["id"]),
                    "does": self.does(person["id"]),
                    "turned": person["turned"],
                }
                for person in seat["personalities"]
            ],
            grid=grid(city),
            builds="city" in seat,
            notes=notes,
        )

    def _tie_order(self, view: JSON) -> list[str]:
        """The tie-break order of the suits at this table (the others' cards are not in
        play)."""
        here = {seat["suit"] for seat in view["seats"]}
        return [self.suit(suit) for suit in view["tie_order"] if suit in here]

    def _back(self, back: list[str] | str | None) -> list[str] | str | None:
        if back is None or back == "skull":
            return back
        return [self.suit(suit) for suit in back]

    def _row(self, view: JSON, legal: list[JSON]) -> list[JSON]:
        takeable = {action["slot"]: action for action in legal if action["kind"] == "take"}
        row = []
        for slot, card in enumerate(view["row"]):
            if card is None:
                continue
            entry = self.card(card)
            entry["slot"] = slot
            entry["take"] = json.dumps(takeable[slot]) if slot in takeable else None
            row.append(entry)
        return row

    def card(self, card: Mapping[str, Any]) -> JSON:
        """A card of the row (its JSON, as views and events give it) as the page draws it:
        a terrain card's name and parcels, a personality's name, symbols and ability."""
        entry: JSON = {"kind": card["kind"], "desirability": card["desirability"]}
        if card["kind"] == "terrain":
            entry["name"] = self.terrain_name(card["parcels"])
            entry["parcels"] = self.parcels(Parcel.from_id(p) for p in card["parcels"])
        else:
            entry["id"] = card["id"]  # its emblem
            entry["name"] = self.personality(card["id"])
            entry["does"] = self.does(card["id"])
            entry["symbols"] = " ".join(self.catalog.personality(card["id"]).symbols)
        return entry

    # ------------------------------------------------------------------ decisions

    def _decision(
        self,
        data: JSON,
        view: JSON,
        legal: list[JSON],
        seen: SeatObservation,
        preview: tuple[int, int] | None,
    ) -> None:
        _ = self._
        phase = view["phase"]
        if phase == "bid":
            data["prompt"] = _("Choose your auction card. Nobody sees it before all have chosen.")
            data["choices"] = [Choice(str(action["value"]), json.dumps(action)) for action in legal]
        elif phase == "take":
            data["prompt"] = _("Your turn to take a card: click “Take” on a card of the row.")
        elif phase == "place":
            self._placing(data, legal, seen, preview)
        elif phase == "ability":
            ability = view["offer"]["ability"]
            name = self.personality(ability)
            explain = self.texts("explain", ability) if self.texts.has("explain", ability) else ""
            data["prompt"] = _("Use %(name)s now?") % {"name": name} + " " + explain
            data["choices"] = [
                Choice(
                    _("Use %(name)s") % {"name": name} if action["kind"] == "use" else _("No"),
                    json.dumps(action),
                )
                for action in legal
            ]
        elif phase == "sale":
            holding = self._holding(seen)
            data["prompt"] = _("Auctioneer: sell a card of your city for 7 VP?")
            data["choices"] = [
                Choice(
                    _("Sell %(card)s") % {"card": self.terrain_card_name(int(action["card"]))},
                    json.dumps(action),
                    _signed(holding.gain_after_sale(action["card"])) + " " + _("VP"),
                )
                if action["kind"] == "sell"
                else Choice(_("No sale"), json.dumps(action))
                for action in legal
            ]
        elif phase == "pick":
            holding = self._holding(seen)
            data["prompt"] = _("Paperboy: add one of these personalities to yours?")
            data["choices"] = [
                Choice(
                    self.personality(action["personality"]),
                    json.dumps(action),
                    _signed(holding.gain_with(action["personality"])) + " " + _("VP"),
                )
                if action["kind"] == "pick"
                else Choice(_("No"), json.dumps(action))
                for action in legal
            ]
        else:  # pragma: no cover - every phase of the engine is listed above
            data["choices"] = [Choice(json.dumps(action), json.dumps(action)) for action in legal]

    def _holding(self, seen: SeatObservation) -> Holding:
        city = seen.city()
        assert city is not None
        return Holding(city, seen.personalities(), seen.sold())

    def _placing(
        self,
        data: JSON,
        legal: list[JSON],
        seen: SeatObservation,
        preview: tuple[int, int] | None,
    ) -> None:
        _ = self._
        city, card = seen.city(), seen.placing
        assert city is not None and card is not None
        corners = {(a["x"], a["y"]): a for a in legal if a["kind"] == "place"}
        before = seen.score()
        placing: JSON = {
            "card": {
                "id": card.id,
                "parcels": self.parcels(card.parcels),
            },
            "before": before,
            "preview": None,
            "compare": None,
        }
        if preview in corners:
            x, y = preview
            trial = city.copy()
            trial.place_unchecked(card.id, card.parcels, x, y)
            after = city_points(trial, seen.personalities(), seen.sold())
            new = board.card_cells(board.bit(max(x, 0), max(y, 0)))
            placing["grid"] = grid(trial, new=new)
            placing["preview"] = {
                "x": x,
                "y": y,
                "after": after,
                "delta": _signed(after - before),
                "action": json.dumps(corners[(x, y)]),
            }
            data["prompt"] = _("Place the card here? Your city: %(before)s → %(after)s VP.") % {
                "before": before,
                "after": after,
            }
        else:
            placing["grid"] = grid(city, marks=city.legal_anchor_mask(card.parcels))
            data["prompt"] = _(
                "Place your terrain card: click a marked cell for its top-left corner."
            )
        data["placing"] = placing

    def _comparing(
        self,
        data: JSON,
        legal: list[JSON],
        seen: SeatObservation,
        places: list[tuple[int, int]],
    ) -> None:
        """The placement as a comparison of the marked corners (instead of one preview)."""
        city, card = seen.city(), seen.placing
        assert city is not None and card is not None
        corners = {(a["x"], a["y"]): a for a in legal if a["kind"] == "place"}
        placing = data["placing"]
        placing["preview"] = None
        placing["grid"] = grid(city, marks=city.legal_anchor_mask(card.parcels))
        placing["compare"] = comparison(places, corners, self._holding(seen), card)
        data["prompt"] = self._(
            "Compare places: click marked cells to see their scores side by side, then place the card at one of them."  # noqa: E501
        )

    # ------------------------------------------------------------------ the end

    def _result(self, page: JSON, seen: SeatObservation | None) -> JSON:
        view = page["view"]
        result = view.get("result") or {"scores": [], "winners": []}
        sheets: list[Mapping[str, int] | None] = []
        for index in range(len(view["seats"])):
            city = None if seen is None else seen.city(index)
            if city is None:
                sheets.append(None)
                continue
            people = [person["id"] for person in view["seats"][index]["personalities"]]
            sold = len(view["seats"][index].get("sold", []))
            sheets.append(score_city(city, people, sold).breakdown)
        rows = []
        for category in CATEGORIES:
            values = [None if sheet is None else sheet.get(category) for sheet in sheets]
            if not any(values):
                continue
            label = (
                self.parcel(category)
                if self.texts.has("parcels", category)
                else self.personality(category)
            )
            rows.append({"label": label, "values": values})
        names = [self.seat_player(who, page["seats"], i) for i, who in enumerate(page["seats"])]
        left = f" · {self._('left the game; a machine played the seat')}"
        return {
            "names": names,
            "suits": [seat["suit"] for seat in view["seats"]],
            "suit_names": [self.suit(seat["suit"]) for seat in view["seats"]],
            "rows": rows,
            "virtual": [sheet is None for sheet in sheets],
            "totals": result["scores"],
            "winners": [  # two virtual players of one level are told apart by their suits
                f"{names[index]} ({self.suit(view['seats'][index]['suit'])})"
                + (left if page["seats"][index].get("left") else "")  # ranks last all the same
                for index in result["winners"]
            ],
            "i_won": page["seat"] in result["winners"] and not _left(page),
            "winner_left": only_left_seats_best(page["seats"], result["winners"]),
            "stayed": [names[seat] for seat in stayed_best(page["seats"], result["scores"])],
            "gone": left_lines(page["seats"], names, self._),
        }


def _left(page: JSON) -> bool:
    """Whether the page's seat was left (resigned, or lost on time): a machine played it to
    the end, and its player never counts as the winner, whatever it scored."""
    seat = page["seat"]
    return seat is not None and bool(page["seats"][seat].get("left"))


def _signed(value: int) -> str:
    return f"{value:+d}"
