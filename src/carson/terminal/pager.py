"""Something to show that may be taller than the terminal (every city, a long help, the
board game's whole table): shown a screenful at a time, so that nothing scrolls off before
it was read. Enter shows the next screenful, ``q`` stops there; anything else typed
there stops too and is the answer to the question the page interrupted (``quit``, a word,
a choice).

Only a real terminal is paged: a script or a test reading the output gets all of it at once.
"""

from __future__ import annotations

from collections.abc import Callable

from rich.console import Console, RenderableType
from rich.segment import Segment, Segments
from rich.text import Text

from carson.terminal.texts import Texts

#: Lines kept free below what is shown: the question asked again after it (it may take two
#: lines) and the answer's line; a page's end takes the line asking for the next one.
FREE_LINES = 3


def show_paged(
    console: Console,
    renderable: RenderableType,
    ask: Callable[[str], str],
    texts: Texts,
    question: str = "",
) -> str | None:
    """Prints ``renderable``, a screenful at a time on a terminal too small for it; what was
    typed at a page's end instead of Enter or ``q``, if anything (the caller's answer).
    ``question``: what is asked again below it, whose lines are kept free too (a long one,
    such as the German three-line question placing a cowboy, pushed the top off)."""
    room = console.size.height - max(FREE_LINES, height(console, question) + 1)
    if not console.is_terminal or room < 3:
        console.print(renderable, markup=False)
        return None
    lines = console.render_lines(renderable, console.options, pad=False, new_lines=False)
    while lines and not "".join(segment.text for segment in lines[-1]).strip():
        lines.pop()  # no page for the blank lines at the end
    if len(lines) <= room:
        console.print(renderable, markup=False)
        return None
    total, first = len(lines), 0
    while first < total:
        last = min(first + room, total)
        console.print(Segments(_joined(lines[first:last])), end="")
        if last == total:
            return None
        more = texts("ui", "page_more", first=first + 1, last=last, total=total)
        try:
            answer = ask(more + " ")
        except (EOFError, KeyboardInterrupt):
            return None
        answer = answer.strip()
        if answer.lower() == "q":
            return None
        if answer:
            return answer
        first = last
    return None


def height(console: Console, text: str) -> int:
    """How many lines ``text`` takes on ``console`` (0 for none)."""
    if not text:
        return 0
    return len(console.render_lines(Text(text), console.options, pad=False, new_lines=False))


def _joined(lines: list[list[Segment]]) -> list[Segment]:
    """The lines as one run of segments, each line ended (the last one too: a line as wide
    as the terminal would otherwise leave the question beside it)."""
    joined: list[Segment] = []
    for line in lines:
        joined.extend(line)
        joined.append(Segment.line())
    return joined
