"""The *Carson City* board game as a state machine: a :class:`carson.core.game.GameState`.

The game runs by itself from one decision to the next. What is left to do is a queue of small
tasks (``("space", 7)``, ``("cash", 2)``, …, plain tuples, so a clone is a list copy); a task
either finishes or opens a :class:`Decision` and stops, and :meth:`apply` resumes the queue.
Chance (dice, bag draws, the initial order, duel-tile deals) comes from a generator seeded
with the game's seed at the moment it is needed, so configuration + seed + actions give the
whole game (event sourcing), and a search re-draws the future by reseeding a clone.

Decisions (``Decision.kind``) and the actions they take:

``vote``          red-side vote, simultaneous (BG-10.1)            vote
``purchase``      "Ein neuer Anfang" purchases, simultaneous        purchase / pass
``claim``         a starting parcel (BG-3.8, BG-10.4)               claim
``personality``   phase 1 (BG-4.1)                                  personality
``settler``       the yellow Settler's free parcel                  claim / pass
``menu``          a personality's or a space's options              option / pass
``place``         phase 2 (BG-4.2)                                  cowboy / white / pass
``order``         the first passer's next duel to resolve           order
``tile``          a duel tile, simultaneous (BG-10.2)               tile
``buy_parcels``   parcels one's cowboys stand on (BG-5.5)           buy_parcel / pass
``construct``     roads, permission, the building's parcel          road / ask / build / store
``house``         the free house (BG-6.1.4)                         house
``grant``         another owner answers the builder (BG-9.4)        grant / pass
``stored``        step 12a (BG-6.1.5)                               build_stored / pass
``count``         VP to buy (BG-5.14)                               count
``roads``         the river game's last road step (BG-9.2)          road / pass
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from carson.core.game import JSON, Event, IllegalActionError, Result
from carson.games.board.catalog import (
    BUILDING_IDS,
    PERSONALITY_IDS,
    SPACE_IDS,
    BoardCatalog,
    load_board_catalog,
)
from carson.games.board.engine.actions import (
    BoardAction,
    action_from_json,
)
from carson.games.board.engine.config import BoardConfig
from carson.games.board.engine.player import PlayerState
from carson.games.board.town import (
    HOUSE,
    MOUNTAIN,
    NO_OWNER,
    PARCELS,
    Town,
    coords,
    parcel,
)

SPACES = len(SPACE_IDS)
S = {space_id: index for index, space_id in enumerate(SPACE_IDS)}
BUILD_PRICES = (12, 10, 8, 6, 5, 4, 3)  # BUILD_* in resolution order (BG-2.3)
BUILD_SPACE_PRICE = {S[f"build_{price}"]: price for price in BUILD_PRICES}
NO_DUEL = (S["wages"], S["road_1"])
#: BG-7.2/7.3: strength the Gunslinger adds this round, per side.
GUNSLINGER_BONUS = {"yellow": 3, "red": 2}
CAPTAIN_COWBOYS = {1: 1, 2: 4, 3: 9}  # yellow Captain: cowboys → price
CAPTAIN_REVOLVERS = {1: 3, 2: 9}  # red Captain: revolvers → price
BANKER_VP = {3: 3, 5: 12, 7: 25}  # red Banker: VP → price (BG-7.3)


def target_of_parcel(p: int) -> int:
    return SPACES + p


@dataclass(frozen=True, slots=True)
class Decision:
    """Who must decide now and about what; ``data`` holds the decision's context."""

    kind: str
    seats: tuple[int, ...]
    data: tuple[tuple[str, Any], ...] = ()

    def get(self, key: str, default: Any = None) -> Any:
        return dict(self.data).get(key, default)


@dataclass(slots=True)
class Construction:
    """A building being put on the board (BG-6.1, BG-9.1, BG-9.4)."""

    seat: int
    building: str
    origin: str  # "space", "stored" or "worker"
    asked: frozenset[int] = frozenset()
    granted: frozenset[int] = frozenset()
    parcel: int | None = None


@dataclass(slots=True)
class Duel:
    """A duel waiting for its participants' secret tiles (BG-10.2)."""

    target: int
    seats: tuple[int, ...]


@dataclass
class _Round:
    """What the current round tracks besides the players."""

    number: int = 1
    available: list[str] = field(default_factory=lambda: list(PERSONALITY_IDS))
    turn_order: list[int] = field(default_factory=list)
    pass_order: list[int] = field(default_factory=list)
    cursor: int = 0  # placement: index in turn_order of the seat to act next
    given_up: set[tuple[int, str]] = field(default_factory=set)  # 12a: put back this window

    def copy(self) -> _Round:
        return _Round(
            self.number, self.available.copy(), self.turn_order.copy(), self.pass_order.copy(),
            self.cursor, self.given_up.copy(),
        )  # fmt: skip


class BoardGameState:
    """One game of the *Carson City* board game; see the module docstring for the flow."""

    def __init__(self, config: BoardConfig, seed: int, catalog: BoardCatalog | None = None) -> None:
        self.config = config
        self.seed = seed
        self.catalog = catalog if catalog is not None else load_board_catalog()
        self.rng = random.Random(seed)
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
        self.round = _Round()
        self.pool: list[int] = []  # used duel tiles (BG-10.2), hidden
        self.duel: Duel | None = None
        self.duel_winner: int | None = None
        self.construction: Construction | None = None
        self.tasks: list[tuple[Any, ...]] = [("setup",)]
        self.decision: Decision | None = None
        self.finished = False
        self._actions: list[tuple[int, BoardAction]] = []
        self._events: list[Event] = []
        self._run()
        self._events.clear()

    # --- the GameState protocol -------------------------------------------------------------

    @property
    def seats_to_act(self) -> tuple[int, ...]:
        return () if self.decision is None else self.decision.seats

    @property
    def actions(self) -> Sequence[tuple[int, BoardAction]]:
        return self._actions

    @property
    def is_over(self) -> bool:
        return self.finished

    def legal_actions(self, seat: int) -> list[BoardAction]:
        if self.decision is None or seat not in self.decision.seats:
            return []
        return sorted(decisions.LEGAL[self.decision.kind](self, seat), key=_index)

    def apply(self, seat: int, action: BoardAction) -> list[Event]:
        if self.decision is None:
            raise IllegalActionError("the game is over")
        if seat not in self.decision.seats:
            raise IllegalActionError(
                f"seat {seat} is not to act now (waiting for {list(self.decision.seats)})"
            )
        if action not in decisions.LEGAL[self.decision.kind](self, seat):
            raise IllegalActionError(
                f"{action} is not legal for seat {seat} now ({self.decision.kind})"
            )
        self._events = []
        self._actions.append((seat, action))
        decision, self.decision = self.decision, None
        decisions.APPLY[decision.kind](self, seat, action, decision)
        self._run()
        return self._events

    def apply_json(self, seat: int, data: Any) -> list[Event]:
        return self.apply(seat, action_from_json(data))

    def result(self) -> Result | None:
        if not self.finished:
            return None
        scores = tuple(player.vp for player in self.players)
        best = max(scores)
        tied = [seat for seat, score in enumerate(scores) if score == best]
        # BG-8.3: the tied player who passed earlier in round 4 wins.
        winner = min(tied, key=self.round.pass_order.index)
        return Result(scores, frozenset({winner}))

    def clone(self) -> BoardGameState:
        other = BoardGameState.__new__(BoardGameState)
        other.config = self.config
        other.seed = self.seed
        other.catalog = self.catalog
        other.rng = random.Random()
        other.rng.setstate(self.rng.getstate())
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
        other.construction = (
            None
            if c is None
            else Construction(c.seat, c.building, c.origin, c.asked, c.granted, c.parcel)
        )
        other.tasks = self.tasks.copy()
        other.decision = self.decision
        other.finished = self.finished
        other._actions = self._actions.copy()
        other._events = []
        return other

    def reseed(self, seed: int) -> None:
        """Draw the future (dice, bag, pool) anew: for searches that must not know it."""
        self.rng = random.Random(seed)

    def view(self, seat: int | None) -> JSON:
        from carson.games.board.engine.views import board_view

        return board_view(self, seat)

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
        """BG-1.12: 25 road pieces in all (a bridge takes 2)."""
        on_board = len(self.town.roads) + len(self.town.bridges)
        in_supplies = sum(player.roads for player in self.players)
        return self.catalog.limits["roads"] - on_board - in_supplies

    def general_houses(self) -> int:
        return self.catalog.limits["houses"] - self.town.count_tiles(HOUSE)

    def cash_limit(self, seat: int) -> int:
        player = self.players[seat]
        assert player.personality is not None
        return self.catalog.personalities[player.personality].cash_limit[player.side]

    def building_price(self, seat: int, price: int) -> int:
        """BG-5.6: the yellow Worker pays half, rounded up."""
        player = self.players[seat]
        if player.personality == "worker" and player.side == "yellow":
            return (price + 1) // 2
        return price

    def first_passer(self) -> int:
        return self.round.pass_order[0]

    def seats_at(self, target: int) -> list[int]:
        """Distinct seats with a cowboy on ``target``, in the order they came."""
        seats: list[int] = []
        for seat, _ in self.cowboys_at.get(target, ()):
            if seat not in seats:
                seats.append(seat)
        return seats

    # --- the task queue ---------------------------------------------------------------------

    def _run(self) -> None:
        while self.decision is None and self.tasks:
            name, *args = self.tasks.pop(0)
            flow.TASKS[name](self, *args)

    def _then(self, *tasks: tuple[Any, ...]) -> None:
        """Do these tasks next, in this order, before what was queued."""
        self.tasks[0:0] = list(tasks)

    def _ask(self, kind: str, seats: Sequence[int], **data: Any) -> None:
        self.decision = Decision(kind, tuple(seats), tuple(data.items()))

    def _emit(self, kind: str, seats: frozenset[int] | None = None, **data: Any) -> None:
        self._events.append(Event(kind, data, seats))

    # --- pieces -----------------------------------------------------------------------------

    def _gain_roads(self, seat: int, count: int) -> None:
        """BG-1.12: a gain larger than the general supply gives what is left."""
        gained = max(0, min(count, self.general_roads()))
        self.players[seat].roads += gained
        if gained:
            self._emit("roads", seat=seat, gained=gained)

    def _take_cowboy_off(self, target: int, seat: int, to_supply: bool) -> None:
        """Remove ``seat``'s cowboys from ``target``: a loser's coloured cowboys go back to
        his supply (BG-4.3.5), others to the general supply; the white one to the card."""
        cows = self.cowboys_at.get(target, [])
        for cow in [cow for cow in cows if cow[0] == seat]:
            cows.remove(cow)
            if to_supply and not cow[1]:
                self.players[seat].cowboys += 1
        if not cows:
            self.cowboys_at.pop(target, None)

    def _clear_target(self, target: int) -> None:
        for seat in self.seats_at(target):
            self._take_cowboy_off(target, seat, to_supply=False)

    def _claim(self, seat: int, p: int, price: int = 0) -> None:
        player = self.players[seat]
        player.money -= price
        player.markers -= 1
        self.town.owners[p] = seat
        self._emit("parcel", seat=seat, parcel=list(coords(p)), price=price)

    def _draw(self) -> str | None:
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

    def _pack_and_refill(self) -> None:
        """BG-4.4.4: the buildings slide to the cheapest spaces keeping their order, then
        each empty space gets a building from the bag (or stays empty)."""
        cheapest_first = BUILD_PRICES[::-1]
        waiting = [self.build_spaces[p] for p in cheapest_first if self.build_spaces[p]]
        for price in cheapest_first:
            self.build_spaces[price] = waiting.pop(0) if waiting else self._draw()

    def roll(self) -> int:
        return self.rng.randint(1, 6)

    # --- legality helpers -------------------------------------------------------------------

    def claimable(self, seat: int) -> list[int]:
        """BG-3.8 and the yellow Settler: unowned, not river; a marker left."""
        if self.players[seat].markers <= 0:
            return []
        town = self.town
        return [p for p in range(PARCELS) if town.owners[p] == NO_OWNER and p not in town.river]

    def placement_targets(self, seat: int, white: bool) -> list[int]:
        """BG-4.2.3, BG-4.2.4, BG-7.2, BG-7.3: where this seat may put a cowboy now."""
        player = self.players[seat]
        red_sheriff = player.personality == "sheriff" and player.side == "red"
        free_only = white or red_sheriff
        targets = []
        for space in range(SPACES):
            info = self.catalog.spaces[space]
            if not info.takes_cowboys or self.blocked(space):
                continue
            price = BUILD_SPACE_PRICE.get(space)
            if price is not None and not self.build_spaces[price]:
                continue  # BG-4.2.3 DECISION: nothing to buy
            if self._may_join(seat, space, free_only):
                targets.append(space)
        town = self.town
        for p in range(PARCELS):
            target = SPACES + p
            tile = town.tiles[p]
            if p in town.river:
                continue
            owner = town.owners[p]
            if owner == NO_OWNER:
                if self._may_join(seat, target, free_only):
                    targets.append(target)
            elif tile not in (None, HOUSE, MOUNTAIN) and not white:
                if red_sheriff and owner != seat:
                    continue  # the red Sheriff defends, never attacks
                if seat not in self.seats_at(target) and not self._white_there(target):
                    targets.append(target)
        return targets

    def _white_there(self, target: int) -> bool:
        return any(white for _, white in self.cowboys_at.get(target, ()))

    def _may_join(self, seat: int, target: int, free_only: bool) -> bool:
        if target in NO_DUEL:
            return True  # BG-4.2.4: any number, even beside the white cowboy
        crowded = free_only or self._white_there(target) or seat in self.seats_at(target)
        return not (self.cowboys_at.get(target) and crowded)

    def house_spots(self, build: Construction) -> list[int]:
        """BG-6.1.4 (ii): empty, road access, not river; unowned, the builder's, or granted."""
        if self.general_houses() <= 0:
            return []
        town = self.town
        return [
            p
            for p in range(PARCELS)
            if town.tiles[p] is None
            and p not in town.river
            and p != build.parcel
            and (town.owners[p] in (NO_OWNER, build.seat) or p in build.granted)
            and town.has_access(p)
        ]

    def building_spots(self, build: Construction) -> list[int]:
        """BG-6.1.2–6.1.4: the builder's empty parcels; road access and a house spot left."""
        town = self.town
        own = [p for p in town.owned_by(build.seat) if town.tiles[p] is None]
        if not self.catalog.buildings[build.building].needs_road:
            return own
        houses = self.house_spots(build)
        return [p for p in own if town.has_access(p) and any(q != p for q in houses)]

    def road_choices(self, seat: int) -> list[int]:
        roads = self.players[seat].roads
        town = self.town
        return [edge for edge in town.legal_roads() if town.road_cost(edge) <= roads]

    def free_parcels_of(self, owner: int) -> list[int]:
        town = self.town
        return [p for p in town.owned_by(owner) if town.tiles[p] is None]


def _index(action: BoardAction) -> int:
    return action.index


# The game's steps and decisions live in their own modules; they use the names above.
from carson.games.board.engine import decisions, flow  # noqa: E402
