"""``carson play``: a whole game at one keyboard, with machine and human seats.

The loop asks the engine who must act. Virtual seats play inside the engine; AI and bot
seats choose through the :class:`Player` protocol; each human decision is a prompt, parsed
by the game's prompts (a mistake gets a message, never a traceback). With more than one
human seat the screen is cleared between their turns, so that no one sees another seat's
secret choice (hot seat). With ``--save`` the game is written after every action, as its
record (config, seed, actions) plus the seat kinds: ``--resume`` replays it.

The loop is the same for every game; what differs (screen, prompts, event lines, players,
records) comes from the game's :class:`~carson.terminal.kit.GameKit`: :class:`CardKit`
here, :class:`~carson.terminal.board_game.BoardKit` for the board game.
"""

from __future__ import annotations

import json
import os
from collections.abc import Callable
from pathlib import Path
from typing import Any

from rich.console import Console, RenderableType

from carson.core.game import Event
from carson.core.players import Player
from carson.core.record import GameRecord, RecordError
from carson.core.registry import GameSetupError
from carson.games.card.engine.log import game_log
from carson.games.card.engine.state import CardGameState
from carson.games.card.players import engine_kind
from carson.terminal.events import describe
from carson.terminal.kit import HUMAN, GameKit
from carson.terminal.prompts import Asker, QuitGame, ask_action
from carson.terminal.render import Names, score_sheets, table_screen
from carson.terminal.texts import Texts

__all__ = [
    "HUMAN", "SAVE_FORMAT", "SAVE_PROGRAM", "SaveError", "TerminalGame", "load_save", "new_state",
]  # fmt: skip

SAVE_FORMAT = 1
SAVE_PROGRAM = "carson play"
#: At most this many lines of news before a human's screen (older ones are summed up).
NEWS_LINES = 40


class SaveError(ValueError):
    """A save file that cannot be read; the message says why."""


class CardKit(GameKit):
    """*Carson City: The Card Game* at the terminal."""

    game = "card"

    def names(self, state: CardGameState, kinds: list[str], texts: Texts) -> Names:
        return Names(state, kinds, texts)

    def screen(
        self, state: CardGameState, viewer: int | None, names: Names, texts: Texts
    ) -> RenderableType:
        return table_screen(state, viewer, names, texts)

    def final(self, state: CardGameState, names: Names, texts: Texts) -> RenderableType:
        return score_sheets(state, names, texts)

    def ask(self, asker: Asker, state: CardGameState, seat: int, names: Names) -> Any:
        return ask_action(asker, state, seat, names)

    def describe(self, event: Event, names: Names, texts: Texts) -> str | None:
        return describe(event, names, texts)

    def game_log(self, state: CardGameState) -> str:
        return game_log(state)

    def kinds_fit(self, state: CardGameState, kinds: list[str]) -> bool:
        return len(kinds) == len(state.seats) and all(
            state.seats[seat].is_virtual == (engine_kind(kind) != "player")
            for seat, kind in enumerate(kinds)
        )

    def opening_events(self, state: CardGameState) -> list[Event]:
        return list(state.setup_events)


CARD_KIT = CardKit()


def kit_for(game: str) -> GameKit:
    """The kit of a record's game (``card`` or ``board``)."""
    if game == CARD_KIT.game:
        return CARD_KIT
    from carson.terminal.board_game import BOARD_KIT

    if game == BOARD_KIT.game:
        return BOARD_KIT
    raise ValueError(f"no terminal game {game!r}")


def kit_of(state: Any) -> GameKit:
    return CARD_KIT if isinstance(state, CardGameState) else kit_for("board")


class TerminalGame:
    """One game at the terminal, of any game (the kit is found from ``state``)."""

    def __init__(
        self,
        state: Any,
        kinds: list[str],
        texts: Texts,
        console: Console,
        ask: Callable[[str], str],
        save_path: Path | None = None,
        budget_ms: int | None = None,
    ) -> None:
        self.kit = kit_of(state)
        self.state = state
        self.kinds = kinds
        self.texts = texts
        self.console = console
        self.save_path = save_path
        self.names = self.kit.names(state, kinds, texts)
        self.asker = Asker(ask, console, texts, self.kit.help)
        self.players: dict[int, Player[Any]] = {}
        for seat, kind in enumerate(kinds):
            if kind != HUMAN:
                player = self.kit.make_player(kind, state.seed, seat, budget_ms)
                if player is not None:
                    self.players[seat] = player
        self.humans = [seat for seat, kind in enumerate(kinds) if kind == HUMAN]
        # What happened, as lines; each human sees the lines since he last looked.
        self._news: list[str] = []
        self._seen: dict[int, int] = dict.fromkeys(self.humans, 0)
        self._last_viewer: int | None = None

    # ------------------------------------------------------------------ the loop

    def run(self) -> int:
        """Play to the end (or until a human quits). 0 when the game ended, 3 when left."""
        self._remember(self.kit.opening_events(self.state) if not self.state.actions else [])
        try:
            while not self.state.is_over:
                self._step()
        except QuitGame:
            self._save()
            self.console.print(self._saved_line(), markup=False)
            return 3
        self._save()
        self._finish()
        return 0

    def _step(self) -> None:
        actors = self.state.seats_to_act
        # Machines first: a human then sees what they did (their secrets stay hidden anyway).
        seat = next((s for s in actors if s in self.players), actors[0])
        legal = self.state.legal_actions(seat)
        if seat in self.players:
            observation = self.kit.observation(self.state, seat)
            if len(legal) > 1 and self.kit.searches(self.kinds[seat]):  # a search: a while
                thinking = self.texts("ui", "thinking", who=self.names.seat(seat))
                with self.console.status(thinking):
                    action = self.players[seat].choose(observation, legal)
            else:
                action = self.players[seat].choose(observation, legal)
        else:
            self._show_table(seat)
            self.asker.commands = self.kit.commands(self.state, seat, self.names, self.texts)
            action = self.kit.ask(self.asker, self.state, seat, self.names)
        self._remember(self.state.apply(seat, action))
        self._save()

    def _remember(self, events: list[Event]) -> None:
        for event in events:
            if event.visible_to(None):
                line = self.kit.describe(event, self.names, self.texts)
                if line:
                    self._news.append(line)

    def _print_news(self, since: int) -> None:
        lines = self._news[since:]
        if len(lines) > NEWS_LINES:
            skipped = len(lines) - NEWS_LINES
            self.console.print(self.texts("ui", "news_skipped", count=skipped), style="dim")
            lines = lines[skipped:]
        for line in lines:
            self.console.print(f"• {line}", markup=False)

    def _show_table(self, seat: int) -> None:
        if len(self.humans) > 1 and self._last_viewer != seat:
            # Hot seat: hide the previous player's screen before handing over (CG-9.2, BG-11).
            self._clear_screen()
            self.asker.pause(self.texts("ui", "pass_keyboard", who=self.names.seat(seat)))
            self._clear_screen()
        self._last_viewer = seat
        self.console.rule(self.texts(*self.kit.title))
        self._print_news(self._seen.get(seat, 0))
        self._seen[seat] = len(self._news)
        self.console.print(self.kit.screen(self.state, seat, self.names, self.texts), markup=False)
        self.console.print(
            self.texts("ui", "your_turn", who=self.names.seat(seat)), style="bold", markup=False
        )

    def _clear_screen(self) -> None:
        """Clear the screen and the terminal's scrollback, where the last player's hand and
        answers would otherwise stay a scroll away (hot seat)."""
        self.console.clear()
        if self.console.is_terminal:
            self.console.file.write("\x1b[3J")
            self.console.file.flush()

    def _finish(self) -> None:
        if len(self.humans) > 1:
            self._clear_screen()
        self._print_news(min(self._seen.values(), default=0))
        self.console.print(self.kit.screen(self.state, None, self.names, self.texts), markup=False)
        self.console.print(self.kit.final(self.state, self.names, self.texts), markup=False)
        result = self.state.result()
        assert result is not None
        who = ", ".join(self.names.seat(seat) for seat in sorted(result.winners))
        key = "winner" if len(result.winners) == 1 else "winners"
        self.console.print(self.texts("ui", key, who=who), style="bold green", markup=False)
        self.console.print(self._saved_line(), markup=False)

    # ------------------------------------------------------------------ saving

    def _saved_line(self) -> str:
        if self.save_path is None:
            return self.texts("ui", "not_saved")
        if self.state.is_over:
            return self.texts(
                "ui", "saved_over", path=str(self.save_path), log=str(self._log_path())
            )
        return self.texts("ui", "saved", path=str(self.save_path))

    def _log_path(self) -> Path:
        assert self.save_path is not None
        return self.save_path.with_suffix(".log.txt")

    def _save(self) -> None:
        if self.save_path is None:
            return
        data = {
            "format": SAVE_FORMAT,
            "program": SAVE_PROGRAM,
            "seats": self.kinds,
            "lang": self.texts.lang,
            "record": self.kit.record_of(self.state).to_json(),
        }
        # Write beside, then rename: a crash mid-write never leaves half a save.
        temporary = self.save_path.with_name(self.save_path.name + ".tmp")
        # One line: the C encoder is many times faster than an indented dump, and the save
        # is written after every move (a board game has a thousand of them).
        temporary.write_text(json.dumps(data, ensure_ascii=False), encoding="utf-8")
        os.replace(temporary, self.save_path)
        if self.state.is_over:  # the readable log, beside the save
            self._log_path().write_text(self.kit.game_log(self.state), encoding="utf-8")


def new_state(kinds: list[str], seed: int) -> CardGameState:
    """A new card game; a human seat is a player seat to the engine, as are AI and bots."""
    state = CARD_KIT.new_state(kinds, seed)
    assert isinstance(state, CardGameState)
    return state


def load_save(path: Path) -> tuple[Any, list[str], str]:
    """(state, seat kinds, language) of a save file of any game, or :class:`SaveError`."""
    try:
        data: Any = json.loads(path.read_text(encoding="utf-8"))
    except OSError as error:
        raise SaveError(f"cannot read {path}: {error.strerror or error}") from None
    except json.JSONDecodeError as error:
        raise SaveError(f"{path} is not a carson save (bad JSON: {error.msg})") from None
    if not isinstance(data, dict) or data.get("program") != SAVE_PROGRAM:
        raise SaveError(f"{path} is not a game saved by 'carson play'")
    if data.get("format") != SAVE_FORMAT:
        raise SaveError(f"{path}: unsupported save format {data.get('format')!r}")
    kinds = data.get("seats")
    if not isinstance(kinds, list) or not all(isinstance(kind, str) for kind in kinds):
        raise SaveError(f"{path}: the seat kinds are missing")
    try:
        record = GameRecord.from_json(data.get("record"))
        kit = kit_for(record.game)
        state = kit.replay_record(record)
    except (RecordError, GameSetupError, ValueError) as error:
        raise SaveError(f"{path}: {error}") from None
    if not kit.kinds_fit(state, kinds):
        raise SaveError(f"{path}: the seat kinds do not match the game")
    lang = data.get("lang", "en")
    return state, kinds, lang if isinstance(lang, str) else "en"
