"""Engine rule tests for the red sides of the personalities (BG-7.3)."""

from __future__ import annotations

import pytest
from board_helpers import act, run_tasks, target
from personalities_scenes import (
    RED,
    after_claims,
    choose,
    cowboy,
    empty_town,
    options,
    own,
    placing,
    put,
    with_cards,
)

from carson.core.game import IllegalActionError
from carson.games.board.engine.actions import OPTIONS, PASS, option
from carson.games.board.engine.model import Menu, MenuAsk
from carson.games.board.engine.state import (
    BUILD_PRICES,
    BoardGameState,
    Decision,
    S,
)
from carson.games.board.engine.tasks import Attacks, Cash, NextRound, RedEffects, Space
from carson.games.board.town import HOUSE, MOUNTAIN, Town, parcel

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
    vp = [dict(e.data) for e in g._events if e.kind == "vp"]
    assert vp == [{"seat": 0, "amount": 3, "why": "sheriff"}]  # told, with its amount
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
    events = g.apply(0, option(choice))
    assert (g.players[0].money, g.players[0].vp) == (100 - price, vp)
    told = [dict(e.data) for e in events if e.kind == "vp"]
    assert told == [{"seat": 0, "amount": vp, "why": "banker"}]
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
