"""The move log's filter logic (issue 25): the seat a line is about, each line's group, the
lines a choice keeps, and the values refused."""

from __future__ import annotations

from typing import Any

from carson.web.play.log_filter import KindGroup, filtered, line_seat

GROUPS = [
    KindGroup("bids", "Bids", frozenset({"bid"})),
    KindGroup("takes", "Takes", frozenset({"take"})),
]
NAMES = ["alice", "bob"]


def log() -> list[dict[str, Any]]:
    return [
        {"kind": "bid", "seat": 0},
        {"kind": "take", "seat": 1},
        {"kind": "round", "seat": None},  # everybody's, in no group
    ]


def test_a_line_is_about_its_actor_else_a_fights_winner_else_everybody() -> None:
    assert line_seat({"seat": 2, "winner": 1}) == 2
    assert line_seat({"winner": 1}) == 1
    assert line_seat({"bids": [3, 4]}) is None
    assert line_seat({"seat": True}) is None  # a flag is no seat


def test_a_choice_keeps_its_lines_and_all_keeps_every_line() -> None:
    every, chosen = filtered(log(), {}, NAMES, GROUPS, str)
    assert [line["group"] for line in every] == ["bids", "takes", ""]
    assert [line["seat"] for line in every] == ["0", "1", ""]
    assert chosen["error"] is None and chosen["seats"] == [(0, "alice"), (1, "bob")]
    kept, _ = filtered(log(), {"log_seat": "1"}, NAMES, GROUPS, str)
    assert [line["kind"] for line in kept] == ["take"]
    kept, _ = filtered(log(), {"log_kind": "bids"}, NAMES, GROUPS, str)
    assert [line["kind"] for line in kept] == ["bid"]
    kept, _ = filtered(log(), {"log_seat": "0", "log_kind": "takes"}, NAMES, GROUPS, str)
    assert kept == []


def test_a_value_never_offered_is_refused_and_filters_nothing() -> None:
    for query in ({"log_seat": "2"}, {"log_seat": "-1"}, {"log_kind": "fights"}):
        kept, chosen = filtered(log(), query, NAMES, GROUPS, str)
        assert len(kept) == 3 and chosen["error"]
        assert chosen["seat"] == "" and chosen["kind"] == ""
