"""``carson replay``: step through a saved game forwards and backwards, one action of any
seat per step, each step saying who acted and what it brought about.

Any step's table is rebuilt by replaying the record up to it (event sourcing): no state is
kept between steps, so stepping back is as exact as stepping forward. What each step
brought about comes from the move log (a save keeps it; for a plain record it is derived
once, when the viewer opens). Works for every game (the record names its game; one
without a kit of its own is shown by the generic kit).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from rich.console import Console, RenderableType

from carson.core.record import GameRecord
from carson.terminal.kits import kit_for
from carson.terminal.moves import MoveLog
from carson.terminal.pager import show_paged
from carson.terminal.texts import Texts

#: The replay's own words (besides the game's): the next step (Enter too), the previous
#: one, a step by its number (``g N``, ``go N`` or just ``N``), leaving, help.
NEXT_WORDS = ("n", "next")
BACK_WORDS = ("p", "prev", "previous", "b")
GO_WORDS = ("g", "go")
LEAVE_WORDS = ("q", "quit", "exit")
HELP_WORDS = ("help", "?")


def winners_line(state: Any, names: Any, texts: Texts) -> str:
    """Who won a finished game (``names`` as the game's kit makes them)."""
    result = state.result()
    assert result is not None
    who = ", ".join(names.seat(seat) for seat in sorted(result.winners))
    return texts("ui", "winner" if len(result.winners) == 1 else "winners", who=who)


class ReplayViewer:
    def __init__(
        self,
        record: GameRecord,
        kinds: list[str],
        texts: Texts,
        console: Console,
        ask: Callable[[str], str],
        log: MoveLog | None = None,
    ) -> None:
        self.record = record
        self.kinds = kinds
        self.texts = texts
        self.console = console
        self._ask = ask
        self.kit = kit_for(record.game)
        self.total = len(record.actions)
        self.log = log if log is not None else self.kit.replay_logged(record)[1]
        if len(self.log) != self.total + 1:
            raise ValueError(f"a move log of {len(self.log)} entries for {self.total} moves")

    def commands(self, step: int) -> dict[str, Callable[[], RenderableType]]:
        """The game's words (``table``, ``row``, ``town``, …) at ``step``, as its screen offers
        them, in English and the reader's language."""
        state = self.kit.replay_record(self.record, upto=step)
        names = self.kit.names(state, self.kinds, self.texts)
        return self.kit.commands(state, None, names, self.texts)

    def show(self, step: int) -> None:
        """The table after ``step`` actions, with who made the last one and what it brought
        about (a choice that stays secret, a hidden bid, is said to be one)."""
        kit = self.kit
        state = kit.replay_record(self.record, upto=step)
        names = kit.names(state, self.kinds, self.texts)
        if step == 0:
            self.console.rule(self.texts("ui", "replay_step", step=step, total=self.total))
        else:
            who = names.seat(self.record.actions[step - 1][0])
            self.console.rule(
                self.texts("ui", "replay_step_by", step=step, total=self.total, who=who)
            )
        lines = [
            line
            for event in self.log[step]
            if event.visible_to(None) and (line := kit.describe(event, names, self.texts))
        ]
        if step > 0 and not lines:
            lines = [self.texts("ui", "replay_secret", who=who)]
        for line in lines:
            self.console.print(f"• {line}", markup=False)
        self.console.print(kit.screen(state, None, names, self.texts), markup=False)
        if state.is_over:
            self.console.print(kit.final(state, names, self.texts), markup=False)
            self.console.print(winners_line(state, names, self.texts), style="bold green",
                               markup=False)  # fmt: skip

    def run(self, start: int = 0) -> int:
        step = max(0, min(start, self.total))
        prompt = self.texts("ui", "replay_prompt_words")
        self.show(step)
        typed: str | None = None  # what was typed at the end of a page instead
        while True:
            if typed is None:
                self.console.print(prompt, style="bold cyan", markup=False)
                try:
                    answer = self._ask("> ").strip().lower()
                except (EOFError, KeyboardInterrupt):
                    return 0
            else:
                answer, typed = typed.lower(), None
            if answer in (*LEAVE_WORDS, self.texts("commands", "quit")):
                return 0
            if answer in (*HELP_WORDS, self.texts("commands", "help")):
                typed = self._paged(self.help_text(step))
                continue
            command = self.commands(step).get(answer)
            if command is not None:
                typed = self._paged(command())
                continue
            target = self._target(answer, step)
            if target is None:  # the prompt, which says the commands, comes next
                self._error(self.texts("ui", "replay_unknown"))
            elif target == self.total + 1 == step + 1:
                self._error(self.texts("ui", "replay_end", total=self.total))
            elif target == -1 == step - 1:
                self._error(self.texts("ui", "replay_start"))
            elif not 0 <= target <= self.total:
                self._error(self.texts("ui", "replay_bounds", total=self.total))
            else:
                step = target
                self.show(step)

    def accepted(self, step: int) -> list[str]:
        """Every word the replay takes at ``step`` (a step's number too, and Enter)."""
        words = [*NEXT_WORDS, *BACK_WORDS, *(f"{word} N" for word in GO_WORDS), "N",
                 *sorted(self.commands(step)), *HELP_WORDS, self.texts("commands", "help"),
                 *LEAVE_WORDS, self.texts("commands", "quit")]  # fmt: skip
        return list(dict.fromkeys(words))

    def help_text(self, step: int) -> str:
        """The replay's help: what its words do, then every word it takes, from the lists
        it reads."""
        game = ", ".join(sorted(self.commands(step)))
        every = self.texts("ui", "words_here", words=", ".join(self.accepted(step)))
        return f"{self.texts('ui', 'replay_help', words=game)}\n{every}"

    def _paged(self, shown: RenderableType) -> str | None:
        """Prints ``shown`` a screenful at a time; what was typed at a page's end instead."""
        return show_paged(self.console, shown, self._ask, self.texts)

    def _error(self, message: str) -> None:
        self.console.print(message, style="bold red", markup=False)

    @staticmethod
    def _target(answer: str, step: int) -> int | None:
        """The step an answer asks for, or None if it is not a move."""
        if answer in ("", *NEXT_WORDS):
            return step + 1
        if answer in BACK_WORDS:
            return step - 1
        words = answer.split()
        if len(words) == 2 and words[0] in GO_WORDS and words[1].lstrip("-").isdigit():
            return int(words[1])
        if answer.lstrip("-").isdigit():
            return int(answer)
        return None
