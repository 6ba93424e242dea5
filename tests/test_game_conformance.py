"""One conformance test for every game of the registry, the toy third game included (after
OpenSpiel's random-playout test): whatever the game, the platform may rely on these.

At every step of random games: the seats asked have legal actions and no one else has;
legal actions are unique and sorted by index; every action survives its JSON round trip
through the game's codec; views are JSON; a clone plays on exactly like the original; a
record replays to the same state; an illegal action changes nothing; the game ends with a
result; the same seed gives the same game; views and observations of one seat never change
with another seat's pending secret choice.
"""

from __future__ import annotations

import json
import random
from collections.abc import Iterator
from typing import Any

import pytest

from carson.core.game import IllegalActionError
from carson.core.i18n import DEFAULT_LANGUAGE, LANGUAGES
from carson.core.record import GameRecord, replay
from carson.core.registry import AnyGameKind, game_kind, games, title_of
from toy import toy_installed


def registry_games() -> tuple[str, ...]:
    """Every game the registry finds, with the toy third game installed through its entry
    point: a game installed later is checked without a change here."""
    with toy_installed():
        return tuple(games())


GAMES = registry_games()
#: Steps checked in depth per game (the rest of the game is played quickly).
DEEP_STEPS = 120


@pytest.fixture(params=GAMES)
def kind(request: pytest.FixtureRequest) -> Iterator[AnyGameKind]:
    with toy_installed():
        assert "toy" in GAMES and set(GAMES) <= set(games())
        yield game_kind(request.param)


def new_game(
    kind: AnyGameKind, seed: int, seats: int | None = None, variants: tuple[str, ...] = ()
) -> tuple[Any, dict[str, Any]]:
    config = kind.config(["human"] * (seats or kind.min_seats), variants)
    return kind.new_state(config, seed), config


def check_step(kind: AnyGameKind, state: Any, seats: int, rng: random.Random) -> None:
    for seat in range(seats):
        legal = state.legal_actions(seat)
        assert bool(legal) == (seat in state.seats_to_act)
        indices = [action.index for action in legal]
        assert indices == sorted(set(indices)), "legal actions unique and sorted by index"
        for action in legal:
            data = json.loads(json.dumps(action.to_json()))
            assert kind.action_from_json(state, data) == action
    for seat in (None, *state.seats_to_act):
        json.dumps(state.view(seat))
    clone = state.clone()
    seat = rng.choice(state.seats_to_act)
    action = rng.choice(state.legal_actions(seat))
    assert clone.apply(seat, action) == state.apply(seat, action)
    assert clone.view(None) == state.view(None)


@pytest.mark.parametrize("seed", [1, 2])
def test_random_games_conform(kind: AnyGameKind, seed: int) -> None:
    rng = random.Random(seed)
    seats = kind.min_seats + seed % (kind.max_seats - kind.min_seats + 1)
    state, config = new_game(kind, seed, seats)
    steps = 0
    while not state.is_over:
        if steps < DEEP_STEPS:
            check_step(kind, state, seats, rng)
        else:
            seat = rng.choice(state.seats_to_act)
            state.apply(seat, rng.choice(state.legal_actions(seat)))
        steps += 1
    result = state.result()
    assert result is not None and result.winners
    assert state.seats_to_act == () and state.legal_actions(0) == []
    record = GameRecord.loads(GameRecord.of(kind.name, config, seed, state).dumps())
    rebuilt = replay(record, kind.new_state)
    assert rebuilt.view(None) == state.view(None) and rebuilt.result() == result
    again, _ = new_game(kind, seed, seats)
    for seat, action in state.actions:
        again.apply(seat, action)
    assert again.view(None) == state.view(None), "the same seed and actions, the same game"


def test_an_illegal_action_changes_nothing(kind: AnyGameKind) -> None:
    state, _ = new_game(kind, 3)
    seat = state.seats_to_act[0]
    idle = next((s for s in range(kind.max_seats) if s not in state.seats_to_act), None)
    before = [state.view(s) for s in (None, *state.seats_to_act)]
    action = state.legal_actions(seat)[0]
    if idle is not None and idle < kind.min_seats:
        with pytest.raises(IllegalActionError):
            state.apply(idle, action)
    with pytest.raises(ValueError):
        state.apply_json(seat, {"kind": "no such action"})
    assert [state.view(s) for s in (None, *state.seats_to_act)] == before


def test_a_pending_secret_choice_stays_secret(kind: AnyGameKind) -> None:
    """Where several seats decide at once, what the first one chose is invisible to the
    others until the step is over (views and the players' observations alike)."""
    tables = [(), *((variant,) for variant in kind.variants)]
    for seed in range(40):
        state, _ = new_game(kind, seed, kind.max_seats, tables[seed % len(tables)])
        for _ in range(400):  # find a simultaneous step with two choices for its first seat
            if state.is_over:
                break
            asked = state.seats_to_act
            if len(asked) > 1 and len(state.legal_actions(asked[0])) > 1:
                first, other = asked[0], asked[1]
                a, b = state.legal_actions(first)[:2]
                one, two = state.clone(), state.clone()
                one.apply(first, a)
                two.apply(first, b)
                assert one.view(other) == two.view(other)
                assert one.view(None) == two.view(None)
                return
            seat = asked[0]
            state.apply(seat, state.legal_actions(seat)[0])
    pytest.fail(f"{kind.name}: no simultaneous step met in 40 games")


def test_a_title_catalog_translates_the_title_in_every_language(kind: AnyGameKind) -> None:
    """A game naming the catalog of its title has it in every language carson speaks (the
    bell, the mails and the terminal's lobby name the game by it); one without says its title
    alike everywhere."""
    for lang in LANGUAGES:
        title = kind.title_in(lang)
        if kind.title_catalog is None or lang == DEFAULT_LANGUAGE:
            assert title == kind.title
        else:
            assert title and title != kind.title, (lang, title)
    assert title_of(kind.name, "xx") == kind.title  # a language carson does not speak


def test_a_game_not_installed_is_named_by_its_name() -> None:
    assert title_of("no-such-game", "de") == "no-such-game"
    assert title_of("card", "de") == "Carson City: Das Kartenspiel"
    assert title_of("card", "en") == "Carson City: The Card Game"
