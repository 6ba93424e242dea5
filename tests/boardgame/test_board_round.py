"""Rule tests for the board game's round (BG-4): personality order and cowboy placement
(BG-2.4 marker too); phase 3 and the end of the round are in ``test_board_phase3.py``."""

from __future__ import annotations

import pytest
from board_helpers import act, new_game, run_tasks, target
from round_scenes import (
    answer_round,
    asked,
    passes,
    place,
    play_to,
    snapshot,
    start,
)

from carson.core.game import IllegalActionError
from carson.games.board.catalog import PERSONALITY_IDS, SPACE_IDS
from carson.games.board.engine.actions import PASS, BoardAction
from carson.games.board.engine.state import SPACES, BoardGameState, S
from carson.games.board.engine.tasks import Placement
from carson.games.board.town import HOUSE, MOUNTAIN, NO_OWNER, parcel


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
    town.tiles[own_house] = HOUSE
    town.set_owner(own_house, 0)
    town.tiles[other_mountain] = MOUNTAIN
    town.set_owner(other_mountain, 1)
    own_building, other_building = parcel(3, 7), parcel(4, 7)
    town.tiles[own_building] = "ranch"
    town.set_owner(own_building, 0)
    town.tiles[other_building] = "hotel"
    town.set_owner(other_building, 1)
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
    g.town.tiles[parcel(4, 7)] = "hotel"
    g.town.set_owner(parcel(4, 7), 1)
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
