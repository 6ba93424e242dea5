"""The card game's online screen (:mod:`carson.games.card.tui.online`) drawn from a seat's
view JSON is the local screen of the same game, on a small terminal (compact) and a tall
one: the city in the same stable frame (also after cards went left of or above it), the
taking order with each bid's boosts, the row; its detail commands show what the local
ones show; and it never needs what the view does not carry."""

from __future__ import annotations

import io
import random

import pytest
from rich.console import Console

from carson.games.card.catalog import Suit
from carson.games.card.tui.kit import KIT, new_state
from carson.games.card.tui.online import PRESENTER
from carson.games.card.tui.online_screen import city_of
from carson.games.card.tui.render import Names, city_grid
from carson.games.card.tui.screen import detail_commands

KINDS = ["human", "human", "beginner", "beginner"]


def text_of(renderable: object, height: int = 60) -> str:
    console = Console(file=io.StringIO(), width=120, height=height, record=True, color_system=None)
    console.print(renderable)
    return console.export_text()


@pytest.mark.slow  # runs long: whole games or many cases
def test_the_online_screen_is_the_local_one_over_whole_games() -> None:
    texts = KIT.texts("en")
    moved_frames = orders = placing = 0
    for seed in range(3):
        state, rng = new_state(KINDS, seed), random.Random(seed)
        local_names = Names(state, KINDS, texts)
        while not state.is_over:
            seat = state.seats_to_act[0]
            view = state.view(0)
            city = state.seats[0].city
            assert city is not None
            shown = city_of(view["seats"][0])
            assert shown is not None and shown.origin == city.origin
            assert text_of(city_grid(shown)) == text_of(city_grid(city))
            moved_frames += city.origin != (0, 0)
            names = PRESENTER.names(view, KINDS, {}, texts)
            for height in (24, 35, 60):
                online = text_of(PRESENTER.screen(view, [], 0, names, texts), height)
                local = text_of(KIT.screen(state, 0, local_names, texts), height)
                assert online == local, (height, online, local)
            orders += "Taking order" in online
            placing += state.phase == "place" and seat == 0
            state.apply(seat, rng.choice(state.legal_actions(seat)))
    assert moved_frames and orders and placing  # the frame, the boosts, a placement


def test_the_detail_commands_online_show_what_the_local_ones_show() -> None:
    for lang in ("en", "de", "fr"):
        texts = KIT.texts(lang)
        state, rng = new_state(KINDS, 7), random.Random(7)
        for _ in range(60):
            seat = state.seats_to_act[0]
            state.apply(seat, rng.choice(state.legal_actions(seat)))
        view = state.view(0)
        online = PRESENTER.commands(view, [], 0, PRESENTER.names(view, KINDS, {}, texts), texts)
        local = detail_commands(state, 0, Names(state, KINDS, texts), texts)
        assert set(online) == set(local) and texts("commands", "cities").lower() in online
        for word, show in local.items():
            assert text_of(online[word]()) == text_of(show()), word


def test_people_are_named_online_by_their_names() -> None:
    texts = KIT.texts("en")
    state = new_state(KINDS, 1)
    view = state.view(1)
    names = PRESENTER.names(view, KINDS, {0: "alice", 1: "you"}, texts)
    suits = [Suit(seat["suit"]) for seat in view["seats"]]
    assert names.seat(0) == f"{names.suit(suits[0])} · alice"
    assert names.seat(1).endswith("· you") and names.seat(2).endswith("virtual (beginner)")
