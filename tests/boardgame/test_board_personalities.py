"""Rule tests for the seven personalities, both sides (BG-7.1, BG-7.2, BG-7.3).

Each test either lets a seat pick a card in phase 1 and checks the immediate effect, or sets
the pieces up directly on a fresh state and runs one step of the flow (``run_tasks``).
"""

from __future__ import annotations

import pytest
from board_helpers import act, new_game, run_tasks, target

from carson.core.game import IllegalActionError
from carson.games.board.catalog import PERSONALITY_IDS
from carson.games.board.engine.actions import OPTIONS, PASS, BoardAction, option
from carson.games.board.engine.model import Menu, MenuAsk
from carson.games.board.engine.options import Pick
from carson.games.board.engine.state import (
    BUILD_PRICES,
    BoardGameState,
    Decision,
    S,
)
from carson.games.board.engine.tasks import Attacks, Cash, NextRound, Placement, RedEffects, Space
from carson.games.board.town import HOUSE, MOUNTAIN, NO_OWNER, Town, parcel

RED = ("red-sides",)


# --- scenario helpers -------------------------------------------------------------------------


def after_claims(players: int = 3, variants: tuple[str, ...] = (), seed: int = 0) -> BoardGameState:
    """A new game with the starting parcels placed (first legal parcel each time)."""
    g = new_game(players, variants, seed)
    while g.decision is not None and g.decision.kind == "claim":
        seat = g.decision.seats[0]
        g.apply(seat, g.legal_actions(seat)[0])
    assert g.decision is not None and g.decision.kind == "personality"
    return g


def choose(g: BoardGameState, card: str) -> int:
    """The seat choosing now takes ``card``; returns that seat."""
    d = g.decision
    assert d is not None and d.kind == "personality", d
    seat = d.seats[0]
    act(g, seat, "personality", PERSONALITY_IDS.index(card))
    return seat


def settle(g: BoardGameState) -> None:
    """Answer the open follow-up decisions (forced menus: first option; else pass)."""
    while g.decision is not None and g.decision.kind not in ("personality", "place"):
        seat = g.seats_to_act[0]
        legal = g.legal_actions(seat)
        g.apply(seat, PASS if PASS in legal else legal[0])


def with_cards(
    cards: dict[int, str], players: int = 3, variants: tuple[str, ...] = (), seed: int = 0
) -> BoardGameState:
    """A game at the first placement, seat ``s`` holding ``cards[s]`` (follow-ups settled)."""
    g = after_claims(players, variants, seed)
    while g.decision is not None and g.decision.kind != "place":
        if g.decision.kind == "personality":
            act(
                g,
                g.decision.seats[0],
                "personality",
                PERSONALITY_IDS.index(cards[g.decision.seats[0]]),
            )
        settle(g)
    return g


def placing(g: BoardGameState, seat: int) -> list[BoardAction]:
    """``seat``'s legal placements if it were his turn now."""
    g.decision = Decision("place", (seat,))
    return g.legal_actions(seat)


def cowboy(t: str | tuple[int, int]) -> BoardAction:
    return BoardAction("cowboy", target(t))


def white(t: str | tuple[int, int]) -> BoardAction:
    return BoardAction("white", target(t))


def options(g: BoardGameState, seat: int) -> list[str]:
    """The named options of the open menu (``pass`` if passing is allowed)."""
    return ["pass" if a == PASS else OPTIONS[a.arg] for a in g.legal_actions(seat)]


def put(
    g: BoardGameState, t: str | tuple[int, int], *seats: int, white_seat: int | None = None
) -> None:
    """Move cowboys of ``seats`` (and the white one of ``white_seat``) from their supplies
    onto a target, as placements would."""
    cows = g.cowboys_at.setdefault(target(t), [])
    for seat in seats:
        g.players[seat].cowboys -= 1
        cows.append((seat, False))
    if white_seat is not None:
        g.players[white_seat].white = False
        cows.append((white_seat, True))


def own(g: BoardGameState, xy: tuple[int, int], seat: int, tile: str | None = None) -> int:
    p = parcel(*xy)
    g.town.owners[p] = seat
    g.town.tiles[p] = tile
    return p


def empty_town(g: BoardGameState) -> None:
    g.town = Town()
    g.cowboys_at.clear()


def duel_events(g: BoardGameState) -> list[dict[str, object]]:
    return [dict(e.data) for e in g._events if e.kind == "duel"]


# --- BG-7.1 numbers and cash limits ----------------------------------------------------------

NUMBERS = {
    "sheriff": 1, "banker": 2, "grocer": 3, "worker": 4, "settler": 5, "captain": 6,
    "gunslinger": 7,
}  # fmt: skip
CASH_LIMITS = {
    ("sheriff", "yellow"): 20, ("sheriff", "red"): 20,
    ("banker", "yellow"): 120, ("banker", "red"): 60,
    ("grocer", "yellow"): 60, ("grocer", "red"): 60,
    ("worker", "yellow"): 30, ("worker", "red"): 30,
    ("settler", "yellow"): 30, ("settler", "red"): 20,
    ("captain", "yellow"): 25, ("captain", "red"): 20,
    ("gunslinger", "yellow"): 20, ("gunslinger", "red"): 30,
}  # fmt: skip


@pytest.mark.parametrize("variants", [(), RED])
@pytest.mark.parametrize(
    "cards",
    [
        ("gunslinger", "sheriff", "worker", "banker", "captain"),
        ("settler", "captain", "grocer", "gunslinger", "sheriff"),
    ],
)
def test_bg_7_1_4_1_3_turn_order_follows_the_card_numbers_on_both_sides(
    variants: tuple[str, ...], cards: tuple[str, ...]
) -> None:
    g = with_cards(dict(enumerate(cards)), players=5, variants=variants)
    expected = sorted(range(5), key=lambda seat: NUMBERS[cards[seat]])
    assert g.round.turn_order == expected
    side = "red" if variants else "yellow"
    assert all(g.players[s].side == side for s in range(5))
    assert g.decision == Decision("place", (expected[0],))


@pytest.mark.parametrize(("card", "side"), sorted(CASH_LIMITS))
def test_bg_7_1_cash_limit_per_card_and_side(card: str, side: str) -> None:
    limit = CASH_LIMITS[card, side]
    g = new_game(3)
    player = g.players[0]
    player.personality, player.side = card, side
    player.money, player.vp = limit + 20, 4
    run_tasks(g, Cash(0))
    assert (player.money, player.vp) == (limit, 6)
    assert g.decision is None
    player.money = limit  # at the limit: nothing to pay
    run_tasks(g, Cash(0))
    assert (player.money, player.vp) == (limit, 6)
    player.money = limit + 1  # not a multiple of 10: may round up
    run_tasks(g, Cash(0))
    assert g.decision == Decision("menu", (0,), MenuAsk(Menu.CASH, excess=1))


# --- BG-7.2 yellow Sheriff ------------------------------------------------------------------


def test_bg_7_2_sheriff_takes_the_white_cowboy_which_counts_for_strength_in_supply() -> None:
    g = after_claims()
    seat = choose(g, "sheriff")
    player = g.players[seat]
    assert player.white and player.cowboys == 3
    assert g.strength(seat) == 3 + 1 + 1  # cowboys, white cowboy, revolver (BG-4.3.3)
    assert g.general_cowboys(seat) == 7  # the white one is not of his colour
    other = choose(g, "banker")
    assert not g.players[other].white and g.strength(other) == 4


def test_bg_7_2_white_cowboy_goes_only_on_free_spaces_and_free_unowned_parcels() -> None:
    g = with_cards({0: "sheriff", 1: "banker", 2: "grocer"})
    empty_town(g)
    put(g, "ammunition", 1)
    put(g, (2, 2), 2)  # an unowned parcel with a cowboy
    put(g, "wages", 1)
    put(g, "road_1", 2)
    own(g, (5, 5), 1, "ranch")  # another's building
    own(g, (6, 6), 0, "saloon")  # his own building
    own(g, (1, 5), 0)  # his own empty parcel
    g.town.tiles[parcel(3, 3)] = MOUNTAIN  # unowned, with a mountain
    legal = placing(g, 0)
    whites = {a.arg for a in legal if a.kind == "white"}
    assert target("roads_3") in whites and target("build_3") in whites
    assert target("wages") in whites and target("road_1") in whites  # DECISION: shared
    assert target((4, 4)) in whites and target((3, 3)) in whites
    for t in ("ammunition", (2, 2), (5, 5), (6, 6), (1, 5)):
        assert target(t) not in whites, t
    # Parcels only by parcel: no white cowboy on a reminder space or a blocked-free empty one.
    assert target("parcel_purchase") not in whites
    assert target("income_buildings") not in whites
    # His coloured cowboys follow the normal rules: attack, defence and duels allowed.
    cowboys = {a.arg for a in legal if a.kind == "cowboy"}
    for t in ("ammunition", (2, 2), (5, 5), (6, 6)):
        assert target(t) in cowboys, t


def test_bg_7_2_no_other_cowboy_may_join_the_white_cowboy() -> None:
    g = with_cards({0: "sheriff", 1: "banker", 2: "grocer"})
    empty_town(g)
    g.decision = Decision("place", (0,))
    act(g, 0, "white", target("roads_3"))
    assert not g.players[0].white
    assert g.cowboys_at[target("roads_3")] == [(0, True)]
    g.cowboys_at[target((4, 4))] = [(0, True)]  # as if placed on a free parcel
    for seat in (1, 2):
        legal = placing(g, seat)
        assert cowboy("roads_3") not in legal
        assert cowboy((4, 4)) not in legal
        assert cowboy("ammunition") in legal and cowboy((4, 5)) in legal
    # Not even the Sheriff's own coloured cowboy.
    g.players[0].white = False
    legal = placing(g, 0)
    assert cowboy("roads_3") not in legal and cowboy((4, 4)) not in legal
    # An illegal placement raises and changes nothing.
    g.decision = Decision("place", (1,))
    with pytest.raises(IllegalActionError):
        act(g, 1, "cowboy", target("roads_3"))
    assert g.cowboys_at[target("roads_3")] == [(0, True)]
    assert g.players[1].cowboys == 3 and g.decision == Decision("place", (1,))


def test_bg_7_2_white_cowboy_shares_wages_and_road_1_without_a_duel() -> None:
    g = with_cards({0: "sheriff", 1: "banker", 2: "grocer"})
    g.decision = Decision("place", (1,))
    act(g, 1, "cowboy", target("wages"))
    g.decision = Decision("place", (0,))
    assert white("wages") in g.legal_actions(0)
    act(g, 0, "white", target("wages"))
    g.decision = Decision("place", (2,))
    assert cowboy("wages") in g.legal_actions(2)  # others may still join
    act(g, 2, "cowboy", target("wages"))
    money = [p.money for p in g.players]
    g._events.clear()
    run_tasks(g, Space(S["wages"]))
    assert [p.money for p in g.players] == [money[0] + 4, money[1] + 4, money[2] + 4]
    assert duel_events(g) == []
    assert target("wages") not in g.cowboys_at
    # The white cowboy is back on the card, not in the Sheriff's supply.
    assert not g.players[0].white and g.players[0].cowboys == 3
    assert g.strength(0) == 4
    roads = g.players[1].roads
    put(g, "road_1", 1, white_seat=0)
    run_tasks(g, Space(S["road_1"]))
    assert (g.players[0].roads, g.players[1].roads) == (2, roads + 1)
    assert duel_events(g) == [] and not g.players[0].white


def test_bg_7_2_white_cowboy_takes_the_action_then_returns_to_the_card() -> None:
    g = with_cards({0: "sheriff", 1: "banker", 2: "grocer"})
    empty_town(g)
    g.players[0].white = False
    put(g, "ammunition", white_seat=0)
    run_tasks(g, Space(S["ammunition"]))
    assert g.players[0].three_revolvers and not g.players[0].white
    assert g.players[0].cowboys == 3 and target("ammunition") not in g.cowboys_at
    # On a free unowned parcel: he may buy it at parcel purchase.
    g.round.pass_order = [0, 1, 2]
    g.round.turn_order = [0, 1, 2]
    put(g, (4, 4), white_seat=0)
    run_tasks(g, Space(S["parcel_purchase"]))
    assert g.decision is not None and g.decision.kind == "buy_parcels"
    assert g.decision.seats == (0,)
    act(g, 0, "buy_parcel", parcel(4, 4))
    assert g.town.owners[parcel(4, 4)] == 0 and g.players[0].money == 15 - 1
    assert not g.cowboys_at and not g.players[0].white


def test_bg_7_2_sheriff_with_only_the_white_cowboy_is_not_passed() -> None:
    g = with_cards({0: "sheriff", 1: "banker", 2: "grocer"})
    g.players[0].cowboys = 0
    g.round.pass_order = []
    g.round.cursor = 0
    run_tasks(g, Placement())
    assert g.decision == Decision("place", (0,))
    kinds = {a.kind for a in g.legal_actions(0)}
    assert kinds == {"pass", "white"}
    act(g, 0, "white", target("wages"))
    assert g.decision == Decision("place", (1,))
    act(g, 1, "pass")
    events = g.apply(2, PASS)
    # Now he has nothing left: the engine passes him by itself (BG-4.2.2).
    passes = [(e.data["seat"], e.data["position"]) for e in events if e.kind == "pass"]
    assert passes == [(2, 2), (0, 3)]


# --- BG-7.2 yellow Worker, Banker, Settler --------------------------------------------------


def test_bg_7_2_worker_gets_two_roads_at_once() -> None:
    g = after_claims()
    seat = choose(g, "worker")
    assert g.players[seat].roads == 3 and g.players[seat].money == 15
    assert g.decision is not None and g.decision.kind == "personality"


def test_bg_7_2_worker_gets_only_the_roads_left_in_the_general_supply() -> None:
    g = after_claims()
    seat = g.decision.seats[0] if g.decision else 0
    other = (seat + 1) % 3
    g.players[other].roads += g.general_roads() - 1
    choose(g, "worker")
    assert g.players[seat].roads == 2 and g.general_roads() == 0


@pytest.mark.parametrize("price", BUILD_PRICES)
def test_bg_7_2_worker_pays_half_the_building_price_rounded_up(price: int) -> None:
    g = with_cards({0: "worker", 1: "banker", 2: "grocer"})
    half = (price + 1) // 2
    space = S[f"build_{price}"]
    g.build_spaces[price] = "ranch"
    g.players[0].money = half
    put(g, f"build_{price}", 0)
    run_tasks(g, Space(space))
    assert g.decision == Decision("menu", (0,), MenuAsk(Menu.BUILD, price=price))
    act(g, 0, "option", OPTIONS.index("take"))
    assert g.players[0].money == 0 and g.build_spaces[price] is None
    assert g.decision is not None and g.decision.kind == "construct"
    # Anyone else pays the full price: with only half of it there is nothing to buy.
    g.decision = None
    g.build_spaces[price] = "ranch"
    g.players[1].money = half
    put(g, f"build_{price}", 1)
    run_tasks(g, Space(space))
    assert g.decision is None and g.players[1].money == half
    assert g.build_spaces[price] == "ranch"


def test_bg_7_2_banker_gets_9_dollars_at_once() -> None:
    g = after_claims()
    seat = choose(g, "banker")
    assert g.players[seat].money == 24 and g.players[seat].vp == 0


def test_bg_7_2_settler_puts_a_free_marker_on_any_unowned_parcel() -> None:
    g = after_claims()
    seat = g.decision.seats[0] if g.decision else 0
    taken = {p for p in range(64) if g.town.owners[p] != NO_OWNER}
    mountain = next(p for p in range(64) if g.town.tiles[p] == MOUNTAIN and p not in taken)
    centre = next(p for p in range(64) if g.town.tiles[p] == HOUSE)
    choose(g, "settler")
    assert g.decision == Decision("settler", (seat,))
    legal = g.legal_actions(seat)
    claims = {a.arg for a in legal if a.kind == "claim"}
    assert PASS in legal
    assert claims == set(range(64)) - taken
    assert mountain in claims and (centre in claims or centre in taken)
    # An owned parcel is illegal and changes nothing.
    with pytest.raises(IllegalActionError):
        act(g, seat, "claim", min(taken))
    assert g.decision == Decision("settler", (seat,)) and g.players[seat].markers == 10
    act(g, seat, "claim", mountain)
    player = g.players[seat]
    assert g.town.owners[mountain] == seat and g.town.tiles[mountain] == MOUNTAIN
    assert (player.markers, player.money) == (9, 15)
    assert g.decision is not None and g.decision.kind == "personality"


def test_bg_7_2_settler_may_decline_and_never_takes_a_river_parcel() -> None:
    g = after_claims(variants=("river",))
    seat = g.decision.seats[0] if g.decision else 0
    choose(g, "settler")
    claims = {a.arg for a in g.legal_actions(seat) if a.kind == "claim"}
    assert claims and not claims & g.town.river
    assert len(g.town.river) == 11
    act(g, seat, "pass")
    assert g.players[seat].markers == 10
    assert sum(owner == seat for owner in g.town.owners) == 2


def test_bg_7_2_settler_without_markers_gets_no_choice() -> None:
    g = after_claims()
    seat = g.decision.seats[0] if g.decision else 0
    g.players[seat].markers = 0
    choose(g, "settler")
    assert g.decision is not None and g.decision.kind == "personality"
    assert g.decision.seats != (seat,)


# --- BG-7.2 yellow Grocer ------------------------------------------------------------------


def test_bg_7_2_grocer_must_choose_8_dollars_now_or_defer() -> None:
    g = after_claims()
    seat = choose(g, "grocer")
    assert g.decision == Decision("menu", (seat,), MenuAsk(Menu.GROCER))
    assert options(g, seat) == ["money_now", "defer"]
    with pytest.raises(IllegalActionError):
        act(g, seat, "pass")
    act(g, seat, "option", OPTIONS.index("money_now"))
    assert g.players[seat].money == 23 and g.players[seat].choice == "money"


def grocer_town(choice: str) -> tuple[BoardGameState, int]:
    """A deferring yellow Grocer (seat 0) with two ranches and a mine; returns (game, money)."""
    g = with_cards({0: "grocer", 1: "banker", 2: "sheriff"})
    g.players[0].money = 15
    g.players[0].choice = Pick.MONEY if choice == "money_now" else Pick.DEFER
    empty_town(g)
    own(g, (1, 1), 0, "ranch")  # 8 empty neighbours: $8
    own(g, (1, 6), 0, "ranch")  # $8
    own(g, (5, 5), 0, "mine")
    g.town.tiles[parcel(6, 6)] = MOUNTAIN  # unowned: $3 for the mine
    own(g, (5, 1), 1, "ranch")  # another player's: $8, never doubled
    return g, g.players[0].money


def test_bg_7_2_deferred_grocer_doubles_one_building_type_at_building_income() -> None:
    g, money = grocer_town("defer")
    run_tasks(g, Space(S["income_buildings"]))
    assert g.decision == Decision("menu", (0,), MenuAsk(Menu.GROCER_INCOME))
    assert options(g, 0) == ["money", "double:ranch", "double:mine"]  # forced, owned types
    banker = g.players[1].money
    act(g, 0, "option", OPTIONS.index("double:ranch"))
    assert g.players[0].money == money + 2 * 8 + 2 * 8 + 3
    assert g.players[1].money == banker + 8


def test_bg_7_2_deferred_grocer_may_take_8_dollars_at_building_income_instead() -> None:
    g, money = grocer_town("defer")
    run_tasks(g, Space(S["income_buildings"]))
    act(g, 0, "option", OPTIONS.index("money"))
    assert g.players[0].money == money + 8 + 8 + 8 + 3


def test_bg_7_2_grocer_who_took_money_now_doubles_nothing() -> None:
    g, money = grocer_town("money_now")
    run_tasks(g, Space(S["income_buildings"]))
    assert g.decision is None
    assert g.players[0].money == money + 8 + 8 + 3


# --- BG-7.2 yellow Captain and Gunslinger --------------------------------------------------


def test_bg_7_2_captain_buys_1_2_or_3_cowboys_for_1_4_or_9_dollars() -> None:
    g = after_claims()
    seat = choose(g, "captain")
    assert g.decision == Decision("menu", (seat,), MenuAsk(Menu.CAPTAIN))
    assert options(g, seat) == ["pass", "cowboys_1", "cowboys_2", "cowboys_3"]
    act(g, seat, "option", OPTIONS.index("cowboys_3"))
    player = g.players[seat]
    assert (player.money, player.cowboys, g.general_cowboys(seat)) == (6, 6, 4)


@pytest.mark.parametrize(
    ("money", "cowboys", "expected"),
    [
        (3, 3, ["pass", "cowboys_1"]),
        (4, 3, ["pass", "cowboys_1", "cowboys_2"]),
        (0, 3, None),
        (15, 9, ["pass", "cowboys_1"]),  # the 10-cowboy cap
        (15, 8, ["pass", "cowboys_1", "cowboys_2"]),
        (15, 10, None),
    ],
)
def test_bg_7_2_captain_options_depend_on_money_and_the_cowboy_cap(
    money: int, cowboys: int, expected: list[str] | None
) -> None:
    g = after_claims()
    seat = g.decision.seats[0] if g.decision else 0
    g.players[seat].money, g.players[seat].cowboys = money, cowboys
    choose(g, "captain")
    if expected is None:
        assert g.decision is not None and g.decision.kind == "personality"
        assert (g.players[seat].money, g.players[seat].cowboys) == (money, cowboys)
    else:
        assert options(g, seat) == expected
        act(g, seat, "pass")
        assert (g.players[seat].money, g.players[seat].cowboys) == (money, cowboys)


def test_bg_7_2_captain_cap_counts_cowboys_on_the_board() -> None:
    g = after_claims()
    seat = g.decision.seats[0] if g.decision else 0
    g.players[seat].cowboys = 9
    put(g, "wages", seat, seat, seat)  # 6 in supply + 3 on the board: 1 left in general
    assert g.general_cowboys(seat) == 1
    choose(g, "captain")
    assert options(g, seat) == ["pass", "cowboys_1"]
    act(g, seat, "option", OPTIONS.index("cowboys_1"))
    assert g.players[seat].cowboys == 7 and g.general_cowboys(seat) == 0


def test_bg_7_2_gunslinger_adds_3_to_every_strength_use() -> None:
    g = with_cards({0: "gunslinger", 1: "banker", 2: "grocer"})
    assert g.strength(0) == 3 + 1 + 3 and g.strength(1) == 3 + 1
    put(g, "income_strength", 0)  # strength 2 + 1 + 3 while this cowboy stands there
    run_tasks(g, Space(S["income_strength"]))
    assert g.players[0].money == 15 + 2 * 6
    put(g, "vp_strength", 0)  # 1 + 1 + 3
    run_tasks(g, Space(S["vp_strength"]))
    assert g.players[0].vp == 2
    g.round.pass_order = [1, 2, 0]
    put(g, "ammunition", 0, 1)
    g._events.clear()
    run_tasks(g, Space(S["ammunition"]))
    (duel,) = duel_events(g)
    draws, values = duel["draws"], duel["values"]
    assert isinstance(draws, dict) and isinstance(values, dict)
    assert values[0] - draws[0] == 0 + 1 + 3
    assert values[1] - draws[1] == 2 + 1


# --- BG-7.3 red sides ------------------------------------------------------------------


def test_bg_7_3_red_sheriff_only_free_spaces_free_parcels_and_own_buildings() -> None:
    g = with_cards({0: "sheriff", 1: "banker", 2: "grocer"}, variants=RED)
    assert g.players[0].side == "red" and not g.players[0].white
    empty_town(g)
    put(g, "ammunition", 1)
    put(g, (2, 2), 2)
    put(g, "wages", 1)
    put(g, "road_1", 2)
    own(g, (5, 5), 1, "ranch")
    own(g, (6, 6), 0, "saloon")
    own(g, (6, 1), 0, "ranch")
    put(g, (6, 1), 1)  # his building under attack: he may still defend it
    legal = placing(g, 0)
    cowboys = {a.arg for a in legal if a.kind == "cowboy"}
    assert not any(a.kind == "white" for a in legal)
    for t in ("roads_3", "wages", "road_1", (4, 4), (6, 6), (6, 1)):
        assert target(t) in cowboys, t
    for t in ("ammunition", (2, 2), (5, 5)):
        assert target(t) not in cowboys, t


def test_bg_7_3_others_may_join_the_red_sheriff_and_his_lost_duels_give_3_vp() -> None:
    g = with_cards({0: "sheriff", 1: "banker", 2: "grocer"}, variants=RED)
    empty_town(g)
    put(g, "roads_3", 0)
    put(g, (4, 4), 0)
    assert cowboy("roads_3") in placing(g, 1) and cowboy((4, 4)) in placing(g, 2)
    put(g, "roads_3", 1)
    g.players[1].revolvers = 20  # 1..6 + 20 always beats 1..6 + 3
    g.players[0].revolvers = 0
    g.round.pass_order = [0, 1, 2]
    run_tasks(g, Space(S["roads_3"]))
    sheriff = g.players[0]
    assert (sheriff.vp, sheriff.cowboys) == (3, 2)  # the loser's cowboy is back in supply
    assert g.players[1].roads == 1 + 3
    # A defence he loses counts too.
    own(g, (6, 6), 0, "saloon")
    put(g, (6, 6), 0, 1)
    run_tasks(g, Attacks())
    assert sheriff.vp == 6
    # A duel he wins gives nothing.
    g.players[0].revolvers, g.players[1].revolvers = 30, 0
    cowboys = g.players[1].cowboys
    put(g, "income_dice", 0, 1)
    run_tasks(g, Space(S["income_dice"]))
    assert sheriff.vp == 6 and g.players[1].cowboys == cowboys


def test_bg_7_3_red_sheriff_beaten_defence_and_second_attacker_each_count() -> None:
    g = with_cards({0: "sheriff", 1: "banker", 2: "grocer"}, variants=RED)
    empty_town(g)
    g.players[1].revolvers = 30
    g.round.pass_order = [0, 1, 2]
    own(g, (6, 6), 0, "ranch")
    put(g, (6, 6), 0, 1, 2)
    g.players[0].revolvers, g.players[0].cowboys = 0, 0
    run_tasks(g, Attacks())
    assert g.players[0].vp == 3  # one duel with three participants: one loss
    # A yellow Sheriff gets nothing for a lost duel.
    y = with_cards({0: "sheriff", 1: "banker", 2: "grocer"})
    empty_town(y)
    y.players[1].revolvers = 30
    y.round.pass_order = [0, 1, 2]
    put(y, "roads_3", 0, 1)
    y.players[0].revolvers, y.players[0].cowboys, y.players[0].white = 0, 0, False
    run_tasks(y, Space(S["roads_3"]))
    assert y.players[0].vp == 0


def test_bg_7_3_red_worker_buys_one_building_for_5_then_the_row_slides_and_refills() -> None:
    g = after_claims(variants=RED)
    seat = g.decision.seats[0] if g.decision else 0
    before = dict(g.build_spaces)
    bag = sum(g.bag.values())
    choose(g, "worker")
    assert g.players[seat].roads == 1  # no yellow road bonus
    assert g.decision == Decision("menu", (seat,), MenuAsk(Menu.WORKER))
    assert options(g, seat) == ["pass"] + [f"worker:{p}" for p in BUILD_PRICES]
    act(g, seat, "option", OPTIONS.index("worker:8"))
    assert g.players[seat].money == 10
    after = g.build_spaces
    assert [after[p] for p in (3, 4, 5, 6)] == [before[p] for p in (3, 4, 5, 6)]
    assert (after[8], after[10]) == (before[10], before[12])
    assert after[12] is not None and sum(g.bag.values()) == bag - 1
    assert g.decision == Decision("construct", (seat,))
    assert g.construction is not None and g.construction.building == before[8]
    assert g.construction.origin == "worker"
    act(g, seat, "store")
    assert g.players[seat].stored == [before[8]]
    assert g.decision is not None and g.decision.kind == "personality"


def test_bg_7_3_red_worker_may_decline_and_needs_5_dollars() -> None:
    g = after_claims(variants=RED)
    seat = g.decision.seats[0] if g.decision else 0
    before = dict(g.build_spaces)
    choose(g, "worker")
    act(g, seat, "pass")
    assert g.build_spaces == before and g.players[seat].money == 15
    g2 = after_claims(variants=RED)
    seat = g2.decision.seats[0] if g2.decision else 0
    g2.players[seat].money = 4
    choose(g2, "worker")
    assert g2.decision is not None and g2.decision.kind == "personality"


def test_bg_7_3_red_worker_builds_at_once() -> None:
    g = after_claims(variants=RED)
    seat = g.decision.seats[0] if g.decision else 0
    building = g.build_spaces[3]
    assert building == "ranch"
    choose(g, "worker")
    act(g, seat, "option", OPTIONS.index("worker:3"))
    spot = next(a.arg for a in g.legal_actions(seat) if a.kind == "build")
    revolvers = g.players[seat].revolvers
    act(g, seat, "build", spot)
    assert g.town.tiles[spot] == "ranch" and g.town.owners[spot] == seat
    assert g.players[seat].revolvers == revolvers + 1


@pytest.mark.parametrize(
    ("money", "expected"),
    [
        (2, None),
        (3, ["pass", "vp_3"]),
        (12, ["pass", "vp_3", "vp_5"]),
        (25, ["pass", "vp_3", "vp_5", "vp_7"]),
    ],
)
def test_bg_7_3_red_banker_options_at_round_end(money: int, expected: list[str] | None) -> None:
    g = with_cards({0: "banker", 1: "sheriff", 2: "grocer"}, variants=RED)
    assert g.players[0].money == 15  # no $9 on the red side
    g.players[0].money = money
    run_tasks(g, RedEffects(0))
    if expected is None:
        assert g.decision is None
    else:
        assert g.decision == Decision("menu", (0,), MenuAsk(Menu.BANKER))
        assert options(g, 0) == expected


@pytest.mark.parametrize(
    ("choice", "price", "vp"), [("vp_3", 3, 3), ("vp_5", 12, 5), ("vp_7", 25, 7)]
)
def test_bg_7_3_red_banker_buys_one_option_only(choice: str, price: int, vp: int) -> None:
    g = with_cards({0: "banker", 1: "sheriff", 2: "grocer"}, variants=RED)
    g.players[0].money = 100
    run_tasks(g, RedEffects(0))
    act(g, 0, "option", OPTIONS.index(choice))
    assert (g.players[0].money, g.players[0].vp) == (100 - price, vp)
    assert g.decision is None


def test_bg_7_3_red_banker_buys_before_the_cash_limit() -> None:
    g = with_cards({0: "banker", 1: "sheriff", 2: "grocer"}, variants=RED)
    g.players[0].money = 85  # red limit $60
    for s in (1, 2):
        g.players[s].money = 0
    run_tasks(g, RedEffects(0), Cash(0))
    assert g.decision is not None and g.decision.get("about") == "banker"
    act(g, 0, "option", OPTIONS.index("vp_7"))
    assert (g.players[0].money, g.players[0].vp) == (60, 7)
    assert g.decision is None


@pytest.mark.parametrize("card", ["settler", "grocer"])
def test_bg_7_3_red_settler_and_grocer_choose_8_dollars_or_vp_at_selection(card: str) -> None:
    g = after_claims(variants=RED)
    seat = choose(g, card)
    assert g.decision == Decision("menu", (seat,), MenuAsk(Menu.RED_CHOICE))
    assert options(g, seat) == ["money", "vp"]  # forced
    with pytest.raises(IllegalActionError):
        act(g, seat, "pass")
    act(g, seat, "option", OPTIONS.index("money"))
    assert g.players[seat].money == 23 and g.players[seat].choice == "money"
    # Money taken: nothing more at round end.
    run_tasks(g, RedEffects(seat))
    assert g.players[seat].vp == 0 and g.players[seat].money == 23


def red_town(card: str) -> BoardGameState:
    g = after_claims(variants=RED)
    seat = g.decision.seats[0] if g.decision else 0
    choose(g, card)
    act(g, seat, "option", OPTIONS.index("vp"))
    assert g.players[seat].money == 15 and g.players[seat].choice == "vp"
    other = (seat + 1) % 3
    g.town = Town()
    own(g, (1, 1), seat, MOUNTAIN)
    own(g, (2, 1), seat, MOUNTAIN)
    own(g, (3, 1), seat, HOUSE)
    own(g, (4, 1), seat, HOUSE)
    own(g, (5, 1), seat, HOUSE)
    own(g, (1, 3), seat, "ranch")
    own(g, (2, 3), seat, "hotel")
    own(g, (3, 3), seat, "church")
    own(g, (4, 3), seat)
    own(g, (1, 5), other, MOUNTAIN)
    own(g, (2, 5), other, HOUSE)
    g.town.tiles[parcel(5, 5)] = MOUNTAIN
    g.town.tiles[parcel(6, 5)] = HOUSE
    g.decision = None
    run_tasks(g, RedEffects(seat))
    return g


def test_bg_7_3_red_settler_scores_1_vp_per_mountain_on_his_parcels() -> None:
    g = red_town("settler")
    (vp,) = [p.vp for p in g.players if p.personality == "settler"]
    assert vp == 2


def test_bg_7_3_red_grocer_scores_1_vp_per_house_on_her_parcels() -> None:
    g = red_town("grocer")
    (vp,) = [p.vp for p in g.players if p.personality == "grocer"]
    assert vp == 3  # ranch, hotel and church are no houses


@pytest.mark.parametrize(
    ("money", "expected", "pick", "after"),
    [
        (15, ["pass", "revolvers_1", "revolvers_2"], "revolvers_2", (6, 3)),
        (9, ["pass", "revolvers_1", "revolvers_2"], "revolvers_1", (6, 2)),
        (8, ["pass", "revolvers_1"], "revolvers_1", (5, 2)),
        (3, ["pass", "revolvers_1"], "pass", (3, 1)),
    ],
)
def test_bg_7_3_red_captain_buys_1_revolver_for_3_or_2_for_9(
    money: int, expected: list[str], pick: str, after: tuple[int, int]
) -> None:
    g = after_claims(variants=RED)
    seat = g.decision.seats[0] if g.decision else 0
    g.players[seat].money = money
    choose(g, "captain")
    assert g.decision == Decision("menu", (seat,), MenuAsk(Menu.CAPTAIN))
    assert options(g, seat) == expected
    g.apply(seat, PASS if pick == "pass" else option(pick))
    player = g.players[seat]
    assert (player.money, player.revolvers) == after and player.cowboys == 3


def test_bg_7_3_red_captain_with_under_3_dollars_gets_no_menu() -> None:
    g = after_claims(variants=RED)
    seat = g.decision.seats[0] if g.decision else 0
    g.players[seat].money = 2
    choose(g, "captain")
    assert g.decision is not None and g.decision.kind == "personality"


def test_bg_7_3_red_gunslinger_adds_2_to_every_strength_use() -> None:
    g = with_cards({0: "gunslinger", 1: "banker", 2: "grocer"}, variants=RED)
    assert g.strength(0) == 3 + 1 + 2
    put(g, "income_strength", 0)  # 2 + 1 + 2
    run_tasks(g, Space(S["income_strength"]))
    assert g.players[0].money == 15 + 2 * 5
    put(g, "vp_strength", 0)  # 1 + 1 + 2
    run_tasks(g, Space(S["vp_strength"]))
    assert g.players[0].vp == 2
    # The bonus is this round's: gone once the card is returned.
    g.round.pass_order = [0, 1, 2]
    run_tasks(g, NextRound())
    assert g.strength(0) == 1 + 1


def test_bg_7_2_7_3_cards_give_their_side_and_the_red_yellow_effects_differ() -> None:
    yellow = after_claims()
    red = after_claims(variants=RED)
    ys = choose(yellow, "banker")
    rs = choose(red, "banker")
    assert (yellow.players[ys].side, yellow.players[ys].money) == ("yellow", 24)
    assert (red.players[rs].side, red.players[rs].money) == ("red", 15)
