"""One board-game decision being asked (:class:`Ask`), and the parsers and helpers every
question shares: parcels as on the board (``C4``, or ``x y``), spaces by number or name, road
edges as a parcel's side (``C4 top``, or ``H x y``)."""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass

from rich.text import Text

from carson.games.board.catalog import PERSONALITY_IDS, SPACE_IDS
from carson.games.board.engine.actions import PASS, BoardAction
from carson.games.board.engine.state import SPACES
from carson.games.board.town import coords, edge_from_name, edge_name, parcel
from carson.games.board.tui.names import COLUMNS, SIDES, BoardNames, edge_at, parcel_label
from carson.games.board.tui.sight import BoardSight, SeenDecision
from carson.games.board.tui.texts import texts
from carson.terminal.asker import Asker

#: What a parser gives back: an action to check, an error message, or None (asked again
#: after a command such as ``list``).
Parsed = BoardAction | str | None


@dataclass
class Ask:
    """One decision being asked: the seat, what it may do, and the tools to ask with."""

    asker: Asker
    sight: BoardSight
    seat: int
    names: BoardNames
    decision: SeenDecision
    legal: list[BoardAction]
    #: Why an action is refused (:func:`~carson.games.board.tui.refusals.refusal`).
    refuse: Callable[[Ask, BoardAction], str] | None = None

    def t(self, section: str, key: str, **values: object) -> str:
        return self.asker.texts(section, key, **values)

    def say(self, line: str | Text, style: str = "") -> None:
        self.asker.console.print(line, style=style, markup=False)

    def words(self, key: str) -> set[str]:
        """Keywords: the English ones and the player's language's (``board.<key>``)."""
        english = texts("en")("board", key)
        return set(english.casefold().split()) | set(self.t("board", key).casefold().split())

    def typed(self, *keys: str, arg: str = "") -> tuple[str, ...]:
        """The words of ``board.<key>`` as ``help`` lists them (what :meth:`words` reads):
        the English ones, then the player's language's; each followed by `` arg`` if given
        (``ask N``)."""
        english, own = texts("en"), self.asker.texts
        found = [
            word.casefold()
            for key in keys
            for word in (*english("board", key).split(), *own("board", key).split())
        ]
        return tuple(f"{word} {arg}" if arg else word for word in dict.fromkeys(found))

    def sides(self) -> dict[str, str]:
        """A parcel's side as typed (English or the player's language) → its name."""
        english = texts("en")
        return {
            word.casefold(): side
            for side in SIDES
            for word in (english("board", f"side_{side}"), self.t("board", f"side_{side}"))
        }

    def is_no(self, answer: str) -> bool:
        word = answer.strip().lower()
        return self.asker.texts.yes(word) is False or word in self.words("pass_words")

    def until(
        self, question: str, parse: Callable[[str], Parsed], words: tuple[str, ...] = ()
    ) -> BoardAction:
        """Ask ``question`` until ``parse`` gives a legal action (``words``: the question's
        own words that ``parse`` reads, which ``help`` names)."""
        while True:
            result = parse(self.asker(question, words=words))
            if isinstance(result, BoardAction):
                if result in self.legal:
                    return result
                refused = self.refuse(self, result) if self.refuse else None
                self.asker.error(refused or self.t("board", "err_not_now"))
            elif isinstance(result, str):
                self.asker.error(result)


_LABEL = re.compile(r"^\s*([a-h])\s*([1-8])\s*$", re.IGNORECASE)


def parse_parcel(answer: str) -> int | None:
    """A parcel as on the board, ``C4`` (column A–H, row 1–8), or as ``x y`` (also ``x,y``
    or ``(x, y)``) with x, y in 0..7; None for anything else."""
    label = _LABEL.match(answer)
    if label is not None:
        return parcel(COLUMNS.index(label[1].upper()), int(label[2]) - 1)
    parts = re.sub(r"[(),\[\]]", " ", answer).split()
    if len(parts) != 2 or not all(part.isdigit() for part in parts):
        return None
    x, y = int(parts[0]), int(parts[1])
    return parcel(x, y) if 0 <= x < 8 and 0 <= y < 8 else None


_EDGE = re.compile(r"^\s*([hv])\s*[,(]?\s*(\d+)\s*[, ]\s*(\d+)\s*\)?\s*$", re.IGNORECASE)


def parse_edge(answer: str, sides: dict[str, str]) -> int | None:
    """A parcel and one of its sides, ``C4 top`` or ``top C4`` (``sides``: the side words
    one may type), or ``H x y`` / ``V x y`` (BG-2.2.1); None for anything else."""
    match = _EDGE.match(answer)
    try:
        if match is not None:
            return edge_from_name(match[1].upper(), int(match[2]), int(match[3]))
        words = answer.strip().casefold().split()
        named = [word for word in words if word in sides]
        if len(named) != 1 or len(words) < 2 or named[0] not in (words[0], words[-1]):
            return None
        words.remove(named[0])
        p = parse_parcel(" ".join(words))
        return None if p is None else edge_at(*coords(p), sides[named[0]])
    except ValueError:
        return None


def parse_space(answer: str, names: BoardNames) -> int | None:
    """A space by its number 1–23 (BG-2.3 order), its id or its name, or None."""
    word = answer.strip().casefold()
    if word.isdigit():
        number = int(word)
        return number - 1 if 1 <= number <= SPACES else None
    for index, space_id in enumerate(SPACE_IDS):
        if word in (space_id, names.space(index).casefold()):
            return index
    return None


def parcel_name(p: int) -> str:
    """Parcel index ``p`` as on the board: ``C4``."""
    return parcel_label(*coords(p))


def parcel_list(parcels: list[int]) -> str:
    return ", ".join(parcel_name(p) for p in parcels)


def parcel_answer(ask: Ask, kind: str, allow_no: bool) -> Callable[[str], Parsed]:
    def parse(answer: str) -> Parsed:
        if allow_no and ask.is_no(answer):
            return PASS
        p = parse_parcel(answer)
        if p is None:
            return ask.t("board", "err_parcel")
        return BoardAction(kind, p)

    return parse


def choices_of(ask: Ask, kind: str) -> list[int]:
    return [action.arg for action in ask.legal if action.kind == kind]


def personality_of(ask: Ask, word: str) -> int | None:
    """A personality by its card number (BG-7.1), its id or its name."""
    word = word.strip().casefold()
    for index, personality in enumerate(PERSONALITY_IDS):
        card = ask.sight.catalog.personalities[personality]
        if word in (str(card.number), personality, ask.names.personality(personality).casefold()):
            return index
    return None


def target_name(ask: Ask, target: int) -> str:
    if target < SPACES:
        return ask.names.space(target)
    return ask.names.parcel(*coords(target - SPACES))


def edge_text(ask: Ask, edge: int) -> str:
    """``C4 top``, with ``(2)`` for a bridge (2 road pieces, BG-10.3)."""
    text = ask.names.edge(edge_name(edge))
    return text + " (2)" if ask.sight.town.is_bridge_edge(edge) else text
