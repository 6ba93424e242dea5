"""The card game's move log on the page, from the events the server stored for the seat
(never by replaying the game): one line per event, in the terminal's words, with the card
taken drawn as the row draws it, and each round's auction as a table — every auction card
beside its boosts and total, and the taking order that follows (CG-4.4–4.6).

The stored audience decides what a seat reads: a seat's own secret bid (``bid_chosen``)
reaches only that seat's log.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

from carson.core.game import JSON, Event
from carson.games.card.engine.abilities import BOOSTS
from carson.games.card.web.present import Presenter, SeatPanel
from carson.web.play.log_filter import line_seat


@dataclass
class Auction:
    """One round's auction as the events tell it."""

    bids: list[int]
    boosts: dict[int, int]  # seat → the boosts it used this round (CG-4.5)
    void: int | None = None  # the Lawyer's seat, whose bid has no effect (CG-5.2.2)
    takers: list[int] = field(default_factory=list)  # seats by their first take


def auctions(events: Sequence[tuple[int, Event]]) -> dict[int, Auction]:
    """Each ``bids_revealed`` event's auction, by the event's place in ``events``."""
    found: dict[int, Auction] = {}
    boosts: dict[int, int] = {}
    current: Auction | None = None
    for index, (_, event) in enumerate(events):
        d = event.data
        if event.kind == "round_started":
            boosts, current = {}, None
        elif event.kind == "ability_used" and d["ability"] in BOOSTS:
            seat = int(d["seat"])
            boosts[seat] = boosts.get(seat, 0) + BOOSTS[d["ability"]]
        elif event.kind == "bids_revealed":
            current = found[index] = Auction([int(bid) for bid in d["bids"]], boosts)
        elif event.kind == "bid_void" and current is not None:
            current.void = int(d["seat"])
        elif event.kind == "card_taken" and current and int(d["seat"]) not in current.takers:
            current.takers.append(int(d["seat"]))
    return found


def taking_order(auction: Auction, suits: Sequence[str], tie_order: Sequence[str]) -> list[int]:
    """The seats by total (CG-4.5); ties as the takes went, else by the suits' order now
    (CG-4.6: the order of the round being played; a past round's ties show in its takes)."""
    seats = [seat for seat in range(len(auction.bids)) if seat != auction.void]

    def key(seat: int) -> tuple[int, int, int]:
        taken = auction.takers.index(seat) if seat in auction.takers else len(seats)
        rank = tie_order.index(suits[seat]) if suits[seat] in tie_order else len(tie_order)
        return (-auction.bids[seat] - auction.boosts.get(seat, 0), taken, rank)

    return sorted(seats, key=key)


class MoveLog:
    """The lines of one seat's move log, in one language."""

    def __init__(self, present: Presenter, seats: Sequence[SeatPanel], view: JSON) -> None:
        self.present = present
        self.names = [seat.name for seat in seats]
        self.suits = [seat.suit for seat in seats]
        self.tie_order = list(view["tie_order"])
        self._ = present._
        self.texts = present.texts

    def lines(self, events: Sequence[tuple[int, Event]]) -> list[JSON]:
        """The whole game's log, newest first."""
        found = auctions(events)
        shown = []
        for index, (seq, event) in enumerate(events):
            line = self.line(event, found.get(index))
            if line is not None:
                seat = line_seat(event.data)
                shown.append({"seq": seq, "kind": event.kind, "seat": seat, **line})
        return shown[::-1]

    def line(self, event: Event, auction: Auction | None) -> JSON | None:
        """One event's line: its text, and the card or the auction it shows."""
        if auction is not None:
            return {"text": self._("Auction cards revealed:"), "bids": self._bids(auction)}
        if event.kind == "bid_chosen":
            values = {"who": self.who(event), "card": event.data["value"]}
            return {"text": self._("%(who)s secretly chooses the auction card %(card)s.") % values}
        if event.kind in ("card_taken", "revealed_extra", "leftover_removed"):
            text = self._sentence(event)
            return None if text is None else {"text": text, "card": self._card(event)}
        text = self._sentence(event)
        return None if text is None else {"text": text}

    def who(self, event: Event) -> str:
        return self.names[int(event.data["seat"])]

    def _card(self, event: Event) -> JSON:
        return self.present.card(event.data["card"])

    def card_name(self, card: JSON) -> str:
        if card["kind"] == "personality":
            return self.present.personality(str(card["id"]))
        return self.present.terrain_name(card["parcels"])

    def sold(self, event: Event) -> str:
        """The Auctioneer's sale, naming the card sold (the event gives only its id)."""
        card = self.present.terrain_card_name(int(event.data["card"]))
        values = {"who": self.who(event), "card": card, "count": event.data["sold"]}
        return self._("%(who)s sells %(card)s (sale %(count)s of 3).") % values

    def _sentence(self, event: Event) -> str | None:
        """The terminal's line for ``event`` (:mod:`carson.games.card.tui.events`), or
        ``None`` for events the table shows by itself."""
        sentence = _SENTENCES.get(event.kind)
        return None if sentence is None else sentence(self, event)

    def _bids(self, auction: Auction) -> JSON:
        rows = []
        for seat, bid in enumerate(auction.bids):
            boost = auction.boosts.get(seat, 0)
            void = seat == auction.void
            suit = self.present.suit(self.suits[seat])
            rows.append({"name": self.names[seat], "suit": suit, "suit_id": self.suits[seat],
                         "bid": bid, "boost": boost, "void": void})  # fmt: skip
            rows[-1]["total"] = "—" if void else bid + boost
        order = taking_order(auction, self.suits, self.tie_order)
        return {
            "rows": rows,
            "order": [self.names[seat] for seat in order],
            "order_suits": [self.present.suit(self.suits[seat]) for seat in order],
        }


def _personality(log: MoveLog, event: Event, key: str) -> str:
    return log.present.personality(str(event.data[key]))


_Sentence = Callable[[MoveLog, Event], str]

#: The terminal's text of each event kind the log tells (the others the table shows).
_SENTENCES: dict[str, _Sentence] = {
    "round_started": lambda log, e: log.texts("events", "round", round=e.data["round"]),
    "era_changed": lambda log, e: log.texts("events", "era"),
    "card_taken": lambda log, e: log.texts(
        "events", "took", who=log.who(e), card=log.card_name(e.data["card"])
    ),
    "card_placed": lambda log, e: log.texts(  # the stable column and row, as the city shows
        "events",
        "placed",
        who=log.who(e),
        x=e.data.get("column", e.data["x"]),
        y=e.data.get("row", e.data["y"]),
    ),
    "card_set_aside": lambda log, e: log.texts("events", "set_aside", who=log.who(e)),
    "bid_void": lambda log, e: log.texts("events", "bid_void", who=log.who(e)),
    "ability_used": lambda log, e: log.texts(
        "events", "ability", who=log.who(e), name=_personality(log, e, "ability")
    ),
    "revealed_extra": lambda log, e: log.texts(
        "events",
        "revealed_extra",
        name=_personality(log, e, "by"),
        card=log.card_name(e.data["card"]),
    ),
    "card_sold": MoveLog.sold,
    "leftover_removed": lambda log, e: log.texts(
        "events", "leftover", card=log.card_name(e.data["card"])
    ),
    "skull": lambda log, e: log.texts("events", "skull", name=_personality(log, e, "moved")),
    "paperboy_pick": lambda log, e: log.texts(
        "events", "paperboy", who=log.who(e), name=_personality(log, e, "personality")
    ),
}
