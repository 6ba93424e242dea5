"""Engine rule tests for "Ein neuer Anfang" (BG-10.4), combined variants (BG-10.5) and what
each seat's view shows or hides (BG-11).
"""

from __future__ import annotations

import dataclasses
import random
from typing import Any

import pytest
from board_helpers import act, new_game, random_step, run_tasks, target
from variants_scenes import (
    ALL,
    RIVER,
    answer,
    buy,
    duels,
    private,
    put,
    rng_copy,
    tile_duel,
)

from carson.core.game import IllegalActionError
from carson.games.board.catalog import load_board_catalog
from carson.games.board.engine.actions import PASS
from carson.games.board.engine.config import BoardConfig
from carson.games.board.engine.state import (
    BoardGameState,
    Decision,
    S,
)
from carson.games.board.engine.tasks import Space
from carson.games.board.town import (
    MOUNTAIN,
    NO_OWNER,
    parcel,
)

# --- BG-10.4 "Ein neuer Anfang" -----------------------------------------------------------


def test_bg_10_4_start_is_50_dollars_and_1_cowboy_with_secret_purchases() -> None:
    g = new_game(3, ("new-beginning",))
    for player in g.players:
        assert (player.money, player.cowboys, player.revolvers, player.roads) == (50, 1, 0, 0)
        assert (player.markers, player.vp, player.claims) == (12, 0, 0)
    assert g.decision == Decision("purchase", (0, 1, 2))
    assert all(o == NO_OWNER for o in g.town.owners)  # no free starting parcels


def test_bg_10_4_purchases_and_sales_are_paid_at_the_reveal() -> None:
    g = new_game(3, ("new-beginning",))
    items = ["cowboy", "revolver", "road", "marker", "marker", "vp", "sell_5_vp"]
    for item in items:
        events = g.apply(0, buy(item))
        assert private(events, 0) or not events
    assert g.players[0].money == 50 and g.players[0].vp == 0  # nothing paid before the reveal
    act(g, 0, "pass")
    assert g.decision == Decision("purchase", (1, 2))
    with pytest.raises(IllegalActionError):
        g.apply(0, buy("cowboy"))
    g.apply(1, buy("sell_10_vp"))
    g.apply(1, buy("sharpshooter"))
    act(g, 1, "pass")
    events = g.apply(2, PASS)
    p0, p1, p2 = g.players
    assert p0.money == 50 - 6 - 6 - 3 - 7 - 7 - 5 + 15
    assert (p0.cowboys, p0.revolvers, p0.roads, p0.vp) == (2, 1, 1, 1 - 5)  # VP may go negative
    assert (p1.money, p1.vp, p1.sharpshooter, p0.sharpshooter) == (80 - 10, -10, True, False)
    assert (p2.money, p2.cowboys, p2.vp) == (50, 1, 0)
    reveal = {e.data["seat"]: e.data["items"] for e in events if e.kind == "purchases"}
    assert reveal == {0: items, 1: ["sell_10_vp", "sharpshooter"], 2: []}
    assert all(e.visible_to(None) for e in events if e.kind == "purchases")
    told = {e.data["seat"]: (e.data["paid"], e.data["vp"]) for e in events if e.kind == "purchases"}
    # What each paid net (10 VP sold bring $30, the Sharpshooter costs $10) and the VP change.
    assert told == {0: (50 - p0.money, 1 - 5), 1: (10 - 30, -10), 2: (0, 0)}
    # Seat 0 bought two markers: they are his only starting parcels.
    assert g.decision == Decision("claim", (0,))
    answer(g, "claim")
    assert sum(o == 0 for o in g.town.owners) == 2
    assert sum(o != NO_OWNER for o in g.town.owners) == 2
    assert p0.markers == 10 and p0.money == 50 - 6 - 6 - 3 - 7 - 7 - 5 + 15  # placed free


def test_bg_10_4_prices_come_from_the_data_file() -> None:
    catalog = load_board_catalog()
    prices = dict(catalog.new_beginning_prices, cowboy=11, vp=2)
    sales = dict(catalog.new_beginning_sales, sell_5_vp=4)
    custom = dataclasses.replace(catalog, new_beginning_prices=prices, new_beginning_sales=sales)
    g = BoardGameState(BoardConfig.of(2, ("new-beginning",)), 0, custom)
    for item in ("cowboy", "vp", "vp", "sell_5_vp"):
        g.apply(0, buy(item))
    act(g, 0, "pass")
    act(g, 1, "pass")
    assert g.players[0].money == 50 - 11 - 2 - 2 + 4 and g.players[0].vp == 2 - 5


def test_bg_10_4_purchases_are_limited_by_money_the_cowboy_cap_and_one_sale() -> None:
    g = new_game(2, ("new-beginning",))
    for _ in range(8):
        g.apply(0, buy("cowboy"))  # $48
    legal = g.legal_actions(0)
    assert buy("cowboy") not in legal and buy("road") not in legal  # $2 left
    assert buy("sell_5_vp") in legal and buy("sell_10_vp") in legal
    with pytest.raises(IllegalActionError):
        g.apply(0, buy("revolver"))
    assert g.players[0].purchases == ["cowboy"] * 8
    g.apply(0, buy("sell_10_vp"))
    legal = g.legal_actions(0)
    assert buy("sell_5_vp") not in legal and buy("sell_10_vp") not in legal  # one sale only
    g.apply(0, buy("cowboy"))  # the tenth cowboy
    assert buy("cowboy") not in g.legal_actions(0)  # the 10-cowboy cap, with $26 left
    assert buy("revolver") in g.legal_actions(0)
    g.apply(0, buy("sharpshooter"))
    assert buy("sharpshooter") not in g.legal_actions(0)  # once


def test_bg_10_4_with_duel_tiles_every_player_gets_0_to_5_and_no_sharpshooter() -> None:
    g = new_game(4, ("new-beginning", "duel-tiles"))
    for player in g.players:
        assert player.tiles == [0, 1, 2, 3, 4, 5] and player.money == 50
    assert buy("sharpshooter") not in g.legal_actions(0)
    assert buy("revolver") in g.legal_actions(0)
    assert buy("sharpshooter") in new_game(4, ("new-beginning",)).legal_actions(0)


def test_bg_10_4_bought_markers_are_placed_in_repeated_snake_order() -> None:
    g = new_game(3, ("new-beginning",), seed=5)
    order = g.initial_order
    a, b, c = order
    bought = {a: 3, b: 1, c: 2}
    for seat in range(3):
        for _ in range(bought[seat]):
            g.apply(seat, buy("marker"))
        act(g, seat, "pass")
    seats = []
    while g.decision is not None and g.decision.kind == "claim":
        seat = g.decision.seats[0]
        seats.append(seat)
        legal = g.legal_actions(seat)
        claims = {x.arg for x in legal}
        assert not claims & {p for p, o in enumerate(g.town.owners) if o != NO_OWNER}
        act(g, seat, "claim", legal[-1].arg)
    # a b c | c a | a  (b has no marker left after the first pass)
    assert seats == [a, b, c, c, a, a]
    assert [sum(o == s for o in g.town.owners) for s in (a, b, c)] == [3, 1, 2]
    assert g.decision is not None and g.decision.kind == "personality"


def test_bg_10_4_no_markers_bought_means_no_starting_parcels() -> None:
    g = new_game(3, ("new-beginning",))
    for seat in range(3):
        act(g, seat, "pass")
    assert g.decision is not None and g.decision.kind == "personality"
    assert all(o == NO_OWNER for o in g.town.owners)


def test_bg_9_3_sharpshooter_uses_the_higher_of_two_dice() -> None:
    for seed in range(12):
        g = new_game(3, ("new-beginning",), seed)
        g.apply(0, buy("sharpshooter"))
        for seat in range(3):
            act(g, seat, "pass")
        assert g.players[0].sharpshooter and not g.players[1].sharpshooter
        g.cowboys_at.clear()
        g.players[0].cowboys = g.players[1].cowboys = 2
        g.round.pass_order = [1, 0, 2]
        put(g, "roads_3", 1, 0)
        r = rng_copy(g)
        die1 = r.randint(1, 6)  # seat 1 came first
        die0 = max(r.randint(1, 6), r.randint(1, 6))
        g._events.clear()
        run_tasks(g, Space(S["roads_3"]))
        (duel,) = duels(g._events)
        assert duel["draws"] == {1: die1, 0: die0}
        assert duel["values"] == {1: die1 + 1, 0: die0 + 1}


# --- BG-10.5 combinations ---------------------------------------------------------------------


@pytest.mark.parametrize(
    ("players", "variants"),
    [
        (2, ("new-beginning", "duel-tiles", "river", "vote-sides")),
        (3, ("new-beginning", "duel-tiles", "river", "vote-sides")),
        (5, ("new-beginning", "duel-tiles", "river", "vote-sides")),
        (4, ("duel-tiles", "river", "random-sides")),
        (3, ("new-beginning", "red-sides")),
    ],
)
def test_bg_10_5_variants_combine_and_play_to_the_end(
    players: int, variants: tuple[str, ...]
) -> None:
    kinds: set[str] = set()
    for seed in range(4):
        g = new_game(players, variants, seed)
        rng = random.Random(seed)
        while not g.is_over:
            assert g.decision is not None
            kinds.add(g.decision.kind)
            random_step(g, rng)
        result = g.result()
        assert result is not None and result.scores == tuple(p.vp for p in g.players)
        assert g.round.number == 4
        town = g.town
        if "river" in variants:
            assert town.count_tiles(MOUNTAIN) == 6
            assert all(town.tiles[p] is None and town.owners[p] == NO_OWNER for p in RIVER)
        if "duel-tiles" in variants:
            tiles = sum(len(p.tiles) for p in g.players) + len(g.pool)
            assert tiles == 6 * players
            assert all(p.tile_choice is None for p in g.players)
    assert {"personality", "place", "buy_parcels"} <= kinds
    if "new-beginning" in variants:
        assert "purchase" in kinds
    if "vote-sides" in variants:
        assert "vote" in kinds
    if "duel-tiles" in variants:
        assert "tile" in kinds


# --- BG-11 per-seat views ---------------------------------------------------------------------


def views(g: BoardGameState) -> list[Any]:
    return [g.view(seat) for seat in (None, *range(g.config.players))]


def test_bg_11_2_the_view_does_not_reveal_the_bag_order_or_future_dice() -> None:
    g = new_game(3)
    answer(g, "claim")
    other = g.clone()
    other.reseed(987654)
    other.seed = 4242
    assert views(g) == views(other)
    # The futures do differ: the next refill draws differently in at least one of a few tries.
    draws = set()
    for s in range(8):
        trial = g.clone()
        trial.reseed(s)
        draws.add(trial.draw())
    assert len(draws) > 1


def test_bg_11_3_other_seats_tiles_and_the_pool_are_hidden_only_counts_shown() -> None:
    g = new_game(3, ("duel-tiles",))
    g.players[1].tiles = [0, 1, 2, 3, 4, 5]
    other = g.clone()
    other.players[1].tiles = [1, 1, 2, 2, 4, 5]  # same count, same total
    g.pool, other.pool = [0, 3], [5, 5]
    for seat in (None, 0, 2):
        assert g.view(seat) == other.view(seat), seat
    assert g.view(1) != other.view(1)
    mine = g.view(1)["players"][1]
    assert mine["tiles"] == [0, 1, 2, 3, 4, 5]
    theirs = g.view(0)["players"][1]
    assert theirs["tiles_in_hand"] == 6 and "tiles" not in theirs
    assert g.view(0)["pool_size"] == 2
    # The announced totals are public (BG-10.2, BG-11.3): $30 minus the starting money.
    for seat in range(3):
        shown = g.view(None)["players"][seat]["announced_tile_total"]
        assert shown == 30 - new_game(3, ("duel-tiles",)).players[seat].money


def test_bg_11_3_no_announced_totals_with_two_players_or_without_tiles() -> None:
    for players, variants in [(2, ("duel-tiles",)), (3, ()), (3, ("new-beginning", "duel-tiles"))]:
        g = new_game(players, variants)
        assert all(p["announced_tile_total"] is None for p in g.view(None)["players"])


def test_bg_11_3_a_chosen_duel_tile_is_hidden_until_the_reveal() -> None:
    g = tile_duel(([0, 1, 2, 3, 4, 5], [0, 1, 2, 3, 4, 5]), [])
    other = g.clone()
    act(g, 0, "tile", 2)
    act(other, 0, "tile", 5)
    for seat in (None, 1, 2):
        assert g.view(seat) == other.view(seat), seat
    assert g.view(0) != other.view(0)
    assert g.view(0)["players"][0]["tile_choice"] == 2
    assert g.view(1)["players"][0]["tile_chosen"] is True


def test_bg_11_4_new_beginning_purchases_are_hidden_until_the_reveal() -> None:
    g = new_game(3, ("new-beginning",))
    other = g.clone()
    g.apply(0, buy("cowboy"))
    other.apply(0, buy("revolver"))
    other.apply(0, buy("sell_5_vp"))
    for game in (g, other):
        act(game, 0, "pass")
    for seat in (None, 1, 2):
        assert g.view(seat) == other.view(seat), seat
    assert g.view(0)["players"][0]["purchases"] == ["cowboy"]
    assert "purchases" not in g.view(1)["players"][0]
    for game in (g, other):
        act(game, 1, "pass")
        act(game, 2, "pass")
    assert g.view(1)["players"][0]["purchases"] == ["cowboy"]  # public after the reveal
    assert g.view(1) != other.view(1)


def test_bg_11_5_votes_are_hidden_until_all_have_voted() -> None:
    g = new_game(3, ("vote-sides",))
    other = g.clone()
    act(g, 0, "vote", 0)
    act(other, 0, "vote", ALL)
    act(g, 1, "vote", 5)
    act(other, 1, "vote", 5)
    for seat in (None, 1, 2):
        assert g.view(seat) == other.view(seat), seat
    assert g.view(0) != other.view(0)
    assert g.view(2)["players"][0]["voted"] is True
    act(g, 2, "vote", 0)
    act(other, 2, "vote", 0)
    assert g.view(2)["sides"] != other.view(2)["sides"]  # revealed: the sides differ


def test_bg_11_views_hide_secrets_during_a_whole_combined_game() -> None:
    """Along a random game: what one seat sees never depends on another seat's secrets."""
    g = new_game(3, ("new-beginning", "duel-tiles", "vote-sides"), 3)
    rng = random.Random(3)
    checked = costly = 0
    while not g.is_over:
        assert g.decision is not None
        kind = g.decision.kind
        for seat in range(3):
            scrambled = g.clone()
            scrambled.reseed(seat)
            scrambled.pool = [(v + 1) % 6 for v in scrambled.pool]
            for other, player in enumerate(scrambled.players):
                if other == seat:
                    continue
                player.tiles = sorted((v + 1) % 6 for v in player.tiles)
                if kind == "vote" and player.vote is not None:
                    player.vote ^= ALL
                if kind == "purchase":
                    player.purchases = [*player.purchases, "vp"]
                if kind == "tile" and player.tile_choice is not None:
                    player.tile_choice = player.tiles[0]
            assert g.view(seat) == scrambled.view(seat), kind
            checked += kind in ("vote", "purchase", "tile")
        costly += any(sum(p["occupied_costs"].values()) for p in g.view(None)["players"])
        random_step(g, rng)
    assert checked >= 12
    assert costly > 0  # the BG-9.5 costs in the views were compared while not all zero


def test_bg_11_rules_facts_in_the_view_hold_no_hidden_fact() -> None:
    """BG-5.6 half prices, BG-9.5 occupied costs and the no-duel flags of a seat's view are
    the same whatever the hidden facts (tiles in hand, chosen tiles, the pool, the future)."""
    g = tile_duel(([0, 1, 2, 3, 4, 5], [0, 1, 2, 3, 4, 5]), [1, 4])
    g.players[2].personality, g.players[2].side = "worker", "yellow"
    g.build_spaces[12] = "hotel"
    g.cowboys_at.setdefault(target("build_12"), []).append((2, False))
    g.cowboys_at.setdefault(target((3, 3)), []).append((1, False))
    act(g, 0, "tile", 2)
    other = g.clone()
    other.reseed(99)
    other.players[0].tile_choice = 5
    other.players[1].tiles = [1, 1, 2, 2, 4, 5]
    other.pool = [0, 3]
    for seat in (None, 2):
        assert g.view(seat) == other.view(seat), seat
    players = g.view(2)["players"]
    assert players[2]["pays_half"] and players[2]["building_prices"]["build_12"] == 6
    assert players[2]["occupied_costs"] == {"parcels": 0, "buildings": 6}
    assert players[1]["occupied_costs"]["parcels"] == g.town.price(parcel(3, 3)) > 0
    assert players[0]["occupied_costs"]["parcels"] == 0
