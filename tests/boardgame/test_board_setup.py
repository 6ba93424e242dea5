"""Rule tests for the board game's setup (BG-3), the action track and round marker (BG-2.3,
BG-2.4): supplies, construction spaces and bag, town centre, mountains, initial order and the
snake draft of the starting parcels."""

from __future__ import annotations

import importlib
from collections import Counter
from types import SimpleNamespace
from typing import Any

import pytest
from board_helpers import ScriptedRng, act, new_game, play_until

from carson.core.game import IllegalActionError
from carson.games.board.catalog import BUILDING_IDS, SPACE_IDS
from carson.games.board.engine.state import SPACES, BoardGameState, S
from carson.games.board.town import HOUSE, MOUNTAIN, NO_OWNER, PARCEL_EDGES, coords, parcel

table_module = importlib.import_module("carson.games.board.engine.table")


def scripted_game(monkeypatch: pytest.MonkeyPatch, rng: ScriptedRng, players: int = 3) -> Any:
    """A new game whose setup draws from ``rng`` (the state seeds its generator at creation)."""
    monkeypatch.setattr(table_module, "random", SimpleNamespace(Random=lambda seed=None: rng))
    return new_game(players)


def snapshot(g: BoardGameState) -> tuple[Any, ...]:
    return (
        [p.copy() for p in g.players],
        g.town.tiles.copy(),
        g.town.owners,
        g.decision,
        len(g.actions),
        g.tasks.copy(),
    )


def claim_seats(g: BoardGameState) -> list[int]:
    """Play the starting-parcel draft (lowest free parcel each time); the seats that claimed."""
    seats = []
    while g.decision is not None and g.decision.kind == "claim":
        seat = g.decision.seats[0]
        seats.append(seat)
        act(g, seat, "claim", g.legal_actions(seat)[0].arg)
    return seats


# --- BG-2.3 / BG-2.4: action track and round marker ----------------------------------------


def test_bg_2_3_action_track_order_and_cowboy_spaces() -> None:
    """BG-2.3: 23 spaces in resolution order; reminders take no cowboys; WAGES and ROAD_1
    never duel."""
    assert SPACES == 23
    assert SPACE_IDS[:5] == ("wages", "ammunition", "roads_3", "road_1", "parcel_purchase")
    assert [S[f"build_{p}"] for p in (12, 10, 8, 6, 5, 4, 3)] == list(range(5, 12))
    assert SPACE_IDS[12:16] == (
        "income_parcels", "income_strength", "income_dice", "income_buildings"
    )  # fmt: skip
    assert SPACE_IDS[19:] == ("buy_vp_5", "buy_vp_4", "buy_vp_3", "buy_vp_2")
    g = new_game(3)
    spaces = g.catalog.spaces
    reminders = [s.id for s in spaces if not s.takes_cowboys]
    assert reminders == ["parcel_purchase", "income_buildings"]
    no_duel = [s.id for s in spaces if not s.duel]
    assert no_duel == ["wages", "road_1"]


@pytest.mark.parametrize(
    ("number", "blocked"),
    [
        (1, []),
        (2, ["buy_vp_2"]),
        (3, ["buy_vp_3", "buy_vp_2"]),
        (4, ["buy_vp_4", "buy_vp_3", "buy_vp_2"]),
    ],
)
def test_bg_2_4_3_round_marker_blocks_vp_purchases(number: int, blocked: list[str]) -> None:
    """BG-2.4.2/2.4.3: the marker blocks its space and those to its right, one more a round;
    no other space is ever blocked."""
    g = new_game(3)
    g.round.number = number
    assert [SPACE_IDS[s] for s in range(SPACES) if g.blocked(s)] == blocked


def test_bg_2_4_1_marker_starts_on_round_start_nothing_blocked() -> None:
    """BG-2.4.1 / BG-3.6: at setup the marker is on ROUND_START: round 1, no space blocked."""
    g = new_game(4, seed=3)
    assert g.round.number == 1
    assert not any(g.blocked(s) for s in range(SPACES))


# --- BG-3.1 / BG-3.2: supplies ---------------------------------------------------------------


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_bg_3_1_personal_supply_at_start(players: int) -> None:
    """BG-3.1: $15, 1 revolver, 1 road, 3 cowboys, 12 markers; BG-3.7: VP on 0."""
    g = new_game(players, seed=players)
    assert len(g.players) == players
    for p in g.players:
        assert (p.money, p.revolvers, p.roads, p.cowboys, p.markers, p.vp) == (15, 1, 1, 3, 12, 0)
        assert p.stored == [] and p.personality is None


@pytest.mark.parametrize("players", [2, 5])
def test_bg_3_2_general_supply_after_setup(players: int) -> None:
    """BG-3.2 / BG-1.12: roads 25 − 4 (centre) − 1 per player; 7 cowboys of each colour;
    19 houses left after the centre house."""
    g = new_game(players, seed=11)
    assert g.general_roads() == 25 - 4 - players
    assert [g.general_cowboys(s) for s in range(players)] == [7] * players
    assert g.general_houses() == 19


# --- BG-3.3: buildings --------------------------------------------------------------------


@pytest.mark.parametrize("seed", [0, 1, 2, 3, 4])
def test_bg_3_3_fixed_buildings_and_three_from_the_bag(seed: int) -> None:
    """BG-3.3: ranches on $3/$10, mines on $4/$12, 3 drawn onto $5/$6/$8; 23 left in the bag."""
    g = new_game(3, seed=seed)
    spaces = g.build_spaces
    assert (spaces[3], spaces[10], spaces[4], spaces[12]) == ("ranch", "ranch", "mine", "mine")
    drawn = [spaces[5], spaces[6], spaces[8]]
    assert all(b in BUILDING_IDS for b in drawn)
    assert sum(g.bag.values()) == 23
    total = Counter(g.bag) + Counter(b for b in spaces.values() if b)
    assert dict(total) == {b: g.catalog.buildings[b].count for b in BUILDING_IDS}


def test_bg_3_3_bag_draws_are_uniform_over_the_26_pieces(monkeypatch: pytest.MonkeyPatch) -> None:
    """BG-3.3 / BG-11.2: a draw picks one of the remaining pieces uniformly: index 0 is the
    first ranch, index 24 of 25 the last prison, index 3 of 24 the first mine (3 ranches left)."""
    g = scripted_game(monkeypatch, ScriptedRng(draws=[0, 24, 3]))
    assert (g.build_spaces[5], g.build_spaces[6], g.build_spaces[8]) == ("ranch", "prison", "mine")
    assert (g.bag["ranch"], g.bag["mine"], g.bag["prison"]) == (3, 3, 1)


# --- BG-3.4 / BG-3.5: centre and mountains --------------------------------------------------

MOUNTAIN_DICE = [
    2, 5,  # the centre's parcel again: reroll
    1, 1,
    1, 1,  # a mountain already: reroll
    1, 2, 1, 3, 1, 4, 1, 5, 1, 6, 2, 1, 2, 2, 2, 3,
]  # fmt: skip


def test_bg_3_4_centre_house_and_four_roads_from_dice(monkeypatch: pytest.MonkeyPatch) -> None:
    """BG-3.4 / BG-2.1.2: white die = column, black die = row; an unowned house with roads
    on its 4 sides."""
    rng = ScriptedRng(dice=[2, 5, *MOUNTAIN_DICE])
    g = scripted_game(monkeypatch, rng)
    centre = parcel(2, 5)
    assert g.town.tiles[centre] == HOUSE
    assert g.town.tiles[parcel(5, 2)] != HOUSE
    assert g.town.owners[centre] == NO_OWNER
    assert g.town.roads == set(PARCEL_EDGES[centre])
    assert g.town.count_tiles(HOUSE) == 1


def test_bg_3_5_nine_mountains_rerolled_on_used_parcels(monkeypatch: pytest.MonkeyPatch) -> None:
    """BG-3.5: 9 mountains, one per roll; a roll on the centre or a mountain is rerolled."""
    rng = ScriptedRng(dice=[2, 5, *MOUNTAIN_DICE])
    g = scripted_game(monkeypatch, rng)
    assert rng.dice == []  # exactly the scripted rolls were used: two rerolls, no more
    mountains = [coords(p) for p in range(64) if g.town.tiles[p] == MOUNTAIN]
    assert sorted(mountains) == sorted(
        [(1, 1), (1, 2), (1, 3), (1, 4), (1, 5), (1, 6), (2, 1), (2, 2), (2, 3)]
    )
    assert g.town.tiles[parcel(2, 5)] == HOUSE


@pytest.mark.parametrize("seed", range(8))
def test_bg_3_5_mountains_and_centre_inside_the_dice_area(seed: int) -> None:
    """BG-3.4/3.5 / BG-2.1.2: 1 house and 9 mountains on distinct parcels of the inner 6x6."""
    g = new_game(2, seed=seed)
    tiles = {coords(p): t for p, t in enumerate(g.town.tiles) if t}
    assert Counter(tiles.values()) == {MOUNTAIN: 9, HOUSE: 1}
    assert all(1 <= x <= 6 and 1 <= y <= 6 for x, y in tiles)


# --- BG-3.6 / BG-3.9 -----------------------------------------------------------------------


def test_bg_3_6_ammunition_tile_on_its_space_and_white_cowboy_on_card() -> None:
    """BG-3.6: nobody holds the "3 Revolver" tile; BG-3.9: the white cowboy is on the Sheriff
    card; all 7 cards are in the display."""
    g = new_game(3, seed=5)
    assert not any(p.three_revolvers or p.white for p in g.players)
    assert len(g.round.available) == 7
    assert g.strength(0) == 3 + 1  # 3 cowboys + 1 revolver, no tile


# --- BG-3.7: initial order ----------------------------------------------------------------


def test_bg_3_7_initial_order_is_drawn_at_random(monkeypatch: pytest.MonkeyPatch) -> None:
    """BG-3.7: the shuffled order is the initial order and the first turn order."""
    g = scripted_game(monkeypatch, ScriptedRng(order=[2, 0, 3, 1]), players=4)
    assert g.initial_order == [2, 0, 3, 1]
    assert g.round.turn_order == [2, 0, 3, 1]
    assert g.decision is not None and g.decision.kind == "claim" and g.decision.seats == (2,)


def test_bg_3_7_initial_order_varies_with_the_seed() -> None:
    """BG-3.7: the order is random: over seeds, every seat sometimes starts."""
    orders = {tuple(new_game(3, seed=seed).initial_order) for seed in range(40)}
    assert all(sorted(order) == [0, 1, 2] for order in orders)
    assert {order[0] for order in orders} == {0, 1, 2}
    assert len(orders) >= 4


# --- BG-3.8: starting parcels ------------------------------------------------------------


@pytest.mark.parametrize("players", [2, 3, 5])
def test_bg_3_8_snake_draft_last_player_twice(players: int) -> None:
    """BG-3.8: in order, then in reverse order: the last player places twice in a row."""
    g = new_game(players, seed=7)
    order = g.initial_order
    assert claim_seats(g) == order + order[::-1]
    assert g.decision is not None and g.decision.kind == "personality"
    for seat, p in enumerate(g.players):
        assert len(g.town.owned_by(seat)) == 2
        assert p.markers == 10
        assert p.money == 15  # free of charge


def test_bg_3_8_mountain_and_house_parcels_may_be_chosen() -> None:
    """BG-3.8: a parcel with the centre house or a mountain may be chosen; the tile stays on
    top of the marker."""
    g = new_game(3, seed=2)
    house = g.town.tiles.index(HOUSE)
    mountain = g.town.tiles.index(MOUNTAIN)
    first, second = g.initial_order[0], g.initial_order[1]
    assert g.decision is not None
    assert {a.arg for a in g.legal_actions(first)} >= {house, mountain}
    act(g, first, "claim", house)
    act(g, second, "claim", mountain)
    assert g.town.owners[house] == first and g.town.tiles[house] == HOUSE
    assert g.town.owners[mountain] == second and g.town.tiles[mountain] == MOUNTAIN
    assert g.players[first].markers == 11


def test_bg_3_8_chosen_parcel_cannot_be_chosen_again() -> None:
    """BG-3.8: only parcels nobody has chosen; an illegal claim changes nothing."""
    g = new_game(3, seed=4)
    first, second = g.initial_order[0], g.initial_order[1]
    act(g, first, "claim", parcel(0, 0))
    legal = {a.arg for a in g.legal_actions(second)}
    assert parcel(0, 0) not in legal and len(legal) == 63
    before = snapshot(g)
    with pytest.raises(IllegalActionError):
        act(g, second, "claim", parcel(0, 0))
    with pytest.raises(IllegalActionError):  # not this seat's turn
        act(g, first, "claim", parcel(1, 1))
    assert snapshot(g) == before


def test_bg_3_8_claims_before_first_personality_choice() -> None:
    """BG-3.8 then BG-4.1: the round starts only after all 2N starting parcels are placed."""
    g = new_game(4, seed=9)
    g = play_until(g, lambda s: s.decision is not None and s.decision.kind == "personality")
    assert sum(len(g.town.owned_by(s)) for s in range(4)) == 8
    assert g.round.number == 1
