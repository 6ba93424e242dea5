"""The toy third game (``tests/plugins/carson_toy``), switched on for one test at a time.

It is registered only through its entry point: putting ``tests/plugins`` on the import path
makes its ``carson_toy-0.1.dist-info`` visible to ``importlib.metadata``, exactly as an
installed package would be. Subprocesses (a server, a terminal) get it through ``PYTHONPATH``.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from carson.core.registry import games

PLUGINS = Path(__file__).parent / "plugins"


@contextmanager
def toy_installed() -> Iterator[None]:
    """The toy game is installed while the block runs (in this process)."""
    sys.path.insert(0, str(PLUGINS))
    games.cache_clear()
    try:
        yield
    finally:
        sys.path.remove(str(PLUGINS))
        sys.modules.pop("carson_toy", None)
        games.cache_clear()


def toy_environment() -> dict[str, str]:
    """The environment of a subprocess in which the toy game is installed."""
    path = os.pathsep.join(p for p in (str(PLUGINS), os.environ.get("PYTHONPATH", "")) if p)
    return {**os.environ, "PYTHONPATH": path}
