"""The board game's questions at the terminal say what really happens and why an answer is
refused (issue 19): the cash limit's amounts, constructions of buildings that need no road,
and the board's own parcel names (A–H, 1–8) on screen and typed, with ``x y`` still
understood. Played through the real loop (:class:`TerminalGame`) with a scripted keyboard."""

from __future__ import annotations

import random
from typing import Any

import pytest
from test_board_play import BoardKeyboard, _eager_choice, console, play

from carson.games.board.ai.greedy import GreedyPlayer
from carson.games.board.engine.actions import PURCHASES
from carson.games.board.engine.state import BoardGameState
from carson.games.board.town import EDGE_ENDS, coords, edge_name
from carson.games.board.tui.ask import Ask, parse_edge, parse_parcel
from carson.games.board.tui.kit import new_board_state
from carson.games.board.tui.names import BoardNames, parcel_label
from carson.games.board.tui.sight import BoardSight, SeenDecision
from carson.games.board.tui.texts import texts
from carson.terminal.asker import Asker
from carson.terminal.game import TerminalGame


class CashKeyboard(BoardKeyboard):
    """Declines the round-up at the cash limit (types ``0``) and notes the excess and the
    money before and after."""

    def __init__(self) -> None:
        super().__init__(GreedyPlayer(5))
        self.cash: list[dict[str, Any]] = []

    def __call__(self, prompt: str) -> str:
        game = self.game
        if game is not None and prompt:
            if self.cash and "after" not in self.cash[-1]:
                self.cash[-1]["after"] = game.state.players[self.cash[-1]["seat"]].money
            decision = game.state.decision
            if decision is not None and decision.kind == "menu" and decision.get("about") == "cash":
                seat = game.state.seats_to_act[0]
                money = game.state.players[seat].money
                self.cash.append({"seat": seat, "excess": decision.get("excess"), "money": money})
                return "0"
        return super().__call__(prompt)


@pytest.mark.parametrize(("lang", "option"), [
    ("en", "0: pay ${paid} for {vp} VP (1 VP per full $10)"),
    ("de", "0: ${paid} für {vp} SP zahlen (1 SP je volle $10)"),
])  # fmt: skip
def test_declining_the_round_up_says_the_whole_excess_is_paid(lang: str, option: str) -> None:
    """BG-4.4.3: without the round-up the whole excess goes to the bank, for 1 VP per full
    $10: option 0 says so ("pay $6 for 0 VP", not "pay $0")."""
    for seed in range(3, 12):
        keyboard = CashKeyboard()
        _, code, out = play(["human", "greedy", "greedy"], seed, keyboard, lang=lang)
        assert code == 0
        if keyboard.cash:
            break
    else:
        pytest.fail("no cash-limit decision in these games")
    first = keyboard.cash[0]
    excess = first["excess"]
    assert excess % 10  # the engine asks only when there is something to round up
    assert first["money"] - first["after"] == excess  # what is paid: the whole excess
    shown = option.format(paid=excess, vp=excess // 10)
    assert shown in out, (shown, out[-3000:])
    wrong = texts(lang)("board_options", "pass_cash", paid=excess - excess % 10, vp=excess // 10)
    assert f"0: {wrong}" not in out


def _at_construct(needs_road: bool) -> BoardGameState:
    """A two-player game where seat 0 places a building that needs a road (and may lay one)
    or one that needs none, reached by eager random moves."""
    for seed in range(80):
        state = new_board_state(["human", "human"], seed)
        rng = random.Random(seed)
        while not state.is_over:
            seat = state.seats_to_act[0]
            build = state.construction
            if state.decision is not None and state.decision.kind == "construct" and seat == 0:
                assert build is not None
                kinds = {action.kind for action in state.legal_actions(seat)}
                if state.catalog.buildings[build.building].needs_road == needs_road and (
                    not needs_road or "road" in kinds
                ):
                    return state
                break
            state.apply(seat, _eager_choice(rng, state.legal_actions(seat)))
    pytest.fail("no such construction")


def _run(state: BoardGameState, answers: list[str], lang: str) -> tuple[TerminalGame, str]:
    """The real loop from ``state``, seat 0 at the keyboard typing ``answers`` then 'quit'."""
    feed = iter(answers)
    screen = console()
    game = TerminalGame(state, ["human", "greedy"], texts(lang), screen,
                        lambda prompt: next(feed, "quit") if prompt else "")  # fmt: skip
    assert game.run() == 3
    return game, " ".join(screen.export_text().split())  # lines wrap at the console width


def _said(lang: str, key: str, **values: object) -> str:
    return " ".join(texts(lang)("board", key, **values).split())


@pytest.mark.parametrize("lang", ["en", "de", "it"])
def test_a_building_that_needs_no_road_offers_no_roads_and_says_why(lang: str) -> None:
    """BG-6.1.2, BG-6.1.3, BG-9.1: a silver mine or a ranch needs no road and has no free
    house: the question offers neither roads nor asking, and typing them is refused with the
    reason; a parcel that is not one's own too; the building then goes where typed (C4)."""
    state = _at_construct(needs_road=False)
    build = state.construction
    assert build is not None
    building = BoardNames(state, ["human", "greedy"], texts(lang)).building(build.building)
    spot = next(a.arg for a in state.legal_actions(0) if a.kind == "build")
    other = next(p for p in range(64) if state.town.owners[p] != 0 and p not in state.town.river
                 and state.town.tiles[p] is None)  # fmt: skip
    side = texts(lang)("board", "side_top")
    answers = [f"A1 {side}", "H 3 3", "ask 2", parcel_label(*coords(other)),
               parcel_label(*coords(spot))]  # fmt: skip
    game, out = _run(state, answers, lang)
    question = out[: out.index(_said(lang, "why_road_not_needed", building=building))]
    asked = question[question.rindex(_said(lang, "construct_status", building=building)) :]
    assert _said(lang, "construct_no_road", building=building) in asked
    for offer in ("choice_road", "choice_ask"):
        assert _said(lang, offer, example="", number="").split("(")[0] not in asked, offer
    example = parcel_label(*coords(spot))
    only = _said(lang, "choice_build", example=example) + "; " + _said(lang, "choice_store")
    assert _said(lang, "prompt_construct", choices=only) in asked  # nothing else is offered
    assert "H x y" not in asked
    assert out.count(_said(lang, "why_road_not_needed", building=building)) == 2
    assert _said(lang, "why_ask_not_needed", building=building) in out
    where = parcel_label(*coords(other))
    owner = state.town.owners[other]
    if owner < 0:
        assert _said(lang, "why_not_yours", parcel=where) in out
    else:
        assert _said(lang, "why_owned", parcel=where, who=texts(lang)("board_colours", "c2")
                     + " 2") in out  # fmt: skip
    assert _said(lang, "err_not_now") not in out
    assert game.state.town.tiles[spot] == build.building  # typed as on the board: C4


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_roads_and_asking_refused_say_why(lang: str) -> None:
    """BG-2.2.4, BG-9.4: a road away from the network, a road already there, asking oneself
    or a player who is not at the table: each refusal says why; a legal road typed as a
    parcel's side (``C4 top`` in the player's words) is laid."""
    state = _at_construct(needs_road=True)
    town = state.town
    names = BoardNames(state, ["human", "greedy"], texts(lang))
    legal = [a.arg for a in state.legal_actions(0) if a.kind == "road"]
    away = next(e for e in range(144) if e not in town.roads
                and not any(end in town.road_vertices for end in EDGE_ENDS[e]))  # fmt: skip
    laid = min(town.roads)
    kind, x, y = edge_name(laid)
    answers = [names.edge(edge_name(away)), f"{kind} {x} {y}", "ask 1", "ask 7",
               names.edge(edge_name(legal[0]))]  # fmt: skip
    game, out = _run(state, answers, lang)
    assert _said(lang, "why_road_not_connected", edge=names.edge(edge_name(away))) in out
    assert _said(lang, "why_road_there", edge=names.edge(edge_name(laid))) in out
    assert _said(lang, "why_ask_self") in out
    assert _said(lang, "why_no_player", number=7, count=2) in out
    assert _said(lang, "err_not_now") not in out
    assert legal[0] in game.state.town.roads
    edges = _said(lang, "construct_roads", roads=state.players[0].roads, edges="")
    assert edges.split(":")[0] in out


@pytest.mark.parametrize("lang", ["en", "nl"])
def test_parcels_are_named_and_typed_as_on_the_board_and_x_y_still_works(lang: str) -> None:
    """The town's axes are A–H and 1–8, as on the web page; a starting parcel typed ``C4``
    or ``x y`` is claimed, and the news names it as on the board; the other player's parcel
    is refused with the reason and the parcels one may choose."""
    state = new_board_state(["human", "greedy"], 5)
    while list(state.seats_to_act) != [0]:  # the other seat claims first
        state.apply(state.seats_to_act[0], state.legal_actions(state.seats_to_act[0])[0])
    claims = [a.arg for a in state.legal_actions(0) if a.kind == "claim"]
    first, second = claims[0], claims[-1]
    taken = state.town.owners.index(1)  # the other seat's first parcel
    answers = [parcel_label(*coords(taken)), parcel_label(*coords(first)).lower(),
               "{} {}".format(*coords(second))]  # fmt: skip
    game, out = _run(state, answers, lang)
    green = BoardNames(state, ["human", "greedy"], texts(lang)).who(1)
    assert _said(lang, "why_owned", parcel=parcel_label(*coords(taken)), who=green) in out
    offered = ", ".join(parcel_label(*coords(p)) for p in claims)
    assert _said(lang, "why_offered", parcels=offered) in out
    assert game.state.town.owners[first] == 0 and game.state.town.owners[second] == 0
    assert "A B C D E F G H" in out and texts(lang)("board", "town") in out
    blue = texts(lang)("board_colours", "c1") + " 1"
    for p in (first, second):
        told = texts(lang)("board_events", "parcel_claimed", who=blue,
                           parcel=parcel_label(*coords(p)))  # fmt: skip
        assert told in out, told


@pytest.mark.parametrize("lang", ["en", "de"])
def test_the_terminal_names_parcels_and_roads_as_the_web_page_does(lang: str) -> None:
    """One coordinate system: every parcel's name is the web page's (``parcel_label``), and
    every edge is named by the same parcel and side as the web's "top of C4"; each name typed
    back (and ``x y`` / ``H x y``) gives that very parcel or edge."""
    from carson.games.board.web.present.common import parcel_label as web_label
    from carson.games.board.web.present.names import Names

    state = new_board_state(["human", "greedy"], 1)
    names = BoardNames(state, ["human", "greedy"], texts(lang))
    web = Names("en", lambda text: text, state.catalog)
    feed = iter(["no"])
    asker = Asker(lambda _: next(feed), console(), texts(lang), ("board", "help"))
    decision = state.decision
    assert decision is not None
    ask = Ask(
        asker, BoardSight.of(state, 0), 0, names, SeenDecision.of(state.view(0)["decision"]), []
    )
    for p in range(64):
        x, y = coords(p)
        assert parcel_label(x, y) == web_label(x, y) == names.parcel(x, y)
        assert parse_parcel(parcel_label(x, y)) == parse_parcel(f"{x} {y}") == p
    english = {"top": "top", "bottom": "bottom", "left": "left", "right": "right"}
    for edge in range(144):
        kind, x, y = edge_name(edge)
        label, side = names.edge([kind, x, y]).split()
        words = {texts(lang)("board", f"side_{s}"): s for s in english}
        assert web.edge([kind, x, y]) == f"{english[words[side]]} of {label}"
        assert parse_edge(f"{label} {side}", ask.sides()) == edge
        assert parse_edge(f"{kind} {x} {y}", ask.sides()) == edge


@pytest.mark.parametrize("lang", ["en", "it"])
def test_purchases_and_personalities_refused_say_why(lang: str) -> None:
    """BG-10.4: VP are sold once, the Sharpshooter is not sold with duel tiles, money runs
    out: each refusal says why."""
    state = new_board_state(["human", "greedy"], 3, ("new-beginning", "duel-tiles"))
    sell, shooter, vp = (str(PURCHASES.index(item) + 1) for item in
                         ("sell_5_vp", "sharpshooter", "vp"))  # fmt: skip
    money = state.players[0].money + state.catalog.new_beginning_sales["sell_5_vp"]
    price = state.catalog.new_beginning_prices["vp"]
    answers = [sell, sell, shooter] + [vp] * (money // price + 1) + ["done"]
    _, out = _run(state, answers, lang)
    item = texts(lang)("board_items", "vp")
    assert _said(lang, "why_sell_once") in out and _said(lang, "why_no_sharpshooter") in out
    assert _said(lang, "why_purchase_money", item=item, price=price, money=money % price) in out
    assert _said(lang, "err_not_now") not in out


@pytest.mark.parametrize("lang", ["en", "de"])
def test_a_personality_taken_is_refused_with_why(lang: str) -> None:
    """BG-4.1: a card another player took is no longer on display."""
    for seed in range(20):
        state = new_board_state(["human", "greedy"], seed)
        while state.decision is not None and state.decision.kind != "personality":
            seat = state.seats_to_act[0]
            state.apply(seat, state.legal_actions(seat)[0])
        if list(state.seats_to_act) == [1]:  # the other seat chooses first
            state.apply(1, state.legal_actions(1)[0])
            break
    else:
        pytest.fail("the other seat never chose first")
    taken = next(p for p in state.players[1:] if p.personality).personality
    assert taken is not None
    number = state.catalog.personalities[taken].number
    _, out = _run(state, [str(number)], lang)
    name = BoardNames(state, ["human", "greedy"], texts(lang)).personality(taken)
    assert _said(lang, "why_personality_taken", name=name) in out
