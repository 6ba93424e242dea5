"""A scripted keyboard for terminal tests: answers every prompt of the real game loop as a
player would type it, deciding with ``greedy``, and records what it typed."""

from __future__ import annotations

from collections.abc import Iterator

from carson.games.card.engine.actions import Bid, Pass, Pick, Place, Sell, Take, Use
from carson.games.card.engine.observation import SeatObservation
from carson.games.card.players import GreedyPlayer
from carson.terminal.game import TerminalGame


class BotKeyboard:
    def __init__(self, mistakes: Iterator[str] | None = None) -> None:
        self.game: TerminalGame | None = None
        self.typed: list[str] = []
        self._greedy = GreedyPlayer(1)
        self._confirm_next = False
        self._mistakes = mistakes

    def __call__(self, prompt: str) -> str:
        answer = self._answer(prompt)
        self.typed.append(answer)
        return answer

    def _answer(self, prompt: str) -> str:
        if prompt == "":
            return ""  # the hot-seat pause: press Enter
        if self._mistakes is not None:
            mistake = next(self._mistakes, None)
            if mistake is not None:
                return mistake
        if self._confirm_next:
            self._confirm_next = False
            return "y"
        assert self.game is not None
        state = self.game.state
        seat = next(s for s in state.seats_to_act if s not in self.game.players)
        action = self._greedy.choose(SeatObservation(state, seat), state.legal_actions(seat))
        if isinstance(action, Bid):
            return str(action.value)
        if isinstance(action, Take):
            return str(action.slot)
        if isinstance(action, Place):
            self._confirm_next = True
            city = state.seats[seat].city
            assert city is not None  # typed in the city's stable frame, as on screen
            return f"{action.x + city.origin[0]} {action.y + city.origin[1]}"
        if isinstance(action, Use):
            return "y"
        if isinstance(action, Sell):
            return str(action.card)
        if isinstance(action, Pick):
            picks = [a for a in state.legal_actions(seat) if isinstance(a, Pick)]
            return str(picks.index(action) + 1)
        assert isinstance(action, Pass)
        return "n" if state.phase == "ability" else "no"
