"""The terminal kit of a game that has none of its own, like boardgame.io's debug panel: the
seat's view (its JSON) as a tree, public events as one line each (kind and data), a numbered
menu of the legal actions (each shown as its JSON), and the result as a table.

It knows nothing of the game beyond the platform's protocol, so every installed game can be
played, saved, resumed and replayed at the terminal.
"""

from __future__ import annotations

import json
from typing import Any

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text
from rich.tree import Tree

from carson.core.game import JSON, Event, GameState
from carson.core.record import GameRecord
from carson.core.registry import HUMAN, AnyGameKind, GameSetupError
from carson.terminal.asker import Asker, ask_number
from carson.terminal.kit import GameKit
from carson.terminal.texts import Texts, machine_kind


class GenericNames:
    """Seats as ``seat N · who`` (``you``, ``player N`` or the machine's kind)."""

    def __init__(self, kinds: list[str], texts: Texts) -> None:
        self._kinds = kinds
        self._texts = texts

    def kind(self, seat: int) -> str:
        """Who plays the seat ("" when the seat kinds are not known, as in a game log)."""
        kind = self._kinds[seat] if seat < len(self._kinds) else ""
        if kind == HUMAN:
            if self._kinds.count(HUMAN) == 1:
                return self._texts("ui", "you")
            return self._texts("ui", "human", seat=seat + 1)
        return machine_kind(kind, self._texts)

    def seat(self, seat: int) -> str:
        name, kind = self._texts("ui", "seat_of", seat=seat + 1), self.kind(seat)
        return f"{name} · {kind}" if kind else name


def as_json(value: Any) -> str:
    return json.dumps(value, ensure_ascii=False)


def view_tree(label: str, view: Any) -> Tree:
    """A JSON value as a tree: an object's keys and an array's items as branches; arrays of
    plain values stay on one line."""
    tree = Tree(Text(label, "bold"))
    _grow(tree, view)
    return tree


def _grow(branch: Tree, value: Any) -> None:
    items: list[tuple[str, Any]]
    if isinstance(value, dict):
        items = [(str(key), item) for key, item in value.items()]
    elif isinstance(value, list):
        items = [(f"[{index}]", item) for index, item in enumerate(value)]
    else:
        branch.add(Text(as_json(value)))
        return
    for key, item in items:
        if _is_leaf(item):
            line = Text.assemble((f"{key}: ", "cyan"), as_json(item))
            branch.add(line)
        else:
            _grow(branch.add(Text(key, "cyan")), item)


def _is_leaf(value: Any) -> bool:
    if isinstance(value, dict):
        return not value
    if isinstance(value, list):
        return all(not isinstance(item, dict | list) for item in value)
    return True


def event_line(event: Event, names: GenericNames) -> str:
    """``kind: key=value, …`` (a ``seat`` as its name on screen)."""
    parts = []
    for key, value in event.data.items():
        if key == "seat" and isinstance(value, int) and not isinstance(value, bool):
            parts.append(names.seat(value))
        else:
            parts.append(f"{key}={as_json(value)}")
    return f"{event.kind}: {', '.join(parts)}" if parts else event.kind


def result_table(state: GameState[Any], names: GenericNames, texts: Texts) -> Table:
    """Every seat's score, the winners starred."""
    result = state.result()
    assert result is not None
    table = Table(title=texts("ui", "game_over"), title_justify="left")
    table.add_column("")
    table.add_column(texts("ui", "final_score"), justify="right")
    table.add_column("")
    for seat, score in enumerate(result.scores):
        table.add_row(names.seat(seat), str(score), "★" if seat in result.winners else "")
    return table


def seat_count(kind: AnyGameKind, config: JSON) -> int | None:
    """How many seats a game of ``config`` has, found by asking the game which table of its
    first machine kind gives that configuration (``None`` when none does, e.g. variants)."""
    probe = (kind.machine_kinds or (HUMAN,))[0]
    for seats in range(kind.min_seats, kind.max_seats + 1):
        try:
            if kind.config([probe] * seats) == config:
                return seats
        except GameSetupError:
            continue
    return None


class GenericKit(GameKit[GameState[Any], GenericNames, Any]):
    """Any game at the terminal, through the platform's protocol alone."""

    help = ("ui", "help_menu")

    def __init__(self, kind: AnyGameKind) -> None:
        self._kind = kind
        self.game = kind.name

    @property
    def kind(self) -> AnyGameKind:
        return self._kind

    def names(self, state: Any, kinds: list[str], texts: Texts) -> GenericNames:
        return GenericNames(kinds, texts)

    def screen(
        self, state: GameState[Any], viewer: int | None, names: GenericNames, texts: Texts
    ) -> RenderableType:
        if viewer is None:
            label = texts("ui", "view_public")
        else:
            label = texts("ui", "view_of", who=names.seat(viewer))
        parts: list[RenderableType] = [view_tree(label, state.view(viewer))]
        if state.seats_to_act:
            who = ", ".join(names.seat(seat) for seat in state.seats_to_act)
            parts.append(Text(texts("ui", "to_act", who=who), "italic"))
        return Group(*parts)

    def final(self, state: GameState[Any], names: GenericNames, texts: Texts) -> RenderableType:
        return result_table(state, names, texts)

    def ask(self, asker: Asker, state: GameState[Any], seat: int, names: GenericNames) -> Any:
        legal = list(state.legal_actions(seat))
        asker.console.print(asker.texts("ui", "actions"), style="bold", markup=False)
        for number, action in enumerate(legal, start=1):
            asker.console.print(f"{number:>3}: {as_json(action.to_json())}", markup=False)
        question = asker.texts("ui", "prompt_menu", count=len(legal))
        return legal[ask_number(asker, question, list(range(1, len(legal) + 1))) - 1]

    def describe(self, event: Event, names: GenericNames, texts: Texts) -> str:
        return event_line(event, names)

    def game_log(self, state: GameState[Any], record: GameRecord) -> str:
        return generic_log(self.kind, record)

    def kinds_fit(self, state: Any, kinds: list[str], config: JSON) -> bool:
        seats = seat_count(self.kind, config)
        return (
            all(kind in self.kind.seat_kinds for kind in kinds)
            and self.kind.min_seats <= len(kinds) <= self.kind.max_seats
            and (seats is None or seats == len(kinds))
        )

    def record_kinds(self, state: Any, config: JSON) -> list[str]:
        seats = seat_count(self.kind, config)
        if seats is None:  # the seats that acted
            seats = max((seat for seat, _ in state.actions), default=0) + 1
        return ["player"] * seats


def generic_log(kind: AnyGameKind, record: GameRecord) -> str:
    """A finished game as lines: each action (its seat and JSON) and the events it brought
    about, an event seen by some seats only marked with them; then the result."""
    state = kind.new_state(record.config, record.seed)
    names = GenericNames([], Texts("en"))
    lines = [f"{kind.title} ({kind.name}), seed {record.seed}, {as_json(record.config)}"]
    for number, (seat, action) in enumerate(record.actions, start=1):
        lines.append(f"{number}. {names.seat(seat)}: {as_json(action)}")
        for event in state.apply_json(seat, action):
            line = f"   {event_line(event, names)}"
            if event.seats is not None:
                line += f"  (seen by {', '.join(names.seat(s) for s in sorted(event.seats))})"
            lines.append(line)
    result = state.result()
    if result is not None:
        winners = ", ".join(names.seat(seat) for seat in sorted(result.winners))
        lines.append(f"== Result == scores {as_json(list(result.scores))}; winners: {winners}")
    return "\n".join(lines) + "\n"
