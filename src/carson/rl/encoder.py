"""The protocol by which a game offers itself to the learning interfaces.

A game plugs into :mod:`carson.rl` with one object, its **encoder**, named in its
:class:`~carson.core.registry.GameKind` as ``adapters={"rl": "module:ENCODER"}``. The
encoder turns what one seat may see into a fixed-shape array and numbers the game's actions
in a fixed action space; the environments (PettingZoo, Gymnasium, OpenSpiel) do the rest
from the registry: seats, configurations, machine players, results.

An encoder must build its observation from the game's observer (``kind.observation`` or the
engine's seat view), never from the whole state, so that no hidden fact reaches a learner.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any, Protocol, TypeVar, runtime_checkable

import numpy as np
import numpy.typing as npt
from gymnasium import spaces

from carson.core.game import Action, GameState
from carson.core.registry import AnyGameKind, GameSetupError

#: An observation array (``float32``; its shape is the encoder's ``observation_space``).
Vector = npt.NDArray[np.float32]
#: 1 for each legal action's index in the action space, else 0.
Mask = npt.NDArray[np.int8]

StateT_contra = TypeVar("StateT_contra", bound=GameState[Any], contravariant=True)
ActionT_co = TypeVar("ActionT_co", bound=Action, covariant=True)
ActionT = TypeVar("ActionT", bound=Action)


@runtime_checkable
class Encoder(Protocol[StateT_contra, ActionT_co]):
    """What :mod:`carson.rl` needs of a game besides its :class:`GameKind`."""

    @property
    def observation_space(self) -> spaces.Box:
        """Shape, dtype (``float32``) and bounds of :meth:`encode`'s arrays."""
        ...

    @property
    def action_space_size(self) -> int:
        """The number of action indices (every ``action.index`` is below it)."""
        ...

    def encode(self, state: StateT_contra, seat: int) -> Vector:
        """What ``seat`` may see of ``state`` — from the game's observer, nothing hidden."""
        ...

    def action_mask(self, state: StateT_contra, seat: int) -> Mask:
        """The legal actions of ``seat`` now (all 0 when it need not act)."""
        ...

    def action_from_index(self, state: StateT_contra, seat: int, index: int) -> ActionT_co:
        """The action numbered ``index`` for ``seat`` now; raises ``ValueError`` when
        ``index`` names no action (the caller still checks that it is legal)."""
        ...

    def summary(self, state: StateT_contra) -> str:
        """One line for the environments' ``ansi`` rendering."""
        ...


AnyEncoder = Encoder[Any, Any]


def encoder_of(kind: AnyGameKind) -> AnyEncoder:
    """The encoder of a game; raises :class:`GameSetupError` when it offers none."""
    encoder: AnyEncoder | None = kind.adapter("rl", Encoder)
    if encoder is None:
        raise GameSetupError(
            f"the game {kind.name!r} offers no learning interface "
            '(its GameKind names no adapters["rl"] encoder)'
        )
    return encoder


def mask_of(legal: Iterable[Action], size: int) -> Mask:
    """The mask of ``legal`` actions in an action space of ``size`` indices."""
    mask = np.zeros(size, dtype=np.int8)
    for action in legal:
        mask[action.index] = 1
    return mask


def legal_action_at(state: GameState[ActionT], seat: int, index: int) -> ActionT:
    """The legal action of ``seat`` numbered ``index``: an ``action_from_index`` for games
    whose legal actions are all their actions of the moment. Raises ``ValueError``."""
    for action in state.legal_actions(seat):
        if action.index == index:
            return action
    raise ValueError(f"action {index} is not legal for seat {seat} now")
