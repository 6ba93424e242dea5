"""``carson play --save`` files: a game's record plus its seat kinds and language, written
after every action; ``--resume`` and ``carson replay`` read them back for any game."""

from __future__ import annotations

import json
import os
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from carson.core.record import GameRecord, RecordError
from carson.core.registry import GameSetupError
from carson.terminal.kit import Setup
from carson.terminal.kits import kit_for

SAVE_FORMAT = 1
SAVE_PROGRAM = "carson play"


class SaveError(ValueError):
    """A save file that cannot be read; the message says why."""


@dataclass(frozen=True)
class Saved:
    """A saved game read back: how it was set up, its state now, its seats and language."""

    setup: Setup
    state: Any
    kinds: list[str]
    lang: str


def write_save(path: Path, setup: Setup, state: Any, kinds: list[str], lang: str) -> None:
    data = {
        "format": SAVE_FORMAT,
        "program": SAVE_PROGRAM,
        "seats": kinds,
        "lang": lang,
        "record": setup.record(state).to_json(),
    }
    # Write beside, then rename: a crash mid-write never leaves half a save.
    temporary = path.with_name(path.name + ".tmp")
    # One line: the C encoder is many times faster than an indented dump, and the save
    # is written after every move (a board game has a thousand of them).
    temporary.write_text(json.dumps(data, ensure_ascii=False), encoding="utf-8")
    os.replace(temporary, path)


def read_save(path: Path) -> Saved:
    """A save file of any game, replayed; or :class:`SaveError`."""
    data = _save_data(path)
    kinds = data.get("seats")
    if not isinstance(kinds, list) or not all(isinstance(kind, str) for kind in kinds):
        raise SaveError(f"{path}: the seat kinds are missing")
    try:
        record = GameRecord.from_json(data.get("record"))
        kit = kit_for(record.game)
        state = kit.replay_record(record)
    except (RecordError, GameSetupError, ValueError) as error:
        raise SaveError(f"{path}: {error}") from None
    if not kit.kinds_fit(state, kinds, record.config):
        raise SaveError(f"{path}: the seat kinds do not match the game")
    lang = data.get("lang", "en")
    setup = Setup(kit, record.config, record.seed)
    return Saved(setup, state, kinds, lang if isinstance(lang, str) else "en")


def _save_data(path: Path) -> dict[str, Any]:
    try:
        data: Any = json.loads(path.read_text(encoding="utf-8"))
    except OSError as error:
        raise SaveError(f"cannot read {path}: {error.strerror or error}") from None
    except json.JSONDecodeError as error:
        raise SaveError(f"{path} is not a carson save (bad JSON: {error.msg})") from None
    if not isinstance(data, dict) or data.get("program") != SAVE_PROGRAM:
        raise SaveError(f"{path} is not a game saved by 'carson play'")
    if data.get("format") != SAVE_FORMAT:
        raise SaveError(f"{path}: unsupported save format {data.get('format')!r}")
    return data


def load_save(path: Path) -> tuple[Any, list[str], str]:
    """(state, seat kinds, language) of a save file of any game, or :class:`SaveError`."""
    saved = read_save(path)
    return saved.state, saved.kinds, saved.lang
