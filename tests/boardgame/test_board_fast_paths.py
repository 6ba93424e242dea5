"""The engine's fast paths of issue 21 agree with the plain rules: listings the engine does not
sort are ascending already, the road access kept with the roads is the corners' access, and
actions picked many at once are the shared ones."""

from __future__ import annotations

import random
from dataclasses import fields
from typing import get_args

import pytest

from carson.games.board.engine.actions import shared, shared_many, shared_of
from carson.games.board.engine.config import BoardConfig
from carson.games.board.engine.decisions.registry import ASCENDING, LEGAL
from carson.games.board.engine.flow import rounds
from carson.games.board.engine.flow.run import STEPS
from carson.games.board.engine.model import SPACES
from carson.games.board.engine.player import PlayerState
from carson.games.board.engine.state import BoardGameState
from carson.games.board.engine.tasks import Task
from carson.games.board.town import CORNERS, PARCELS

VARIANT_SETS = [(), ("river",), ("red-sides", "duel-tiles", "new-beginning"), ("vote-sides",)]


@pytest.mark.parametrize("variants", VARIANT_SETS)
@pytest.mark.parametrize("seed", [3, 4])
def test_unsorted_listings_are_ascending_and_access_is_the_corners(
    variants: tuple[str, ...], seed: int
) -> None:
    g = BoardGameState(BoardConfig.of(4, variants), seed)
    rng = random.Random(seed)
    seen = set()
    while not g.is_over:
        seat = g.seats_to_act[0]
        assert g.decision is not None
        kind = g.decision.kind
        listing = [action.index for action in LEGAL[kind](g, seat)]
        if kind in ASCENDING:
            seen.add(kind)
            assert listing == sorted(listing), kind
        town = g.town
        access = [p for p in range(PARCELS) if not town.road_vertices.isdisjoint(CORNERS[p])]
        assert sorted(town.accessible) == access
        legal = g.legal_actions(seat)
        assert [action.index for action in legal] == sorted(listing)
        g.apply(seat, legal[rng.randrange(len(legal))])
    assert len(seen) >= 5  # most of the unsorted kinds came up


def test_a_player_copy_keeps_every_field_and_shares_no_list() -> None:
    values = {
        "money": 7, "revolvers": 2, "roads": 3, "cowboys": 4, "markers": 5, "vp": 6,
        "stored": ["ranch"], "white": True, "personality": "banker", "side": "red",
        "three_revolvers": True, "choice": None, "tiles": [1, 2], "sharpshooter": True,
        "vote": 9, "purchases": ["road"], "purchasing": True, "tile_choice": 2, "claims": 1,
        "announced": 3,
    }  # fmt: skip
    assert set(values) == {f.name for f in fields(PlayerState)}, "a new field: set it here"
    player = PlayerState(**values)  # type: ignore[arg-type]
    copy = player.copy()
    assert copy == player
    assert all(
        getattr(copy, name) is not getattr(player, name)
        for name, value in values.items()
        if isinstance(value, list)
    )


def test_a_game_that_records_no_events_plays_the_same() -> None:
    g = BoardGameState(BoardConfig.of(3), 5)
    quiet = g.clone()
    quiet.recording = False
    rng = random.Random(5)
    recorded = 0
    while not g.is_over:
        seat = g.seats_to_act[0]
        legal = g.legal_actions(seat)
        action = legal[rng.randrange(len(legal))]
        recorded += len(g.apply(seat, action))
        assert quiet.apply(seat, action) == []
        assert quiet.view(seat) == g.view(seat)
    assert recorded > 0 and quiet.result() == g.result()


def test_every_task_class_has_exactly_one_step() -> None:
    # The task runner's table replaced a ``match`` that mypy checked complete.
    assert set(STEPS) == set(get_args(Task))


@pytest.mark.parametrize("args", [[], [7], [3, 9], list(range(SPACES + PARCELS))])
def test_shared_many_picks_each_shared_action(args: list[int]) -> None:
    """Picking many shared actions in one call (none, one, two, all) gives each one."""
    for kind in ("cowboy", "white"):
        assert list(shared_many(kind, args)) == [shared(kind, arg) for arg in args]
        assert all(
            a is b
            for a, b in zip(
                shared_many(kind, args), map(shared_of(kind).__getitem__, args), strict=True
            )
        )


def play_random(variants: tuple[str, ...], seed: int) -> list[object]:
    """Every seat's view and legal listing of a seeded game of random choices."""
    g = BoardGameState(BoardConfig.of(4, variants), seed)
    rng = random.Random(seed)
    seen: list[object] = []
    while not g.is_over:
        seat = g.seats_to_act[0]
        legal = g.legal_actions(seat)
        seen += [g.view(seat), legal]
        g.apply(seat, legal[rng.randrange(len(legal))])
    return [*seen, g.result()]


@pytest.mark.slow  # runs long: whole games or many cases
@pytest.mark.parametrize("variants", VARIANT_SETS)
def test_phase_3_without_the_empty_spaces_plays_the_same(
    variants: tuple[str, ...], monkeypatch: pytest.MonkeyPatch
) -> None:
    """Phase 3 queues only the spaces with cowboys (and the two that act for all): the same
    games as with every space's task queued."""
    fast = play_random(variants, 11)
    monkeypatch.setattr(rounds, "_ALWAYS_QUEUED", frozenset(range(-1, SPACES)))
    assert play_random(variants, 11) == fast
