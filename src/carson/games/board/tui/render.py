"""What the terminal shows of a board game, as Rich renderables: the town, the action track,
the personalities, the players, the supplies, and the final score sheet.

Everything is drawn from the viewing seat's :class:`~carson.games.board.tui.sight.BoardSight`
(its view and legal actions, at a local game as online), so only public facts and that
seat's own secrets (duel tiles, the tile chosen, votes, new-beginning purchases) can reach
the screen (BG-11); what follows from the board by the rules (road access, supplies) is
derived from the view's town. The final score sheet reads the finished game's state.
"""

from __future__ import annotations

from collections.abc import Callable

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from carson.core.game import JSON
from carson.games.board.catalog import BUILDING_IDS
from carson.games.board.engine.state import BoardGameState
from carson.games.board.town import HOUSE, MOUNTAIN
from carson.games.board.tui.names import (
    BUILDING_STYLE,
    RIVER_STYLE,
    TILE_LETTERS,
    TILE_STYLES,
    BoardNames,
)
from carson.games.board.tui.screen import BoardScreen
from carson.games.board.tui.sight import BoardSight
from carson.games.board.tui.tables import personalities_table, players_table
from carson.games.board.tui.texts import texts as board_texts
from carson.games.board.tui.town import legal_parcels, legal_spaces, prices_screen, town_grid
from carson.games.board.tui.track import SideBySide, track_lines
from carson.terminal.texts import Texts


def header(sight: BoardSight, names: BoardNames, texts: Texts) -> Text:
    view = sight.view
    if view["status"] == "over":
        title = texts("ui", "game_over")
    else:
        title = texts("board", "round", round=view["round"], rounds=sight.catalog.rounds)
    line = Text(title, "bold")
    variants = view["config"]["variants"]
    if variants:
        line.append("   " + texts("board", "variants", names=", ".join(
            texts("board_variants", name) for name in variants)), "dim")  # fmt: skip
    line.append("\n" + texts("board", "turn_order") + ": ", "dim")
    _append_seats(line, view["turn_order"], names)
    line.append("   " + texts("board", "pass_order") + ": ", "dim")
    _append_seats(line, view["pass_order"], names)
    return line


def _append_seats(line: Text, seats: list[int], names: BoardNames) -> None:
    if not seats:
        line.append("—", "dim")
    for number, seat in enumerate(seats):
        if number:
            line.append(", ")
        line.append(names.who(seat), names.style(seat))


def status_line(view: JSON, names: BoardNames, texts: Texts) -> Text | None:
    decision = view["decision"]
    if decision is None:
        return None
    who = ", ".join(names.who(seat) for seat in decision["seats"])
    what = texts("board_decisions", decision["kind"])
    return Text(texts("board", "waiting", who=who, what=what), "italic")


def supply_line(sight: BoardSight, names: BoardNames, texts: Texts) -> Text:
    view = sight.view
    bag = ", ".join(
        f"{count}× {names.building(building)}"
        for building in BUILDING_IDS
        if (count := view["bag"][building])
    )
    line = Text(texts("board", "bag", contents=bag or "—"), "dim")
    line.append("   " + texts("board", "general_supply", roads=sight.general_roads(),
                                houses=sight.general_houses()), "dim")  # fmt: skip
    if "duel-tiles" in view["config"]["variants"]:
        line.append("   " + texts("board", "pool", count=view["pool_size"]), "dim")
    return line


def legend(names: BoardNames, texts: Texts) -> Text:
    line = Text(texts("ui", "legend") + ": ", "dim")
    for tile in (HOUSE, MOUNTAIN, *BUILDING_IDS):
        line.append(TILE_LETTERS[tile], TILE_STYLES.get(tile, BUILDING_STYLE))
        name = names.building(tile) if tile != MOUNTAIN else texts("board", "mountain")
        line.append(f" {name}  ")
    line.append("≈", RIVER_STYLE)
    line.append(f" {texts('board', 'river')}\n", "dim")
    line.append(texts("board", "legend_cells"), "dim")
    return line


def board_screen(
    state: BoardGameState, viewer: int | None, names: BoardNames, texts: Texts
) -> RenderableType:
    """Everything a seat sees at the table (``viewer=None``: a spectator)."""
    return sight_screen(BoardSight.of(state, viewer), names, texts)


def sight_screen(sight: BoardSight, names: BoardNames, texts: Texts) -> RenderableType:
    """Everything ``sight``'s seat sees at the table, laid out for the terminal (compact
    below :data:`~carson.games.board.tui.screen.COMPACT_BELOW` lines): at a local game and
    online alike."""
    return BoardScreen(sight, names, texts, lambda: full_screen(sight, names, texts))


def full_screen(sight: BoardSight, names: BoardNames, texts: Texts) -> RenderableType:
    """Everything ``sight``'s seat sees at the table, in full."""
    view = sight.view
    town = [
        Text(texts("board", "town"), "bold"),
        *town_grid(view, legal_parcels(sight)).split("\n"),
    ]
    track = track_lines(sight, names, texts, legal_spaces(sight))
    parts: list[RenderableType] = [header(sight, names, texts), SideBySide(town, track)]
    parts.append(personalities_table(sight, names, texts))
    parts.append(players_table(view, sight.seat, names, texts))
    parts.append(supply_line(sight, names, texts))
    parts.append(legend(names, texts))
    status = status_line(view, names, texts)
    if status is not None:
        parts.append(status)
    return Group(*parts)


def sight_commands(
    sight: BoardSight, names: BoardNames, texts: Texts
) -> dict[str, Callable[[], RenderableType]]:
    """Words a player may type at any question, in English and his language: ``prices``
    (parcel prices, building incomes), ``board`` (the whole table again), ``town`` and
    ``track`` (the town, the action track, with what one may choose now)."""
    english = board_texts("en")

    def prices() -> RenderableType:
        return prices_screen(sight, texts)

    def table() -> RenderableType:
        return full_screen(sight, names, texts)

    def town() -> RenderableType:
        return Group(
            Text(texts("board", "town"), "bold"), town_grid(sight.view, legal_parcels(sight))
        )

    def track() -> RenderableType:
        return Group(*track_lines(sight, names, texts, legal_spaces(sight)))

    commands: dict[str, Callable[[], RenderableType]] = {}
    words = (("prices_words", prices), ("board_words", table), ("town_words", town),
             ("track_words", track))  # fmt: skip
    for key, command in words:
        for word in {*english("board", key).split(), *texts("board", key).split()}:
            commands[word.casefold()] = command
    return commands


def final_table(state: BoardGameState, names: BoardNames, texts: Texts) -> Table:
    """BG-8.2: VP of the game, plus 2 (3 beside a bridge) per built-on parcel, plus 1 per $6."""
    table = Table(title=texts("ui", "game_over"), title_justify="left")
    table.add_column(texts("ui", "category"))
    for seat in range(len(state.players)):
        table.add_column(Text(names.who(seat), names.style(seat)), justify="right")
    parcels = [state.town.final_vp(seat) for seat in range(len(state.players))]
    money = [player.money // 6 for player in state.players]
    during = [player.vp - parcels[seat] - money[seat] for seat, player in enumerate(state.players)]
    for key, values in (("final_during", during), ("final_parcels", parcels),
                        ("final_money", money)):  # fmt: skip
        table.add_row(texts("board", key), *(str(value) for value in values))
    table.add_row(
        Text(texts("ui", "total"), "bold"),
        *(Text(str(player.vp), "bold") for player in state.players),
    )
    return table
