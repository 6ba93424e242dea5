"""Rule tests for the seven personalities: numbers and cash limits (BG-7.1), the yellow sides
(BG-7.2); the red sides (BG-7.3) are in ``test_board_red_sides.py``.

Each test either lets a seat pick a card in phase 1 and checks the immediate effect, or sets
the pieces up directly on a fresh state and runs one step of the flow (``run_tasks``).
"""

from __future__ import annotations

import pytest
from board_helpers import act, new_game, run_tasks, target
from personalities_scenes import (
    CASH_LIMITS,
    NUMBERS,
    RED,
    after_claims,
    choose,
    cowboy,
    duel_events,
    empty_town,
    options,
    own,
    placing,
    put,
    white,
    with_cards,
)

from carson.core.game import IllegalActionError
from carson.games.board.engine.actions import OPTIONS, PASS
from carson.games.board.engine.model import Menu, MenuAsk
from carson.games.board.engine.options import Pick
from carson.games.board.engine.state import (
    BUILD_PRICES,
    BoardGameState,
    Decision,
    S,
)
from carson.games.board.engine.tasks import Cash, Placement, Space
from carson.games.board.town import HOUSE, MOUNTAIN, NO_OWNER, parcel


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
