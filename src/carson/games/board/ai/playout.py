"""The board game's fast playout policy: cheap rules and the placement valuation, no lookahead.

Searches play thousands of decisions per second with it, so it never clones the game: cowboys
go where :func:`placement_value` is best (a little noise keeps playouts varied), buildings on
their best-paying parcel, houses where they help the builder most, and the small menus follow
fixed rules of thumb.
"""

from __future__ import annotations

import random

from carson.games.board.ai.valuation import (
    VP,
    parcel_worth,
    placement_value,
    standard_start_purchase,
)
from carson.games.board.catalog import PERSONALITY_IDS
from carson.games.board.engine.actions import OPTIONS, PASS, BoardAction
from carson.games.board.engine.state import BoardGameState
from carson.games.board.town import NEIGHBOURS

#: Placement values get noise of this many dollars, so that playouts differ.
NOISE = 1.5
PLACE_THRESHOLD = 0.5
#: Personalities in a playout: a static preference (dollars) plus a bonus for early turns.
CARD_VALUE = {
    "sheriff": 6.0, "banker": 8.0, "grocer": 7.0, "worker": 5.0,
    "settler": 5.0, "captain": 3.0, "gunslinger": 4.0,
}  # fmt: skip


class BoardPlayoutPolicy:
    def __init__(self, rng: random.Random) -> None:
        self._rng = rng

    def choose(self, g: BoardGameState, seat: int) -> BoardAction:
        legal = g.legal_actions(seat)
        if len(legal) == 1:
            return legal[0]
        decision = g.decision
        assert decision is not None
        kind = decision.kind
        rng = self._rng
        if kind == "place":
            best, value = PASS, PLACE_THRESHOLD
            for action in legal:
                if action.kind == "pass":
                    continue
                score = placement_value(g, seat, action.arg) + rng.uniform(-NOISE, NOISE)
                if score > value:
                    best, value = action, score
            return best
        if kind == "personality":
            return max(
                legal,
                key=lambda a: CARD_VALUE[PERSONALITY_IDS[a.arg]] + rng.uniform(-2.0, 2.0),
            )
        if kind in ("claim", "settler"):
            claims = [a for a in legal if a.kind == "claim"]
            return max(claims, key=lambda a: parcel_worth(g, seat, a.arg)) if claims else PASS
        if kind == "buy_parcels":
            buys = [a for a in legal if a.kind == "buy_parcel"]
            return max(buys, key=lambda a: parcel_worth(g, seat, a.arg) - g.town.price(a.arg))
        if kind == "construct":
            return _construct(g, seat, legal)
        if kind == "house":
            return max(legal, key=lambda a: _house_help(g, seat, a.arg))
        if kind == "stored":
            return legal[-1]  # build something rather than pass
        if kind == "count":
            price = decision.get("price")
            last = g.round.number == g.catalog.rounds
            k = g.players[seat].money // price if last or price < VP else 0
            return max((a for a in legal if a.arg <= k), key=lambda a: a.arg)
        if kind == "menu":
            return _menu(g, seat, legal, decision.get("about"))
        if kind == "tile":
            return rng.choice(legal)
        if kind == "purchase":
            return standard_start_purchase(g, seat, legal)
        if kind == "vote":
            return BoardAction("vote", 0)
        return legal[0]  # order: the first; grant, roads: pass (index 0)


def _construct(g: BoardGameState, seat: int, legal: list[BoardAction]) -> BoardAction:
    builds = [a for a in legal if a.kind == "build"]
    if builds:
        build = g.construction
        assert build is not None
        town = g.town

        def income_there(action: BoardAction) -> int:
            town.tiles[action.arg] = build.building
            income = town.income(action.arg)
            town.tiles[action.arg] = None
            return income

        return max(builds, key=income_there)
    asks = [a for a in legal if a.kind == "ask"]
    return asks[0] if asks else BoardAction("store")


def _house_help(g: BoardGameState, seat: int, p: int) -> int:
    """Own buildings beside the house's parcel that count houses, less others' ones."""
    town = g.town
    score = 0
    for n in NEIGHBOURS[p]:
        if town.tiles[n] in ("saloon", "bank", "drugstore"):
            score += 1 if town.owners[n] == seat else -1
        elif town.tiles[n] == "ranch" and town.owners[n] == seat:
            score -= 1  # a house takes a ranch's empty parcel
    return score


def _menu(g: BoardGameState, seat: int, legal: list[BoardAction], about: str) -> BoardAction:
    names = {OPTIONS[a.arg]: a for a in legal if a.kind == "option"}
    player = g.players[seat]
    if about == "build":
        return names.get("take", PASS)
    if about == "grocer":
        return names["defer"] if g.town.buildings_of(seat) else names["money_now"]
    if about == "grocer_income":
        best = max(
            (name for name in names if name.startswith("double:")),
            key=lambda name: sum(
                g.town.income(p) for p in g.town.buildings_of(seat, name.split(":")[1])
            ),
            default="money",
        )
        if best != "money":
            kind = best.split(":")[1]
            if sum(g.town.income(p) for p in g.town.buildings_of(seat, kind)) <= 8:
                best = "money"
        return names[best]
    if about == "red_choice":
        return names["money"]
    if about == "banker":
        return max(legal, key=lambda a: a.index)
    if about == "cash":
        return names["round_up"]
    if about == "captain" and player.money >= 10:
        return min(names.values(), key=lambda a: a.index, default=PASS)
    return PASS
