"""The board game's questions at the terminal say what really happens and why an answer is
refused (issue 19): the cash limit's amounts, constructions of buildings that need no road,
and the board's own parcel names (A–H, 1–8) on screen and typed, with ``x y`` still
understood. Played through the real loop (:class:`TerminalGame`) with a scripted keyboard."""

from __future__ import annotations

from typing import Any

import pytest
from test_board_play import BoardKeyboard, play

from carson.games.board.ai.greedy import GreedyPlayer
from carson.games.board.tui.texts import texts


class CashKeyboard(BoardKeyboard):
    """Declines the round-up at the cash limit (types ``0``) and notes the excess and the
    money before and after."""

    def __init__(self) -> None:
        super().__init__(GreedyPlayer(5))
        self.cash: list[dict[str, Any]] = []

    def __call__(self, prompt: str) -> str:
        game = self.game
        if game is not None and prompt:
            if self.cash and "after" not in self.cash[-1]:
                self.cash[-1]["after"] = game.state.players[self.cash[-1]["seat"]].money
            decision = game.state.decision
            if decision is not None and decision.kind == "menu" and decision.get("about") == "cash":
                seat = game.state.seats_to_act[0]
                money = game.state.players[seat].money
                self.cash.append({"seat": seat, "excess": decision.get("excess"), "money": money})
                return "0"
        return super().__call__(prompt)


@pytest.mark.parametrize(("lang", "option"), [
    ("en", "0: pay ${paid} for {vp} VP (1 VP per full $10)"),
    ("de", "0: ${paid} für {vp} SP zahlen (1 SP je volle $10)"),
])  # fmt: skip
def test_declining_the_round_up_says_the_whole_excess_is_paid(lang: str, option: str) -> None:
    """BG-4.4.3: without the round-up the whole excess goes to the bank, for 1 VP per full
    $10: option 0 says so ("pay $6 for 0 VP", not "pay $0")."""
    for seed in range(3, 12):
        keyboard = CashKeyboard()
        _, code, out = play(["human", "greedy", "greedy"], seed, keyboard, lang=lang)
        assert code == 0
        if keyboard.cash:
            break
    else:
        pytest.fail("no cash-limit decision in these games")
    first = keyboard.cash[0]
    excess = first["excess"]
    assert excess % 10  # the engine asks only when there is something to round up
    assert first["money"] - first["after"] == excess  # what is paid: the whole excess
    shown = option.format(paid=excess, vp=excess // 10)
    assert shown in out, (shown, out[-3000:])
    wrong = texts(lang)("board_options", "pass_cash", paid=excess - excess % 10, vp=excess // 10)
    assert f"0: {wrong}" not in out
