"""Engine rule tests for phase 3 of a round (BG-4.3: spaces in track order, strength, duels,
parcels and attacks in order) and the end of a round (BG-4.4).
"""

from __future__ import annotations

import pytest
from board_helpers import ScriptedRng, act, run_tasks
from round_scenes import (
    CARDS,
    asked,
    duels,
    passes,
    phase3,
    place,
    put,
    snapshot,
    start,
)

from carson.core.game import IllegalActionError
from carson.games.board.catalog import SPACE_IDS
from carson.games.board.engine.actions import PASS, BoardAction, option
from carson.games.board.engine.state import SPACES, BoardGameState, S
from carson.games.board.engine.tasks import Cash, EndRound, Refill, Space
from carson.games.board.town import NO_OWNER, parcel

# === BG-4.3 Phase 3: resolution and duels ==================================================


def test_bg_4_3_1_spaces_resolve_in_track_order() -> None:
    """BG-4.3.1: after the last pass, the spaces resolve in track order 1 → 23 whatever the
    placement order."""
    g = start()
    place(g, 0, "buy_vp_5")
    place(g, 1, "vp_parcels")
    place(g, 2, "income_parcels")
    place(g, 0, "road_1")
    place(g, 1, "ammunition")
    place(g, 2, "wages")
    passes(g, 0)
    passes(g, 1)
    events = passes(g, 2)
    kinds = [
        (e.kind, e.data.get("space") or e.data.get("why") or e.data.get("seat"))
        for e in events
        if e.kind in ("paid", "ammunition", "income", "vp")
    ]
    assert kinds == [
        ("paid", "wages"),
        ("ammunition", 1),
        ("paid", "road_1"),
        ("income", "income_parcels"),
        ("vp", "vp_parcels"),
    ]
    assert asked(g) == ("count", 0)  # BUY_VP_5 comes last
    assert g.players[2].money == 15 + 4 + 2 * 2
    assert g.players[1].vp == 1 and g.players[1].three_revolvers


def test_bg_4_3_3_strength_formula() -> None:
    """BG-4.3.3: supply cowboys + revolvers + 3 for the AMMUNITION tile + Gunslinger bonus
    (yellow 3, red 2); the white cowboy counts while in supply; placed cowboys do not."""
    g = start(cards=("sheriff", "gunslinger", "captain"))
    assert [g.strength(s) for s in range(3)] == [3 + 1 + 1, 3 + 1 + 3, 3 + 1]
    g.players[2].revolvers = 4
    g.players[2].three_revolvers = True
    assert g.strength(2) == 3 + 4 + 3
    g.players[1].side = "red"
    assert g.strength(1) == 3 + 1 + 2
    assert g.round.turn_order == [0, 2, 1]
    place(g, 0, "wages")
    assert g.strength(0) == 2 + 1 + 1
    passes(g, 2)
    act(g, 1, "cowboy", S["ammunition"])
    assert g.strength(1) == 2 + 1 + 2
    act(g, 0, "white", S["income_dice"])
    assert g.strength(0) == 2 + 1


def test_bg_4_3_4_duel_is_die_plus_strength() -> None:
    """BG-4.3.4: a weaker player wins with a better die; the winner takes the action."""
    g = start()
    put(g, "roads_3", 0, 1)
    g.players[0].revolvers, g.players[1].revolvers = 1, 4  # strength 3 vs 6
    phase3(g, [0, 1, 2], dice=[6, 2])
    run_tasks(g, Space(S["roads_3"]))
    (duel,) = duels(g._events)
    assert duel["draws"] == {0: 6, 1: 2} and duel["values"] == {0: 9, 1: 8}
    assert duel["winner"] == 0
    assert g.players[0].roads == 1 + 3 and g.players[1].roads == 3
    assert S["roads_3"] not in g.cowboys_at


@pytest.mark.parametrize(("pass_order", "winner"), [([1, 2, 0], 1), ([2, 0, 1], 0)])
def test_bg_4_3_4_tie_goes_to_earlier_passer(pass_order: list[int], winner: int) -> None:
    """BG-4.3.4: equal values: the one who passed earlier wins, not turn order."""
    g = start()
    put(g, "ammunition", 0, 1)
    phase3(g, pass_order, dice=[4, 4])
    run_tasks(g, Space(S["ammunition"]))
    (duel,) = duels(g._events)
    assert duel["values"] == {0: 7, 1: 7} and duel["winner"] == winner
    assert [p.three_revolvers for p in g.players] == [winner == 0, winner == 1, False]


def test_bg_4_3_4_three_players_fight_one_duel() -> None:
    """BG-4.3.4: 3 or more participants fight a single duel; both losers' cowboys return."""
    g = start()
    put(g, "income_strength", 2, 0, 1)
    phase3(g, [0, 1, 2], dice=[1, 5, 3])  # placement order 2, 0, 1
    run_tasks(g, Space(S["income_strength"]))
    (duel,) = duels(g._events)
    assert duel["draws"] == {2: 1, 0: 5, 1: 3}
    assert duel["values"] == {2: 4, 0: 8, 1: 6} and duel["winner"] == 0
    assert [p.cowboys for p in g.players] == [2, 3, 3]
    assert g.players[0].money == 24 + 2 * (2 + 1)


def test_bg_4_3_5_loser_cowboy_back_at_once_and_counts_later() -> None:
    """BG-4.3.5: the loser's cowboy goes back to his supply at once and adds to his
    strength in a later duel of the same round; the winner's goes to the general supply."""
    g = start()
    put(g, "roads_3", 0, 1)
    put(g, "income_parcels", 0, 1)
    for p in g.players:
        p.revolvers = 1
    # supplies: 1 cowboy each -> strength 2 each
    phase3(g, [0, 1, 2], dice=[6, 1, 4, 4])
    run_tasks(g, Space(S["roads_3"]), Space(S["income_parcels"]))
    first, second = duels(g._events)
    assert first["values"] == {0: 8, 1: 3} and first["winner"] == 0
    # seat 1 has his cowboy back (strength 3); without it 6 vs 6 would go to seat 0
    assert second["values"] == {0: 6, 1: 7} and second["winner"] == 1
    assert g.players[0].cowboys == 2  # lost the second duel: back to supply
    assert g.players[1].cowboys == 2
    assert g.general_cowboys(0) == 8 and g.general_cowboys(1) == 8
    assert g.players[1].money == 15 + 2 * 2


def test_bg_4_3_6_winner_cowboy_to_general_supply_even_when_declining() -> None:
    """BG-4.3.6 / BG-4.3.7: the lone cowboy on a construction space leaves for the general
    supply also when its owner declines; the building stays."""
    g = start()
    put(g, "build_10", 0)
    phase3(g, [0, 1, 2])
    run_tasks(g, Space(S["build_10"]))
    assert asked(g) == ("menu", 0) and g.decision is not None
    assert g.decision.get("about") == "build"
    assert g.legal_actions(0) == [PASS, option("take")]
    g.apply(0, PASS)
    assert g.build_spaces[10] == "ranch" and g.players[0].money == 24
    assert g.cowboys_at == {} and g.players[0].cowboys == 2 and g.general_cowboys(0) == 8


def test_bg_4_3_7_no_money_means_no_action_and_cowboy_still_leaves() -> None:
    """BG-4.3.7 / BG-4.3.6: a player who cannot pay gets no offer; his cowboy still leaves."""
    g = start()
    put(g, "build_12", 2)  # the Captain pays full price
    put(g, (0, 4), 1)
    g.players[2].money = 11
    g.players[1].money = 0
    phase3(g, [0, 1, 2])
    run_tasks(g, Space(S["build_12"]), Space(S["parcel_purchase"]))
    assert g.decision is None
    assert g.build_spaces[12] == "mine" and g.players[2].money == 11
    assert g.town.owners[parcel(0, 4)] == NO_OWNER
    assert g.cowboys_at == {} and g.general_cowboys(1) == 8 and g.general_cowboys(2) == 8


def test_bg_4_3_6_white_cowboy_returns_to_the_card() -> None:
    """BG-4.3.6: the white cowboy goes back to the Sheriff card, not to the supply."""
    g = start(cards=("sheriff", "worker", "captain"))
    act(g, 0, "white", S["wages"])
    place(g, 1, "wages")
    for seat in (2, 0, 1):
        passes(g, seat)
    assert g.round.number == 2
    assert not g.players[0].white and g.players[0].money == 15 + 4
    assert g.players[1].money == 15 + 4


def test_bg_4_3_8_contested_parcels_by_first_passer_then_uncontested_in_turn_order() -> None:
    """BG-4.3.8: the first passer orders the contested parcels (duel, then buy or decline);
    then the uncontested ones, player by player in turn order."""
    g = start()
    a, b, c, d = (0, 3), (0, 5), (7, 3), (7, 5)
    put(g, a, 0, 1)
    put(g, b, 0, 1)
    put(g, c, 2)
    put(g, d, 0)
    # strengths: seat 0 = 0 + 1, seat 1 = 1 + 1
    phase3(g, [2, 0, 1], dice=[6, 1, 1, 6])
    run_tasks(g, Space(S["parcel_purchase"]))
    events = list(g._events)
    assert asked(g) == ("order", 2)
    assert {x.arg for x in g.legal_actions(2)} == {parcel(*a), parcel(*b)}
    before = snapshot(g)
    with pytest.raises(IllegalActionError):
        act(g, 2, "order", parcel(*c))
    assert snapshot(g) == before
    events += g.apply(2, BoardAction("order", parcel(*b)))
    assert asked(g) == ("buy_parcels", 0)
    assert g.decision is not None and g.decision.get("parcels") == (parcel(*b),)
    events += g.apply(0, BoardAction("buy_parcel", parcel(*b)))
    assert asked(g) == ("buy_parcels", 1)  # parcel a: seat 1 has his cowboy back, wins
    assert g.decision is not None and g.decision.get("parcels") == (parcel(*a),)
    assert [x["where"] for x in duels(events)] == [list(b), list(a)]
    assert [x["winner"] for x in duels(events)] == [0, 1]
    assert duels(events)[1]["values"] == {0: 2, 1: 9}
    g.apply(1, PASS)  # declines
    assert asked(g) == ("buy_parcels", 0)
    assert g.decision is not None and g.decision.get("parcels") == (parcel(*d),)
    act(g, 0, "buy_parcel", parcel(*d))
    assert asked(g) == ("buy_parcels", 2)
    act(g, 2, "buy_parcel", parcel(*c))
    assert g.decision is None and g.cowboys_at == {}
    owners = g.town.owners
    assert (owners[parcel(*a)], owners[parcel(*b)], owners[parcel(*c)], owners[parcel(*d)]) == (
        NO_OWNER, 0, 2, 0,
    )  # fmt: skip
    assert [p.cowboys for p in g.players] == [1, 2, 2]  # one lost duel each: back
    assert g.players[0].money == 24 - g.town.price(parcel(*b)) - g.town.price(parcel(*d))


def test_bg_4_3_9_first_passer_orders_the_attacks() -> None:
    """BG-4.3.9 DECISION: with several attacked buildings the first passer sets the order."""
    g = start()
    town = g.town
    for p in (parcel(0, 7), parcel(7, 7)):
        town.tiles[p] = "hotel"
        town.set_owner(p, 1)
    put(g, (0, 7), 0)
    put(g, (7, 7), 0)
    phase3(g, [2, 1, 0])
    run_tasks(g, Space(S["income_buildings"]))
    assert asked(g) == ("order", 2) and g.decision is not None
    assert g.decision.get("about") == "attacks"
    act(g, 2, "order", parcel(7, 7))
    attacks = [e.data["parcel"] for e in g._events if e.kind == "attack"]
    assert attacks == [[7, 7], [0, 7]]
    assert g.players[0].money == 24 + 3 + 3 and g.players[1].money == 15 + 3 + 3


def test_bg_4_3_10_wages_and_road_1_pay_every_cowboy() -> None:
    """BG-4.3.10 / BG-4.2.4: $4 per cowboy on WAGES, 1 road per cowboy on ROAD_1, no duel."""
    g = start()
    for seat, move in [(0, "wages"), (1, "wages"), (2, "road_1"), (0, "wages")]:
        place(g, seat, move)
    passes(g, 1)
    place(g, 2, "road_1")
    place(g, 0, "wages")  # seat 0's last cowboy: he will pass automatically
    events = passes(g, 2)
    assert g.round.number == 2
    assert not duels(events)
    assert g.players[0].money == 24 + 3 * 4 and g.players[1].money == 15 + 4
    assert g.players[2].roads == 1 + 2


# === BG-4.4 Phase 4: end of round ==========================================================


def end_round(g: BoardGameState, number: int = 1) -> None:
    g.round.number = number
    phase3(g, [0, 1, 2])
    run_tasks(g, EndRound())


def test_bg_4_4_0_red_effects_before_the_cash_limit() -> None:
    """BG-4.4.0 DECISION: the red Banker buys VP first; then the cash limit sees the rest."""
    g = start()
    g.players[0].side = "red"  # red Banker: limit $60
    g.players[0].money = 70
    end_round(g)
    assert asked(g) == ("menu", 0) and g.decision is not None
    assert g.decision.get("about") == "banker"
    g.apply(0, option("vp_7"))
    assert g.players[0].money == 45 and g.players[0].vp == 7  # no cash-limit loss


@pytest.mark.parametrize(("number", "gain"), [(1, 4), (2, 5), (3, 5)])
def test_bg_4_4_2_new_cowboys_capped_at_ten_of_the_colour(number: int, gain: int) -> None:
    """BG-4.4.2: +4/+5/+5 after rounds 1-3, at most 10 of one's colour; the white cowboy is
    not counted (DECISION)."""
    g = start()
    g.players[0].cowboys = 0
    g.players[1].cowboys = 8
    g.players[2].cowboys = 6
    g.players[2].white = True
    end_round(g, number)
    assert [p.cowboys for p in g.players] == [gain, 10, 10]
    assert g.round.number == number + 1


def test_bg_4_4_1_marker_moves_each_round_end() -> None:
    """BG-4.4.1 / BG-2.4.2: after round 1 the marker blocks BUY_VP_2; after round 2 $3."""
    g = start()
    end_round(g, 1)
    assert [SPACE_IDS[s] for s in range(SPACES) if g.blocked(s)] == ["buy_vp_2"]
    for player, card in zip(g.players, CARDS, strict=True):
        player.personality = card
    end_round(g, 2)
    assert [SPACE_IDS[s] for s in range(SPACES) if g.blocked(s)] == ["buy_vp_3", "buy_vp_2"]


def cash(g: BoardGameState, seat: int, money: int) -> None:
    g.players[seat].money = money
    phase3(g, [0, 1, 2])
    run_tasks(g, Cash(seat))


def test_bg_4_4_3_excess_in_whole_tens_is_paid_without_asking() -> None:
    """BG-4.4.3: Banker (yellow) limit $120: $140 → pays $20, +2 VP; at or below: nothing."""
    g = start()
    cash(g, 0, 140)
    assert g.decision is None
    assert (g.players[0].money, g.players[0].vp) == (120, 2)
    cash(g, 1, 30)  # Worker's limit is $30
    assert g.decision is None and (g.players[1].money, g.players[1].vp) == (30, 0)


@pytest.mark.parametrize(
    ("money", "choice", "left", "vp"),
    [
        (145, "pass", 120, 2), (145, "round_up", 115, 3),
        (125, "pass", 120, 0), (125, "round_up", 115, 1),
    ],
)  # fmt: skip
def test_bg_4_4_3_floor_or_voluntary_round_up(money: int, choice: str, left: int, vp: int) -> None:
    """BG-4.4.3: E = M − C goes to the bank for ⌊E/10⌋ VP; or he tops E up to the next $10
    for ⌈E/10⌉ VP (DECISION: only that far)."""
    g = start()
    cash(g, 0, money)
    assert asked(g) == ("menu", 0)
    assert g.legal_actions(0) == [PASS, option("round_up")]
    g.apply(0, PASS if choice == "pass" else option("round_up"))
    assert (g.players[0].money, g.players[0].vp) == (left, vp)


def test_bg_4_4_3_cash_limit_is_the_chosen_card_s() -> None:
    """BG-4.4.3 / BG-7.1: Captain (yellow) $25: $45 → $25 and +2 VP."""
    g = start()
    cash(g, 2, 45)
    assert (g.players[2].money, g.players[2].vp) == (25, 2)


def test_bg_4_4_4_pack_keeping_order_then_refill_from_bag() -> None:
    """BG-4.4.4: unsold buildings slide to the cheapest spaces in their order; each empty
    space gets a draw from the bag."""
    g = start()
    g.build_spaces.update(
        {12: "hotel", 10: None, 8: "bank", 6: None, 5: None, 4: "church", 3: None}
    )
    g.bag = dict.fromkeys(g.bag, 0) | {"saloon": 1, "prison": 3}
    g.rng = ScriptedRng(draws=[0, 0, 0, 0])
    run_tasks(g, Refill())
    assert g.build_spaces == {
        3: "church", 4: "bank", 5: "hotel", 6: "saloon", 8: "prison", 10: "prison", 12: "prison"
    }  # fmt: skip
    assert sum(g.bag.values()) == 0


def test_bg_4_4_4_empty_bag_leaves_spaces_empty() -> None:
    """BG-4.4.4 DECISION: with an empty bag the spaces after the packed ones stay empty."""
    g = start()
    g.build_spaces.update({12: "mine", 10: None, 8: None, 6: "ranch", 5: None, 4: None, 3: None})
    g.bag = dict.fromkeys(g.bag, 0) | {"bank": 1}
    run_tasks(g, Refill())
    assert g.build_spaces == {
        3: "ranch", 4: "mine", 5: "bank", 6: None, 8: None, 10: None, 12: None
    }  # fmt: skip


def test_bg_4_4_5_and_4_4_6_cards_white_cowboy_and_tile_return() -> None:
    """BG-4.4.5/4.4.6: all cards back in the display, the white cowboy back on the Sheriff
    card, the AMMUNITION tile back on its space."""
    g = start(cards=("sheriff", "worker", "captain"))
    assert g.players[0].white
    g.players[1].three_revolvers = True
    end_round(g, 1)
    assert asked(g)[0] == "personality"
    assert len(g.round.available) == 7
    assert all(p.personality is None and not p.white and not p.three_revolvers for p in g.players)
    assert g.strength(1) == g.players[1].cowboys + g.players[1].revolvers


def test_bg_4_4_7_after_round_4_only_red_effects_cash_then_final_scoring() -> None:
    """BG-4.4.7: after round 4 the cash limit still applies, then final scoring; no new
    cowboys, no refill, no marker move."""
    g = start()
    g.players[0].money = 150  # Banker: pays $30, +3 VP, keeps $120 → +20 VP
    g.players[1].cowboys = 0
    g.build_spaces[12] = None
    end_round(g, 4)
    assert g.is_over and g.decision is None
    assert g.round.number == 4
    assert g.players[1].cowboys == 0
    assert g.build_spaces[12] is None
    assert g.players[0].vp == 3 + 20
    assert g.players[1].vp == 15 // 6 and g.players[2].vp == 15 // 6
    result = g.result()
    assert result is not None and result.winners == frozenset({0})


def test_bg_4_full_game_runs_four_rounds() -> None:
    """BG-4: a game of passes only lasts 4 rounds, each with personalities and placement."""
    g = start()
    rounds = []
    while not g.is_over:
        kind, seat = asked(g)
        legal = g.legal_actions(seat)
        if kind == "personality" and g.round.number not in rounds:
            rounds.append(g.round.number)
        g.apply(seat, PASS if PASS in legal else legal[0])
    assert rounds == [2, 3, 4] and g.round.number == 4
