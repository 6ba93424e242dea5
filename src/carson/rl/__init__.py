"""Research interfaces for the card game: PettingZoo (AEC), Gymnasium and the encodings.

``import carson.rl`` registers the Gymnasium environment ``carson/CardGame-v0``
(:class:`carson.rl.gym_env.CarsonGymEnv`); ``pettingzoo_env()`` builds the PettingZoo one.
See ``docs/rl.md``.
"""

from __future__ import annotations

import gymnasium

from carson.rl.pettingzoo_env import pettingzoo_env

if "carson/CardGame-v0" not in gymnasium.registry:
    gymnasium.register(id="carson/CardGame-v0", entry_point="carson.rl.gym_env:CarsonGymEnv")

__all__ = ["pettingzoo_env"]
