"""``carson play --server URL``: a game of a carson server played at the terminal (see
:mod:`carson.terminal.online`): sign in, create a game (``--game``, ``--seat``,
``--variant``) or join one (``--join ID`` or an invitation link), wait for the players,
play.

Exit status: 0 when the game ended; 3 when the player left it (it goes on on the server);
1 when the server refused or could not be reached; 2 for a bad option.
"""

from __future__ import annotations

import sys
from dataclasses import dataclass
from typing import Annotated

import typer

if sys.platform != "win32":
    import termios
from rich.console import Console

from carson.cli.errors import fail
from carson.core.registry import HUMAN, GameSetupError, game_kind, games
from carson.terminal.api_client import ApiClient, ApiError, game_id_of
from carson.terminal.asker import Asker, QuitGame
from carson.terminal.credentials import TokenStore
from carson.terminal.line_input import LineInput
from carson.terminal.online import OnlineGame, refusal
from carson.terminal.online_lobby import Lobby, your_games
from carson.terminal.online_menu import menu
from carson.terminal.online_quick import QuickMatch
from carson.terminal.online_start import NewOnlineGame, SignIn, SignInFailed, open_game
from carson.terminal.texts import Texts

#: ``carson play``'s options for online play.
ServerOption = Annotated[
    str | None,
    typer.Option(
        "--server",
        help="play on a carson server (http://host:port): sign in, then create a game or "
        "--join one",
    ),
]
UserOption = Annotated[
    str | None,
    typer.Option("--user", help="your username on the server (default: the last one used there)"),
]
LobbyOption = Annotated[
    bool,
    typer.Option(
        "--lobby",
        help="with --server: take a table from the lobby (--game and --control filter it)",
    ),
]
ControlOption = Annotated[
    str | None,
    typer.Option(
        "--control",
        help="with --lobby: only tables of this time control (live, correspondence, none, "
        "or one such as 10+5 or 3d)",
    ),
]
PublicOption = Annotated[
    bool,
    typer.Option(
        "--public",
        help="with --server: the game you create is listed in the lobby for anyone to join",
    ),
]
JoinOption = Annotated[
    str | None,
    typer.Option("--join", help="with --server: join the game of this id or invitation link"),
]
QuickOption = Annotated[
    bool,
    typer.Option(
        "--quick",
        help="with --server: be paired by quick match with people looking for the same game "
        "(--game chooses it; the players, the clock and whether it is rated are asked)",
    ),
]


@dataclass(frozen=True)
class LobbyFilter:
    """Which of the lobby's tables to list (``None``: all)."""

    game: str | None = None
    control: str | None = None


def play_online(
    server: str,
    user: str | None,
    join: str | None,
    new: NewOnlineGame | None,
    lang: str,
    store: TokenStore | None = None,
    lobby: LobbyFilter | None = None,
    quick: bool = False,
) -> int:
    """Sign in on ``server``, open the game (``join`` it, take a table of the ``lobby``,
    create ``new``, or find one of ``new``'s game by ``quick`` match; asked first when both
    ``new`` and ``lobby`` are given) and play it."""
    if join is not None:
        try:
            game_id_of(join)
        except ValueError as error:
            fail(str(error))
    try:
        client = ApiClient(server)
    except ValueError as error:
        fail(str(error))
    console = Console(highlight=False)
    texts = Texts(lang)
    sign_in = SignIn(client, store or TokenStore(), texts, console, console.input,
                     lambda prompt: read_secret(prompt, console))  # fmt: skip
    try:
        sign_in(user)
        asker = Asker(console.input, console, texts, ("online", "help_lobby"))
        if new is not None and lobby is not None:  # nothing named: one's games first
            back = your_games(client, asker)
            if back is not None:
                return playing(client, back, lang, console)
            chosen, seat = menu(client, asker, new.game, lang)  # friends, messages, …: issue 48
            if seat is not None:
                return playing(client, seat, lang, console)
            quick = chosen == "quick"
            if chosen == "new":
                lobby = None
        if quick and new is not None:
            found = QuickMatch(client, asker, new.game, lang).find()
            if found is None:
                return 1
            return playing(client, found, lang, console)
        if lobby is not None:
            game_id = Lobby(client, asker, console, lobby.game, lobby.control).choose()
        else:
            game_id = open_game(client, join, new, texts, console)
    except (QuitGame, KeyboardInterrupt, EOFError):
        return 3
    except SignInFailed:
        return 1
    except ApiError as error:
        shown = refusal(texts, error, server=client.base, id=join or "", user=user or "")
        console.print(shown, style="bold red", markup=False)
        return 1
    return playing(client, game_id, lang, console)


def playing(client: ApiClient, game_id: str, lang: str, console: Console) -> int:
    """The game played at this terminal: its own questions (line editing, live news and
    clocks) when both ends are a terminal, else lines read as a script gives them."""
    line = LineInput() if sys.stdin.isatty() and sys.stdout.isatty() else None
    return OnlineGame(client, game_id, lang, console, console.input, line=line).run()


def read_secret(prompt: str, console: Console) -> str:
    """A line typed at the terminal without showing it (a password): echo is off on
    standard input itself before the prompt shows, so nothing typed is ever echoed nor
    dropped (a script's piped input is read as it is)."""
    if sys.platform == "win32" or not sys.stdin.isatty():
        console.print(prompt, end="", markup=False)
        line = sys.stdin.readline()
    else:
        descriptor = sys.stdin.fileno()
        before = termios.tcgetattr(descriptor)
        quiet = [*before[:3], before[3] & ~termios.ECHO, *before[4:]]
        termios.tcsetattr(descriptor, termios.TCSADRAIN, quiet)
        try:
            console.print(prompt, end="", markup=False)
            line = sys.stdin.readline()
        finally:
            termios.tcsetattr(descriptor, termios.TCSADRAIN, before)
            console.print()
    if not line:
        raise EOFError
    return line.rstrip("\r\n")


def new_online_game(
    game: str | None, seats: list[str] | None, variants: list[str] | None, seed: int | None,
    lang: str, public: bool = False,
) -> NewOnlineGame:  # fmt: skip
    """The game to create as the options ask; the server checks the table, this the names."""
    try:
        kind = game_kind(game if game is not None else next(iter(games())))
    except (GameSetupError, StopIteration) as error:
        fail(str(error) or "no game is installed")
    kinds = list(seats) if seats else list(kind.default_seats)
    if HUMAN not in kinds:
        fail("no human seat: add --seat human (your seat)")
    return NewOnlineGame(kind.name, kinds, list(variants or ()), lang, seed, public)


def check_online_options(
    server: str | None, user: str | None, join: str | None, resume: bool, creating: bool,
    saving: bool, lobby: LobbyFilter | None = None, public: bool = False, quick: bool = False,
) -> None:  # fmt: skip
    """Options that do not go together with (or without) ``--server`` fail."""
    if server is None:
        if join is not None or user is not None or lobby is not None or public or quick:
            fail("--join, --lobby, --quick, --public and --user are for a game on a server: "
                 "add --server URL")  # fmt: skip
        return
    if quick and (join is not None or lobby is not None or creating):
        fail("--quick finds a game by quick match: it takes no --join, --lobby, --control, "
             "--seat, --variant, --seed or --public (--game chooses the game)")  # fmt: skip
    if lobby is not None and (join is not None or creating):
        fail("--lobby takes a table that is waiting: it takes no --join, --seat, --variant, "
             "--seed or --public (--game and --control filter the tables)")  # fmt: skip
    if resume:
        fail("--resume continues a game saved here; a server's game is joined with --join")
    if saving:
        fail("a server keeps its games: --save and --no-save are for games played here")
    if join is not None and creating:
        fail("--join takes a seat in an existing game: it takes no --seat, --game, --variant, "
             "--seed or --public")  # fmt: skip


@dataclass(frozen=True)
class OnlineOptions:
    """``carson play``'s options that concern a server's game."""

    server: str | None
    user: str | None
    join: str | None
    lobby: bool
    control: str | None
    game: str | None
    seats: list[str] | None
    variants: list[str] | None
    seed: int | None
    public: bool = False
    quick: bool = False

    @property
    def tables(self) -> LobbyFilter | None:
        """The lobby's filter if the lobby is asked for (``--control`` asks for it too)."""
        if self.lobby or self.control is not None:
            return LobbyFilter(self.game, self.control)
        return None

    @property
    def creating(self) -> bool:
        """Whether a table is described (``--game`` only filters the lobby's tables)."""
        game = self.game is not None and self.tables is None and not self.quick
        return bool(self.seats or self.variants or self.seed is not None or game or self.public)

    def check(self, resume: bool, saving: bool) -> None:
        check_online_options(self.server, self.user, self.join, resume, self.creating, saving,
                             self.tables, self.public, self.quick)  # fmt: skip

    def play(self, lang: str) -> int:
        """The game played as the options say; with nothing asked, a menu offers a new
        game of the usual table, a table of the lobby or a quick match."""
        assert self.server is not None
        tables, new = self.tables, None
        if self.quick:  # the game's name, checked here; the table is asked
            new = new_online_game(self.game, None, None, None, lang)
            return play_online(self.server, self.user, None, new, lang, quick=True)
        if self.join is None and tables is None:
            new = new_online_game(self.game, self.seats, self.variants, self.seed, lang,
                                  self.public)  # fmt: skip
            if not self.creating:
                tables = LobbyFilter()
        return play_online(self.server, self.user, self.join, new, lang, lobby=tables)
