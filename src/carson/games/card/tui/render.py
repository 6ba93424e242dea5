"""What the terminal shows, as Rich renderables: the row, the table, cities, score sheets.

Everything here reads a :class:`CardGameState` through what one seat may see (CG-9): the
caller passes the viewing seat, and only public facts and that seat's own are drawn.
"""

from __future__ import annotations

from rich.console import Group, RenderableType
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from carson.games.card import board
from carson.games.card.catalog import Catalog, Personality, Suit, TerrainCard, load_catalog
from carson.games.card.city import City
from carson.games.card.engine.state import CardGameState
from carson.games.card.parcels import Parcel
from carson.games.card.scoring import CATEGORIES, score_city
from carson.terminal.texts import Texts, machine_kind

#: Colours of the parcels (letters as in CG-1.4), chosen to read well on dark and light.
PARCEL_STYLE = {
    Parcel.EMPTY: "green",
    Parcel.HOUSE: "bold bright_white on grey30",
    Parcel.TOWNHOUSE: "bold bright_white on grey42",
    Parcel.HOTEL: "bold black on bright_yellow",
    Parcel.MOUNTAIN: "bold white on grey19",
    Parcel.MINE: "bold black on grey62",
    Parcel.RANCH: "bold black on green3",
    Parcel.BLACKSMITH: "bold white on dark_orange3",
    Parcel.DRUGSTORE: "bold white on medium_purple3",
    Parcel.BANK: "bold black on gold3",
    Parcel.SALOON: "bold white on red3",
    Parcel.GENERAL_STORE: "bold white on dodger_blue3",
    Parcel.CHURCH: "bold black on light_sky_blue1",
    Parcel.PRISON: "bold white on grey11",
    Parcel.CITY_HALL: "bold black on orchid",
    Parcel.OUTLAWS: "bold bright_white on dark_red",
}
MARK_STYLE = "bold yellow"
NEW_CARD_STYLE = "reverse"


class Names:
    """How seats are called on screen: their suit and who plays them (``people``: what to
    call the seats people hold online, ``you`` or a user's name, instead of their kind)."""

    def __init__(
        self, state: CardGameState, kinds: list[str], texts: Texts,
        people: dict[int, str] | None = None,
    ) -> None:  # fmt: skip
        self._setup(state.catalog, [me.suit for me in state.seats], kinds, texts, people)

    @classmethod
    def of_seats(
        cls, suits: list[Suit], kinds: list[str], texts: Texts, people: dict[int, str]
    ) -> Names:
        """The names of a table known by its seats' suits (a server's view)."""
        names = cls.__new__(cls)
        names._setup(load_catalog(), suits, kinds, texts, people)
        return names

    def _setup(
        self, catalog: Catalog, suits: list[Suit], kinds: list[str], texts: Texts,
        people: dict[int, str] | None,
    ) -> None:  # fmt: skip
        self._catalog, self._suits = catalog, suits
        self._kinds = kinds
        self._texts = texts
        self._people = people or {}
        #: Abilities the player said 'never' to: not offered again in this game.
        self.declined: set[str] = set()

    def suit(self, suit: Suit) -> str:
        return self._catalog.suit_names[suit][self._texts.lang]

    def kind(self, seat: int) -> str:
        if seat in self._people:
            return self._people[seat]
        kind = self._kinds[seat]
        if kind == "human":
            if self._kinds.count("human") == 1:
                return self._texts("ui", "you")
            return self._texts("ui", "human", seat=seat + 1)
        if self._texts.has("levels", kind):
            return self._texts("ui", "virtual", level=self._texts("levels", kind))
        return machine_kind(kind, self._texts)

    def seat(self, seat: int) -> str:
        return f"{self.suit(self._suits[seat])} · {self.kind(seat)}"

    def personality(self, personality: str) -> str:
        return self._catalog.personality(personality).name(self._texts.lang)

    def card(self, card: TerrainCard | Personality) -> str:
        if isinstance(card, Personality):
            return card.name(self._texts.lang)
        letters = "".join(parcel.letter for parcel in card.parcels)
        return f"{self._texts('ui', 'terrain', id=card.id)} [{letters[:2]}/{letters[2:]}]"


def parcel_text(parcel: Parcel, mark: str = " ") -> Text:
    return Text(parcel.letter + mark, style=PARCEL_STYLE[parcel])


def mini_card(card: TerrainCard) -> Text:
    """A terrain card as its 2×2 parcels."""
    top_left, top_right, bottom_left, bottom_right = card.parcels
    return Text.assemble(
        parcel_text(top_left), parcel_text(top_right), "\n",
        parcel_text(bottom_left), parcel_text(bottom_right),
    )  # fmt: skip


def city_grid(city: City, marks: int = 0, new_cells: int = 0) -> Text:
    """The city with its stable columns and rows (:attr:`City.origin`); ``marks``: anchor
    bits to show as legal corners (``+``); ``new_cells``: cells of a card being previewed
    (shown reversed). A cell is 3 characters wide: the mark, the parcel's letter in its
    colours (under the last digit of its column's number), a gap."""
    covered = city.covered_mask
    area = covered | marks | new_cells
    if not area:
        return Text("")
    min_x, min_y, max_x, max_y = board.bounding_box(area)
    origin_x, origin_y = city.origin
    columns = "".join(f"{x + origin_x:>2} " for x in range(min_x, max_x + 1))
    lines = Text("    " + columns.rstrip() + "\n", "dim")
    for y in range(min_y, max_y + 1):
        lines.append(f"{y + origin_y:>3} ", "dim")
        for x in range(min_x, max_x + 1):
            cell = board.bit(x, y)
            marked = bool(marks & cell)
            lines.append("+" if marked else " ", MARK_STYLE)
            parcel = city.visible(x, y)
            if parcel is None:  # no card here
                lines.append("  ")
                continue
            piece = Text(parcel.letter, style=PARCEL_STYLE[parcel])
            if new_cells & cell:
                piece.stylize(NEW_CARD_STYLE)
            lines.append_text(piece)
            lines.append(" ")
        lines.rstrip()
        lines.append("\n")
    lines.rstrip()
    return lines


def legend(texts: Texts) -> Text:
    legend = Text(texts("ui", "legend") + ": ", "dim")
    for parcel in Parcel:
        legend.append_text(parcel_text(parcel))
        legend.append(texts("parcels", parcel.id) + "  ")
    return legend


def header(state: CardGameState, names: Names, texts: Texts) -> Text:
    if state.is_over:
        title = texts("ui", "game_over")
    elif not state.row and state.round == 18:  # the row is cleared after the last round
        title = texts("ui", "final_window")
    else:
        title = texts("ui", "round", round=state.round, era=state.era)
    playing = {me.suit for me in state.seats}  # the order names every suit; show those here
    order = ", ".join(names.suit(suit) for suit in state.tie_order() if suit in playing)
    return Text.assemble((title, "bold"), "   ", (texts("ui", "tie_order", order=order), "dim"))


def row_table(state: CardGameState, names: Names, texts: Texts) -> Table:
    table = Table(title=texts("ui", "row"), title_justify="left", show_lines=True)
    table.add_column(texts("ui", "slot"), justify="right")
    table.add_column(texts("ui", "card"))
    table.add_column("")
    table.add_column(texts("ui", "desirability"), justify="right")
    for slot, card in enumerate(state.row):
        if card is None:
            continue
        if isinstance(card, TerrainCard):
            table.add_row(str(slot), texts("ui", "terrain", id=card.id), mini_card(card),
                          str(card.desirability))  # fmt: skip
        else:
            name = Text(card.name(texts.lang), "bold")
            if texts.has("does", card.id):
                name.append("\n" + texts("does", card.id), "italic")
            table.add_row(str(slot), name, " ".join(card.symbols), str(card.desirability))
    return table


def seats_table(state: CardGameState, viewer: int | None, names: Names, texts: Texts) -> Table:
    table = Table(title=texts("ui", "table"), title_justify="left")
    for column in ("seat", "played", "left", "personalities", "score"):
        table.add_column(texts("ui", column), justify="right" if column == "score" else "left")
    era = state.era - 1
    for index, me in enumerate(state.seats):
        if me.is_virtual:
            left = state.catalog.virtual_levels[me.kind]
            remaining = list(left)
            for value in me.played[era]:
                remaining.remove(value)
            hand = " ".join(str(v) for v in sorted(remaining))
            extra = texts("ui", "cards_taken", count=len(me.terrain) + len(me.personalities))
        else:
            hand = " ".join(str(v) for v in me.hand)
            extra = ""
        people = ", ".join(
            names.personality(p) + (f" ({texts('ui', 'used')})" if p in me.turned else "")
            for p in me.personalities
        )
        who = names.seat(index)
        table.add_row(
            Text(who, "bold" if index == viewer else ""),
            played_with_boost(state, index),
            hand,
            "\n".join(part for part in (people, extra) if part),
            str(state.score(index)),
        )
    return table


def played_with_boost(state: CardGameState, seat: int) -> str:
    """The auction cards a seat played this era; this round's with its boosts (CG-5.3)."""
    played = [str(value) for value in state.seats[seat].played[state.era - 1]]
    final = state.final_value(seat)
    if played and final and final != int(played[-1]):
        played[-1] += f"+{final - int(played[-1])}"
    return " ".join(played)


def city_panel(
    state: CardGameState, seat: int, names: Names, texts: Texts, *, viewer: int | None
) -> Panel:
    me = state.seats[seat]
    assert me.city is not None
    points = state.score(seat)
    if seat == viewer:
        title = texts("ui", "your_city", points=points)
    else:
        title = texts("ui", "city_of", who=names.seat(seat), points=points)
    body: RenderableType = (
        city_grid(me.city) if not me.city.is_empty else Text(texts("ui", "no_cards"))
    )
    notes = []
    if me.sold:
        notes.append(f"{texts('ui', 'sold')}: {len(me.sold)}")
    if me.set_aside:
        notes.append(f"{texts('ui', 'set_aside')}: {len(me.set_aside)}")
    if notes:
        body = Group(body, Text(" · ".join(notes), "dim"))
    return Panel(body, title=title, title_align="left", expand=False)


def score_sheets(state: CardGameState, names: Names, texts: Texts) -> Table:
    """Every seat's final score by category (CG-7, CG-8.1), and the totals."""
    # The seats' names head the columns and close them too: the foot, by the totals, stays
    # on a small screen when the head scrolled off.
    table = Table(title=texts("ui", "game_over"), title_justify="left", show_footer=True)
    table.add_column(texts("ui", "category"), footer=texts("ui", "category"))
    sheets = []
    for seat, me in enumerate(state.seats):
        table.add_column(names.seat(seat), justify="right", footer=names.seat(seat))
        sheets.append(
            None if me.city is None else score_city(me.city, me.personalities, len(me.sold))
        )
    for category in CATEGORIES:
        values = [None if sheet is None else sheet.breakdown.get(category) for sheet in sheets]
        if not any(values):
            continue
        label = (
            texts("parcels", category)
            if texts.has("parcels", category)
            else names.personality(category)
            if category in state.personality_ids
            else category
        )
        table.add_row(label, *("" if value is None else str(value) for value in values))
    virtual = [texts("ui", "virtual_sum") if sheet is None else "" for sheet in sheets]
    if any(virtual):
        table.add_row("", *virtual)
    table.add_row(
        Text(texts("ui", "total"), "bold"),
        *(Text(str(state.score(seat)), "bold") for seat in range(len(state.seats))),
    )
    return table
