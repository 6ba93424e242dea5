"""Playing the board game through its web page as a person does: by clicking what the page
offers (parcels, edges, spaces of the track, cards, buttons)."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from playwright.sync_api import Page
from playwright.sync_api import TimeoutError as PlaywrightTimeout

#: Something to click, in the order the page lists them (``.listed`` ones sit in a closed
#: list that repeats the roads of the town).
CLICKABLE = ".choice:not(.listed)"

_READY = """() => {
  const board = document.querySelector('#board');
  return board && (board.dataset.status === 'over' || board.querySelector('.choice') !== null);
}"""

_OFFER = """() => {
  const board = document.querySelector('#board');
  if (!board) return null;
  const kinds = [...board.querySelectorAll('CLICKABLE')].map(element =>
    element.classList.contains('duel-tile') ? 'tile'
    : element.classList.contains('space-target')
      ? (element.querySelector('.cowboy') ? 'crowded space' : 'space')
    : element.classList.contains('parcel-target') ? 'parcel'
    : element.classList.contains('road-target') ? 'road'
    : element.classList.contains('take-card') ? 'card' : 'button');
  const note = board.querySelector('#decision-note');
  return {seq: board.dataset.seq, status: board.dataset.status, kinds: kinds,
          note: note ? note.textContent : ''};
}""".replace("CLICKABLE", CLICKABLE)

#: Chooses the index of the thing to click among the kinds the page offers.
Chooser = Callable[[list[str], random.Random], int]


def any_choice(kinds: list[str], rng: random.Random) -> int:
    return rng.randrange(len(kinds))


def wait_for_change(page: Page, before: str) -> None:
    page.wait_for_function(
        "before => { const b = document.querySelector('#board');"
        " return b && (b.dataset.seq !== before || b.dataset.status === 'over'); }",
        arg=before,
    )


def play_board_decision(
    page: Page, rng: random.Random, chooser: Chooser = any_choice, notes: list[str] | None = None
) -> str | None:
    """Wait until the page asks something (live updates bring the machines' moves), click one
    of its offers and wait for the board that follows. Returns the kind clicked (``tile``,
    ``space``, ``parcel``, ``road``, ``card``, ``button``), ``""`` when the board changed
    under the pointer, ``None`` once the game is over. ``notes`` collects the decision's note
    (the placement's $ sum, the duel's tiles) of every decision answered."""
    page.wait_for_function(_READY, timeout=60_000)
    offer = page.evaluate(_OFFER)
    if offer is None or offer["status"] != "playing":
        return None
    kinds: list[str] = offer["kinds"]
    if not kinds:
        return ""
    if notes is not None:
        notes.append(offer["note"])
    index = chooser(kinds, rng)
    before = offer["seq"]
    try:
        page.locator(f'#board[data-seq="{before}"] {CLICKABLE}').nth(index).click(timeout=2000)
    except PlaywrightTimeout:
        return ""  # a live update replaced the board: read it again
    wait_for_change(page, before)
    return kinds[index]


def builder_move(
    kind: str, legal: list[dict[str, Any]], view: dict[str, Any], rng: random.Random
) -> dict[str, Any]:
    """A move of a player who claims parcels by the town centre and builds what comes with
    a house."""
    prefer: list[dict[str, Any]] = []
    if kind in ("claim", "settler"):
        cx, cy = next((p["x"], p["y"]) for p in view["parcels"] if p["tile"] == "house")
        prefer = [
            a
            for a in legal
            if "parcel" in a and max(abs(a["parcel"][0] - cx), abs(a["parcel"][1] - cy)) == 1
        ]
    elif kind == "personality":
        prefer = [a for a in legal if a["id"] == "worker"]
    elif kind == "place" and rng.random() < 0.8:
        town = {s["id"]: s.get("building") for s in view["spaces"]}  # buildings with a house
        prefer = [a for a in legal if town.get(a.get("space")) not in (None, "ranch", "mine")]
    elif kind == "menu":
        prefer = [a for a in legal if a.get("option") == "take"]
    elif kind == "construct":
        prefer = [a for a in legal if a["kind"] == "build"] or [{"kind": "store"}]
    return rng.choice(prefer or legal)
