"""Setting up a game (BG-3, BG-10.1, BG-10.2, BG-10.4)."""

from __future__ import annotations

from carson.games.board.catalog import PERSONALITY_IDS
from carson.games.board.engine.model import DEALT_TILES_MONEY, DUEL_TILE_SET, DecisionKind
from carson.games.board.engine.table import BoardTable
from carson.games.board.engine.tasks import Board, Claim, Claims, RoundStart, Task
from carson.games.board.town import HOUSE, MOUNTAIN, PARCEL_EDGES, coords, parcel


def setup(g: BoardTable) -> None:
    config = g.config
    if config.has("red-sides"):
        g.sides = dict.fromkeys(PERSONALITY_IDS, "red")
    elif config.has("random-sides"):  # BG-10.1 DECISION: each card 50/50
        g.sides = {p: g.rng.choice(("yellow", "red")) for p in PERSONALITY_IDS}
    g.then(Board())
    if config.has("vote-sides"):
        g.ask(DecisionKind.VOTE, range(config.players))


def board(g: BoardTable) -> None:
    """BG-3: tiles and money, the centre, mountains, buildings, player order, parcels."""
    config, catalog, rng = g.config, g.catalog, g.rng
    new_beginning = config.has("new-beginning")
    if new_beginning:  # BG-10.4 DECISION: replaces the standard start
        for player in g.players:
            player.money = catalog.new_beginning["money"]
            player.cowboys = catalog.new_beginning["cowboys"]
            player.revolvers = player.roads = player.claims = 0
            player.purchasing = True
    if config.has("duel-tiles"):
        _deal_tiles(g, new_beginning)
    _place_tiles(g)
    # BG-3.3 the four fixed buildings and three from the bag.
    for price, building in catalog.setup_buildings.items():
        g.build_spaces[price] = building
        g.bag[building] -= 1
    for price in (5, 6, 8):
        g.build_spaces[price] = g.draw()
    # BG-3.7 the initial order.
    g.initial_order = list(range(config.players))
    rng.shuffle(g.initial_order)
    g.round.turn_order = g.initial_order.copy()
    g.emit("order", order=g.initial_order.copy())
    g.then(Claims(), RoundStart())
    if new_beginning:  # BG-10.4: secret purchases, then the bought parcels
        g.ask(DecisionKind.PURCHASE, range(config.players))


def _deal_tiles(g: BoardTable, new_beginning: bool) -> None:
    n = g.config.players
    if n == 2 or new_beginning:
        for player in g.players:
            player.tiles = list(DUEL_TILE_SET)
        return
    # BG-10.2: deal a set's worth of the shuffled sets; money = $30 − total
    tiles = sorted(list(DUEL_TILE_SET) * n)
    g.rng.shuffle(tiles)
    size = len(DUEL_TILE_SET)
    for index, player in enumerate(g.players):
        player.tiles = sorted(tiles[size * index : size * index + size])
        player.money = DEALT_TILES_MONEY - sum(player.tiles)
        player.announced = sum(player.tiles)  # BG-11.3: public


def _place_tiles(g: BoardTable) -> None:
    """BG-3.4 the centre house and its 4 roads; BG-3.5 mountains (rerolled on used parcels)."""
    town = g.town
    centre = _roll_parcel(g)
    town.tiles[centre] = HOUSE
    for edge in PARCEL_EDGES[centre]:
        town.add_road(edge)
    g.emit("centre", parcel=list(coords(centre)))
    mountains = g.catalog.limits["river_mountains" if town.river else "mountains"]
    for _ in range(mountains):
        p = _roll_parcel(g)
        town.tiles[p] = MOUNTAIN


def _roll_parcel(g: BoardTable) -> int:
    """BG-2.1.2: white die → column, black die → row; reroll used or river parcels."""
    while True:
        p = parcel(g.roll(), g.roll())
        if g.town.tiles[p] is None and p not in g.town.river:
            return p


def claims(g: BoardTable) -> None:
    """BG-3.8 (snake draft) and BG-10.4 DECISION (bought markers, snake repeated)."""
    order = g.initial_order
    left = [player.claims for player in g.players]
    turns: list[Task] = []
    forward = True
    while any(left):
        for seat in order if forward else order[::-1]:
            if left[seat]:
                left[seat] -= 1
                turns.append(Claim(seat))
        forward = not forward
    g.then(*turns)


def claim(g: BoardTable, seat: int) -> None:
    if g.claimable(seat):
        g.ask(DecisionKind.CLAIM, (seat,))
    else:
        g.players[seat].claims = 0
