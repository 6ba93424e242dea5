"""A readable, round-by-round log of a finished game, written from its events."""

from __future__ import annotations

from collections.abc import Iterable

from carson.core.game import Event
from carson.games.card.engine.state import CardGameState
from carson.games.card.scoring import score_city

_KIND_NAME = {"player": "player"}


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

    def city_grid(seat: object) -> list[str]:
        assert isinstance(seat, int)
        city = state.seats[seat].city
        return [] if city is None else city.grid()

    def who(seat: object) -> str:
        assert isinstance(seat, int)
        return f"seat {seat} ({state.seats[seat].suit.value}, {state.seats[seat].kind})"

    lines: list[str] = []
    for event in events:
        if not event.visible_to(None):
            continue
        data = event.data
        kind = event.kind
        if kind == "round_started":
            lines.append(f"\n== Round {data['round']} (era {data['era']}) ==")
        elif kind == "revealed":
            row = data["row"]
            assert isinstance(row, list)
            lines.append(
                "row: " + "; ".join(f"{slot}: {describe_card(c)}" for slot, c in enumerate(row))
            )
        elif kind == "skull":
            lines.append(f"skull: {data['moved']} goes under the personality deck")
        elif kind == "revealed_extra":
            lines.append(f"{data['by']} reveals {describe_card(data['card'])}")
        elif kind == "ability_used":
            lines.append(f"{who(data['seat'])} uses the {data['ability']}")
        elif kind == "bid_committed":
            continue
        elif kind == "bids_revealed":
            bids = data["bids"]
            assert isinstance(bids, list)
            lines.append("bids: " + ", ".join(f"{who(s)} {v}" for s, v in enumerate(bids)))
        elif kind == "bid_void":
            lines.append(f"{who(data['seat'])}'s bid has no effect (Lawyer)")
        elif kind == "card_taken":
            lines.append(f"{who(data['seat'])} takes {describe_card(data['card'])}")
        elif kind == "card_placed":
            grid = " / ".join(city_grid(data["seat"]))
            lines.append(f"  placed at ({data['x']}, {data['y']}); city: {grid}")
        elif kind == "card_set_aside":
            lines.append("  no legal place: set aside (CG-4.9)")
        elif kind == "card_sold":
            lines.append(
                f"{who(data['seat'])} sells terrain #{data['card']} (sale {data['sold']} of 3)"
            )
        elif kind == "leftover_removed":
            lines.append(f"leaves the game: {describe_card(data['card'])}")
        elif kind == "era_changed":
            lines.append(
                "-- era II begins: hands back, virtual decks reshuffled, abilities refreshed --"
            )
        elif kind == "final_window":
            lines.append("\n== Final window ==")
        elif kind == "paperboy_pick":
            lines.append(f"{who(data['seat'])} picks the {data['personality']} (Paperboy)")
        elif kind == "game_over":
            lines.extend(score_sheets(state))
        else:
            lines.append(f"{kind}: {dict(data)}")
    return lines


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
    lines.append(f"winner: {winners}" + (" (shared, CG-8.2)" if len(result.winners) > 1 else ""))
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
