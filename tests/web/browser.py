"""A real server (:mod:`live_server`) and Debian's chromium for the browser tests (and the
screenshots)."""

from __future__ import annotations

import shutil
from pathlib import Path

from live_server import GENEROUS_LIMITS, running_server

CHROMIUM = shutil.which("chromium") or "/usr/bin/chromium"
#: Flags for a headless chromium on a machine without network or a desktop session.
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]


def chromium_available() -> bool:
    return Path(CHROMIUM).exists()


__all__ = ["CHROMIUM", "CHROMIUM_ARGS", "GENEROUS_LIMITS", "chromium_available", "running_server"]
