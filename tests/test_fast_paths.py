"""The fast paths of issue 21 change no game: an action applied unchecked (the match loop,
searches) leaves the state exactly as the checked ``apply`` does, for every game that offers
it, and the match loop still refuses a player's illegal choice."""

from __future__ import annotations

import copy
import random
from collections.abc import Iterator
from typing import Any

import pytest

from carson.core.game import AppliesUnchecked, IllegalActionError, RecordsEvents
from carson.core.match import play_match
from carson.core.registry import AnyGameKind, game_kind


@pytest.fixture(params=["card", "board"])
def kind(request: pytest.FixtureRequest) -> Iterator[AnyGameKind]:
    yield game_kind(request.param)


def _seats(kind: AnyGameKind) -> list[str]:
    return ["random"] * max(kind.min_seats, 4)


@pytest.mark.parametrize("seed", [1, 2])
def test_unchecked_moves_give_the_same_game(kind: AnyGameKind, seed: int) -> None:
    config = kind.config(_seats(kind), ())
    checked, unchecked = kind.new_state(config, seed), kind.new_state(config, seed)
    assert isinstance(unchecked, AppliesUnchecked)
    rng = random.Random(seed)
    while not checked.is_over:
        seat = checked.seats_to_act[0]
        legal = checked.legal_actions(seat)
        assert unchecked.legal_actions(seat) == legal
        action = legal[rng.randrange(len(legal))]
        checked.apply(seat, action)
        unchecked.apply_unchecked(seat, action)
        assert unchecked.view(seat) == checked.view(seat)
    assert unchecked.is_over and unchecked.result() == checked.result()
    assert list(unchecked.actions) == list(checked.actions)


def test_checked_moves_still_report_their_events_after_unchecked_ones() -> None:
    kind = game_kind("card")
    state: Any = kind.new_state(kind.config(["random"] * 4, ()), 3)
    seat = state.seats_to_act[0]
    state.apply_unchecked(seat, state.legal_actions(seat)[0])
    seat = state.seats_to_act[0]
    assert state.apply(seat, state.legal_actions(seat)[0])  # events again
    seat = state.seats_to_act[0]
    assert state.apply_unchecked(seat, state.legal_actions(seat)[0]) == []  # quiet again


class _Cheat:
    name = "cheat"

    def choose(self, observation: Any, legal: Any) -> Any:
        return "not an action"


def test_the_match_loop_refuses_an_illegal_choice(kind: AnyGameKind) -> None:
    seats = _seats(kind)
    with pytest.raises(IllegalActionError, match="illegal action"):
        play_match(kind, seats, 1, players=dict.fromkeys(range(len(seats)), _Cheat()))


class _Copier:
    """Chooses the last legal action, returned as an equal copy (not the listed object)."""

    name = "copier"

    def choose(self, observation: Any, legal: Any) -> Any:
        return copy.deepcopy(legal[-1])


class _Last:
    name = "last"

    def choose(self, observation: Any, legal: Any) -> Any:
        return legal[-1]


def test_the_match_loop_accepts_an_equal_copy_of_a_legal_action(kind: AnyGameKind) -> None:
    # The loop looks for the very object first; an equal copy still passes the check.
    seats = _seats(kind)
    copied = play_match(kind, seats, 2, players=dict.fromkeys(range(len(seats)), _Copier()))
    listed = play_match(kind, seats, 2, players=dict.fromkeys(range(len(seats)), _Last()))
    assert copied.state.result() == listed.state.result()
    assert list(copied.state.actions) == list(listed.state.actions)


def test_a_match_without_events_plays_the_same_game(kind: AnyGameKind) -> None:
    # ``carson simulate`` without logs turns the events off: the game must not change.
    seats = _seats(kind)
    loud = play_match(kind, seats, 3)
    quiet = play_match(kind, seats, 3, events=False)
    assert quiet.state.result() == loud.state.result()
    assert list(quiet.state.actions) == list(loud.state.actions)
    assert quiet.record().dumps() == loud.record().dumps()


def test_the_board_game_can_turn_its_events_off() -> None:
    kind = game_kind("board")
    state: Any = kind.new_state(kind.config(["random"] * 4, ()), 3)
    assert isinstance(state, RecordsEvents)
    seat = state.seats_to_act[0]
    assert state.clone().apply(seat, state.legal_actions(seat)[0])  # events, recorded
    state.recording = False
    assert state.apply(seat, state.legal_actions(seat)[0]) == []


def test_the_match_loop_knows_per_class_what_a_state_offers() -> None:
    # The loop keeps ``isinstance`` against the optional protocols per state class: the
    # kept answer must be the protocol's own, for each class apart.
    from carson.core import match

    card = game_kind("card")
    board = game_kind("board")
    card_state = card.new_state(card.config(["random"] * 4, ()), 1)
    board_state = board.new_state(board.config(["random"] * 4, ()), 1)

    class Plain:
        """Offers neither optional member."""

    for _ in range(2):  # the first answer is computed, the second the kept one
        assert match._applies_unchecked(card_state) and not match._records_events(card_state)
        assert match._names_next_seat(card_state) and not match._names_next_seat(Plain())
        assert match._applies_unchecked(board_state) and match._records_events(board_state)
        assert not match._applies_unchecked(Plain()) and not match._records_events(Plain())


def test_the_match_loop_asks_a_lazy_sequence_for_membership_itself() -> None:
    from carson.core.match import _listed
    from carson.games.card import board
    from carson.games.card.engine.actions import Place, Take
    from carson.games.card.engine.places import Places

    places = Places(board.bit(0, 0) | board.bit(2, 1))  # two anchors
    first, second = list(places)
    assert _listed(first, places) and _listed(second, places)
    assert _listed(Place(first.x, first.y), places)  # an equal copy
    assert not _listed(Place(first.x + 1, first.y), places)
    assert not _listed(Take(0), places) and not _listed("not an action", places)
    listed = [Take(0), Take(2)]
    assert _listed(listed[1], listed) and _listed(Take(2), listed)
    assert not _listed(Take(1), listed) and not _listed(Take(1), tuple(listed))


@pytest.mark.parametrize("seed", [4, 5])
def test_the_next_seat_is_the_first_to_act_at_every_step(kind: AnyGameKind, seed: int) -> None:
    # The match loop asks ``next_seat`` when a state offers it (the card game), else the
    # first of ``seats_to_act``: both must name the same seat, -1 once the game is over.
    from carson.core import match

    state: Any = kind.new_state(kind.config(_seats(kind), ()), seed)
    rng = random.Random(seed)
    while True:
        first = state.seats_to_act[0] if state.seats_to_act else -1
        assert match._first_to_act(state) == first
        if match._names_next_seat(state):
            assert state.next_seat() == first
        if first < 0:
            break
        legal = state.legal_actions(first)
        state.apply_unchecked(first, legal[rng.randrange(len(legal))])
    assert state.is_over


def test_a_match_given_its_configuration_plays_the_same_game(kind: AnyGameKind) -> None:
    # ``carson simulate`` makes a run's configuration once and passes it to every game.
    seats = _seats(kind)
    made = play_match(kind, seats, 6, events=False)
    given = play_match(kind, seats, 6, events=False, config=kind.config(seats, ()))
    assert given.config == made.config
    assert list(given.state.actions) == list(made.state.actions)
