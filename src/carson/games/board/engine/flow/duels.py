"""Duels (BG-4.3.4, BG-4.3.5, BG-9.3, BG-10.2)."""

from __future__ import annotations

from carson.games.board.catalog import SPACE_IDS
from carson.games.board.engine.flow.gains import gain_vp
from carson.games.board.engine.model import SPACES, DecisionKind, Duel
from carson.games.board.engine.table import BoardTable
from carson.games.board.town import coords

RED_SHERIFF_VP = 3


def fight(g: BoardTable, target: int, seats: tuple[int, ...]) -> None:
    if g.config.has("duel-tiles"):
        holding = tuple(seat for seat in seats if g.players[seat].tiles)
        if holding:
            g.duel = Duel(target, seats)
            g.ask(DecisionKind.TILE, holding)
            return
        finish_duel(g, target, seats, dict.fromkeys(seats, 0))
        return
    values = {}
    for seat in seats:
        die = max(g.roll(), g.roll()) if g.players[seat].sharpshooter else g.roll()  # BG-9.3
        values[seat] = die
    finish_duel(g, target, seats, values)


def finish_duel(g: BoardTable, target: int, seats: tuple[int, ...], draws: dict[int, int]) -> None:
    values = {seat: draws[seat] + g.strength(seat) for seat in seats}
    best = max(values.values())
    order = g.round.pass_order
    winner = min((seat for seat in seats if values[seat] == best), key=order.index)
    g.duel_winner = winner
    if g.recording:  # (searches: the event's data not even built)
        g.emit("duel", where=target_name(target), draws=draws, values=values, winner=winner)
    for seat in seats:
        if seat == winner:
            continue
        g.take_cowboy_off(target, seat, to_supply=True)  # BG-4.3.5
        player = g.players[seat]
        if player.personality == "sheriff" and player.side == "red":
            gain_vp(g, seat, RED_SHERIFF_VP, "sheriff")  # BG-7.3: for every duel he loses


def target_name(target: int) -> str | list[int]:
    """A cowboy target as JSON: a space id or a parcel ``[x, y]``."""
    return SPACE_IDS[target] if target < SPACES else list(coords(target - SPACES))
