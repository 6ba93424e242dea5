"""The checks of a person's move against the game as that person's seat knows it: the same
on every path a move takes (a request thread, the event loop: :mod:`.loop_moves`)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from carson.core.game import Action
from carson.server.kernel.errors import Conflict, Unprocessable
from carson.server.play.table import State

if TYPE_CHECKING:
    from carson.server.play.table import Table


def checked_action(table: Table, state: State, seat: int, seq: int, data: Any) -> Action:
    """The action ``data`` names for ``seat``, sent at ``seq``, once it is checked against
    ``state`` (the seat's state, with its own draft): 409 or 422 otherwise."""
    if seq != len(state.actions):
        raise Conflict(f"stale seq {seq}: the game is at seq {len(state.actions)}", "stale_seq")
    if table.over(state):
        raise Unprocessable("the game is over", "game_over")
    try:
        action: Action = table.kind.action_from_json(state, data)
    except ValueError as error:
        raise Unprocessable(f"malformed action: {error}", "malformed_action") from None
    if seat in table.left:
        raise Conflict("you left this game: a machine plays your seat", "left_game")
    if seat not in state.seats_to_act:
        raise Unprocessable(f"seat {seat} is not asked to act now", "not_your_turn")
    if action not in state.legal_actions(seat):
        phase = table.kind.phase(state)
        raise Unprocessable(f"{action.to_json()} is not a legal {phase} action now",
                            "illegal_action")  # fmt: skip
    return action
