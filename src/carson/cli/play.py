"""``carson play`` and ``carson replay``: the terminal game (see :mod:`carson.terminal`)."""

from __future__ import annotations

import os
import random
import time
from pathlib import Path
from typing import Annotated, Any

import typer
from rich.console import Console

from carson.cli.errors import fail
from carson.cli.simulate import GameName
from carson.core.record import GameRecord, RecordError
from carson.core.registry import GameSetupError, game_kind
from carson.games.board.engine.config import VARIANTS
from carson.games.card.players import SEAT_CHOICES, engine_kind
from carson.terminal.board_game import DEFAULT_BOARD_TABLE
from carson.terminal.game import (
    HUMAN,
    SAVE_PROGRAM,
    SaveError,
    TerminalGame,
    kit_for,
    kit_of,
    load_save,
)
from carson.terminal.replay import ReplayViewer
from carson.terminal.texts import LANGUAGES, texts

PLAY_CHOICES = (HUMAN, *SEAT_CHOICES)
DEFAULT_TABLE = [HUMAN, "expert", "expert", "expert"]


def register(app: typer.Typer) -> None:
    @app.command()
    def play(
        seat: Annotated[
            list[str] | None,
            typer.Option(
                "--seat",
                help=f"a seat kind, once per seat in order: card game {', '.join(PLAY_CHOICES)} "
                "(default: you against 3 expert virtual players); board game "
                f"{', '.join(game_kind('board').seat_kinds)} (default: you against 2 ai-medium)",
            ),
        ] = None,
        game: Annotated[GameName | None, typer.Option(help="card (the default) or board")] = None,
        variant: Annotated[
            list[str] | None,
            typer.Option("--variant", help=f"board game only, repeatable: {', '.join(VARIANTS)}"),
        ] = None,
        seed: Annotated[int | None, typer.Option(help="seed of the deal (default: random)")] = None,
        lang: Annotated[str, typer.Option(help=f"language: {', '.join(LANGUAGES)}")] = "en",
        save: Annotated[
            Path | None,
            typer.Option(
                help="save the game to FILE after every move (default: a new file in "
                "$CARSON_HOME/games, or ~/.local/share/carson/games)"
            ),
        ] = None,
        no_save: Annotated[
            bool, typer.Option("--no-save", help="do not save the game at all")
        ] = False,
        resume: Annotated[
            Path | None, typer.Option(help="go on with a game saved with --save")
        ] = None,
        budget_ms: Annotated[
            int | None, typer.Option(help="AI seats think this many ms per decision")
        ] = None,
    ) -> None:
        """Play a game in the terminal: the card game (1–6 humans at one keyboard, with
        virtual and AI seats) or, with --game board, the board game (2–5 seats)."""
        if lang not in LANGUAGES:
            fail(f"unknown language {lang!r}; choose from {', '.join(LANGUAGES)}")
        if budget_ms is not None and budget_ms < 0:
            fail("--budget-ms cannot be negative")
        state: Any
        if resume is not None:
            if seat or seed is not None or game is not None or variant:
                fail(
                    "--resume continues a saved game: it takes no --seat, --seed, --game "
                    "or --variant"
                )
            try:
                state, kinds, saved_lang = load_save(resume)
            except SaveError as error:
                fail(str(error))
            if state.is_over:
                fail(f"the game in {resume} is over; see it with: carson replay {resume}")
            save = save or resume
            lang = lang if lang != "en" else saved_lang
        else:
            board = game is GameName.board
            if variant and not board:
                fail("--variant is for the board game (--game board)")
            kinds = list(seat) if seat else list(DEFAULT_BOARD_TABLE if board else DEFAULT_TABLE)
            kit = kit_for("board" if board else "card")
            try:
                kit.kind.config(kinds, variant or ())  # seat kinds, seat count, variants
            except GameSetupError as error:
                fail(str(error))
            if HUMAN not in kinds:
                fail("no human seat: add --seat human (or watch bots with carson simulate)")
            game_seed = seed if seed is not None else random.randrange(10**9)
            state = kit.new_state(kinds, game_seed, variant)
            if save is None and not no_save:
                save = default_save_path(state.seed)
        if no_save:
            save = None
        if save is not None:
            try:
                save.parent.mkdir(parents=True, exist_ok=True)
            except OSError as error:
                fail(f"cannot create {save.parent}: {error.strerror or error}")
        console = Console(highlight=False)
        terminal = TerminalGame(state, kinds, texts(lang), console, console.input, save, budget_ms)
        raise typer.Exit(terminal.run())

    @app.command()
    def replay(
        file: Annotated[Path, typer.Argument(help="a game saved by 'carson play' or a record")],
        step: Annotated[int, typer.Option(help="step to start at")] = 0,
        lang: Annotated[str, typer.Option(help=f"language: {', '.join(LANGUAGES)}")] = "en",
    ) -> None:
        """Step through a saved game forwards and backwards."""
        if lang not in LANGUAGES:
            fail(f"unknown language {lang!r}; choose from {', '.join(LANGUAGES)}")
        record, kinds = _read_any(file)
        console = Console(highlight=False)
        viewer = ReplayViewer(record, kinds, texts(lang), console, console.input)
        raise typer.Exit(viewer.run(step))


def default_save_path(seed: int) -> Path:
    """A new file for a game: under ``$CARSON_HOME/games`` (default ``~/.local/share/carson``)."""
    home = os.environ.get("CARSON_HOME")
    base = Path(home) if home else Path.home() / ".local" / "share" / "carson"
    stamp = time.strftime("%Y%m%d-%H%M%S")
    return base / "games" / f"game-{stamp}-{seed}.json"


def _read_any(path: Path) -> tuple[GameRecord, list[str]]:
    """A record and its seat kinds from a ``carson play`` save or a plain game record."""
    try:
        text = path.read_text(encoding="utf-8")
    except OSError as error:
        fail(f"cannot read {path}: {error.strerror or error}")
    if f'"{SAVE_PROGRAM}"' in text:
        try:
            state, kinds, _ = load_save(path)
        except SaveError as error:
            fail(str(error))
        return kit_of(state).record_of(state), kinds
    try:
        record = GameRecord.loads(text)
        state = kit_for(record.game).replay_record(record)
    except (RecordError, ValueError) as error:
        fail(f"{path}: {error}")
    if record.game != "card":  # a board game's record knows no seat kinds
        return record, ["player"] * len(state.players)
    return record, [engine_kind(seat.kind) if seat.is_virtual else "player" for seat in state.seats]
