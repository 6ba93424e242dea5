"""Per-rule tests of the card game engine (CG-2 to CG-8), each citing its rule id.

Scenarios are rigged on a real state: the row, decks and holdings are set directly, then the
game is driven through the public API (``legal_actions`` / ``apply``).
"""

from __future__ import annotations

import pytest

from carson.core.game import IllegalActionError
from carson.games.card.catalog import Suit, load_catalog
from carson.games.card.city import City
from carson.games.card.engine.actions import Bid, Pass, Pick, Place, Sell, Take, Use
from carson.games.card.engine.config import ConfigError, GameConfig
from carson.games.card.engine.state import CardGameState
from carson.games.card.parcels import Parcel

CATALOG = load_catalog()
T = CATALOG.terrain_card
P = CATALOG.personality
EMPTY_CARD = next(card for card in CATALOG.era_deck(1) if set(card.parcels) == {Parcel.EMPTY})


def game(*seats: str, seed: int = 1) -> CardGameState:
    return CardGameState(GameConfig.of(seats), seed)


def solo(seed: int = 1) -> CardGameState:
    """Seat 0 a player, seats 1–3 expert virtual players; waiting for seat 0's bid."""
    state = game("player", "expert", "expert", "expert", seed=seed)
    assert state.phase == "bid" and state.seats_to_act == (0,)
    return state


def test_cg_2_1_seat_counts_and_kinds() -> None:
    for seats in (["player"] * 3, ["player"] * 7):
        with pytest.raises(ConfigError, match="4–6 seats"):
            GameConfig.of(seats)
    with pytest.raises(ConfigError, match="unknown seat kind"):
        GameConfig.of(["player", "wizard", "expert", "expert"])
    # 0 player seats: the game plays itself to the end (CG-2.1).
    state = game("beginner", "advanced", "expert", "expert")
    assert state.is_over and state.round == 18


def test_cg_2_2_distinct_suits() -> None:
    with pytest.raises(ConfigError, match="distinct suit"):
        GameConfig.of(["player"] * 4, ["hat", "hat", "star", "boot"])
    assert GameConfig.of(["player"] * 4).suits == (Suit.HAT, Suit.STAR, Suit.CACTUS, Suit.BOOT)
    chosen = GameConfig.of(["player"] * 4, [Suit.CATTLE, "boot", "hat", "star"]).suits
    assert chosen == (Suit.CATTLE, Suit.BOOT, Suit.HAT, Suit.STAR)
    assert all(type(suit) is Suit for suit in chosen)  # names become the suits themselves
    for unknown in ("moon", ["hat"], 3, None):
        with pytest.raises(ConfigError, match=r"unknown suit: .* is not a valid Suit"):
            GameConfig.of(["player"] * 4, [unknown, "hat", "star", "boot"])


def test_cg_2_3_and_2_4_hands_and_virtual_decks() -> None:
    state = game("player", "beginner", "advanced", "expert")
    assert state.seats[0].hand == list(range(1, 10))
    assert sorted(state.seats[1].virtual_deck) == list(range(1, 10))
    assert sorted(state.seats[2].virtual_deck) == list(range(2, 11))
    assert sorted(state.seats[3].virtual_deck) == list(range(3, 12))


def test_cg_2_6_same_seed_same_game_other_seed_other_game() -> None:
    first, second, other = solo(5), solo(5), solo(6)
    assert first.view(0) == second.view(0)
    assert first.view(0) != other.view(0)


def test_cg_4_1_row_personality_first_then_4_or_5_terrain() -> None:
    state = solo()
    assert state.row[0] is not None and not hasattr(state.row[0], "parcels")
    assert len(state.row) == 5 and all(hasattr(card, "parcels") for card in state.row[1:])
    five = game("player", "expert", "expert", "expert", "expert")
    assert len(five.row) == 6


def test_cg_4_2_skull_moves_the_drawn_card_under_the_deck() -> None:
    state = solo()
    plain, other = P("banker"), P("cowboy")
    state.personality_deck = [other, P("teacher"), P("governor"), plain]  # top last
    state._reveal()
    # banker drawn; top governor is a skull → banker under, governor drawn; top teacher is a
    # skull → governor under, teacher drawn; top cowboy has a suit back → stop.
    assert state.row[0] == P("teacher")
    assert state.personality_deck == [P("governor"), plain, other]


def test_cg_4_2_skull_rule_stops_when_only_skulls_are_left() -> None:
    state = solo()
    state.personality_deck = [P("teacher"), P("governor"), P("auctioneer")]
    state._reveal()
    assert state.row[0] is not None and state.tie_order() == tuple(Suit)


def test_cg_4_3_empty_decks_draw_nothing() -> None:
    state = solo()
    state.personality_deck = []
    state.terrain_decks[0] = [T(1), T(2)]
    state._reveal()
    assert state.row == [T(2), T(1)]
    assert state.terrain_decks[0] == []
    state.terrain_decks[0] = [T(card_id) for card_id in range(1, 7)]
    state._reveal()  # the top 4, top first; the rest stays in order
    assert state.row == [T(6), T(5), T(4), T(3)]
    assert state.terrain_decks[0] == [T(1), T(2)]


def test_cg_4_4_bids_secret_until_all_have_bid() -> None:
    state = game("player", "player", "expert", "expert")
    state.apply(0, Bid(9))
    other = state.view(1)
    assert other["seats"][0]["has_bid"] is True
    assert other["private"] == {}
    assert 9 in other["seats"][0]["hand"]  # still in the public hand: no leak (CG-9.2)
    assert state.view(0)["private"] == {"bid": 9}
    assert state.seats[2].played[0] == []  # virtual cards are revealed with the others
    top2, top3 = state.seats[2].virtual_deck[-1], state.seats[3].virtual_deck[-1]
    state.apply(1, Bid(3))
    assert [me.played[0] for me in state.seats] == [[9], [3], [top2], [top3]]
    assert state.seats[0].hand == [1, 2, 3, 4, 5, 6, 7, 8]


def test_cg_4_5_and_4_6_taking_order_by_value_then_top_back() -> None:
    state = game("player", "player", "player", "player")
    state.personality_deck.append(P("banker"))
    back = P("banker").back
    assert back is not None and state.tie_order() == back
    for seat, value in enumerate([5, 5, 9, 5]):
        state.apply(seat, Bid(value))
    rank = {suit: index for index, suit in enumerate(back)}
    tied = sorted([0, 1, 3], key=lambda s: rank[state.seats[s].suit])
    assert state.taking_order() == [2, *tied]
    assert state.seats_to_act == (2,)


def test_cg_4_6_empty_deck_uses_the_fixed_suit_order() -> None:
    state = game("player", "player", "player", "player")
    state.personality_deck = []
    assert state.tie_order() == (Suit.HAT, Suit.STAR, Suit.CACTUS, Suit.BOOT, Suit.HORSESHOE,
                                 Suit.CATTLE)  # fmt: skip


def test_cg_4_7_virtual_takes_highest_desirability_nearest_the_piles() -> None:
    state = solo()
    high = max(CATALOG.era_deck(1), key=lambda card: card.desirability)
    twin = next(c for c in CATALOG.terrain if c.desirability == high.desirability and c != high)
    state.row = [P("banker"), T(EMPTY_CARD.id), high, twin, EMPTY_CARD]
    for seat, value in ((1, 11), (2, 10), (3, 9)):
        state.seats[seat].virtual_deck[-1] = value
    state.apply(0, Bid(1))
    assert state.seats[1].terrain == [high.id]  # slot 2 beats slot 3 on equal desirability
    assert state.seats[2].terrain == [twin.id]
    assert state.seats[1].city is None  # virtual seats build no city


def test_cg_4_8_leftover_leaves_the_game_personality_to_removed_pile() -> None:
    state = solo()
    banker = P("banker")
    wanted = [c for c in CATALOG.era_deck(1) if c.desirability > banker.desirability][:4]
    state.row = [banker, *wanted]
    state.personality_deck = [c for c in state.personality_deck if c != banker]
    for seat in (1, 2, 3):
        state.seats[seat].virtual_deck[-1] = 11
    state.apply(0, Bid(1))  # seat 0 takes last, after the virtual seats took 3 terrain cards
    legal = state.legal_actions(0)
    assert state.phase == "take" and len(legal) == 2 and legal[0] == Take(0)
    state.apply(0, legal[1])  # the terrain card the virtual seats left
    state.apply(0, state.legal_actions(0)[0])  # place it
    assert state.round == 2
    assert state.removed_personalities == [banker]


def test_cg_4_8_six_seats_leave_nothing() -> None:
    state = game(*["expert"] * 6)
    assert state.is_over
    assert state.removed_personalities == []  # each round's 6 cards all taken
    # Only the rest of the era I deck (48 − 9 × 5) leaves the game, at the era change (CG-3.2).
    assert len(state.discarded_terrain) == 48 - 9 * 5


def test_cg_4_9_unplaceable_terrain_is_set_aside() -> None:
    state = solo()
    state.seats[0].city = City.from_cells(
        {(x, y): Parcel.OUTLAWS for x in range(8) for y in range(8)}
    )
    state.row = [None, EMPTY_CARD, None, None, None]
    for seat in (1, 2, 3):
        state.seats[seat].virtual_deck[-1] = 3
    state.apply(0, Bid(9))
    state.apply(0, Take(1))
    assert state.seats[0].set_aside == [EMPTY_CARD.id]
    assert state.phase != "place"


def test_cg_5_1_abilities_are_optional_and_once_per_era() -> None:
    state = solo()
    state.seats[0].personalities.append("heroes")
    state._stage, state._window_pos = "window_a", 0
    state._advance()
    assert state.phase == "ability" and state.legal_actions(0) == [Pass(), Use("heroes")]
    state.apply(0, Use("heroes"))
    assert state.seats[0].boost == 3 and "heroes" in state.seats[0].turned
    state._stage, state._window_pos = "window_a", 0
    state._advance()
    assert state.phase == "bid"  # not offered again this era


def test_cg_3_2_era_change_refreshes_all_but_the_governor() -> None:
    state = solo()
    me = state.seats[0]
    me.personalities += ["heroes", "governor"]
    me.turned |= {"heroes", "governor"}
    me.hand = [4]
    state.round = 9
    state.terrain_decks[0] = [T(1)]
    state._start_round()
    assert state.round == 10 and state.era == 2
    assert me.hand == list(range(1, 10))
    assert me.turned == {"governor"}
    assert state.seats[1].virtual_deck == state.virtual_decks[1][1]
    assert T(1) in state.discarded_terrain and state.terrain_decks[0] == []


def rig_window_a(state: CardGameState, *abilities: str) -> None:
    state.seats[0].personalities.extend(abilities)
    state._stage, state._window_pos = "window_a", 0
    state._advance()


def test_cg_5_2_governor_reveals_one_more_and_takes_at_once() -> None:
    state = solo()
    before = len(state.row)
    rig_window_a(state, "governor")
    state.apply(0, Use("governor"))
    assert len(state.row) == before + 1
    assert state.phase == "take" and state.seats_to_act == (0,)
    slot = len(state.row) - 1
    state.apply(0, Take(slot))  # the card just revealed
    if state.phase == "place":
        state.apply(0, state.legal_actions(0)[0])
    assert state.phase == "bid"  # then the seat still bids normally
    assert "governor" in state.seats[0].turned


def test_cg_5_2_lawyer_takes_now_and_takes_nothing_later() -> None:
    state = solo()
    rig_window_a(state, "lawyer", "heroes", "gunsmith", "chinese_worker", "mercenary")
    state.apply(0, Use("lawyer"))
    state.apply(0, Take(0))  # the personality, at once
    # CG-5.3a: no Chinese Worker, Heroes or Gunsmith offer for the Lawyer's seat this round.
    assert state.phase == "bid"
    owned = len(state.seats[0].personalities) + len(state.seats[0].terrain)
    events = state.apply(0, Bid(9))  # the bid is discarded with no effect ...
    assert any(e.kind == "bid_void" and e.data["seat"] == 0 for e in events)
    # ... no Mercenary offer in window B, and no take: round 2 has begun.
    assert state.round == 2
    assert len(state.seats[0].personalities) + len(state.seats[0].terrain) == owned
    assert state.seats[0].played[0] == [9]


def test_cg_5_2_chinese_worker_extra_card_and_two_takes() -> None:
    state = solo()
    before = len(state.row)
    rig_window_a(state, "chinese_worker")
    state.apply(0, Use("chinese_worker"))
    assert len(state.row) == before + 1
    for seat in (1, 2, 3):
        state.seats[seat].virtual_deck[-1] = 3
    state.apply(0, Bid(9))
    taken = 0
    while state.round == 1 and state.seats_to_act == (0,):
        if state.phase == "take":
            taken += 1
        state.apply(0, state.legal_actions(0)[-1 if state.phase == "take" else 0])
    assert taken == 2


def test_cg_5_2_and_5_3_boosts_combine() -> None:
    state = solo()
    rig_window_a(state, "heroes", "gunsmith", "mercenary", "doctor")
    state.apply(0, Use("heroes"))
    state.apply(0, Use("gunsmith"))
    state.apply(0, Bid(1))
    assert state.phase == "ability" and state.offered_ability == "mercenary"
    state.apply(0, Use("mercenary"))
    state.apply(0, Use("doctor"))
    assert state.seats[0].boost == 3 + 6 + 5 + 2


def test_cg_5_4_auctioneer_sells_free_cards_for_seven_each() -> None:
    state = solo()
    city = state.seats[0].city
    assert city is not None
    city.place(EMPTY_CARD.id, EMPTY_CARD.parcels, 0, 0)
    rig_window_a(state, "auctioneer")
    assert state.phase == "sale"
    assert state.legal_actions(0) == [Pass(), Sell(EMPTY_CARD.id)]
    state.apply(0, Sell(EMPTY_CARD.id))
    assert state.seats[0].sold == [EMPTY_CARD.id] and city.is_empty
    assert state.score(0) == 7  # the city is empty again: only the sale scores


def test_cg_5_5_paperboy_picks_from_removed_pile_or_deck() -> None:
    state = solo()
    state.seats[0].personalities.append("paperboy")
    state.removed_personalities.append(P("captain"))
    state.personality_deck = [c for c in state.personality_deck if c.id != "captain"]
    state._stage = "paperboy"
    state._advance()
    assert state.phase == "pick"
    assert Pick("captain", CATALOG.personalities.index(P("captain"))) in state.legal_actions(0)
    state.apply(0, Pick("captain", CATALOG.personalities.index(P("captain"))))
    assert state.is_over and "captain" in state.seats[0].personalities
    assert P("captain") not in state.removed_personalities


def test_cg_5_6_and_5_7_captain_and_sheriff_change_the_city() -> None:
    state = solo()
    state.row = [P("sheriff"), None, None, None, None]
    state.personality_deck = [c for c in state.personality_deck if c.id != "sheriff"]
    for seat in (1, 2, 3):
        state.seats[seat].virtual_deck[-1] = 3
    state.apply(0, Bid(9))
    state.apply(0, Take(0))
    city = state.seats[0].city
    assert city is not None and city.sheriff and city.outlaws_count_as_empty


def test_cg_8_1_a_virtual_seat_scores_the_desirability_of_its_cards() -> None:
    state = game("beginner", "beginner", "beginner", "beginner")
    state.seats[1].terrain, state.seats[1].personalities = [1, 40, 96], ["teacher", "captain"]
    expected = sum(T(card).desirability for card in (1, 40, 96)) + sum(
        P(p).desirability for p in ("teacher", "captain")
    )
    assert state.score(1) == expected


def test_cg_8_2_tie_is_a_shared_win() -> None:
    state = game("beginner", "beginner", "beginner", "beginner")
    for me in state.seats:
        me.terrain, me.personalities = [], []
    result = state.result()
    assert result is not None and result.winners == frozenset(range(4))


def test_illegal_actions_raise_and_change_nothing() -> None:
    state = solo()
    before = state.view(0), list(state.actions)
    with pytest.raises(IllegalActionError, match="not asked to act"):
        state.apply(1, Bid(3))
    with pytest.raises(IllegalActionError, match="not a legal bid"):
        state.apply(0, Bid(11))
    with pytest.raises(IllegalActionError, match="there is no seat"):
        state.apply(9, Bid(3))
    with pytest.raises(IllegalActionError):
        state.apply_json(0, {"type": "bid"})
    with pytest.raises(IllegalActionError):
        state.apply_json(0, {"type": "teleport"})
    with pytest.raises(IllegalActionError):
        state.apply(0, Place(0, 0))
    assert (state.view(0), list(state.actions)) == before


def test_cg_5_2_chinese_worker_takes_one_when_one_is_left() -> None:
    """CG-5.2.3 DECISION: 1 if only 1 is left."""
    state = solo()
    rig_window_a(state, "chinese_worker")
    state.apply(0, Use("chinese_worker"))
    state.row = [None, None, None, None, EMPTY_CARD, EMPTY_CARD]
    for seat in (1, 2, 3):
        state.seats[seat].virtual_deck[-1] = 3
    state.apply(0, Bid(9))  # seat 0 takes first, then the three virtual seats
    state.apply(0, Take(4))
    state.apply(0, state.legal_actions(0)[0])
    assert state.phase == "take" and state.legal_actions(0) == [Take(5)]
    state.apply(0, Take(5))
    state.apply(0, state.legal_actions(0)[0])
    assert state.round == 2  # nothing was left for the others; the round ended


def test_cg_5_4_at_most_three_sales_and_the_final_window() -> None:
    state = solo()
    city = state.seats[0].city
    assert city is not None
    for card_id, x in ((1, 0), (2, 2), (3, 4), (4, 6)):
        card = T(card_id)
        city.place_unchecked(card_id, card.parcels, x, 0)
    state.seats[0].personalities.append("auctioneer")
    state.seats[0].sold = [90, 91, 92]  # three sales already made
    state._stage, state._window_pos = "window_a", 0
    state._advance()
    assert state.phase == "bid"  # no fourth sale is offered
    state.seats[0].sold = [90]
    state._stage, state._window_pos = "final", 0
    state._advance()
    assert state.phase == "sale" and Sell(1) in state.legal_actions(0)
    assert Sell(2) not in state.legal_actions(0)  # selling it would split the city
    state.apply(0, Sell(1))
    state.apply(0, Sell(4))
    assert state.phase != "sale"  # the third sale was the last
    assert state.seats[0].sold == [90, 1, 4]
