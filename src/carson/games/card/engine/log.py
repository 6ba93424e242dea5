"""A readable, round-by-round log of a finished game, written from its events."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from typing import Any

from carson.core.game import Event
from carson.games.card.engine.state import CardGameState
from carson.games.card.scoring import score_city


def describe_card(card: dict[str, object]) -> str:
    if card["kind"] == "personality":
        return f"{card['id']} (desirability {card['desirability']})"
    parcels = card["parcels"]
    assert isinstance(parcels, list)
    return f"terrain #{card['id']} [{' '.join(parcels)}] (desirability {card['desirability']})"


def format_events(state: CardGameState, events: Iterable[Event]) -> list[str]:
    """One line per event (spectator-visible events only: secret bids are not logged).

    ``state`` is the game just after the events, which gives the cities their grids.
    """
    lines: list[str] = []
    for event in events:
        if event.visible_to(None):
            formatter = _FORMATTERS.get(event.kind, _unknown)
            lines += formatter(state, event)
    return lines


#: How an event becomes log lines: the game (just after the event) and the event.
Formatter = Callable[[CardGameState, Event], list[str]]


def _who(state: CardGameState, seat: object) -> str:
    assert isinstance(seat, int)
    return f"seat {seat} ({state.seats[seat].suit.value}, {state.seats[seat].kind})"


def _line(template: Callable[[Mapping[str, Any]], str]) -> Formatter:
    """A formatter of one line that reads the event's data only."""
    return lambda state, event: [template(event.data)]


def _seat_line(template: Callable[[str, Mapping[str, Any]], str]) -> Formatter:
    """A formatter of one line about the event's seat (described by :func:`_who`)."""
    return lambda state, event: [template(_who(state, event.data["seat"]), event.data)]


def _revealed(state: CardGameState, event: Event) -> list[str]:
    row = event.data["row"]
    assert isinstance(row, list)
    return ["row: " + "; ".join(f"{slot}: {describe_card(c)}" for slot, c in enumerate(row))]


def _bids_revealed(state: CardGameState, event: Event) -> list[str]:
    bids = event.data["bids"]
    assert isinstance(bids, list)
    return ["bids: " + ", ".join(f"{_who(state, s)} {v}" for s, v in enumerate(bids))]


def _card_placed(state: CardGameState, event: Event) -> list[str]:
    """Where the card went in the city's stable frame, the columns and rows the player saw
    (the engine's x, y shift whenever a card goes left of or above the city), and the city
    from its top left corner in that frame."""
    data = event.data
    seat = data["seat"]
    assert isinstance(seat, int)
    city = state.seats[seat].city
    if city is None:
        return [f"  placed at ({data['column']}, {data['row']})"]
    corner = ", ".join(map(str, city.origin))
    grid = " / ".join(city.grid())
    return [f"  placed at ({data['column']}, {data['row']}); city from ({corner}): {grid}"]


def _unknown(state: CardGameState, event: Event) -> list[str]:
    return [f"{event.kind}: {dict(event.data)}"]


_FORMATTERS: dict[str, Formatter] = {
    "round_started": _line(lambda d: f"\n== Round {d['round']} (era {d['era']}) =="),
    "revealed": _revealed,
    "skull": _line(lambda d: f"skull: {d['moved']} goes under the personality deck"),
    "revealed_extra": _line(lambda d: f"{d['by']} reveals {describe_card(d['card'])}"),
    "ability_used": _seat_line(lambda who, d: f"{who} uses the {d['ability']}"),
    "bid_committed": lambda state, event: [],
    "bids_revealed": _bids_revealed,
    "bid_void": _seat_line(lambda who, d: f"{who}'s bid has no effect (Lawyer)"),
    "card_taken": _seat_line(lambda who, d: f"{who} takes {describe_card(d['card'])}"),
    "card_placed": _card_placed,
    "card_set_aside": _line(lambda d: "  no legal place: set aside"),
    "card_sold": _seat_line(
        lambda who, d: f"{who} sells terrain #{d['card']} (sale {d['sold']} of 3)"
    ),
    "leftover_removed": _line(lambda d: f"leaves the game: {describe_card(d['card'])}"),
    "era_changed": _line(
        lambda d: "-- era II begins: hands back, virtual decks reshuffled, abilities refreshed --"
    ),
    "final_window": _line(lambda d: "\n== Final window =="),
    "paperboy_pick": _seat_line(lambda who, d: f"{who} picks the {d['personality']} (Paperboy)"),
    "game_over": lambda state, event: score_sheets(state),
}


def score_sheets(state: CardGameState) -> list[str]:
    """The final score of every seat, by category, and the winners."""
    result = state.result()
    assert result is not None
    lines = ["\n== Scores =="]
    for seat, me in enumerate(state.seats):
        header = f"seat {seat} ({me.suit.value}, {me.kind}): {result.scores[seat]}"
        if me.city is None:
            lines.append(
                f"{header}  (virtual: desirability of {len(me.terrain)} terrain cards "
                f"and {len(me.personalities)} personalities)"
            )
            continue
        sheet = score_city(me.city, me.personalities, sold=len(me.sold))
        parts = ", ".join(f"{category} {points}" for category, points in sheet.breakdown.items())
        lines.append(f"{header}  ({parts})")
        lines.extend(f"    {row}" for row in me.city.grid())
    winners = ", ".join(f"seat {seat}" for seat in sorted(result.winners))
    lines.append(f"winner: {winners}" + (" (shared)" if len(result.winners) > 1 else ""))
    return lines


def game_log(state: CardGameState) -> str:
    """The whole log of a game, replayed from its record so every event is included."""
    replayed = CardGameState(state.config, state.seed, state.catalog)
    lines = [
        f"Carson City: The Card Game — seed {state.seed}",
        "seats: " + ", ".join(f"{s}: {m.kind} ({m.suit.value})" for s, m in enumerate(state.seats)),
    ]
    lines += format_events(replayed, replayed.setup_events)
    for seat, action in state.actions:
        lines += format_events(replayed, replayed.apply(seat, action))
    return "\n".join(lines).strip() + "\n"
