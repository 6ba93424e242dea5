"""``carson play``: a whole game at one keyboard, with machine and human seats, for any game.

The loop asks the engine who must act. Seats the engine plays itself act inside it; machine
seats choose through the :class:`Player` protocol; each human decision is a prompt, parsed
by the game's kit (a mistake gets a message, never a traceback). With more than one human
seat the screen is cleared between their turns, so that no one sees another seat's secret
choice (hot seat). Each move's events are kept (:class:`~carson.terminal.moves.MoveLog`): a human
sees the lines of those since he last looked. With ``--save`` the game is written after
every action, as its record (config, seed, actions) plus the seat kinds, the events and how
far each human has seen them: ``--resume`` replays the record and shows each human what
happened since he last looked, from the saved events.

What differs between games (screen, prompts, event lines, players, records) comes from the
game's :class:`~carson.terminal.kit.GameKit`: its own, or the generic one.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any

from rich.console import Console

from carson.core.players import Player
from carson.terminal.asker import Asker, QuitGame, UndoMove
from carson.terminal.kit import HUMAN, Setup
from carson.terminal.kits import setup_of
from carson.terminal.moves import MoveLog
from carson.terminal.replay import winners_line
from carson.terminal.saves import write_save
from carson.terminal.texts import Texts

__all__ = ["HUMAN", "TerminalGame"]

#: At most this many lines of news before a human's screen (older ones are summed up).
NEWS_LINES = 40
#: A resumed game shows at least this many lines of the last news again.
RECENT_LINES = 5


class TerminalGame:
    """One game at the terminal. ``setup`` (kit, configuration, seed) may be left out for a
    state whose game's kit can tell it (the card and board games). A resumed game comes with
    its move ``log`` and, per human seat, how many entries of it he has ``seen`` (a seat not
    named has seen them all)."""

    def __init__(
        self,
        state: Any,
        kinds: list[str],
        texts: Texts,
        console: Console,
        ask: Callable[[str], str],
        save_path: Path | None = None,
        budget_ms: int | None = None,
        setup: Setup | None = None,
        log: MoveLog | None = None,
        seen: Mapping[int, int] | None = None,
    ) -> None:
        self.setup = setup or setup_of(state)
        self.kit = self.setup.kit
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
                player = self.kit.make_player(kind, self.setup.seed, seat, budget_ms)
                if player is not None:
                    self.players[seat] = player
        self.humans = [seat for seat, kind in enumerate(kinds) if kind == HUMAN]
        # What happened; each human sees the lines of the entries since he last looked
        # (in a game begun here, from the setup's on).
        unseen = 0 if log is None and not state.actions else None
        self.log = log if log is not None else self._first_log()
        seen = seen or {}
        default = len(self.log) if unseen is None else unseen
        self._seen = {seat: seen.get(seat, default) for seat in self.humans}
        if log is not None and state.actions:  # resumed: the last events again, for context
            recent = self._recent_start()
            self._seen = {seat: min(count, recent) for seat, count in self._seen.items()}
        self._last_viewer: int | None = None
        # A game begun here is written only once a human has made a move: leaving at the
        # first question leaves no file behind.
        self._human_moved = False
        # Per human seat: how many actions there were before his last move (for undo).
        self._undo_to: dict[int, int] = {}

    def _first_log(self) -> MoveLog:
        """The log of a game begun here; a state with moves and no log (a caller that kept
        none) gets its log derived once, all of it seen."""
        if not self.state.actions:
            return MoveLog(self.kit.opening_events(self.state))
        return self.kit.replay_logged(self.setup.record(self.state))[1]

    # ------------------------------------------------------------------ the loop

    def run(self) -> int:
        """Play to the end (or until a human quits). 0 when the game ended, 3 when left."""
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
        if seat in self.players:
            action = self._machine_choice(seat)
        else:
            try:
                action = self._human_choice(seat)
            except UndoMove:
                self._undo(seat)
                return
            self._human_moved = True
            self._undo_to[seat] = len(self.state.actions)
        self.log.add(self.state.apply(seat, action))
        self._save()

    def _can_undo(self, seat: int) -> bool:
        """The seat's last move may be taken back: every move since was his, and what they
        brought about shows him nothing hidden (the game's kit judges)."""
        start = self._undo_to.get(seat)
        if start is None or start >= len(self.state.actions):
            return False
        if any(other != seat for other, _ in self.state.actions[start:]):
            return False
        events = [event for entry in range(start + 1, len(self.log)) for event in self.log[entry]]
        return self.kit.undoable(events, seat)

    def _undo(self, seat: int) -> None:
        """Back to the seat's question before his last move (the game replayed to it; the
        names stay, as the seats do)."""
        start = self._undo_to.pop(seat)
        self.state = self.kit.replay_record(self.setup.record(self.state), upto=start)
        self.log.truncate(start + 1)
        self._seen = {human: min(count, len(self.log)) for human, count in self._seen.items()}
        self.console.print(self.texts("ui", "undone"), style="bold", markup=False)
        self._save()

    def _machine_choice(self, seat: int) -> Any:
        legal = self.state.legal_actions(seat)
        observation = self.kit.observation(self.state, seat)
        if len(legal) > 1 and self.kit.searches(self.kinds[seat]):  # a search: a while
            thinking = self.texts("ui", "thinking", who=self.names.seat(seat))
            with self.console.status(thinking):
                return self.players[seat].choose(observation, legal)
        return self.players[seat].choose(observation, legal)

    def _human_choice(self, seat: int) -> Any:
        self._show_table(seat)
        self.asker.commands = self.kit.commands(self.state, seat, self.names, self.texts)
        self.asker.can_undo = self._can_undo(seat)
        if self.asker.can_undo:
            self.console.print(self.texts("ui", "undo_offer"), style="dim", markup=False)
        return self.kit.ask(self.asker, self.state, seat, self.names)

    def _recent_start(self) -> int:
        """The log entry from which on the last :data:`RECENT_LINES` lines of news come."""
        start, lines = len(self.log), 0
        while start > 1 and lines < RECENT_LINES:
            start -= 1
            lines += len(self._news_of(self.log[start]))
        return start

    def _news_of(self, events: Any) -> list[str]:
        """The lines of the public events among ``events``."""
        lines = []
        for event in events:
            if event.visible_to(None):
                line = self.kit.describe(event, self.names, self.texts)
                if line:
                    lines.append(line)
        return lines

    def _news(self, since: int) -> list[str]:
        """The lines of the public events of the log's entries from ``since`` on."""
        return self._news_of(self.log.since(since))

    def _print_news(self, since: int) -> None:
        lines = self._news(since)
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
        self.console.rule(self.kit.title(self.texts))
        self._print_news(self._seen.get(seat, 0))
        self._seen[seat] = len(self.log)
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
        winners = winners_line(self.state, self.names, self.texts)
        self.console.print(winners, style="bold green", markup=False)
        self.console.print(self._saved_line(), markup=False)

    # ------------------------------------------------------------------ saving

    def _saved_line(self) -> str:
        if self.save_path is None:
            return self.texts("ui", "not_saved")
        if not self._writes():
            return self.texts("ui", "nothing_saved")
        if self.state.is_over:
            return self.texts(
                "ui", "saved_over", path=str(self.save_path), log=str(self._log_path())
            )
        return self.texts("ui", "saved", path=str(self.save_path))

    def _log_path(self) -> Path:
        assert self.save_path is not None
        return self.save_path.with_suffix(".log.txt")

    def _writes(self) -> bool:
        """Whether the game is written: once a human moved, or over a save that exists."""
        assert self.save_path is not None
        return self._human_moved or self.state.is_over or self.save_path.exists()

    def _save(self) -> None:
        if self.save_path is None or not self._writes():
            return
        write_save(
            self.save_path, self.setup, self.state, self.kinds, self.texts.lang,
            self.log, self._seen,
        )  # fmt: skip
        if self.state.is_over:  # the readable log, beside the save
            log = self.kit.game_log(self.state, self.setup.record(self.state))
            self._log_path().write_text(log, encoding="utf-8")
