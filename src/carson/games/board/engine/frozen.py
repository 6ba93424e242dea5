"""Frozen values made once per argument and shared: the flow's busiest tasks and asks.

Tasks and asks are frozen dataclasses: building one costs three ``object.__setattr__`` and
its ``__init__`` (~0.5 µs; an ask with defaults ~1.8 µs), a cached look-up a fifth of that,
and a search iteration builds some twenty of them. Equal values either way: only where they
are built changes.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import cache
from typing import ParamSpec, TypeVar, cast

P = ParamSpec("P")
T = TypeVar("T")


def made_once(kind: Callable[P, T]) -> Callable[P, T]:
    """``kind``'s constructor, each value built on its first call and shared after (its
    arguments are hashable and few: spaces, targets, seats, prices)."""
    return cast(Callable[P, T], cache(kind))
