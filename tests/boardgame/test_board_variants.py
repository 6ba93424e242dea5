"""Rule tests for the variants BG-10.1 – BG-10.3 and the Yucata adaptations they bring (BG-9.2,
BG-9.3); "Ein neuer Anfang", combinations and what each seat may see (BG-11) are in
``test_board_variants_more.py``.

Hidden facts are checked by comparing the views of two states that differ only in them.
"""

from __future__ import annotations

import random
from collections import Counter

import pytest
from board_helpers import act, new_game, run_tasks
from variants_scenes import (
    RIVER,
    at_placement,
    duels,
    private,
    put,
    rng_copy,
    tile_duel,
)

from carson.core.game import IllegalActionError
from carson.games.board.catalog import PERSONALITY_IDS
from carson.games.board.engine.actions import PASS, BoardAction
from carson.games.board.engine.options import Pick
from carson.games.board.engine.state import (
    SPACES,
    BoardGameState,
    Construction,
    Decision,
    S,
)
from carson.games.board.engine.tasks import EndRound, Final, Space
from carson.games.board.town import (
    HOUSE,
    MOUNTAIN,
    PARCEL_EDGES,
    Town,
    h_edge,
    parcel,
    v_edge,
)

# --- BG-10.1 red sides ----------------------------------------------------------------------


def test_bg_10_1_standard_game_uses_yellow_sides_and_red_sides_variant_all_red() -> None:
    assert set(new_game(3).sides.values()) == {"yellow"}
    g = new_game(3, ("red-sides",))
    assert set(g.sides.values()) == {"red"} and len(g.sides) == 7
    cards = {0: "sheriff", 1: "captain", 2: "gunslinger"}
    g = at_placement(cards, variants=("red-sides",))
    assert [p.side for p in g.players] == ["red"] * 3
    assert not g.players[0].white  # the red Sheriff has no white cowboy


def test_bg_10_1_random_sides_draw_each_card_independently() -> None:
    seen: dict[str, set[str]] = {card: set() for card in PERSONALITY_IDS}
    mixed = 0
    for seed in range(24):
        sides = new_game(3, ("random-sides",), seed).sides
        assert sides == new_game(3, ("random-sides",), seed).sides  # seeded
        for card, side in sides.items():
            seen[card].add(side)
        mixed += len(set(sides.values())) == 2
    assert all(s == {"yellow", "red"} for s in seen.values())
    assert mixed >= 20  # all 7 alike has probability 1/64 per game


@pytest.mark.parametrize("variant", ["random-sides", "red-sides", "vote-sides"])
def test_bg_10_1_a_card_keeps_its_side_for_the_whole_game(variant: str) -> None:
    for seed in range(3):
        g = new_game(4, (variant,), seed)
        rng = random.Random(seed)
        chosen = []
        while not g.is_over:
            seat = rng.choice(g.seats_to_act)
            events = g.apply(seat, rng.choice(g.legal_actions(seat)))
            chosen += [(e.data["id"], e.data["side"]) for e in events if e.kind == "personality"]
        assert len(chosen) == 16
        assert all(side == g.sides[card] for card, side in chosen)


def test_bg_10_1_vote_is_simultaneous_and_secret_until_all_have_voted() -> None:
    g = new_game(3, ("vote-sides",))
    assert g.decision == Decision("vote", (0, 1, 2))
    assert len(g.legal_actions(1)) == 128
    events = g.apply(1, BoardAction("vote", 0b0000011))
    assert private(events, 1) or not events
    assert g.decision == Decision("vote", (0, 2))
    with pytest.raises(IllegalActionError):
        act(g, 1, "vote", 0)
    assert g.players[1].vote == 0b0000011 and g.decision == Decision("vote", (0, 2))
    assert set(g.sides.values()) == {"yellow"}  # nothing decided yet
    act(g, 0, "vote", 0b0000001)
    events = g.apply(2, BoardAction("vote", 0b0000100))
    # sheriff: 2 of 3 red; banker 1 of 3; grocer 1 of 3; the rest 0 of 3.
    assert g.sides == {card: "red" if card == "sheriff" else "yellow" for card in PERSONALITY_IDS}
    (reveal,) = [e for e in events if e.kind == "votes"]
    assert reveal.visible_to(None) and reveal.data["votes"] == {0: 1, 1: 3, 2: 4}
    assert g.decision is not None and g.decision.kind == "claim"


@pytest.mark.parametrize("players", [2, 4])
def test_bg_10_1_vote_ties_are_decided_at_random(players: int) -> None:
    """BG-10.1: each card by majority; a tie at random (seeded)."""
    tied: set[str] = set()
    half = players // 2
    for seed in range(16):
        g = new_game(players, ("vote-sides",), seed)
        # All want the Sheriff red, nobody the Banker; half want the Grocer red.
        for seat in range(players):
            act(g, seat, "vote", 0b001 | (0b100 if seat < half else 0))
        assert g.sides["sheriff"] == "red" and g.sides["banker"] == "yellow"
        assert g.sides["worker"] == "yellow"
        tied.add(g.sides["grocer"])
    assert tied == {"yellow", "red"}


# --- BG-10.2 duel tiles ---------------------------------------------------------------------


def test_bg_10_2_two_players_get_tiles_0_to_5_and_15_dollars() -> None:
    g = new_game(2, ("duel-tiles",))
    for player in g.players:
        assert player.tiles == [0, 1, 2, 3, 4, 5]
        assert (player.money, player.cowboys, player.revolvers, player.roads) == (15, 3, 1, 1)


@pytest.mark.parametrize("players", [3, 4, 5])
def test_bg_10_2_three_to_five_players_deal_6_tiles_and_30_dollars_minus_the_total(
    players: int,
) -> None:
    hands = set()
    for seed in range(6):
        g = new_game(players, ("duel-tiles",), seed)
        dealt: Counter[int] = Counter()
        for player in g.players:
            assert len(player.tiles) == 6
            assert player.money == 30 - sum(player.tiles)
            dealt.update(player.tiles)
            hands.add(tuple(player.tiles))
        assert dealt == Counter({v: players for v in range(6)})
        assert sum(sum(p.tiles) for p in g.players) == 15 * players
        assert not g.pool
    assert len(hands) > 1  # shuffled, not one set each


def test_bg_10_2_duel_tiles_are_chosen_secretly_and_replace_the_die() -> None:
    g = tile_duel(([0, 1, 2, 3, 4, 5], [1, 1, 2, 4, 5, 5]), [])
    assert g.decision == Decision("tile", (0, 1))
    assert g.legal_actions(1) == [BoardAction("tile", v) for v in (1, 2, 4, 5)]
    with pytest.raises(IllegalActionError):
        act(g, 1, "tile", 3)  # not in his hand
    state = g.rng.getstate()
    events = g.apply(0, BoardAction("tile", 2))
    assert private(events, 0) or not events
    assert g.decision == Decision("tile", (1,))
    with pytest.raises(IllegalActionError):
        act(g, 0, "tile", 5)  # chosen already
    assert g.players[0].tile_choice == 2
    events = g.apply(1, BoardAction("tile", 4))
    (duel,) = duels(events)
    assert duel["draws"] == {0: 2, 1: 4}
    assert duel["values"] == {0: 7, 1: 9} and duel["winner"] == 1
    assert g.players[1].three_revolvers and not g.players[0].three_revolvers
    assert g.players[0].tiles == [0, 1, 3, 4, 5] and g.players[1].tiles == [1, 1, 2, 5, 5]
    assert sorted(g.pool) == [2, 4]
    assert g.players[0].cowboys == 3  # the loser's cowboy is back (BG-4.3.5)
    assert g.rng.getstate() == state  # no die was rolled


@pytest.mark.parametrize("pass_order", [[0, 1, 2], [1, 0, 2], [2, 1, 0]])
def test_bg_10_2_tie_rule_unchanged_earlier_passer_wins(pass_order: list[int]) -> None:
    g = tile_duel(([3, 4], [3, 5]), [], pass_order)
    act(g, 0, "tile", 3)
    act(g, 1, "tile", 3)
    assert g.players[0].three_revolvers == (pass_order.index(0) < pass_order.index(1))
    assert g.players[1].three_revolvers == (pass_order.index(1) < pass_order.index(0))


def test_bg_10_2_an_emptied_hand_draws_3_from_the_pool_at_once() -> None:
    g = tile_duel(([4], [0, 5]), [0, 1, 1, 3])
    before = Counter([4, 0, 5, 0, 1, 1, 3])
    act(g, 0, "tile", 4)
    act(g, 1, "tile", 0)
    hand = g.players[0].tiles
    assert len(hand) == 3 and len(g.pool) == 3
    assert g.players[1].tiles == [5]
    assert Counter(hand) + Counter(g.pool) + Counter([5]) == before
    assert g.players[0].three_revolvers  # 4 + 5 beats 0 + 5


def test_bg_10_2_a_short_pool_is_drawn_whole_including_the_tiles_just_used() -> None:
    g = tile_duel(([4], [2, 5]), [])
    act(g, 0, "tile", 4)
    act(g, 1, "tile", 2)
    assert g.players[0].tiles == [2, 4] and g.pool == [] and g.players[1].tiles == [5]


def test_bg_10_2_a_player_without_tiles_duels_with_value_0() -> None:
    g = tile_duel(([], [0, 1]), [])
    assert g.decision == Decision("tile", (1,))  # only the holder chooses
    events = g.apply(1, BoardAction("tile", 0))
    (duel,) = duels(events)
    assert duel["draws"] == {0: 0, 1: 0} and duel["winner"] == 0  # tie: seat 0 passed first
    # Nobody holds a tile: the duel resolves at once, still without dice.
    g = tile_duel(([], []), [])
    assert g.decision is None and g.players[0].three_revolvers


def test_bg_10_2_income_dice_still_rolls_dice() -> None:
    g = at_placement({0: "banker", 1: "grocer", 2: "sheriff"}, variants=("duel-tiles",))
    g.cowboys_at.clear()
    put(g, "income_dice", 0)
    r = rng_copy(g)
    dice = [r.randint(1, 6), r.randint(1, 6)]
    money = g.players[0].money
    g._events.clear()
    run_tasks(g, Space(S["income_dice"]))
    assert g.players[0].money == money + sum(dice)
    assert [e.data["dice"] for e in g._events if e.kind == "dice"] == [dice]
    assert g.decision is None and len(g.players[0].tiles) == 6


# --- BG-10.3 the river ----------------------------------------------------------------------


def river_game(seed: int = 0) -> BoardGameState:
    g = at_placement({0: "sheriff", 1: "banker", 2: "grocer"}, variants=("river",), seed=seed)
    assert g.town.river == RIVER
    return g


def test_bg_10_3_river_parcels_are_never_rolled_and_there_are_6_mountains() -> None:
    for seed in range(30):
        g = new_game(3, ("river",), seed)
        assert g.town.count_tiles(MOUNTAIN) == 6 and g.town.count_tiles(HOUSE) == 1
        assert all(g.town.tiles[p] is None for p in RIVER)
        centre = g.town.tiles.index(HOUSE)
        assert all(edge in g.town.roads for edge in PARCEL_EDGES[centre])
    assert new_game(3, (), 0).town.count_tiles(MOUNTAIN) == 9
    assert not new_game(3, (), 0).town.river


def test_bg_10_3_no_starting_parcel_and_no_cowboy_on_the_river() -> None:
    g = new_game(3, ("river",))
    claims = {a.arg for a in g.legal_actions(g.seats_to_act[0])}
    assert claims and not claims & RIVER
    assert len(claims) == 64 - len(RIVER)
    g = river_game()
    assert g.players[0].white  # the Sheriff's white cowboy neither
    for seat in range(3):
        g.decision = Decision("place", (seat,))
        legal = g.legal_actions(seat)
        parcels = {a.arg - SPACES for a in legal if a.arg >= SPACES}
        assert len(parcels) > 30 and not parcels & RIVER


def test_bg_10_3_no_house_or_building_on_the_river() -> None:
    g = river_game()
    g.town = Town(g.town.river)
    g.town.add_road(h_edge(6, 2))  # corners (6,2), (7,2): touches (5,1), (5,2), (6,1), (6,2)
    for p in (parcel(6, 1), parcel(6, 2)):
        g.town.set_owner(p, 0)
    assert g.town.has_access(parcel(5, 1))  # a river parcel with road access
    g.construction = Construction(0, "hotel", "space")
    g.decision = Decision("construct", (0,))
    builds = {a.arg for a in g.legal_actions(0) if a.kind == "build"}
    assert builds == {parcel(6, 1), parcel(6, 2)}
    act(g, 0, "build", parcel(6, 1))
    assert g.decision == Decision("house", (0,))
    houses = {a.arg for a in g.legal_actions(0)}
    assert houses == {parcel(5, 2), parcel(7, 1), parcel(7, 2), parcel(6, 2)}
    with pytest.raises(IllegalActionError):
        act(g, 0, "house", parcel(5, 1))
    assert g.town.tiles[parcel(5, 1)] is None


def test_bg_10_3_ranch_counts_river_as_empty_and_mine_gets_3_beside_the_river() -> None:
    g = river_game()
    g.town = Town(g.town.river)
    g.cowboys_at.clear()
    # Ranch at (5, 2): river on (4,1), (5,1), (4,2), (4,3); the other 4 neighbours are built.
    g.town.set_owner(parcel(5, 2), 1)
    g.town.tiles[parcel(5, 2)] = "ranch"
    for xy in [(6, 1), (6, 2), (6, 3), (5, 3)]:
        g.town.tiles[parcel(*xy)] = MOUNTAIN
    # Mine at (6, 0): beside (5, 0) and (5, 1) on the river, beside one unowned mountain.
    g.town.set_owner(parcel(6, 0), 2)
    g.town.tiles[parcel(6, 0)] = "mine"
    # Mine at (0, 7): far from the river, no mountain.
    g.town.set_owner(parcel(0, 7), 2)
    g.town.tiles[parcel(0, 7)] = "mine"
    money = [p.money for p in g.players]
    g.players[2].choice = Pick.MONEY  # the Grocer took her $8 already
    run_tasks(g, Space(S["income_buildings"]))
    assert g.players[1].money == money[1] + 4
    assert g.players[2].money == money[2] + 3 + 3 + 0


def test_bg_10_3_a_bridge_takes_2_roads_from_the_builder() -> None:
    g = river_game()
    g.town = Town(g.town.river)
    g.town.add_road(h_edge(4, 1))  # above (4,1): ends (4,1), (5,1)
    bridge = v_edge(5, 1)  # between (4,1) and (5,1), both river
    assert g.town.is_bridge_edge(bridge) and bridge in g.town.legal_roads()
    g.town.set_owner(parcel(6, 1), 0)
    g.construction = Construction(0, "hotel", "space")
    g.decision = Decision("construct", (0,))
    g.players[0].roads = 1
    roads = {a.arg for a in g.legal_actions(0) if a.kind == "road"}
    assert bridge not in roads and h_edge(5, 1) not in roads  # both bridges
    assert v_edge(5, 0) in roads  # a bank edge: one road
    g.players[0].roads = 3
    general = g.general_roads()
    act(g, 0, "road", bridge)
    assert g.players[0].roads == 1 and bridge in g.town.bridges
    assert g.general_roads() == general  # 2 pieces left the supply for the board
    act(g, 0, "road", v_edge(5, 0))
    assert g.players[0].roads == 0 and g.town.bridges == {bridge}


def test_bg_10_3_parcels_touching_a_bridge_score_3_instead_of_2() -> None:
    g = river_game()
    g.town = Town(g.town.river)
    g.town.add_road(h_edge(4, 1))
    g.town.add_road(v_edge(5, 1))  # bridge, ends (5,1) and (5,2)
    owned = [((6, 1), "ranch"), ((6, 2), HOUSE), ((6, 0), MOUNTAIN), ((7, 7), "hotel")]
    owned.append(((4, 0), MOUNTAIN))  # corner (5, 1) is a bridge end
    for xy, tile in owned:
        g.town.set_owner(parcel(*xy), 0)
        g.town.tiles[parcel(*xy)] = tile
    g.town.set_owner(parcel(6, 4), 0)  # empty: nothing
    g.town.set_owner(parcel(3, 2), 1)  # corners (3..4, 2..3): no bridge end
    g.town.tiles[parcel(3, 2)] = MOUNTAIN
    g.town.set_owner(parcel(5, 2), 1)  # corner (5, 2) is a bridge end
    g.town.tiles[parcel(5, 2)] = HOUSE
    for player in g.players:
        player.money, player.vp = 13, 1
    run_tasks(g, Final())
    # (6,1) touches (5,1)? its corners are (6..7, 1..2): no. (6,2): no. (6,0): no.
    # Seat 0: ranch (6,1) 2, house (6,2) 2, mountain (6,0) 2, hotel (7,7) 2, (4,0) 3;
    # money 13 → 2.
    assert g.players[0].vp == 1 + 8 + 3 + 2
    # Seat 1: (3,2) 2; (5,2) touches the bridge end (5,2): 3.
    assert g.players[1].vp == 1 + 2 + 3 + 2
    assert g.is_over


def end_of_game(variants: tuple[str, ...]) -> BoardGameState:
    g = at_placement({0: "sheriff", 1: "banker", 2: "grocer"}, variants=variants)
    g.round.number = 4
    g.round.turn_order = [0, 1, 2]
    g.round.pass_order = [2, 1, 0]
    g.cowboys_at.clear()
    for player in g.players:
        player.money = 10
    g.players[0].money = 30  # the Sheriff's limit is $20: $10 to the bank first
    g.players[0].roads, g.players[1].roads, g.players[2].roads = 2, 0, 1
    return g


def test_bg_9_2_river_road_step_after_the_cash_limit_in_turn_order() -> None:
    g = end_of_game(("river",))
    g._events.clear()
    run_tasks(g, EndRound())
    kinds = [e.kind for e in g._events]
    assert "cash_limit" in kinds and g.players[0].money == 20
    assert g.decision == Decision("roads", (0,))  # turn order, not pass order
    legal = g.legal_actions(0)
    assert PASS in legal and all(a.kind in ("pass", "road") for a in legal)
    roads = len(g.town.roads)
    ordinary = [a.arg for a in legal if a.kind == "road" and not g.town.is_bridge_edge(a.arg)]
    act(g, 0, "road", ordinary[0])
    assert g.decision == Decision("roads", (0,))  # any number
    act(g, 0, "pass")
    assert g.players[0].roads == 1 and len(g.town.roads) == roads + 1
    assert g.decision == Decision("roads", (2,))  # seat 1 has none: skipped
    act(g, 2, "road", next(a.arg for a in g.legal_actions(2) if a.kind == "road"))
    assert g.players[2].roads == 0 and g.is_over  # nothing left: his step ends


def test_bg_9_2_no_road_step_without_the_river_or_before_the_last_round() -> None:
    g = end_of_game(())
    run_tasks(g, EndRound())
    assert g.is_over and g.players[0].roads == 2
    g = end_of_game(("river",))
    g.round.number = 1
    run_tasks(g, EndRound())
    assert not g.is_over
    assert g.decision is not None and g.decision.kind == "personality"
