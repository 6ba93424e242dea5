"""Listings hand out shared actions (issue 21): each equal to a new one, with its index kept."""

from __future__ import annotations

import pytest

from carson.games.board.engine.actions import ACTION_SPACE_SIZE, SIZES, BoardAction, shared


def test_shared_actions_equal_new_ones_with_their_index() -> None:
    indices = []
    for kind, size in SIZES.items():
        for arg in range(size):
            action = shared(kind, arg)
            assert action == BoardAction(kind, arg) and hash(action) == hash(BoardAction(kind, arg))
            assert BoardAction.from_index(action.index) == action
            indices.append(action.index)
    assert indices == list(range(ACTION_SPACE_SIZE))


def test_an_unknown_kind_is_refused_clearly() -> None:
    with pytest.raises(ValueError, match="unknown action kind 'teleport'"):
        BoardAction("teleport", 3)


def test_the_index_is_not_part_of_equality_or_the_repr() -> None:
    assert repr(BoardAction("road", 7)) == "BoardAction(kind='road', arg=7)"
    assert sorted([BoardAction("road", 7), BoardAction("cowboy", 2)])[0].kind == "cowboy"
