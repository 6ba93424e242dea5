"""``board.shift`` moves every cell by (dx, dy) and drops those leaving the frame, in one
shift for both axes (issue 21): checked against moving the cells one by one."""

from __future__ import annotations

import random

from carson.games.card import board


def _shifted_cell_by_cell(mask: int, dx: int, dy: int) -> int:
    moved = 0
    for x, y in board.cells(mask):
        if board.LO <= x + dx <= board.HI and board.LO <= y + dy <= board.HI:
            moved |= board.bit(x + dx, y + dy)
    return moved


def test_shift_matches_moving_each_cell() -> None:
    rng = random.Random(11)
    for _ in range(300):
        mask = rng.getrandbits(board.FRAME * board.STRIDE) & board.FULL
        for dx in range(-6, 7):
            dy = rng.randint(-5, 5)
            assert board.shift(mask, dx, dy) == _shifted_cell_by_cell(mask, dx, dy), (dx, dy)


def test_shift_all_shifts_each_mask_as_shift_does() -> None:
    rng = random.Random(12)
    for _ in range(100):
        masks = [rng.getrandbits(board.FRAME * board.STRIDE) & board.FULL for _ in range(4)]
        for dx in range(-6, 7):
            dy = rng.randint(-5, 5)
            assert board.shift_all(masks, dx, dy) == [board.shift(m, dx, dy) for m in masks]
