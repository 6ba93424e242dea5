"""The table as it fits the terminal: below :data:`COMPACT_BELOW` lines a compact screen
(the tie order, the scores in one line, your city, the row last, just above the question;
placing a card, your city is drawn by the question, with its legal corners),
else the full one; in both the details (every seat's cards, the other cities, the legend)
are a command away (:func:`detail_commands`)."""

from __future__ import annotations

from collections.abc import Callable, Iterator

from rich.columns import Columns
from rich.console import Console, ConsoleOptions, Group, RenderableType
from rich.measure import Measurement
from rich.table import Table
from rich.text import Text

from carson.games.card.catalog import TerrainCard
from carson.games.card.engine.state import CardGameState
from carson.games.card.tui.render import (
    Names,
    city_grid,
    city_panel,
    header,
    legend,
    row_table,
    seats_table,
)
from carson.terminal.texts import Texts

#: A terminal with fewer lines gets the compact screen.
COMPACT_BELOW = 50


class TableScreen:
    """Everything a seat sees at the table (``viewer=None``: a spectator), laid out for the
    height of the terminal it is drawn on."""

    def __init__(
        self, state: CardGameState, viewer: int | None, names: Names, texts: Texts
    ) -> None:
        self.state, self.viewer, self.names, self.texts = state, viewer, names, texts

    def __rich_console__(
        self, console: Console, options: ConsoleOptions
    ) -> Iterator[RenderableType]:
        compact = console.size.height < COMPACT_BELOW
        yield from (self._compact() if compact else self._full())

    def _full(self) -> Iterator[RenderableType]:
        state, viewer, names, texts = self.state, self.viewer, self.names, self.texts
        yield header(state, names, texts)
        yield from taking_order_line(state, names, texts)
        yield seats_table(state, viewer, names, texts)
        others = other_cities(state, viewer, names, texts)
        if others is not None:
            yield others
        yield from self._row_and_city(compact=False)
        yield Text(texts("ui", "more"), "dim")

    def _compact(self) -> Iterator[RenderableType]:
        state, names, texts = self.state, self.names, self.texts
        yield header(state, names, texts)
        yield from taking_order_line(state, names, texts)
        scores = " · ".join(
            f"{names.suit(me.suit)} {state.score(seat)}" for seat, me in enumerate(state.seats)
        )
        yield Text(f"{texts('ui', 'score')}: {scores}    {texts('ui', 'more')}", "dim")
        yield from self._row_and_city(compact=True)

    def _row_and_city(self, *, compact: bool) -> Iterator[RenderableType]:
        state, viewer, names, texts = self.state, self.viewer, self.names, self.texts
        # Placing a card, the question draws the city with its legal corners: a compact
        # screen leaves it out here, so that the row still fits above the question.
        placing = state.phase == "place" and viewer in state.seats_to_act
        if viewer is not None and state.seats[viewer].city is not None:
            city = state.seats[viewer].city
            assert city is not None
            if compact and placing:
                pass
            elif compact:
                title = texts("ui", "your_city", points=state.score(viewer))
                body = city_grid(city) if not city.is_empty else Text(texts("ui", "no_cards"))
                yield Group(Text(title, "bold"), body)
            else:
                yield city_panel(state, viewer, names, texts, viewer=viewer)
        if state.row and any(card is not None for card in state.row):
            yield compact_row(state, texts) if compact else row_table(state, names, texts)


def taking_order_line(state: CardGameState, names: Names, texts: Texts) -> Iterator[Text]:
    """After the reveal: each seat's bid with its boosts, in the order they take (CG-4.5)."""
    order = state.taking_order()
    if not order or not state.final_value(order[0]):
        return
    era = state.era - 1
    parts = []
    for seat in order:
        final = state.final_value(seat)
        bid = state.seats[seat].played[era][-1]
        shown = f"{bid}+{final - bid}={final}" if final != bid else str(bid)
        parts.append(f"{names.suit(state.seats[seat].suit)} {shown}")
    yield Text(texts("ui", "taking_order", order=", ".join(parts)), "bold")


def table_screen(
    state: CardGameState, viewer: int | None, names: Names, texts: Texts
) -> TableScreen:
    return TableScreen(state, viewer, names, texts)


class Fitted:
    """A table as wide as it needs, but no wider than the terminal: there it is stretched
    to the width, so that only its ratio column (a long name) is cut."""

    def __init__(self, table: Table) -> None:
        self.table = table

    def __rich_console__(
        self, console: Console, options: ConsoleOptions
    ) -> Iterator[RenderableType]:
        needed = Measurement.get(console, options.update_width(10_000), self.table).maximum
        self.table.expand = needed > options.max_width
        yield self.table


def compact_row(state: CardGameState, texts: Texts) -> Fitted:
    """The row, one line a card: slot, name with its parcels or what it does, desirability."""
    table = Table(title=texts("ui", "row"), title_justify="left", box=None, show_header=False)
    # The slot and the desirability keep their width (a narrow terminal would otherwise
    # squeeze the slot numbers away); a long name or description wraps, never cut.
    table.add_column(justify="right", no_wrap=True, min_width=2)
    table.add_column(overflow="fold", ratio=1)
    table.add_column(justify="right", no_wrap=True, min_width=2)
    for slot, card in enumerate(state.row):
        if card is None:
            continue
        if isinstance(card, TerrainCard):
            letters = "".join(parcel.letter for parcel in card.parcels)
            name = Text(f"{texts('ui', 'terrain', id=card.id)}  {letters[:2]}/{letters[2:]}")
        else:
            name = Text(card.name(texts.lang), "bold")
            if texts.has("does", card.id):
                name.append(" — " + texts("does", card.id), "italic")
        table.add_row(str(slot), name, str(card.desirability))
    return Fitted(table)


def other_cities(
    state: CardGameState, viewer: int | None, names: Names, texts: Texts
) -> RenderableType | None:
    panels = [
        city_panel(state, seat, names, texts, viewer=viewer)
        for seat, me in enumerate(state.seats)
        if me.city is not None and seat != viewer
    ]
    return Columns(panels) if panels else None


def detail_commands(
    state: CardGameState, viewer: int | None, names: Names, texts: Texts
) -> dict[str, Callable[[], RenderableType]]:
    """What a player may type at any question to see more, in English and his language."""
    shows: dict[str, Callable[[], RenderableType]] = {
        "table": lambda: seats_table(state, viewer, names, texts),
        "cities": lambda: (
            other_cities(state, viewer, names, texts) or Text(texts("ui", "no_cities"))
        ),
        "row": lambda: row_table(state, names, texts),
        "legend": lambda: legend(texts),
    }
    commands = dict(shows)
    for word, show in shows.items():
        commands[texts("commands", word).lower()] = show
    return commands
