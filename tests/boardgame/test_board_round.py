"""Rule tests for the board game's round (BG-4): personality order, cowboy placement, the
resolution of the action track with duels, and the end of the round (BG-2.4 marker too)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import pytest
from board_helpers import ScriptedRng, act, new_game, run_tasks, target

from carson.core.game import Event, IllegalActionError
from carson.games.board.catalog import PERSONALITY_IDS, SPACE_IDS
from carson.games.board.engine.actions import PASS, BoardAction, option
from carson.games.board.engine.state import SPACES, BoardGameState, S
from carson.games.board.engine.tasks import Cash, EndRound, Placement, Refill, Space
from carson.games.board.town import HOUSE, MOUNTAIN, NO_OWNER, parcel

#: Cards by seat for :func:`start`: Banker (+$9), Worker (+2 roads), Captain (buys nothing).
CARDS = ("banker", "worker", "captain")


def start(players: int = 3, seed: int = 0, cards: Sequence[str] = CARDS) -> BoardGameState:
    """A game at its first placement: each starting parcel is the lowest free one (row 0),
    seat s takes ``cards[s]``, menus are declined."""
    g = new_game(players, seed=seed)
    play_to(g, "place", cards)
    return g


def play_to(g: BoardGameState, kind: str, cards: Sequence[str] = CARDS) -> list[Event]:
    """Answer claims, personalities (``cards``) and menus until a ``kind`` decision opens."""
    events: list[Event] = []
    while g.decision is not None and g.decision.kind != kind:
        d = g.decision
        seat = d.seats[0]
        legal = g.legal_actions(seat)
        if d.kind == "personality":
            action = BoardAction("personality", PERSONALITY_IDS.index(cards[seat]))
        else:
            action = PASS if PASS in legal else legal[0]
        events += g.apply(seat, action)
    return events


def asked(g: BoardGameState) -> tuple[str, int]:
    assert g.decision is not None
    return g.decision.kind, g.decision.seats[0]


def place(g: BoardGameState, seat: int, where: str | tuple[int, int]) -> list[Event]:
    return g.apply(seat, BoardAction("cowboy", target(where)))


def passes(g: BoardGameState, seat: int) -> list[Event]:
    return g.apply(seat, PASS)


def put(g: BoardGameState, where: str | tuple[int, int], *seats: int) -> None:
    """Stand cowboys of ``seats`` on a target (taken from their supplies)."""
    for seat in seats:
        g.players[seat].cowboys -= 1
        g.cowboys_at.setdefault(target(where), []).append((seat, False))


def phase3(g: BoardGameState, pass_order: Sequence[int], dice: Sequence[int] = ()) -> None:
    """Make the scenario a phase-3 one: everyone passed in ``pass_order``; scripted dice."""
    g.decision = None
    g.round.pass_order = list(pass_order)
    g.rng = ScriptedRng(dice=dice)


def snapshot(g: BoardGameState) -> tuple[Any, ...]:
    return (
        [p.copy() for p in g.players],
        g.town.owners.copy(),
        {t: list(c) for t, c in g.cowboys_at.items()},
        g.decision,
        g.round.pass_order.copy(),
        len(g.actions),
    )


def duels(events: Sequence[Event]) -> list[dict[str, Any]]:
    return [dict(e.data) for e in events if e.kind == "duel"]


# === BG-4.1 Phase 1: personalities ========================================================


def answer_round(g: BoardGameState) -> list[int]:
    """Play to the next placement: first free card, menus declined; the choosing seats."""
    choosers = []
    while asked(g)[0] != "place":
        kind, seat = asked(g)
        legal = g.legal_actions(seat)
        if kind == "personality":
            choosers.append(seat)
            g.apply(seat, legal[0])
        else:
            g.apply(seat, PASS if PASS in legal else legal[0])
    return choosers


def test_bg_4_1_1_round_one_choice_order_is_the_initial_order() -> None:
    """BG-4.1.1: in round 1 the cards are chosen in the initial random order (BG-3.7)."""
    for seed in range(4):
        g = new_game(4, seed=seed)
        assert answer_round(g) == g.initial_order


def test_bg_4_1_1_later_rounds_choose_in_previous_pass_order() -> None:
    """BG-4.1.1: from round 2 on, whoever passed first in the previous round chooses first."""
    g = start()
    assert g.round.turn_order == [0, 1, 2]
    events = place(g, 0, "wages") + passes(g, 1) + passes(g, 2) + passes(g, 0)
    assert [e.data["seat"] for e in events if e.kind == "pass"] == [1, 2, 0]
    assert asked(g) == ("personality", 1) and g.round.number == 2
    choosers = []
    while asked(g)[0] == "personality":
        seat = asked(g)[1]
        choosers.append(seat)
        act(
            g, seat, "personality", PERSONALITY_IDS.index(("sheriff", "banker", "gunslinger")[seat])
        )
    assert choosers == [1, 2, 0]


@pytest.mark.parametrize("players", [2, 3, 5])
def test_bg_4_1_2_taken_cards_are_gone_and_7_minus_n_stay_unused(players: int) -> None:
    """BG-4.1.2: each takes one remaining card; a taken card cannot be taken again; 7 − N
    cards stay unused."""
    g = new_game(players, seed=players)
    play_to(g, "personality")
    first = asked(g)[1]
    act(g, first, "personality", PERSONALITY_IDS.index("banker"))
    assert g.players[first].money == 15 + 9  # the immediate effect at once
    second = asked(g)[1]
    assert BoardAction("personality", PERSONALITY_IDS.index("banker")) not in g.legal_actions(
        second
    )
    before = snapshot(g)
    with pytest.raises(IllegalActionError):
        act(g, second, "personality", PERSONALITY_IDS.index("banker"))
    assert snapshot(g) == before
    cards = ("sheriff", "worker", "captain", "grocer", "gunslinger")
    index = 0
    while asked(g)[0] != "place":
        kind, seat = asked(g)
        if kind == "personality":
            act(g, seat, "personality", PERSONALITY_IDS.index(cards[index]))
            index += 1
        else:
            legal = g.legal_actions(seat)
            g.apply(seat, PASS if PASS in legal else legal[0])
    assert len(g.round.available) == 7 - players
    assert len({p.personality for p in g.players}) == players


def test_bg_4_1_3_turn_order_by_ascending_card_number() -> None:
    """BG-4.1.3: Sheriff 1 … Captain 6: seat 1 (Sheriff), seat 2 (Banker), seat 0 (Captain)."""
    g = start(cards=("captain", "sheriff", "banker"))
    assert g.round.turn_order == [1, 2, 0]
    assert asked(g) == ("place", 1)
    g2 = start(cards=("gunslinger", "settler", "grocer"))
    assert g2.round.turn_order == [2, 1, 0]


# === BG-4.2 Phase 2: placing cowboys =======================================================


def test_bg_4_2_1_placement_cycles_in_turn_order_skipping_passed() -> None:
    """BG-4.2.1: one cowboy each, cyclically in turn order; passed players are skipped; the
    phase ends when everyone has passed."""
    g = start()
    seen = []
    for seat, move in [(0, "wages"), (1, None), (2, "wages"), (0, "wages"), (2, None)]:
        seen.append(asked(g))
        if move is None:
            passes(g, seat)
        else:
            place(g, seat, move)
    seen.append(asked(g))
    assert [seat for _, seat in seen] == [0, 1, 2, 0, 2, 0]
    assert g.players[0].cowboys == 1 and g.players[2].cowboys == 2
    assert g.round.pass_order == [1, 2] and g.round.number == 1
    passes(g, 0)
    assert g.round.number == 2  # phase 3 and the end of round ran


def test_bg_4_2_2_pass_positions_and_no_more_cowboys() -> None:
    """BG-4.2.2: a pass takes the first free field of the pass row; the passed player
    places no more cowboys this round."""
    g = start()
    events = passes(g, 0)
    assert [(e.kind, e.data["seat"], e.data["position"]) for e in events if e.kind == "pass"] == [
        ("pass", 0, 1)
    ]
    place(g, 1, "wages")
    events = passes(g, 2)
    assert [e.data["position"] for e in events if e.kind == "pass"] == [2]
    assert asked(g) == ("place", 1)  # seat 0 is skipped
    before = snapshot(g)
    with pytest.raises(IllegalActionError):
        place(g, 0, "wages")
    assert snapshot(g) == before


def test_bg_4_2_2_no_cowboys_passes_automatically() -> None:
    """BG-4.2.2 DECISION: a player with no cowboy in supply passes automatically."""
    g = start()
    g.players[1].cowboys = 0
    events = place(g, 0, "wages")
    assert [(e.data["seat"], e.data["position"]) for e in events if e.kind == "pass"] == [(1, 1)]
    assert g.round.pass_order == [1]
    assert asked(g) == ("place", 2)


def test_bg_4_2_2_white_cowboy_alone_is_not_an_automatic_pass() -> None:
    """BG-4.2.2 DECISION: the white cowboy counts: the Sheriff with only it is asked."""
    g = start(cards=("sheriff", "worker", "captain"))
    g.players[0].cowboys = 0
    run_tasks(g, Placement())  # the turn starts again without coloured cowboys
    assert asked(g) == ("place", 0) and g.round.pass_order == []
    assert BoardAction("white", S["wages"]) in g.legal_actions(0)
    assert not any(a.kind == "cowboy" for a in g.legal_actions(0))
    act(g, 0, "white", S["income_dice"])
    assert asked(g) == ("place", 1)
    place(g, 1, "wages")
    events = passes(g, 2)
    assert [e.data["seat"] for e in events if e.kind == "pass"] == [2, 0]  # now automatic
    assert asked(g) == ("place", 1)


def targets_of(g: BoardGameState, seat: int) -> set[int]:
    return set(g.placement_targets(seat, white=False))


def test_bg_4_2_3_action_spaces_reminders_and_empty_construction_spaces() -> None:
    """BG-4.2.3 (a): every unblocked space with a cowboy slot; never the reminders; a
    construction space without a building is not a target (DECISION)."""
    g = start()
    g.build_spaces[8] = None
    legal = targets_of(g, 0)
    assert {a.arg for a in g.legal_actions(0) if a.kind == "cowboy"} == legal
    spaces = {SPACE_IDS[t] for t in legal if t < SPACES}
    assert spaces == set(SPACE_IDS) - {"parcel_purchase", "income_buildings", "build_8"}
    for bad in ("parcel_purchase", "income_buildings", "build_8"):
        before = snapshot(g)
        with pytest.raises(IllegalActionError):
            place(g, 0, bad)
        assert snapshot(g) == before


def test_bg_4_2_3_blocked_spaces_are_not_targets() -> None:
    """BG-4.2.3 (a) / BG-2.4: in round 2 the marker blocks BUY_VP_2, in round 4 also $3, $4."""
    g = start()
    for seat in (0, 1, 2):
        passes(g, seat)
    play_to(g, "place")
    assert g.round.number == 2
    seat = asked(g)[1]
    legal = targets_of(g, seat)
    assert S["buy_vp_3"] in legal and S["buy_vp_2"] not in legal
    before = snapshot(g)
    with pytest.raises(IllegalActionError):
        place(g, seat, "buy_vp_2")
    assert snapshot(g) == before
    g.round.number = 4
    legal = targets_of(g, seat)
    assert {S["buy_vp_5"]} == legal & {S[f"buy_vp_{p}"] for p in (5, 4, 3, 2)}


def test_bg_4_2_3_parcels_unowned_yes_owned_without_building_no() -> None:
    """BG-4.2.3 (b), (c): unowned parcels (also with house or mountain) are targets; owned
    ones only with a building: own = defence, other's = attack (DECISION: owned empty, house
    or mountain parcels are not targets)."""
    g = start()
    town = g.town
    house = town.tiles.index(HOUSE)
    mountain = town.tiles.index(MOUNTAIN)
    owned_empty = parcel(0, 0)
    assert town.owners[owned_empty] != NO_OWNER and town.tiles[owned_empty] is None
    own_house, other_mountain = parcel(0, 7), parcel(7, 7)
    town.tiles[own_house], town.owners[own_house] = HOUSE, 0
    town.tiles[other_mountain], town.owners[other_mountain] = MOUNTAIN, 1
    own_building, other_building = parcel(3, 7), parcel(4, 7)
    town.tiles[own_building], town.owners[own_building] = "ranch", 0
    town.tiles[other_building], town.owners[other_building] = "hotel", 1
    legal = targets_of(g, 0)
    parcels = {t - SPACES for t in legal if t >= SPACES}
    unowned = {p for p in range(64) if town.owners[p] == NO_OWNER}
    assert house in parcels and mountain in parcels
    assert parcels == unowned | {own_building, other_building}
    for bad in (owned_empty, own_house, other_mountain):
        before = snapshot(g)
        with pytest.raises(IllegalActionError):
            act(g, 0, "cowboy", SPACES + bad)
        assert snapshot(g) == before


def test_bg_4_2_4_one_cowboy_per_duel_target_any_number_on_wages_and_road_1() -> None:
    """BG-4.2.4: others may join a space, parcel or building; a player may not put a second
    cowboy on a duel-capable target, but any number on WAGES and ROAD_1."""
    g = start()
    for p in g.players:
        p.cowboys = 6
    g.town.tiles[parcel(4, 7)], g.town.owners[parcel(4, 7)] = "hotel", 1
    place(g, 0, "ammunition")
    place(g, 1, "ammunition")  # joining is fine
    place(g, 2, (4, 7))  # attack
    place(g, 0, (4, 7))  # a second attacker
    place(g, 1, (4, 7))  # the owner defends
    place(g, 2, "road_1")
    legal = targets_of(g, 0)
    assert S["ammunition"] not in legal and target((4, 7)) not in legal
    assert S["wages"] in legal and S["road_1"] in legal
    before = snapshot(g)
    with pytest.raises(IllegalActionError):
        place(g, 0, "ammunition")
    assert snapshot(g) == before
    place(g, 0, "road_1")
    place(g, 1, "wages")
    place(g, 2, "road_1")
    assert S["road_1"] in targets_of(g, 0)
    assert S["wages"] in targets_of(g, 1) and S["ammunition"] not in targets_of(g, 1)
    assert g.seats_at(S["road_1"]) == [2, 0]
    assert [s for s, _ in g.cowboys_at[S["road_1"]]] == [2, 0, 2]


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
        town.tiles[p], town.owners[p] = "hotel", 1
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
