"""Asking a human at the terminal: questions and answers with ``help`` and ``quit`` at every
question, and the small questions every game asks (a number among choices, yes or no).

An answer that is not what is wanted gets a message saying what is, and the question again.
"""

from __future__ import annotations

from collections.abc import Callable

from rich.console import Console, RenderableType

from carson.terminal.pager import show_paged
from carson.terminal.texts import Texts


class QuitGame(Exception):
    """The human typed ``quit`` (or closed the input): save and leave."""


class UndoMove(Exception):
    """The human typed ``undo`` where his last move may be taken back."""


#: What leaves the game at any question (with the player's language's word).
QUIT_WORDS = ("quit", "exit", "q!")
#: What shows the help at any question.
HELP_WORDS = ("help", "?")
#: What takes the last move back where that is offered.
UNDO_WORDS = ("undo",)


class Asker:
    """Questions and answers at the terminal, with ``help`` and ``quit`` at every question,
    and the game's own ``commands`` (a word → what it shows, e.g. ``prices``)."""

    def __init__(
        self,
        ask: Callable[[str], str],
        console: Console,
        texts: Texts,
        help_key: tuple[str, str] = ("ui", "help"),
    ) -> None:
        self._ask = ask
        self.console = console
        self.texts = texts
        self.help_key = help_key
        self.commands: dict[str, Callable[[], RenderableType]] = {}
        #: Whether ``undo`` may take the human's last move back now (the loop says).
        self.can_undo = False

    def __call__(self, question: str, prompt: str = "> ", words: tuple[str, ...] = ()) -> str:
        """The answer to ``question`` (``prompt``: what the answer's line starts with;
        ``words``: the question's own words, which its caller reads, named by ``help``)."""
        typed: str | None = None  # what was typed at the end of a page instead
        while True:
            if typed is None:
                self.console.print(question, style="bold cyan", markup=False)
                try:
                    answer = self._ask(prompt).strip()
                except (EOFError, KeyboardInterrupt):
                    raise QuitGame from None
            else:
                answer, typed = typed, None
            # The English words, and those of the player's language.
            if answer.lower() in self._own("quit", QUIT_WORDS):
                raise QuitGame
            if answer.lower() in self._own("help", HELP_WORDS):
                typed = self.show(self.help_text(words), question)
                continue
            if self.can_undo and answer.lower() in self._own("undo", UNDO_WORDS):
                raise UndoMove
            command = self.commands.get(answer.lower())
            if command is not None:
                typed = self.show(command(), question)
                continue
            return answer

    def _own(self, key: str, english: tuple[str, ...]) -> list[str]:
        """The English words of a command and the player's language's."""
        return _unique([*english, self.texts("commands", key).lower()])

    def accepted(self, words: tuple[str, ...] = ()) -> list[str]:
        """Every word this question takes besides an answer: the question's own
        (``words``), the game's (:attr:`commands`), ``undo`` where offered, help, quit."""
        undo = self._own("undo", UNDO_WORDS) if self.can_undo else []
        own = [word.lower() for word in words]
        return _unique([*own, *self.commands, *undo, *self._own("help", HELP_WORDS),
                        *self._own("quit", QUIT_WORDS)])  # fmt: skip

    def help_text(self, words: tuple[str, ...] = ()) -> str:
        """The help, and every word the question takes (from the very lists it reads)."""
        listed = self.texts("ui", "words_here", words=", ".join(self.accepted(words)))
        return f"{self.texts(*self.help_key)}\n{listed}"

    def show(self, renderable: RenderableType, question: str = "") -> str | None:
        """Prints what a word asked for, a screenful at a time where it is taller with
        ``question`` below it; what was typed at a page's end instead of going on (the
        question's answer), if anything."""
        return show_paged(self.console, renderable, self._ask, self.texts, question)

    def pause(self, message: str) -> None:
        self.console.print(message, style="bold", markup=False)
        try:
            self._ask("")
        except (EOFError, KeyboardInterrupt):
            raise QuitGame from None

    def error(self, message: str) -> None:
        self.console.print(message, style="bold red", markup=False)


def ask_number_or_no(asker: Asker, question: str, choices: list[int]) -> int | None:
    """A number among ``choices``, or None for 'no' (callers that allow it check)."""
    while True:
        answer = asker(question)
        if asker.texts.yes(answer) is False:
            return None
        try:
            value = int(answer)
        except ValueError:
            asker.error(asker.texts("ui", "err_number"))
            continue
        if value in choices:
            return value
        asker.error(asker.texts("ui", "err_choice", choices=", ".join(map(str, choices))))


def ask_number(asker: Asker, question: str, choices: list[int]) -> int:
    """A number among ``choices``; here 'no' is not an answer."""
    while True:
        value = ask_number_or_no(asker, question, choices)
        if value is not None:
            return value
        asker.error(asker.texts("ui", "err_choice", choices=", ".join(map(str, choices))))


def ask_yes_no(asker: Asker, question: str) -> bool:
    while True:
        answer = asker.texts.yes(asker(question))
        if answer is not None:
            return answer
        asker.error(asker.texts("ui", "err_yes_no"))


def _unique(words: list[str]) -> list[str]:
    """``words`` without repeats, in their order."""
    return list(dict.fromkeys(words))
