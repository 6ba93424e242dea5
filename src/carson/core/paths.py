"""Where carson keeps its files: one data directory for every part (the server's SQLite
database, the terminal's saved games).

``$CARSON_HOME`` if set, else the platform's user data directory from ``platformdirs``
(``~/.local/share/carson`` on Linux). Created when first asked for.
"""

from __future__ import annotations

import os
from pathlib import Path

from platformdirs import user_data_path


def data_dir() -> Path:
    home = os.environ.get("CARSON_HOME")
    path = Path(home) if home else user_data_path("carson", appauthor=False)
    path.mkdir(parents=True, exist_ok=True)
    return path
