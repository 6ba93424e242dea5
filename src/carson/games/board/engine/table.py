"""Everything on the table of one board game, and the facts the rules read from it.

:class:`BoardTable` holds the pieces, the queue of tasks still to run and the open decision;
its methods are the small moves and questions every part of the rules shares (strength,
where a cowboy may go, drawing from the bag, …). The flow and the decisions work on it;
:class:`~carson.games.board.engine.state.BoardGameState` adds the game protocol on top.
"""

from __future__ import annotations

import random
from collections import deque
from collections.abc import Iterable, Sequence
from dataclasses import replace
from functools import cache
from itertools import compress, repeat
from operator import eq
from typing import Any

from carson.core.game import Event, Result
from carson.games.board.catalog import (
    BUILDING_IDS,
    PERSONALITY_IDS,
    BoardCatalog,
    load_board_catalog,
)
from carson.games.board.engine.config import BoardConfig
from carson.games.board.engine.model import (
    BUILD_PRICES,
    BUILD_SPACE_PRICE,
    GUNSLINGER_BONUS,
    NO_DUEL,
    SPACES,
    Ask,
    Construction,
    Decision,
    DecisionKind,
    Duel,
    Round,
)
from carson.games.board.engine.player import PlayerState
from carson.games.board.engine.tasks import Setup, Task
from carson.games.board.town import HOUSE, NO_OWNER, PARCELS, Town, coords, parcel

#: Each parcel's cowboy target: after the spaces, in parcel order (BG-2.3).
PARCEL_TARGETS = tuple(range(SPACES, SPACES + PARCELS))
#: Tiles that are buildings (not a house or a mountain): the ones that may be attacked.
_BUILDINGS = frozenset(BUILDING_IDS)
#: ``map(eq, owners, _UNOWNED)``: which parcels nobody owns, in C. ``operator.eq`` over two
#: iterables costs 0.6 of ``map(NO_OWNER.__eq__, owners)`` (a method wrapper packs its
#: argument for every parcel); listing placement targets starts with it.
_UNOWNED = (NO_OWNER,) * PARCELS


class BoardTable:
    """The pieces of one board game, its task queue and open decision (no game protocol)."""

    def __init__(
        self,
        config: BoardConfig,
        seed: int,
        catalog: BoardCatalog | None = None,
        rng: random.Random | None = None,
    ) -> None:
        """``rng``: where chance draws from instead of ``random.Random(seed)`` (the chance
        hook, :mod:`carson.games.board.chance`)."""
        self.config = config
        self.seed = seed
        self.catalog = catalog if catalog is not None else load_board_catalog()
        self.rng = rng if rng is not None else random.Random(seed)
        #: The spaces that take cowboys, in track order (fixed by the catalog).
        self.cowboy_spaces = tuple(
            space for space, info in enumerate(self.catalog.spaces) if info.takes_cowboys
        )
        self.cowboy_space_set = frozenset(self.cowboy_spaces)
        river = config.has("river")
        self.town = Town(parcel(x, y) for x, y in self.catalog.river) if river else Town()
        start = self.catalog.start
        self.players = [
            PlayerState(
                money=start["money"], revolvers=start["revolvers"], roads=start["roads"],
                cowboys=start["cowboys"], markers=start["markers"], claims=start["parcels"],
            )
            for _ in range(config.players)
        ]  # fmt: skip
        self.sides: dict[str, str] = dict.fromkeys(PERSONALITY_IDS, "yellow")
        self.build_spaces: dict[int, str | None] = dict.fromkeys(BUILD_PRICES)
        self.bag: dict[str, int] = {b: self.catalog.buildings[b].count for b in BUILDING_IDS}
        self.cowboys_at: dict[int, list[tuple[int, bool]]] = {}  # target → (seat, white)
        self.initial_order: list[int] = []
        self.round = Round()
        self.pool: list[int] = []  # used duel tiles (BG-10.2), hidden
        self.duel: Duel | None = None
        self.duel_winner: int | None = None
        self.construction: Construction | None = None
        self.tasks: deque[Task] = deque([Setup()])
        self.decision: Decision | None = None
        self.finished = False
        self._events: list[Event] = []
        #: False for the samples of searches and heuristics: nobody reads their events.
        self.recording = True

    def _copy_into(self, other: BoardTable, seed: int | None = None) -> None:
        """Make ``other`` (a bare instance) an independent copy of this table; with ``seed``,
        its chance draws from ``random.Random(seed)`` instead of a copy of this one's."""
        other.config = self.config
        other.seed = self.seed
        other.catalog = self.catalog
        other.cowboy_spaces = self.cowboy_spaces
        other.cowboy_space_set = self.cowboy_space_set
        if seed is None:
            other.rng = random.Random(0)  # (a seed: no call for the system's entropy)
            other.rng.setstate(self.rng.getstate())
        else:
            other.rng = random.Random(seed)
        other.town = self.town.clone()
        other.players = [player.copy() for player in self.players]
        other.sides = self.sides.copy()
        other.build_spaces = self.build_spaces.copy()
        other.bag = self.bag.copy()
        other.cowboys_at = {target: list(cows) for target, cows in self.cowboys_at.items()}
        other.initial_order = self.initial_order.copy()
        other.round = self.round.copy()
        other.pool = self.pool.copy()
        other.duel = self.duel
        other.duel_winner = self.duel_winner
        c = self.construction
        other.construction = None if c is None else replace(c)
        other.tasks = self.tasks.copy()
        other.decision = self.decision
        other.finished = self.finished
        other._events = []
        other.recording = self.recording

    @property
    def seats_to_act(self) -> tuple[int, ...]:
        return () if self.decision is None else self.decision.seats

    def result(self) -> Result | None:
        if not self.finished:
            return None
        scores = tuple(player.vp for player in self.players)
        best = max(scores)
        tied = [seat for seat, score in enumerate(scores) if score == best]
        # BG-8.3: the tied player who passed earlier in round 4 wins.
        winner = min(tied, key=self.round.pass_order.index)
        return Result(scores, frozenset({winner}))

    # --- the task queue and decisions -------------------------------------------------------

    def then(self, *tasks: Task) -> None:
        """Do these tasks next, in this order, before what was queued."""
        self.tasks.extendleft(reversed(tasks))

    def ask(self, kind: DecisionKind, seats: Sequence[int], ask: Ask | None = None) -> None:
        if ask is None:  # most decisions: a shared value (a frozen one)
            self.decision = _plain_decision(kind, tuple(seats))
        else:
            self.decision = Decision(kind, tuple(seats), ask)

    def emit(self, kind: str, seats: frozenset[int] | None = None, **data: Any) -> None:
        """Record an event; its data is JSON (for logs and interfaces)."""
        if self.recording:
            self._events.append(Event(kind, data, seats))

    # --- facts the rules use ----------------------------------------------------------------

    def strength(self, seat: int) -> int:
        """BG-4.3.3: cowboys in supply (the white one too), revolvers, the AMMUNITION tile,
        the Gunslinger's bonus."""
        player = self.players[seat]
        bonus = GUNSLINGER_BONUS[player.side] if player.personality == "gunslinger" else 0
        return player.cowboys + player.white + player.revolvers + 3 * player.three_revolvers + bonus

    def blocked(self, space: int) -> bool:
        """BG-2.4: the round marker blocks the VP purchases from the right, one a round."""
        return space >= SPACES + 1 - self.round.number

    def general_cowboys(self, seat: int) -> int:
        """Cowboys of ``seat``'s colour in the general supply (10 per colour, BG-1.3)."""
        on_board = sum(
            1
            for cows in self.cowboys_at.values()
            for who, white in cows
            if who == seat and not white
        )
        return self.catalog.limits["cowboys_per_colour"] - self.players[seat].cowboys - on_board

    def general_roads(self) -> int:
        return general_roads(self.catalog, self.town, (player.roads for player in self.players))

    def general_houses(self) -> int:
        return general_houses(self.catalog, self.town)

    def cash_limit(self, seat: int) -> int:
        player = self.players[seat]
        assert player.personality is not None
        return self.catalog.personalities[player.personality].cash_limit[player.side]

    def pays_half(self, seat: int) -> bool:
        """BG-5.6: the yellow Worker pays half the price of buildings this round."""
        player = self.players[seat]
        return player.personality == "worker" and player.side == "yellow"

    def building_price(self, seat: int, price: int) -> int:
        """BG-5.6: what ``seat`` pays for a building of this price (half, rounded up, for
        the yellow Worker)."""
        return (price + 1) // 2 if self.pays_half(seat) else price

    def first_passer(self) -> int:
        return self.round.pass_order[0]

    def seats_at(self, target: int) -> list[int]:
        """Distinct seats with a cowboy on ``target``, in the order they came."""
        return seats_among(self.cowboys_at.get(target, ()))

    def roll(self) -> int:
        return self.rng.randint(1, 6)

    # --- pieces -----------------------------------------------------------------------------

    def gain_roads(self, seat: int, count: int) -> None:
        """BG-1.12: a gain larger than the general supply gives what is left."""
        gained = max(0, min(count, self.general_roads()))
        self.players[seat].roads += gained
        if gained:
            self.emit("roads", seat=seat, gained=gained)

    def take_cowboy_off(self, target: int, seat: int, to_supply: bool) -> None:
        """Remove ``seat``'s cowboys from ``target``: a loser's coloured cowboys go back to
        his supply (BG-4.3.5), others to the general supply; the white one to the card."""
        cows = self.cowboys_at.get(target)
        if not cows:
            return
        if len(cows) == 1 and cows[0][0] == seat:  # (most targets: this seat's one cowboy)
            _, white = cows.pop()
            del self.cowboys_at[target]
            if to_supply and not white:
                self.players[seat].cowboys += 1
            return
        for cow in [cow for cow in cows if cow[0] == seat]:
            cows.remove(cow)
            if to_supply and not cow[1]:
                self.players[seat].cowboys += 1
        if not cows:
            self.cowboys_at.pop(target, None)

    def clear_target(self, target: int) -> None:
        if target not in self.cowboys_at:  # most buildings paying income have none
            return
        for seat in self.seats_at(target):
            self.take_cowboy_off(target, seat, to_supply=False)

    def claim(self, seat: int, p: int, price: int = 0) -> None:
        player = self.players[seat]
        player.money -= price
        player.markers -= 1
        self.town.set_owner(p, seat)
        if self.recording:  # (searches: the event's data not even built)
            self.emit("parcel", seat=seat, parcel=list(coords(p)), price=price)

    def draw(self) -> str | None:
        """One building from the bag, uniformly at random (BG-11.2); None when empty."""
        total = sum(self.bag.values())
        if total == 0:
            return None
        pick = self.rng.randrange(total)
        for building in BUILDING_IDS:
            if pick < self.bag[building]:
                self.bag[building] -= 1
                return building
            pick -= self.bag[building]
        raise AssertionError("unreachable")

    def pack_and_refill(self) -> None:
        """BG-4.4.4: the buildings slide to the cheapest spaces keeping their order, then
        each empty space gets a building from the bag (or stays empty)."""
        cheapest_first = BUILD_PRICES[::-1]
        waiting = deque(self.build_spaces[p] for p in cheapest_first if self.build_spaces[p])
        for price in cheapest_first:
            self.build_spaces[price] = waiting.popleft() if waiting else self.draw()

    # --- legality helpers -------------------------------------------------------------------

    def claimable(self, seat: int) -> list[int]:
        """BG-3.8 and the yellow Settler: unowned, not river; a marker left."""
        if self.players[seat].markers <= 0:
            return []
        town = self.town
        unowned = compress(range(PARCELS), map(eq, town.owners, _UNOWNED))  # in C
        return [p for p in unowned if p not in town.river] if town.river else list(unowned)

    def placement_targets(self, seat: int, white: bool) -> list[int]:
        """BG-4.2.3, BG-4.2.4, BG-7.2, BG-7.3: where this seat may put a cowboy now."""
        player = self.players[seat]
        red_sheriff = player.personality == "sheriff" and player.side == "red"
        free_only = white or red_sheriff
        town = self.town
        owners = town.owners
        # Which parcels take the cowboy, decided for the many alike in C (map, compress) and
        # then for the few that differ: buildings, river parcels, targets with cowboys.
        open_parcels = list(map(eq, owners, _UNOWNED))  # unowned: any cowboy
        if not white:  # owned buildings may be attacked; houses and mountains never
            for p in compress(range(PARCELS), map(_BUILDINGS.__contains__, town.tiles)):
                owner = owners[p]
                if owner != NO_OWNER:  # the red Sheriff defends, never attacks
                    open_parcels[p] = not red_sheriff or owner == seat
        for p in town.river:
            open_parcels[p] = False
        closed_spaces: set[int] = set()
        for target, cows in self.cowboys_at.items():
            p = target - SPACES
            if p < 0:  # BG-4.2.4: any number on a no-duel space, even beside the white one
                if target not in NO_DUEL and not _may_join(seat, cows, free_only):
                    closed_spaces.add(target)
            elif open_parcels[p]:  # one attacker and no white one on a building
                open_parcels[p] = _may_join(seat, cows, free_only and owners[p] == NO_OWNER)
        targets = self._open_spaces()
        if closed_spaces:
            targets = [space for space in targets if space not in closed_spaces]
        targets += compress(PARCEL_TARGETS, open_parcels)
        return targets

    def may_place(self, seat: int, target: int, white: bool) -> bool:
        """Whether ``target`` is among :meth:`placement_targets` — the same rules for one
        target, for playouts that draw a few targets instead of listing them all."""
        cows = self.cowboys_at.get(target)
        player = self.players[seat]
        p = target - SPACES
        if p < 0:  # a space: open (not blocked, a building to buy), then who may join
            return (
                target in self.cowboy_space_set
                and target < SPACES + 1 - self.round.number
                and (
                    target not in BUILD_SPACE_PRICE
                    or bool(self.build_spaces[BUILD_SPACE_PRICE[target]])
                )
                and (target in NO_DUEL or _may_join(seat, cows, white or _red_sheriff(player)))
            )
        town = self.town
        if p in town.river:
            return False
        owner = town.owners[p]
        if owner == NO_OWNER:  # (most targets: nobody there, and then nothing else to ask)
            return not cows or _may_join(seat, cows, white or _red_sheriff(player))
        if white or town.tiles[p] not in _BUILDINGS:  # only buildings are attacked
            return False
        if _red_sheriff(player) and owner != seat:  # the red Sheriff defends, never attacks
            return False
        return _may_join(seat, cows, False)

    def _open_spaces(self) -> list[int]:
        """Spaces that take cowboys, not blocked (BG-2.4), not an empty BUILD space
        (BG-4.2.3 DECISION: nothing to buy): a new list of the few such sets a game has."""
        stocked = tuple(map(bool, map(self.build_spaces.get, BUILD_PRICES)))
        return list(_open_spaces(self.cowboy_spaces, self.round.number, stocked))

    def house_spots(self, build: Construction) -> list[int]:
        """BG-6.1.4 (ii): empty, road access, not river; unowned, the builder's, or granted."""
        return sorted(self._house_spots(build))

    def _house_spots(self, build: Construction) -> list[int]:
        """:meth:`house_spots` in no order (road access first: few parcels have it)."""
        if self.general_houses() <= 0:
            return []
        town = self.town
        tiles, owners, river = town.tiles, town.owners, town.river
        builder, granted = build.seat, build.granted
        return [
            p
            for p in town.accessible
            if tiles[p] is None
            and p not in river
            and p != build.parcel
            and (owners[p] in (NO_OWNER, builder) or p in granted)
        ]

    def building_spots(self, build: Construction) -> list[int]:
        """BG-6.1.2–6.1.4: the builder's empty parcels; road access and a house spot left."""
        town = self.town
        tiles = town.tiles
        own = [p for p in town.owned_by(build.seat) if tiles[p] is None]
        if not own or not self.catalog.buildings[build.building].needs_road:
            return own
        accessible = town.accessible
        reached = [p for p in own if p in accessible]
        if not reached:  # (often: then the house spots need not be listed)
            return []
        houses = self._house_spots(build)
        # A house spot other than p: there are two, or the one is not p.
        return [p for p in reached if len(houses) > 1 or (houses and houses[0] != p)]

    def road_choices(self, seat: int) -> list[int]:
        roads = self.players[seat].roads
        town = self.town
        return [edge for edge in town.legal_roads() if town.road_cost(edge) <= roads]

    def has_free_parcel(self, owner: int) -> bool:
        """Whether ``owner`` has an empty parcel (:meth:`free_parcels_of`, in C)."""
        town = self.town
        return None in compress(town.tiles, map(eq, town.owners, repeat(owner)))

    def free_parcels_of(self, owner: int) -> list[int]:
        town = self.town
        return [p for p in town.owned_by(owner) if town.tiles[p] is None]


@cache
def _plain_decision(kind: DecisionKind, seats: tuple[int, ...]) -> Decision:
    """The decision without context of these seats: a few dozen a game, each made once (a
    frozen dataclass costs three ``object.__setattr__`` to build; searches open ~30
    decisions an iteration)."""
    return Decision(kind, seats)


@cache
def _open_spaces(
    cowboy_spaces: tuple[int, ...], round_number: int, stocked: tuple[bool, ...]
) -> tuple[int, ...]:
    """:meth:`BoardTable._open_spaces` for the spaces that take cowboys, the round and which
    BUILD spaces (in :data:`BUILD_PRICES` order) hold a building."""
    unblocked = SPACES + 1 - round_number
    has_building = dict(zip(BUILD_PRICES, stocked, strict=True))
    return tuple(
        space
        for space in cowboy_spaces
        if space < unblocked
        and (space not in BUILD_SPACE_PRICE or has_building[BUILD_SPACE_PRICE[space]])
    )


def _red_sheriff(player: PlayerState) -> bool:
    """BG-7.3: the red Sheriff's cowboys go only where nobody is (and never attack)."""
    return player.personality == "sheriff" and player.side == "red"


def _may_join(seat: int, cows: list[tuple[int, bool]] | None, free_only: bool) -> bool:
    """A cowboy may join the ones on a target (not a no-duel space) unless it must stay
    alone (``free_only``), a white cowboy is there, or the seat is there already."""
    if not cows:
        return True
    if free_only:
        return False
    for who, white in cows:  # noqa: SIM110 (a plain loop: cheaper than all() on a generator)
        if white or who == seat:
            return False
    return True


def general_roads(catalog: BoardCatalog, town: Town, supplies: Iterable[int]) -> int:
    """BG-1.12: the road pieces left in the general supply — 25 in all (a bridge takes 2),
    less those on the board and in the players' ``supplies`` (the engine's table and a
    seat's sight of a view both count them so)."""
    on_board = len(town.roads) + len(town.bridges)
    return catalog.limits["roads"] - on_board - sum(supplies)


def general_houses(catalog: BoardCatalog, town: Town) -> int:
    """The houses left in the general supply."""
    return catalog.limits["houses"] - town.count_tiles(HOUSE)


def seats_among(cowboys: Iterable[tuple[int, bool]]) -> list[int]:
    """The distinct seats of ``cowboys`` (seat, white) in the order they came: the engine's
    table and a seat's sight of a view both ask it of a target."""
    seats: list[int] = []
    for seat, _ in cowboys:
        if seat not in seats:
            seats.append(seat)
    return seats
