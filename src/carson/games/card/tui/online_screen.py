"""The card game's table online, laid out as at a local game (:mod:`.screen`): below
:data:`~carson.games.card.tui.screen.COMPACT_BELOW` lines the compact screen (the tie order,
the scores in one line, your city, the row last, just above the question), else the full
one (every seat's cards, the other cities, your city, the row); the details a command away
(``table``, ``cities``, ``row``, ``legend``, in English and the player's language). Drawn
from the seat's view JSON alone: what the server lets the seat see."""

from __future__ import annotations

from collections.abc import Callable, Iterator

from rich.columns import Columns
from rich.console import Console, ConsoleOptions, Group, RenderableType
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from carson.core.game import JSON
from carson.games.card.catalog import Suit, load_catalog
from carson.games.card.city import City
from carson.games.card.parcels import Parcel
from carson.games.card.tui.render import Names, city_grid, legend, parcel_text
from carson.games.card.tui.screen import COMPACT_BELOW, Fitted
from carson.terminal.texts import Texts

#: The last round of a game (CG-2): after it the row is cleared, the final window opens.
LAST_ROUND = 18


def city_of(seat: JSON) -> City | None:
    """A seat's city as its view shows it: the visible parcels, in the engine's frame, with
    the stable frame's origin (its cards are not known, so none may be sold here)."""
    shown = seat.get("city")
    if not isinstance(shown, dict):
        return None
    cells = {
        (x, y): Parcel.from_letter(letter)
        for y, line in enumerate(shown["grid"])
        for x, letter in enumerate(line)
        if letter != "-"
    }
    ids = {personality["id"] for personality in seat["personalities"]}
    city = City.from_cells(cells, captain="captain" in ids, sheriff="sheriff" in ids)
    origin = shown.get("origin", [0, 0])
    city.origin = (int(origin[0]), int(origin[1]))
    return city


def card_text(card: JSON, texts: Texts) -> Text:
    """A card of the row: a terrain card as its number and parcels, a personality by name."""
    if card["kind"] == "terrain":
        letters = "".join(Parcel.from_id(parcel).letter for parcel in card["parcels"])
        return Text(f"{texts('ui', 'terrain', id=card['id'])}  {letters[:2]}/{letters[2:]}")
    name = Text(load_catalog().personality(card["id"]).name(texts.lang), "bold")
    if texts.has("does", card["id"]):
        name.append(" — " + texts("does", card["id"]), "italic")
    return name


def terrain_card(card: JSON) -> Text:
    """A terrain card as its 2×2 parcels."""
    parcels = [parcel_text(Parcel.from_id(parcel)) for parcel in card["parcels"]]
    return Text.assemble(parcels[0], parcels[1], "\n", parcels[2], parcels[3])


def bid_shown(seat: JSON, era: int) -> str:
    """The revealed bid with its boosts: ``6+2=8``."""
    final, bid = seat["final"], seat["played"][era - 1][-1]
    return f"{bid}+{final - bid}={final}" if final != bid else str(bid)


class ViewScreen:
    """What a seat sees at the table from its view, laid out for the terminal's height."""

    def __init__(self, view: JSON, seat: int, names: Names, texts: Texts) -> None:
        self.view, self.seat, self.names, self.texts = view, seat, names, texts

    def __rich_console__(
        self, console: Console, options: ConsoleOptions
    ) -> Iterator[RenderableType]:
        compact = console.size.height < COMPACT_BELOW
        yield header(self.view, self.names, self.texts)
        yield from taking_order(self.view, self.names, self.texts)
        if compact:
            yield Text(f"{self._scores()}    {self.texts('ui', 'more')}", "dim")
        else:
            yield seats_table(self.view, self.seat, self.names, self.texts)
            others = other_cities(self.view, self.seat, self.names, self.texts)
            if others is not None:
                yield others
        yield from self._city(compact)
        if any(card is not None for card in self.view["row"]):
            yield (
                compact_row(self.view, self.texts) if compact else row_table(self.view, self.texts)
            )
        if not compact:
            yield Text(self.texts("ui", "more"), "dim")

    def _scores(self) -> str:
        seats, suit = self.view["seats"], self.names.suit
        shown = " · ".join(f"{suit(Suit(me['suit']))} {me['score']}" for me in seats)
        return f"{self.texts('ui', 'score')}: {shown}"

    def _city(self, compact: bool) -> Iterator[RenderableType]:
        me, texts = self.view["seats"][self.seat], self.texts
        city = city_of(me)
        if city is None:
            return
        if not compact:
            yield city_panel(me, self.names, texts, mine=True)
        elif self.view.get("placing", {}).get("seat") != self.seat:
            # Placing, the question draws the city with its legal corners, so that the row
            # still fits above it on a small terminal.
            body = city_grid(city) if not city.is_empty else Text(texts("ui", "no_cards"))
            yield Group(Text(texts("ui", "your_city", points=me["score"]), "bold"), body)


def header(view: JSON, names: Names, texts: Texts) -> Text:
    """The round (or the end) and the tie order of the suits at the table."""
    if view["phase"] == "over":
        title = texts("ui", "game_over")
    elif not any(card is not None for card in view["row"]) and view["round"] == LAST_ROUND:
        title = texts("ui", "final_window")
    else:
        title = texts("ui", "round", round=view["round"], era=view["era"])
    playing = {seat["suit"] for seat in view["seats"]}
    order = ", ".join(names.suit(Suit(s)) for s in view["tie_order"] if s in playing)
    return Text.assemble((title, "bold"), "   ", (texts("ui", "tie_order", order=order), "dim"))


def taking_order(view: JSON, names: Names, texts: Texts) -> Iterator[Text]:
    """After the reveal: each seat's bid with its boosts, in the order they take (CG-4.5);
    equal values: the suit first on the tie order takes first."""
    ties = view["tie_order"]
    order = sorted(
        (s for s in view["seats"] if s["final"]), key=lambda s: (-s["final"], ties.index(s["suit"]))
    )
    if order:
        shown = [f"{names.suit(Suit(s['suit']))} {bid_shown(s, view['era'])}" for s in order]
        yield Text(texts("ui", "taking_order", order=", ".join(shown)), "bold")


def seats_table(view: JSON, viewer: int, names: Names, texts: Texts) -> Table:
    """Every seat's cards played this era (with this round's boosts), those left, its
    personalities and score."""
    table = Table(title=texts("ui", "table"), title_justify="left")
    for column in ("seat", "played", "left", "personalities", "score"):
        table.add_column(texts("ui", column), justify="right" if column == "score" else "left")
    for me in view["seats"]:
        played = [str(value) for value in me["played"][view["era"] - 1]]
        if played and me["final"] and me["final"] != int(played[-1]):
            played[-1] += f"+{me['final'] - int(played[-1])}"
        virtual = "remaining" in me
        hand = " ".join(str(v) for v in (me["remaining"] if virtual else me.get("hand", [])))
        count = len(me.get("terrain", [])) + len(me["personalities"])
        extra = texts("ui", "cards_taken", count=count) if virtual else ""
        people = ", ".join(
            names.personality(p["id"]) + (f" ({texts('ui', 'used')})" if p["turned"] else "")
            for p in me["personalities"]
        )
        table.add_row(
            Text(names.seat(me["seat"]), "bold" if me["seat"] == viewer else ""),
            " ".join(played), hand, "\n".join(part for part in (people, extra) if part),
            str(me["score"]),
        )  # fmt: skip
    return table


def city_panel(me: JSON, names: Names, texts: Texts, *, mine: bool) -> Panel:
    """A seat's city with its score, and its sold and set-aside cards' counts."""
    city = city_of(me)
    assert city is not None
    points = me["score"]
    if mine:
        title = texts("ui", "your_city", points=points)
    else:
        title = texts("ui", "city_of", who=names.seat(me["seat"]), points=points)
    body: RenderableType = city_grid(city) if not city.is_empty else Text(texts("ui", "no_cards"))
    notes = []
    if me.get("sold"):
        notes.append(f"{texts('ui', 'sold')}: {len(me['sold'])}")
    if me.get("set_aside"):
        notes.append(f"{texts('ui', 'set_aside')}: {len(me['set_aside'])}")
    if notes:
        body = Group(body, Text(" · ".join(notes), "dim"))
    return Panel(body, title=title, title_align="left", expand=False)


def other_cities(view: JSON, viewer: int, names: Names, texts: Texts) -> Columns | None:
    panels = [
        city_panel(me, names, texts, mine=False)
        for me in view["seats"]
        if me["seat"] != viewer and isinstance(me.get("city"), dict)
    ]
    return Columns(panels) if panels else None


def row_table(view: JSON, texts: Texts) -> Table:
    """The row: slot, card (a terrain card drawn, a personality with what it does),
    symbols, desirability."""
    table = Table(title=texts("ui", "row"), title_justify="left", show_lines=True)
    table.add_column(texts("ui", "slot"), justify="right")
    table.add_column(texts("ui", "card"))
    table.add_column("")
    table.add_column(texts("ui", "desirability"), justify="right")
    for slot, card in enumerate(view["row"]):
        if card is None:
            continue
        worth = str(card["desirability"])
        if card["kind"] == "terrain":
            table.add_row(str(slot), texts("ui", "terrain", id=card["id"]), terrain_card(card),
                          worth)  # fmt: skip
            continue
        person = load_catalog().personality(card["id"])
        name = Text(person.name(texts.lang), "bold")
        if texts.has("does", card["id"]):
            name.append("\n" + texts("does", card["id"]), "italic")
        table.add_row(str(slot), name, " ".join(person.symbols), worth)
    return table


def compact_row(view: JSON, texts: Texts) -> Fitted:
    """The row, one line a card: slot, name with its parcels or what it does, desirability."""
    table = Table(title=texts("ui", "row"), title_justify="left", box=None, show_header=False)
    table.add_column(justify="right", no_wrap=True, min_width=2)
    table.add_column(overflow="fold", ratio=1)  # a personality's text wraps, never cut
    table.add_column(justify="right", no_wrap=True, min_width=2)
    for slot, card in enumerate(view["row"]):
        if card is not None:
            table.add_row(str(slot), card_text(card, texts), str(card["desirability"]))
    return Fitted(table)


def view_commands(
    view: JSON, viewer: int, names: Names, texts: Texts
) -> dict[str, Callable[[], RenderableType]]:
    """What a player may type at any question to see more, in English and his language."""
    shows: dict[str, Callable[[], RenderableType]] = {
        "table": lambda: seats_table(view, viewer, names, texts),
        "cities": lambda: (
            other_cities(view, viewer, names, texts) or Text(texts("ui", "no_cities"))
        ),
        "row": lambda: row_table(view, texts),
        "legend": lambda: legend(texts),
    }
    commands = dict(shows)
    for word, show in shows.items():
        commands[texts("commands", word).lower()] = show
    return commands
