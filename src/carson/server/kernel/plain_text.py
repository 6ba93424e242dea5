"""Text people type for others to read (chat, messages, reasons, tournament names) as one
plain line: control and invisible formatting characters removed (issue 45), so that no text
hides or disguises another."""

from __future__ import annotations

import unicodedata

#: Bidirectional overrides and isolates: they could make a text read as another.
BIDI = frozenset("\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069")
#: The one invisible formatting character kept: the zero-width joiner of emoji sequences.
JOINER = "\u200d"


def kept(char: str) -> str:
    """What a character becomes: line and paragraph breaks a space; control and invisible
    formatting characters (marks of direction, zero-width spaces, byte-order marks, soft
    hyphens), which could hide or disguise text, nothing."""
    category = unicodedata.category(char)
    if char in "\n\r\t" or category in ("Zl", "Zp"):
        return " "
    if category == "Cc" or (category == "Cf" and char != JOINER) or char in BIDI:
        return ""
    return char


def plain_line(raw: str) -> str:
    """``raw`` as one plain line, trimmed (maybe empty: the caller says whether it may be)."""
    return "".join(kept(char) for char in raw).strip()
