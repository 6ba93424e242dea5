"""``carson play --save`` files: a game's record plus its seat kinds and language, each
move's events (with their audience) and how far each human has seen them, written after
every action; ``--resume`` and ``carson replay`` read them back for any game.

Format 2 added the events and the seen marks. A format 1 save still loads: its events are
derived by replaying it, once, as it is read.
"""

from __future__ import annotations

import json
import os
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from carson.core.game import JSON
from carson.core.record import GameRecord, RecordError, json_problem
from carson.core.registry import GameSetupError
from carson.terminal.kit import AnyKit, Setup
from carson.terminal.kits import kit_for
from carson.terminal.moves import MoveLog

SAVE_FORMAT = 2
#: Formats still read: 1 kept no events.
READ_FORMATS = (1, 2)
SAVE_PROGRAM = "carson play"


class SaveError(ValueError):
    """A save file that cannot be read; the message says why."""


@dataclass(frozen=True)
class Saved:
    """A saved game read back: how it was set up, its state now, its seats and language,
    its move log (``None`` for a new game: the setup's events only) and, per human seat,
    how many entries of the log he has seen."""

    setup: Setup
    state: Any
    kinds: list[str]
    lang: str
    log: MoveLog | None = None
    seen: Mapping[int, int] = field(default_factory=dict)


def write_save(
    path: Path,
    setup: Setup,
    state: Any,
    kinds: list[str],
    lang: str,
    log: MoveLog,
    seen: Mapping[int, int],
) -> None:
    data = {
        "format": SAVE_FORMAT,
        "program": SAVE_PROGRAM,
        "seats": kinds,
        "lang": lang,
        "record": setup.record(state).to_json(),
        "events": log.to_json(),
        "seen": {str(seat): count for seat, count in seen.items()},
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
        state, log, seen = _played(kit, record, data)
    except (RecordError, GameSetupError, ValueError) as error:
        raise SaveError(f"{path}: {error}") from None
    if not kit.kinds_fit(state, kinds, record.config):
        raise SaveError(f"{path}: the seat kinds do not match the game")
    lang = data.get("lang", "en")
    setup = Setup(kit, record.config, record.seed)
    return Saved(setup, state, kinds, lang if isinstance(lang, str) else "en", log, seen)


def _played(kit: AnyKit, record: GameRecord, data: JSON) -> tuple[Any, MoveLog, dict[int, int]]:
    """The state of a saved game, its move log and the humans' seen marks."""
    if data["format"] == 1:  # no events kept: derive them, and count them all as seen
        state, log = kit.replay_logged(record)
        return state, log, {}
    state = kit.replay_record(record)
    log = MoveLog.from_json(data.get("events"))
    if len(log) != len(record.actions) + 1:
        raise ValueError(f"the move log has {len(log)} entries for {len(record.actions)} moves")
    seen = data.get("seen")
    if not isinstance(seen, dict) or not all(
        seat.isdigit() and isinstance(count, int) and 0 <= count <= len(log)
        for seat, count in seen.items()
    ):
        raise ValueError("the seen marks are malformed")
    return state, log, {int(seat): count for seat, count in seen.items()}


def _save_data(path: Path) -> JSON:
    try:
        data: Any = json.loads(path.read_text(encoding="utf-8"))
    except OSError as error:
        raise SaveError(f"cannot read {path}: {error.strerror or error}") from None
    except json.JSONDecodeError as error:
        raise SaveError(f"{path} is not a carson save: {json_problem(error)}") from None
    if not isinstance(data, dict) or data.get("program") != SAVE_PROGRAM:
        raise SaveError(f"{path} is not a game saved by 'carson play'")
    if data.get("format") not in READ_FORMATS:
        raise SaveError(f"{path}: unsupported save format {data.get('format')!r}")
    return data


def load_save(path: Path) -> tuple[Any, list[str], str]:
    """(state, seat kinds, language) of a save file of any game, or :class:`SaveError`."""
    saved = read_save(path)
    return saved.state, saved.kinds, saved.lang
