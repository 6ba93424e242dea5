"""Issue 46, point 7: the board game's questions offer exactly what the engine takes. The free
house (BG-6.1.4 (ii)) is offered only on parcels with road access, those the engine allows;
the owner asked for parcels (BG-9.4) is offered his free parcels, those without road access
said to be so, and once none is left he is not asked again with an empty list; the white
cowboy, the river and bridges are not spoken of where they are not."""

from __future__ import annotations

import random
import re

from test_board_play import _eager_choice, _random_games, _scripted_asker, typed

from carson.games.board.engine.actions import PASS
from carson.games.board.engine.state import BoardGameState
from carson.games.board.town import coords
from carson.games.board.tui.names import BoardNames, parcel_label
from carson.games.board.tui.prompts import ask_board_action
from carson.games.board.tui.render import board_screen, final_table
from carson.games.board.tui.texts import texts

LABEL = re.compile(r"\b[A-H][1-8]\b")


def _asked(state: BoardGameState, seat: int, answer: str, lang: str) -> str:
    """What the question for ``seat``'s decision says when ``answer`` is typed."""
    asker, screen = _scripted_asker([answer], lang)
    names = BoardNames(state, ["human"] * state.config.players, texts(lang))
    ask_board_action(asker, state, seat, names)
    return screen.export_text()


def flat(text: str) -> str:
    """``text`` with its wrapped lines joined: one space between words."""
    return " ".join(text.split())


def test_house_and_grant_questions_offer_what_the_engine_takes() -> None:
    seen = {"house": 0, "grant": 0, "grant_none": 0}
    for state, lang in _random_games(8):
        rng, words = random.Random(state.seed), texts(lang)
        while not state.is_over:
            seat = state.seats_to_act[0]
            legal = state.legal_actions(seat)
            action = _eager_choice(rng, legal)
            decision = state.decision
            assert decision is not None
            if decision.kind == "house":  # only parcels with road access, all of them
                said = _asked(state, seat, typed(state, seat, action), lang)
                offered = set(LABEL.findall(said.split("\n")[0]))
                spots = {parcel_label(*coords(a.arg)) for a in legal if a.kind == "house"}
                assert offered == spots, (said, spots)
                assert all(state.town.has_access(a.arg) for a in legal if a.kind == "house")
                seen["house"] += 1
            elif decision.kind == "grant":
                free = [a.arg for a in legal if a.kind == "grant"]
                said = _asked(state, seat, typed(state, seat, action), lang)
                if not free:  # nothing left: not asked, told, and "no" answered
                    assert legal == [PASS] and "()" not in said, said
                    seen["grant_none"] += 1
                else:  # every free parcel; those without road access said to be so
                    for p in free:
                        name = parcel_label(*coords(p))
                        if state.town.has_access(p):
                            assert name in said
                        else:
                            assert words("board", "no_road_yet", parcel=name) in flat(said), said
                    seen["grant"] += 1
            state.apply(seat, action)
    assert all(seen.values()), seen


def test_no_river_no_bridge_and_no_white_cowboy_where_there_are_none() -> None:
    """Without the river variant neither the screen, the legend nor the final sheet speaks of
    a river or bridges; the placing prompt offers 'w' only to the seat with the white
    cowboy (BG-7.2 yellow Sheriff)."""
    for state, lang in _random_games(6):
        words = texts(lang)
        river = state.config.has("river")
        names = BoardNames(state, ["human"] * state.config.players, words)
        rng = random.Random(3)
        while not state.is_over:
            seat = state.seats_to_act[0]
            legal = state.legal_actions(seat)
            action = _eager_choice(rng, legal)
            if state.decision is not None and state.decision.kind == "place":
                said = flat(_asked(state, seat, typed(state, seat, action), lang))
                white = state.players[seat].white
                assert (words("board", "prompt_place") in said) == white, said
                assert (words("board", "prompt_place_plain") in said) != white, said
            state.apply(seat, action)
        screen = _scripted_asker([], lang)[1]
        screen.print(board_screen(state, 0, names, words))
        screen.print(final_table(state, names, words))
        shown = flat(screen.export_text())
        bridge = words("board", "legend_bridges")
        assert (bridge in shown) == river and ("≈" in shown) == river, shown
        assert (words("board", "final_parcels") in shown) == river, shown
