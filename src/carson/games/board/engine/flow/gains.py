"""Small gains and payments every part of the flow shares."""

from __future__ import annotations

from carson.games.board.engine.table import BoardTable


def gain_income(g: BoardTable, seat: int, amount: int, why: str) -> None:
    g.players[seat].money += amount
    g.emit("income", seat=seat, amount=amount, why=why)


def gain_vp(g: BoardTable, seat: int, amount: int, why: str) -> None:
    g.players[seat].vp += amount
    g.emit("vp", seat=seat, amount=amount, why=why)


def pay_excess(g: BoardTable, seat: int, paid: int, vp: int) -> None:
    """BG-4.4.3: money above the cash limit goes to the bank for VP."""
    g.players[seat].money -= paid
    g.players[seat].vp += vp
    g.emit("cash_limit", seat=seat, paid=paid, vp=vp)
