"""What the terminal shows of a board game, as Rich renderables: the town, the action track,
the personalities, the players, the supplies, and the final score sheet.

Everything is drawn from the viewing seat's :class:`~carson.games.board.tui.sight.BoardSight`
(its view and legal actions, at a local game as online), so only public facts and that
seat's own secrets (duel tiles, the tile chosen, votes, new-beginning purchases) can reach
the screen (BG-11); what follows from the board by the rules (road access, supplies) is
derived from the view's town. The final score sheet reads the finished game's state.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable

from rich.console import Console, ConsoleOptions, Group, RenderableType, RenderResult
from rich.text import Text

from carson.core.game import JSON
from carson.games.board.catalog import BUILDING_IDS, PERSONALITY_IDS
from carson.games.board.engine.state import BoardGameState
from carson.games.board.town import HOUSE, MOUNTAIN
from carson.games.board.tui.names import (
    BUILDING_STYLE,
    RIVER_STYLE,
    SIDE_STYLES,
    TILE_LETTERS,
    TILE_STYLES,
    WHITE_STYLE,
    BoardNames,
)
from carson.games.board.tui.screen import COMPACT_BELOW, BoardScreen, compact_track
from carson.games.board.tui.sight import BoardSight
from carson.games.board.tui.tables import personalities_table, players_table, text_table
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


def legend(names: BoardNames, texts: Texts, seats: int, river: bool = False) -> Text:
    """The tiles' letters, the seats' cowboy letters, how a parcel reads; the river and
    its bridges only in the river game (BG-10.3)."""
    line = Text(texts("ui", "legend") + ": ", "dim")
    for tile in (HOUSE, MOUNTAIN, *BUILDING_IDS):
        line.append(TILE_LETTERS[tile], TILE_STYLES.get(tile, BUILDING_STYLE))
        name = names.building(tile) if tile != MOUNTAIN else texts("board", "mountain")
        line.append(f" {name}  ")
    if river:
        line.append("≈", RIVER_STYLE)
        line.append(f" {texts('board', 'river')}", "dim")
    line.append("\n" + texts("board", "cowboys_legend") + ": ", "dim")
    for seat in range(seats):
        line.append(names.letter(seat), names.style(seat))
        line.append(f" {names.who(seat)}  ")
    line.append("w", WHITE_STYLE)
    line.append(f" {texts('board', 'white_cowboy')}\n", "dim")
    line.append(texts("board", "legend_letters"), "dim")
    if river:
        line.append(" " + texts("board", "legend_bridges"), "dim")
    return line


def board_screen(
    state: BoardGameState, viewer: int | None, names: BoardNames, texts: Texts
) -> RenderableType:
    """Everything a seat sees at the table (``viewer=None``: a spectator), at a local game
    or a replay, whose ``news`` the screen names."""
    return sight_screen(BoardSight.of(state, viewer), names, texts, "more_news")


def sight_screen(
    sight: BoardSight, names: BoardNames, texts: Texts, more: str = "more_all"
) -> RenderableType:
    """Everything ``sight``'s seat sees at the table, laid out for the terminal (compact
    below :data:`~carson.games.board.tui.screen.COMPACT_BELOW` lines): at a local game and
    online alike (``more``: the key of the line that names the words for more)."""
    return BoardScreen(sight, names, texts, lambda: full_screen(sight, names, texts), more)


def full_screen(sight: BoardSight, names: BoardNames, texts: Texts) -> RenderableType:
    """Everything ``sight``'s seat sees at the table, in full."""
    view = sight.view
    town = [
        Text(texts("board", "town"), "bold"),
        *town_grid(view, legal_parcels(sight), texts=texts).split("\n"),
    ]
    track = track_lines(sight, names, texts, legal_spaces(sight))
    parts: list[RenderableType] = [header(sight, names, texts), SideBySide(town, track)]
    parts.append(personalities_table(sight, names, texts))
    parts.append(players_table(view, sight.seat, names, texts))
    parts.append(supply_line(sight, names, texts))
    parts.append(legend(names, texts, len(view["players"]), sight.config.has("river")))
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

    def prices() -> RenderableType:
        return prices_screen(sight, texts)

    def table() -> RenderableType:  # below 50 lines without the town and the track
        return Tall(lambda: full_screen(sight, names, texts),
                    lambda: compact_table(sight, names, texts))  # fmt: skip

    def legend_() -> RenderableType:
        return legend(names, texts, len(sight.view["players"]), sight.config.has("river"))

    def town() -> RenderableType:
        return Group(
            Text(texts("board", "town"), "bold"),
            town_grid(sight.view, legal_parcels(sight), texts=texts),
        )

    def track() -> RenderableType:  # below 50 lines in two columns: 15 lines, not 27
        marks = legal_spaces(sight)
        return Tall(lambda: Group(*track_lines(sight, names, texts, marks)),
                    lambda: Wide(lambda width: compact_track(sight, names, texts, marks,
                                                             width)))  # fmt: skip

    commands: dict[str, Callable[[], RenderableType]] = {}
    words = (("prices_words", prices), ("board_words", table), ("town_words", town),
             ("track_words", track), ("legend_words", legend_))  # fmt: skip
    for key, command in words:
        for word in keywords(texts, key):
            commands[word] = command
    return commands


def keywords(texts: Texts, key: str) -> set[str]:
    """The words of ``board.<key>`` in English and in the player's language."""
    english = board_texts("en")
    return {word.casefold() for word in (*english("board", key).split(),
                                         *texts("board", key).split())}  # fmt: skip


class Tall:
    """``full`` on a terminal of :data:`COMPACT_BELOW` lines or more, else ``short``."""

    def __init__(
        self, full: Callable[[], RenderableType], short: Callable[[], RenderableType]
    ) -> None:
        self.full, self.short = full, short

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        yield self.full() if console.size.height >= COMPACT_BELOW else self.short()


class Wide:
    """What ``draw`` makes for the console's width."""

    def __init__(self, draw: Callable[[int], Iterable[RenderableType]]) -> None:
        self.draw = draw

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        yield from self.draw(options.max_width)


def compact_table(sight: BoardSight, names: BoardNames, texts: Texts) -> RenderableType:
    """The table for a short terminal (``board`` at 80×24): the round and the orders, the
    personalities two to a line (who took which), the players, the supplies; the town, the
    track and the legend a word away (the screen's line of words says so)."""
    view = sight.view
    holders = {player["personality"]: player["seat"] for player in view["players"]
               if player["personality"]}  # fmt: skip
    cards: list[Text] = []
    for personality in PERSONALITY_IDS:
        card = sight.catalog.personalities[personality]
        side = view["sides"][personality]
        line = Text(f"{card.number} ")
        line.append(names.personality(personality), "bold")
        line.append(" ")
        line.append(names.side(side), SIDE_STYLES[side])
        line.append(f" ${card.cash_limit[side]} ")
        holder = holders.get(personality)
        if holder is not None:
            line.append(names.who(holder), names.style(holder))
        elif personality in view["available"]:
            line.append(texts("board", "available"), "dim")
        else:
            line.append("—", "dim")
        cards.append(line)
    return Group(
        header(sight, names, texts),
        SideBySide(cards[0::2], cards[1::2], 2),  # (their numbers say what they are)
        players_table(view, sight.seat, names, texts, personality=False),  # named above
        supply_line(sight, names, texts),
    )


def final_table(state: BoardGameState, names: BoardNames, texts: Texts) -> RenderableType:
    """BG-8.2: VP of the game, plus 2 (3 beside a bridge) per built-on parcel, plus 1 per $6:
    a line per seat that starts with its name (on a short terminal no header it needs can
    scroll away), the total in bold."""
    parcels = [state.town.final_vp(seat) for seat in range(len(state.players))]
    money = [player.money // 6 for player in state.players]
    during = [player.vp - parcels[seat] - money[seat] for seat, player in enumerate(state.players)]
    # "3 beside a bridge" only in the river game (BG-10.3)
    parcels_key = "final_parcels" if state.config.has("river") else "final_parcels_plain"
    headers = [texts("board", "col_player"), texts("board", "final_during"),
               texts("board", parcels_key), texts("board", "final_money"),
               texts("ui", "total")]  # fmt: skip
    rows: list[list[str | Text]] = [
        [Text(names.seat(seat), names.style(seat)), str(during[seat]), str(parcels[seat]),
         str(money[seat]), Text(str(player.vp), "bold")]
        for seat, player in enumerate(state.players)
    ]  # fmt: skip
    return text_table(texts("ui", "game_over"), headers, rows, {1, 2, 3, 4})
