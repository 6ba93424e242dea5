"""``carson play`` and ``carson replay``: the terminal game (see :mod:`carson.terminal`), for
any game of the registry (``--game``): its seat kinds, variants and default table come from
its :class:`~carson.core.registry.GameKind`."""

from __future__ import annotations

import random
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Annotated

import typer
from rich.console import Console

from carson.cli.errors import fail
from carson.cli.play_online import (
    ControlOption,
    JoinOption,
    LobbyOption,
    OnlineOptions,
    PublicOption,
    QuickOption,
    ServerOption,
    UserOption,
)
from carson.core.i18n import LANGUAGES
from carson.core.paths import data_dir
from carson.core.record import GameRecord, RecordError
from carson.core.registry import HUMAN, AnyGameKind, GameSetupError, game_kind, games
from carson.terminal.game import TerminalGame
from carson.terminal.kit import Setup
from carson.terminal.kits import kit_for
from carson.terminal.line_input import LineInput
from carson.terminal.moves import MoveLog
from carson.terminal.replay import ReplayViewer
from carson.terminal.saves import SAVE_PROGRAM, Saved, SaveError, read_save


def _seat_help() -> str:
    tables = "; ".join(
        f"{name} {', '.join(kind.seat_kinds)} (default: {' '.join(kind.default_seats)})"
        for name, kind in games().items()
    )
    return f"a seat kind, once per seat in order: {tables}"


def _variant_help() -> str:
    known = "; ".join(
        f"{name}: {', '.join(k.variants)}" for name, k in games().items() if k.variants
    )
    return f"a variant of the game, repeatable ({known or 'none'})"


def _game_help() -> str:
    return f"the game: {', '.join(games())} (default: {next(iter(games()), '')})"


def _new_game(
    game: str | None, seat: list[str] | None, variant: list[str] | None, seed: int | None
) -> Saved:
    """A new game as the options ask (else ``fail``), with its seat kinds."""
    try:
        kind = game_kind(game if game is not None else next(iter(games())))
    except (GameSetupError, StopIteration) as error:
        fail(str(error) or "no game is installed")
    if variant and not kind.variants:
        fail(_no_variants(kind))
    kinds = list(seat) if seat else list(kind.default_seats)
    try:
        config = kind.config(kinds, variant or ())  # seat kinds, seat count, variants
    except GameSetupError as error:
        fail(str(error))
    if HUMAN not in kinds:
        fail("no human seat: add --seat human (or watch bots with carson simulate)")
    game_seed = seed if seed is not None else random.randrange(10**9)
    setup = Setup(kit_for(kind.name), config, game_seed)
    return Saved(setup, kind.new_state(config, game_seed), kinds, "en")


def _no_variants(kind: AnyGameKind) -> str:
    others = [name for name, other in games().items() if other.variants]
    where = " or ".join(others)
    hint = f"; --variant is for the {where} game (--game {others[0]})" if others else ""
    return f"the {kind.name} game has no variants{hint}"


def _resumed(resume: Path) -> Saved:
    try:
        saved = read_save(resume)
    except SaveError as error:
        fail(str(error))
    if saved.state.is_over:
        fail(f"the game in {resume} is over; see it with: carson replay {resume}")
    return saved


def _ready_save_path(save: Path | None) -> None:
    if save is not None:
        try:
            save.parent.mkdir(parents=True, exist_ok=True)
        except OSError as error:
            fail(f"cannot create {save.parent}: {error.strerror or error}")


def play(
    seat: Annotated[list[str] | None, typer.Option("--seat", help=_seat_help())] = None,
    game: Annotated[str | None, typer.Option(help=_game_help())] = None,
    variant: Annotated[list[str] | None, typer.Option("--variant", help=_variant_help())] = None,
    seed: Annotated[int | None, typer.Option(help="seed of the deal (default: random)")] = None,
    lang: Annotated[str, typer.Option(help=f"language: {', '.join(LANGUAGES)}")] = "en",
    save: Annotated[
        Path | None,
        typer.Option(
            help="save the game to FILE after every move (default: a new file in the "
            "games folder of carson's data directory: $CARSON_HOME, else ~/.local/share/carson "
            "on Linux)"
        ),
    ] = None,
    no_save: Annotated[bool, typer.Option("--no-save", help="do not save the game at all")] = False,
    resume: Annotated[Path | None, typer.Option(help="go on with a game saved with --save")] = None,
    budget_ms: Annotated[
        int | None, typer.Option(help="AI seats think this many ms per decision")
    ] = None,
    server: ServerOption = None,
    user: UserOption = None,
    join: JoinOption = None,
    lobby: LobbyOption = False,
    control: ControlOption = None,
    public: PublicOption = False,
    quick: QuickOption = False,
) -> None:
    """Play a game in the terminal: humans at one keyboard, with machine seats; or, with
    --server, a game of a carson server (--join one, take one from the --lobby, find one by
    --quick match, or create one; with none of these, a menu asks). --game chooses the
    game; --seat sets the table, else the game's usual one.

    Exit status: 0 when the game ended; 3 when a player left it ('quit', Ctrl-C or
    Ctrl-D: the game is saved to resume, unless nobody has moved yet; a server's game goes
    on there); 1 when the server refused or could not be reached; 2 for a bad option.
    """
    _check_lang_and_budget(lang, budget_ms)
    online = OnlineOptions(server, user, join, lobby, control, game, seat, variant, seed, public,
                           quick)  # fmt: skip
    online.check(resume is not None, bool(save or no_save))
    if server is not None:
        raise typer.Exit(online.play(lang))
    if resume is not None:
        if seat or seed is not None or game is not None or variant:
            fail("--resume continues a saved game: it takes no --seat, --seed, --game or --variant")
        playing = _resumed(resume)
        save = save or resume
        lang = lang if lang != "en" else playing.lang
    else:
        playing = _new_game(game, seat, variant, seed)
        if save is None and not no_save:
            save = default_save_path(playing.setup.seed)
    save = None if no_save else save
    _ready_save_path(save)
    console = Console(highlight=False)
    terminal = TerminalGame(
        playing.state, playing.kinds, playing.setup.kit.texts(lang), console,
        line_reader(console), save, budget_ms, playing.setup, playing.log, playing.seen,
    )  # fmt: skip
    raise typer.Exit(terminal.run())


def _check_lang_and_budget(lang: str, budget_ms: int | None) -> None:
    if lang not in LANGUAGES:
        fail(f"unknown language {lang!r}; choose from {', '.join(LANGUAGES)}")
    if budget_ms is not None and budget_ms < 0:
        fail("--budget-ms cannot be negative")


def replay(
    file: Annotated[Path, typer.Argument(help="a game saved by 'carson play' or a record")],
    step: Annotated[int, typer.Option(help="step to start at")] = 0,
    lang: Annotated[str, typer.Option(help=f"language: {', '.join(LANGUAGES)}")] = "en",
) -> None:
    """Step through a saved game forwards and backwards."""
    if lang not in LANGUAGES:
        fail(f"unknown language {lang!r}; choose from {', '.join(LANGUAGES)}")
    record, kinds, log = _read_any(file)
    console = Console(highlight=False)
    texts = kit_for(record.game).texts(lang)
    viewer = ReplayViewer(record, kinds, texts, console, line_reader(console), log)
    raise typer.Exit(viewer.run(step))


def line_reader(console: Console) -> Callable[[str], str]:
    """How answers are read: with line editing and history (the arrow keys move in the line
    and through earlier answers, never type escape codes) when both ends are a terminal;
    else plain lines, as a script or a pipe gives them."""
    if sys.stdin.isatty() and sys.stdout.isatty():
        return LineInput(flush=False)
    return console.input


def register(app: typer.Typer) -> None:
    app.command()(play)
    app.command()(replay)


def default_save_path(seed: int) -> Path:
    """A new file for a game, in the ``games`` folder of carson's data directory."""
    stamp = time.strftime("%Y%m%d-%H%M%S")
    return data_dir() / "games" / f"game-{stamp}-{seed}.json"


def _read_any(path: Path) -> tuple[GameRecord, list[str], MoveLog]:
    """A record, its seat kinds and its move log from a ``carson play`` save or a plain
    game record (whose log is derived by playing it, once)."""
    try:
        text = path.read_text(encoding="utf-8")
    except OSError as error:
        fail(f"cannot read {path}: {error.strerror or error}")
    if f'"{SAVE_PROGRAM}"' in text:
        try:
            saved = read_save(path)
        except SaveError as error:
            fail(str(error))
        assert saved.log is not None  # a save read back has its log
        return saved.setup.record(saved.state), saved.kinds, saved.log
    try:
        record = GameRecord.loads(text)
        kit = kit_for(record.game)
        state, log = kit.replay_logged(record)
    except (RecordError, ValueError) as error:
        fail(f"{path}: {error}")
    return record, kit.record_kinds(state, record.config), log
