"""The board game's fast playout policy: cheap rules and the placement valuation, no lookahead.

Searches play thousands of decisions per second with it, so it never clones the game: cowboys
go where :func:`placement_value` is best among a few random targets (a little noise keeps
playouts varied), buildings on
their best-paying parcel, houses where they help the builder most, and the small menus follow
fixed rules of thumb.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable
from functools import cache
from operator import attrgetter

from carson.games.board.ai.valuation import (
    VP,
    TownMemo,
    parcel_worth,
    placement_values,
    standard_start_purchase,
    worth_and_price,
    worths_and_prices,
)
from carson.games.board.catalog import PERSONALITY_IDS
from carson.games.board.engine.actions import (
    PASS,
    STORE,
    BoardAction,
    menu_option,
    option_action,
    shared,
    shared_of,
)
from carson.games.board.engine.flow.parcels import affordable_parcels
from carson.games.board.engine.model import CountAsk, Decision, DecisionKind, Menu, ParcelsAsk
from carson.games.board.engine.options import GROCER_MONEY, Double, MenuOption, Pick
from carson.games.board.engine.state import BoardGameState
from carson.games.board.engine.table import PARCEL_TARGETS
from carson.games.board.town import NEIGHBOURS

#: Placement values get noise of this many dollars, so that playouts differ.
NOISE = 1.5
PLACE_THRESHOLD = 0.5
#: Targets judged per cowboy placement, drawn at random among the legal ones.
PLACE_SAMPLES = 8
#: Personalities in a playout: a static preference (dollars) plus a bonus for early turns.
CARD_VALUE = {
    "sheriff": 6.0, "banker": 8.0, "grocer": 7.0, "worker": 5.0,
    "settler": 5.0, "captain": 3.0, "gunslinger": 4.0,
}  # fmt: skip
#: An action's argument (read in C for a placement's targets).
_ARG = attrgetter("arg")
#: Menus whose listing the playout always answers alike (a won building space: take it).
_FIXED_MENUS = {
    Menu.BUILD: option_action(Pick.TAKE),
    Menu.CASH: option_action(Pick.ROUND_UP),
    Menu.RED_CHOICE: option_action(Pick.MONEY),
}


class BoardPlayoutPolicy:
    def __init__(self, rng: random.Random) -> None:
        self._rng = rng
        #: What placement values read from the town they are valued in (a search's).
        self.town_memo = TownMemo()
        #: Every placement of a cowboy and of the white one, for the spaces of the table
        #: they were made for (a search's: hashing the spaces' tuple cost more than this).
        self._pool_spaces: tuple[int, ...] = ()
        self._pools: tuple[tuple[BoardAction, ...], tuple[BoardAction, ...]] = ((), ())
        #: What :meth:`playout` decides without the listing, by the decision's kind: one
        #: look-up a step instead of a chain of tests (a playout takes ~30 steps).
        K = DecisionKind
        self._unlisted: dict[DecisionKind, _Unlisted] = {
            K.PLACE: self._place_unlisted,
            K.CONSTRUCT: _construct_unlisted,  # its roads, never chosen, not listed
            K.GRANT: _pass,
            K.ROADS: _pass,
            K.CLAIM: _parcel_unlisted,
            K.SETTLER: _parcel_unlisted,
            K.BUY_PARCELS: _parcel_unlisted,
            K.MENU: _menu_unlisted,
        }

    def playout(self, g: BoardGameState, seat: int) -> BoardAction:
        """:meth:`choose` without the listing where the choice is found without it."""
        decision = g.decision
        assert decision is not None
        unlisted = self._unlisted.get(decision.kind)
        if unlisted is not None:
            action = unlisted(g, seat, decision)
            if action is not None:
                return action
        return self.choose(g, seat, g.legal_actions(seat))

    def choose(
        self, g: BoardGameState, seat: int, legal: list[BoardAction] | None = None
    ) -> BoardAction:
        """The policy's action; ``legal``: the seat's legal actions if the caller has them."""
        if legal is None:  # the playout: some decisions are decided without their listing
            return self.playout(g, seat)
        decision = g.decision
        assert decision is not None
        kind = decision.kind
        K = DecisionKind
        if len(legal) == 1:
            return legal[0]
        rng = self._rng
        if kind == K.PLACE:
            return self._place(g, seat, legal)
        if kind == K.PERSONALITY:
            return max(
                legal,
                key=lambda a: CARD_VALUE[PERSONALITY_IDS[a.arg]] + rng.uniform(-2.0, 2.0),
            )
        if kind in (K.CLAIM, K.SETTLER):
            claims = [a for a in legal if a.kind == "claim"]
            return max(claims, key=lambda a: parcel_worth(g, seat, a.arg)) if claims else PASS
        if kind == K.BUY_PARCELS:
            buys = [a for a in legal if a.kind == "buy_parcel"]
            return max(buys, key=lambda a: _net_worth(g, seat, a.arg))
        if kind == K.CONSTRUCT:
            return _construct(g, seat, legal)
        if kind == K.HOUSE:
            return max(legal, key=lambda a: _house_help(g, seat, a.arg))
        if kind == K.STORED:
            return legal[-1]  # build something rather than pass
        return self._small(g, seat, legal)

    def _place(self, g: BoardGameState, seat: int, legal: list[BoardAction]) -> BoardAction:
        """The best of a few random targets (judging all of them cost half a search)."""
        targets = legal[1:]  # the listing is pass, then the targets in index order
        if len(targets) > PLACE_SAMPLES:
            targets = self._rng.sample(targets, PLACE_SAMPLES)
        return self._best_placement(g, seat, targets)

    def _place_unlisted(self, g: BoardGameState, seat: int, _: Decision) -> BoardAction:
        """What :meth:`_place` chooses, in law: the same number of legal targets drawn
        uniformly, found by shuffling every target the seat's cowboys might take only as far
        as needed and asking the engine about each one (listing them all cost more than
        judging the few)."""
        player = g.players[seat]
        if g.cowboy_spaces is not self._pool_spaces:  # (a look-up by identity, not a hash)
            self._pool_spaces = g.cowboy_spaces
            self._pools = (
                _every_target(g.cowboy_spaces, "cowboy"),
                _every_target(g.cowboy_spaces, "white"),
            )
        pool = [*self._pools[0]] if player.cowboys else []
        if player.white:
            pool += self._pools[1]
        random_ = self._rng.random
        drawn: list[BoardAction] = []
        left = len(pool)
        while left and len(drawn) < PLACE_SAMPLES:  # a partial Fisher–Yates shuffle
            i = int(random_() * left)
            left -= 1
            action = pool[i]
            pool[i] = pool[left]
            if g.may_place(seat, action.arg, action.kind == "white"):
                drawn.append(action)
        return self._best_placement(g, seat, drawn)

    def _best_placement(
        self, g: BoardGameState, seat: int, targets: list[BoardAction]
    ) -> BoardAction:
        best, value = PASS, PLACE_THRESHOLD
        values = placement_values(g, seat, list(map(_ARG, targets)), self.town_memo)
        random_ = self._rng.random
        for action, worth in zip(targets, values, strict=True):
            # rng.uniform(-NOISE, NOISE) inlined as it computes it (the same draws and floats)
            score = worth + (-NOISE + (NOISE - -NOISE) * random_())
            if score > value:
                best, value = action, score
        return best

    def _small(self, g: BoardGameState, seat: int, legal: list[BoardAction]) -> BoardAction:
        """Counts, menus, tiles, purchases, votes; the first option for the rest."""
        decision = g.decision
        assert decision is not None
        kind = decision.kind
        K = DecisionKind
        if kind == K.COUNT:
            assert isinstance(decision.ask, CountAsk)
            price = decision.ask.price
            last = g.round.number == g.catalog.rounds
            k = g.players[seat].money // price if last or price < VP else 0
            return max((a for a in legal if a.arg <= k), key=lambda a: a.arg)
        if kind == K.MENU:
            return _menu(g, seat, legal, decision.menu().about)
        if kind == K.TILE:
            return self._rng.choice(legal)
        if kind == K.PURCHASE:
            return standard_start_purchase(g, seat, legal)
        if kind == K.VOTE:
            return BoardAction("vote", 0)
        return legal[0]  # order: the first; grant, roads: pass (index 0)


#: A choice :meth:`BoardPlayoutPolicy.playout` makes without the listing (None: list).
_Unlisted = Callable[[BoardGameState, int, Decision], BoardAction | None]


def _pass(g: BoardGameState, seat: int, decision: Decision) -> BoardAction:
    """Grants and roads: what :meth:`BoardPlayoutPolicy._small` takes, the first listed,
    always pass."""
    return PASS


def _menu_unlisted(g: BoardGameState, seat: int, decision: Decision) -> BoardAction | None:
    """What :func:`_menu` takes from the menus with a fixed answer; None for the others."""
    return _FIXED_MENUS.get(decision.menu().about)


@cache
def _every_target(spaces: tuple[int, ...], kind: str) -> tuple[BoardAction, ...]:
    """The placements of ``kind`` ("cowboy", "white") on every space that takes cowboys and
    every parcel: what a seat's cowboy might take, legal or not."""
    actions = shared_of(kind)
    return tuple(actions[target] for target in (*spaces, *PARCEL_TARGETS))


def _parcel_unlisted(g: BoardGameState, seat: int, decision: Decision) -> BoardAction:
    """What :meth:`BoardPlayoutPolicy.choose` takes for a claim or a purchase of parcels,
    without listing the actions: the same parcels in the listing's order, the first best
    (a Settler's claim values up to 60 parcels, in one call; the listing cost as much). Not
    through a town memo: each sample's earlier claims can make the Settler's town its own,
    and a memo cost 2 % more instructions an iteration."""
    if decision.kind == DecisionKind.BUY_PARCELS:
        assert isinstance(decision.ask, ParcelsAsk)
        parcels = affordable_parcels(g, seat, decision.ask.parcels)
        action = "buy_parcel"
        values = [worth - price for worth, price in worths_and_prices(g, seat, parcels)]
    else:
        parcels = g.claimable(seat)
        action = "claim"
        values = [worth for worth, _ in worths_and_prices(g, seat, parcels)]
    if not parcels:
        return PASS
    # max() keeps the first of equals, as max() over the listing by the same values does.
    return shared(action, parcels[max(range(len(parcels)), key=values.__getitem__)])


def _net_worth(g: BoardGameState, seat: int, p: int) -> float:
    """A parcel's worth less its price (``parcel_worth - Town.price``, from one look)."""
    worth, price = worth_and_price(g, seat, p)
    return worth - price


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


def _construct_unlisted(g: BoardGameState, seat: int, _: Decision) -> BoardAction:
    """What :func:`_construct` chooses, without listing the roads it never chooses: the
    best-paying building spot, else the first owner to ask, else storing."""
    build = g.construction
    assert build is not None
    spots = g.building_spots(build)
    if spots:
        return _construct(g, seat, [shared("build", p) for p in spots])
    if g.catalog.buildings[build.building].needs_road:
        for other in range(g.config.players):
            if other != seat and other not in build.asked and g.has_free_parcel(other):
                return shared("ask", other)
    return STORE


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


def _menu(g: BoardGameState, seat: int, legal: list[BoardAction], about: Menu) -> BoardAction:
    options: dict[MenuOption, BoardAction] = {
        menu_option(a): a for a in legal if a.kind == "option"
    }
    player = g.players[seat]
    if about == Menu.BUILD:
        return options.get(Pick.TAKE, PASS)
    if about == Menu.GROCER:
        return options[Pick.DEFER] if g.town.buildings_of(seat) else options[Pick.MONEY_NOW]
    if about == Menu.GROCER_INCOME:
        return options[_grocer_income(g, seat, options)]
    if about == Menu.RED_CHOICE:
        return options[Pick.MONEY]
    if about == Menu.BANKER:
        return max(legal, key=lambda a: a.index)
    if about == Menu.CASH:
        return options[Pick.ROUND_UP]
    if about == Menu.CAPTAIN and player.money >= 10:
        return min(options.values(), key=lambda a: a.index, default=PASS)
    return PASS


def _grocer_income(g: BoardGameState, seat: int, options: Iterable[MenuOption]) -> MenuOption:
    """Double the best-paying building type if it pays more than the $8."""

    def income(kind: str) -> int:
        return sum(g.town.income(p) for p in g.town.buildings_of(seat, kind))

    doubles = [choice for choice in options if isinstance(choice, Double)]
    best = max(doubles, key=lambda choice: income(choice.building), default=None)
    if best is None or income(best.building) <= GROCER_MONEY:
        return Pick.MONEY
    return best
