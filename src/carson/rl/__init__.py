"""Research interfaces for every game that offers an encoder (:mod:`carson.rl.encoder`):
PettingZoo (AEC), Gymnasium, and the generic parts of OpenSpiel.

``import carson.rl`` registers the Gymnasium environments: ``carson/Game-v0`` (give the game:
``gymnasium.make("carson/Game-v0", game="toy")``) and one id per installed game with an
encoder, ``carson/CardGame-v0`` for the game ``card``
(:class:`carson.rl.gym_env.CarsonGymEnv`). ``pettingzoo_env(game)`` builds the PettingZoo one.
See ``docs/rl.md``.
"""

from __future__ import annotations

from carson.core.extras import MissingExtra, extra_providing

try:  # without the rl extra, one line that names it rather than a traceback
    import gymnasium

    from carson.rl.encoder import Encoder, encoder_of
    from carson.rl.pettingzoo_env import pettingzoo_env
except ModuleNotFoundError as error:
    lacking = extra_providing(error)
    if lacking is None:
        raise
    raise MissingExtra("carson.rl", lacking) from None

from carson.core.registry import games

GYM_ENTRY_POINT = "carson.rl.gym_env:CarsonGymEnv"


def gym_id(game: str) -> str:
    """The Gymnasium id of a game: ``card`` → ``carson/CardGame-v0``."""
    words = game.replace("-", "_").split("_")
    return f"carson/{''.join(word.capitalize() for word in words)}Game-v0"


def register_gym_envs() -> None:
    """Register ``carson/Game-v0`` and the id of every installed game with an encoder
    (again after installing a game: ids already registered stay as they are)."""
    if "carson/Game-v0" not in gymnasium.registry:
        gymnasium.register(id="carson/Game-v0", entry_point=GYM_ENTRY_POINT)
    for name, kind in games().items():
        if "rl" in kind.adapters and gym_id(name) not in gymnasium.registry:
            gymnasium.register(id=gym_id(name), entry_point=GYM_ENTRY_POINT, kwargs={"game": name})


register_gym_envs()

__all__ = ["Encoder", "encoder_of", "gym_id", "pettingzoo_env", "register_gym_envs"]
