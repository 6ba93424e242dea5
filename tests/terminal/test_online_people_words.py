"""The people's refusals at the terminal (issue 48) in words, in every language: the
people's own words where there are some, the online game's otherwise, and never a sentence
naming nobody (a placeholder left empty)."""

from __future__ import annotations

import pytest

from carson.core.i18n import LANGUAGES
from carson.terminal.api_client import ApiError
from carson.terminal.online_people import people_refusal
from carson.terminal.texts import Texts


def test_a_block_names_the_person_or_the_table() -> None:
    texts = Texts("en")
    blocked = ApiError(403, "blocked", "you cannot write to una")
    assert people_refusal(texts, blocked, user="una") == (
        "A block keeps you and una apart: that cannot be done."
    )
    assert "someone at this table" in people_refusal(texts, blocked, id="g1")


def test_rate_limits_and_unknown_accounts_in_words() -> None:
    texts = Texts("de")
    limited = ApiError(429, "rate_limited", "too many requests: try again in 30 s")
    assert people_refusal(texts, limited) == (
        "Zu viel auf einmal: warte eine Minute und versuche es erneut."
    )
    missing = ApiError(404, "not_found", "no account 'zed'")
    assert people_refusal(texts, missing, user="zed", server="http://h") == (
        "Auf http://h heißt niemand zed."
    )
    # No one named (a game joined): the online game's words about the game.
    assert people_refusal(texts, missing, id="g1", server="http://h") == (
        Texts("de")("online", "err_not_found", id="g1", server="http://h")
    )


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_refusal_of_the_people_reads_in_every_language(lang: str) -> None:
    texts = Texts(lang)
    codes = [key.removeprefix("err_") for key in texts.keys("people") if key.startswith("err_")]
    assert "vacation_allowance" in codes and "blocked" in codes
    for code in codes:
        said = people_refusal(texts, ApiError(409, code, "detail"), user="una", server="s")
        assert said and "{" not in said and "409" not in said, (code, said)
