"""A player of the card game's questions at the terminal who reads the screen as a person
does (any language): the first card of the hand, the first slot, the best place of
``list``, yes to a placement's preview, no to abilities, sales and picks."""

from __future__ import annotations

import re

from carson.games.card.tui.kit import KIT

ANSI = re.compile(r"\x1b\[[0-9;?]*[A-Za-z]")
PLACE = re.compile(r"\((-?\d+), (-?\d+)\) [+-]\d+")
QUESTIONS = ("prompt_bid", "prompt_take", "prompt_place", "prompt_ability", "prompt_sale",
             "prompt_pick", "preview")  # fmt: skip


class CardAnswers:
    def __init__(self, lang: str = "en") -> None:
        texts = KIT.texts(lang)
        # Each question by the longest piece of its text between placeholders.
        self.starts = {
            key: _spaced(max(re.split(r"\{[^}]*\}", texts.template("ui", key)), key=len))
            for key in QUESTIONS
        }
        self.listed = False

    def __call__(self, screen: str) -> str:
        """The answer to the last question of ``screen`` (what the terminal showed)."""
        # A long question wraps on the screen ("… {explain}\n[y/n]"): read it as one line.
        text = _spaced(ANSI.sub("", screen))
        asked = text[: text.rfind("> ")]
        found = {key: asked.rfind(start) for key, start in self.starts.items()}
        # The question that ends last (of two ending together, the longer piece).
        key = max(found, key=lambda k: (found[k] + len(self.starts[k]), len(self.starts[k])))
        if found[key] < 0:
            return "1"  # not a card question (a menu)
        tail = asked[found[key] + len(self.starts[key]) :]
        if key in ("prompt_bid", "prompt_take"):
            return re.findall(r"\d+", tail)[0]
        if key == "prompt_place":
            self.listed = not self.listed
            if self.listed:
                return "list"
            # The places listed came between the question before and this one.
            # The question before may have scrolled off a small screen (rfind's -1 would
            # slice from the last character): then from the screen's top.
            before = max(0, asked.rfind(self.starts[key], 0, found[key]))
            places = PLACE.findall(asked[before : found[key]])
            if not places:  # the list scrolled off too: list again
                self.listed = True
                return "list"
            x, y = places[0]
            return f"{x} {y}"
        return "y" if key == "preview" else "n"


def _spaced(text: str) -> str:
    """``text`` with each run of white space (line breaks of a wrapped line) as one space."""
    return re.sub(r"\s+", " ", text)
