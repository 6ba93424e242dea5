"""The card game's online screen (:mod:`carson.games.card.tui.online`) drawn from a seat's
view JSON says what the local screen says of the same game: the city in the same stable
frame (also after cards went left of or above it), the taking order with each bid's
boosts; and it never needs what the view does not carry."""

from __future__ import annotations

import io
import random

from rich.console import Console

from carson.games.card.tui.kit import KIT, new_state
from carson.games.card.tui.online import PRESENTER, city_of
from carson.games.card.tui.render import Names, city_grid
from carson.games.card.tui.screen import taking_order_line

KINDS = ["human", "human", "beginner", "beginner"]


def text_of(renderable: object) -> str:
    console = Console(file=io.StringIO(), width=120, record=True, color_system=None)
    console.print(renderable)
    return console.export_text()


def test_the_online_screen_matches_the_local_one_over_whole_games() -> None:
    texts = KIT.texts("en")
    moved_frames = orders = 0
    for seed in range(3):
        state, rng = new_state(KINDS, seed), random.Random(seed)
        while not state.is_over:
            seat = state.seats_to_act[0]
            view = state.view(0)
            city = state.seats[0].city
            assert city is not None
            shown = city_of(view["seats"][0])
            assert shown is not None and shown.origin == city.origin
            assert text_of(city_grid(shown)) == text_of(city_grid(city))
            moved_frames += city.origin != (0, 0)
            screen = text_of(PRESENTER.screen(view, 0, lambda s: f"seat {s + 1}", texts))
            local = list(taking_order_line(state, Names(state, KINDS, texts), texts))
            if local:
                orders += 1
                assert text_of(local[0]).strip() in screen
            state.apply(seat, rng.choice(state.legal_actions(seat)))
    assert moved_frames and orders  # the stable frame and the boosts were both exercised
