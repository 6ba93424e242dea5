"""``carson play``: a whole game at one keyboard, with virtual, AI and human seats.

The loop asks the engine who must act. Virtual seats play inside the engine; AI and bot
seats choose through the :class:`Player` protocol; each human decision is a prompt, parsed
by :mod:`carson.terminal.prompts` (a mistake gets a message, never a traceback). With more
than one human seat the screen is cleared between their turns, so that no one sees another
seat's secret bid (hot seat). With ``--save`` the game is written after every action, as
its record (config, seed, actions) plus the seat kinds: ``--resume`` replays it.
"""

from __future__ import annotations

import json
import os
from collections.abc import Callable
from pathlib import Path
from typing import Any

from rich.console import Console

from carson.cardgame.ai.player import AI_LEVELS
from carson.cardgame.engine.actions import CardAction
from carson.cardgame.engine.config import GameConfig
from carson.cardgame.engine.log import game_log
from carson.cardgame.engine.observation import SeatObservation
from carson.cardgame.engine.state import CardGameState
from carson.cardgame.match import player_seed, record_of, replay_record
from carson.cardgame.players import engine_kind, make_player
from carson.core.game import Event
from carson.core.record import GameRecord, RecordError
from carson.players.base import Player
from carson.terminal.events import describe
from carson.terminal.prompts import Asker, QuitGame, ask_action
from carson.terminal.render import Names, score_sheets, table_screen
from carson.terminal.texts import Texts

HUMAN = "human"
SAVE_FORMAT = 1
SAVE_PROGRAM = "carson play"


class SaveError(ValueError):
    """A save file that cannot be read; the message says why."""


class TerminalGame:
    def __init__(
        self,
        state: CardGameState,
        kinds: list[str],
        texts: Texts,
        console: Console,
        ask: Callable[[str], str],
        save_path: Path | None = None,
        budget_ms: int | None = None,
    ) -> None:
        self.state = state
        self.kinds = kinds
        self.texts = texts
        self.console = console
        self.save_path = save_path
        self.names = Names(state, kinds, texts)
        self.asker = Asker(ask, console, texts)
        self.players: dict[int, Player[CardAction]] = {}
        for seat, kind in enumerate(kinds):
            if kind != HUMAN:
                player = make_player(kind, player_seed(state.seed, seat), budget_ms)
                if player is not None:
                    self.players[seat] = player
        self.humans = [seat for seat, kind in enumerate(kinds) if kind == HUMAN]
        self._news: list[str] = []  # what happened since a human last looked
        self._last_viewer: int | None = None

    # ------------------------------------------------------------------ the loop

    def run(self) -> int:
        """Play to the end (or until a human quits). 0 when the game ended, 3 when left."""
        self._remember(self.state.setup_events if not self.state.actions else [])
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
        # Machines first: a human then sees what they did (their bids stay hidden anyway).
        seat = next((s for s in actors if s in self.players), actors[0])
        legal = self.state.legal_actions(seat)
        if seat in self.players:
            observation = SeatObservation(self.state, seat)
            if len(legal) > 1 and self.kinds[seat] in AI_LEVELS:  # a search: up to a second
                thinking = self.texts("ui", "thinking", who=self.names.seat(seat))
                with self.console.status(thinking):
                    action = self.players[seat].choose(observation, legal)
            else:
                action = self.players[seat].choose(observation, legal)
        else:
            self._show_table(seat)
            action = ask_action(self.asker, self.state, seat, self.names)
        self._remember(self.state.apply(seat, action))
        self._save()

    def _remember(self, events: list[Event]) -> None:
        for event in events:
            if event.visible_to(None):
                line = describe(event, self.names, self.texts)
                if line:
                    self._news.append(line)

    def _show_table(self, seat: int) -> None:
        if len(self.humans) > 1 and self._last_viewer != seat:
            # Hot seat: hide the previous player's screen before handing over (CG-9.2).
            self._clear_screen()
            self.asker.pause(self.texts("ui", "pass_keyboard", who=self.names.seat(seat)))
            self._clear_screen()
        self._last_viewer = seat
        self.console.rule(self.texts("ui", "title"))
        for line in self._news:
            self.console.print(f"• {line}", markup=False)
        self._news = []
        self.console.print(table_screen(self.state, seat, self.names, self.texts), markup=False)
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
        for line in self._news:
            self.console.print(f"• {line}", markup=False)
        self.console.print(table_screen(self.state, None, self.names, self.texts), markup=False)
        self.console.print(score_sheets(self.state, self.names, self.texts), markup=False)
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
            "record": record_of(self.state).to_json(),
        }
        # Write beside, then rename: a crash mid-write never leaves half a save.
        temporary = self.save_path.with_name(self.save_path.name + ".tmp")
        temporary.write_text(json.dumps(data, ensure_ascii=False, indent=1), encoding="utf-8")
        os.replace(temporary, self.save_path)
        if self.state.is_over:  # the readable round-by-round log, beside the save
            self._log_path().write_text(game_log(self.state), encoding="utf-8")


def new_state(kinds: list[str], seed: int) -> CardGameState:
    # A human seat is a player seat to the engine, as are AI and bot seats.
    return CardGameState(GameConfig.of([engine_kind(kind) for kind in kinds]), seed)


def load_save(path: Path) -> tuple[CardGameState, list[str], str]:
    """(state, seat kinds, language) of a save file, or :class:`SaveError`."""
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
        state = replay_record(record)
    except (RecordError, ValueError) as error:
        raise SaveError(f"{path}: {error}") from None
    if len(kinds) != len(state.seats) or any(
        state.seats[seat].is_virtual != (engine_kind(kind) != "player")
        for seat, kind in enumerate(kinds)
    ):
        raise SaveError(f"{path}: the seat kinds do not match the game")
    lang = data.get("lang", "en")
    return state, kinds, lang if isinstance(lang, str) else "en"
