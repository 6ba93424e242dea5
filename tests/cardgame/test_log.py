"""The game log: every event kind has its line (the golden playthroughs cover whole games)."""

from __future__ import annotations

from carson.core.game import Event
from carson.games.card.engine.config import GameConfig
from carson.games.card.engine.log import format_events, game_log
from carson.games.card.engine.state import CardGameState

TERRAIN = {"kind": "terrain", "id": 7, "era": 1, "parcels": ["ranch", "empty"], "desirability": 3}
PERSONALITY = {"kind": "personality", "id": "sheriff", "desirability": 4}


def state() -> CardGameState:
    return CardGameState(GameConfig.of(["player", "player", "player", "beginner"]), seed=1)


def lines_of(*events: Event) -> list[str]:
    return format_events(state(), events)


def test_every_event_kind_has_its_line() -> None:
    game = state()
    first = f"seat 0 ({game.seats[0].suit.value}, player)"
    virtual = f"seat 3 ({game.seats[3].suit.value}, beginner)"
    assert lines_of(
        Event("round_started", {"round": 10, "era": 2}),
        Event("revealed", {"row": [PERSONALITY, TERRAIN]}),
        Event("skull", {"moved": "doctor"}),
        Event("revealed_extra", {"card": TERRAIN, "by": "governor"}),
        Event("ability_used", {"seat": 0, "ability": "heroes"}),
        Event("bid_committed", {"seat": 0}),
        Event("bids_revealed", {"bids": [1, 2, 3, 4]}),
        Event("bid_void", {"seat": 0, "ability": "lawyer"}),
        Event("card_taken", {"seat": 3, "slot": 1, "card": PERSONALITY}),
        Event("card_set_aside", {"seat": 0, "card": 7}),
        Event("card_sold", {"seat": 0, "card": 7, "sold": 2}),
        Event("leftover_removed", {"card": TERRAIN}),
        Event("era_changed", {"era": 2}),
        Event("final_window"),
        Event("paperboy_pick", {"seat": 0, "personality": "banker"}),
        Event("something_new", {"a": 1}),
    ) == [
        "\n== Round 10 (era 2) ==",
        "row: 0: sheriff (desirability 4); 1: terrain #7 [ranch empty] (desirability 3)",
        "skull: doctor goes under the personality deck",
        "governor reveals terrain #7 [ranch empty] (desirability 3)",
        f"{first} uses the heroes",
        "bids: "
        + ", ".join(
            f"seat {s} ({game.seats[s].suit.value}, {game.seats[s].kind}) {s + 1}" for s in range(4)
        ),
        f"{first}'s bid has no effect (Lawyer)",
        f"{virtual} takes sheriff (desirability 4)",
        "  no legal place: set aside",
        f"{first} sells terrain #7 (sale 2 of 3)",
        "leaves the game: terrain #7 [ranch empty] (desirability 3)",
        "-- era II begins: hands back, virtual decks reshuffled, abilities refreshed --",
        "\n== Final window ==",
        f"{first} picks the banker (Paperboy)",
        "something_new: {'a': 1}",
    ]


def test_a_placement_shows_the_city_and_secret_bids_are_not_logged() -> None:
    game = state()
    city = game.seats[1].city
    assert city is not None
    city.place(7, game.catalog.terrain_card(7).parcels, 0, 0)
    city.origin = (-1, 2)  # the frame after cards went right of and above the first one
    placed = {"seat": 1, "card": 7, "x": 0, "y": 0, "column": -1, "row": 2}
    assert format_events(
        game,
        [
            Event("bid_chosen", {"seat": 1, "value": 5}, frozenset({1})),
            Event("card_placed", placed),
        ],
    ) == [f"  placed at (-1, 2); city from (-1, 2): {' / '.join(city.grid())}"]


def test_the_log_places_cards_in_the_frame_the_player_saw() -> None:
    """A whole game: each placement's (column, row) is the event's stable position, the
    one the terminal showed, never the engine's shifting x, y; no rule ids."""
    game = state()
    placed = []
    while not game.is_over:
        seat = game.seats_to_act[0]
        legal = game.legal_actions(seat)
        for event in game.apply(seat, legal[len(legal) // 2]):
            if event.kind == "card_placed":
                placed.append(event)
    log = game_log(game)
    lines = [line for line in log.splitlines() if line.startswith("  placed at (")]
    assert len(lines) == len(placed)
    assert any(event.data["x"] != event.data["column"] for event in placed)
    for line, event in zip(lines, placed, strict=True):
        assert line.startswith(f"  placed at ({event.data['column']}, {event.data['row']});")
    assert "CG-" not in log


def test_game_over_lists_the_score_sheets() -> None:
    game = state()
    while not game.is_over:
        seat = game.seats_to_act[0]
        game.apply(seat, game.legal_actions(seat)[0])
    lines = format_events(game, [Event("game_over", {})])
    assert lines[0] == "\n== Scores =="
    assert lines[-1].startswith("winner: seat ")
