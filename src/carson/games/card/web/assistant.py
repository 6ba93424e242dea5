"""The scoring assistant: score a city of a physical card game, clicked together on a grid."""

from __future__ import annotations

from fastapi import APIRouter, Request
from fastapi.responses import HTMLResponse

from carson.core.game import JSON
from carson.games.card.catalog import load_catalog
from carson.games.card.parcels import NO_CARD, Parcel
from carson.games.card.scoring import MAX_SALES
from carson.games.card.tui.texts import texts
from carson.games.card.web import MESSAGES
from carson.games.card.web.assistant_sheet import sheet_lines
from carson.games.card.web.pictures import PARCEL_PICTURES
from carson.web.kernel.visit import Visit, visit_of

router = APIRouter(include_in_schema=False)
ASSISTANT_SIZE = 9  # the largest city (9×8 or 8×9 with the Captain) fits


@router.get("/score", response_class=HTMLResponse)
async def assistant(request: Request) -> HTMLResponse:
    visit = (await visit_of(request)).speaking(MESSAGES)
    return visit.render("score.html", **_assistant_context(visit))


@router.post("/score", response_class=HTMLResponse)
async def assistant_sheet(request: Request) -> HTMLResponse:
    """The score sheet of the city in the form (htmx swaps it in beside the grid)."""
    visit = (await visit_of(request)).speaking(MESSAGES)
    form = {key: str(value) for key, value in (await request.form()).items()}
    people = [key[2:] for key in form if key.startswith("p-")]
    cells = [[form.get(f"c-{x}-{y}", "-") or "-" for x in range(ASSISTANT_SIZE)]
             for y in range(ASSISTANT_SIZE)]  # fmt: skip
    unknown = _unknown_cell(cells)
    if unknown is not None:
        message = visit.gettext("Row %(row)s, column %(column)s: choose a parcel from the list.")
        where = {"row": unknown[1] + 1, "column": unknown[0] + 1}
        return visit.render("sheet.html", lines=None, error=message % where)
    rows = _trim(["".join(row) for row in cells])
    try:
        sold = int(form.get("sold", "0") or 0)
    except ValueError:
        sold = -1
    answer = sheet_lines(rows, people, sold, texts(visit.lang), _labels(visit), visit.gettext)
    if isinstance(answer, str):
        return visit.render("sheet.html", lines=None, error=answer)
    lines, total = answer
    return visit.render("sheet.html", lines=lines, total=total, error=None)


def _unknown_cell(cells: list[list[str]]) -> tuple[int, int] | None:
    """(column, row) of the first cell that is not one parcel letter or empty: a hand-made
    post may send anything, and the page answers with a message, never an error page."""
    for y, row in enumerate(cells):
        for x, value in enumerate(row):
            if value == NO_CARD:
                continue
            try:
                Parcel.from_letter(value)
            except ValueError:
                return x, y
    return None


def _trim(rows: list[str]) -> list[str]:
    """Drop the empty rows and columns around the city (it is translation-invariant)."""
    rows = [row for row in rows if row.strip("-")]
    if not rows:
        return []
    used = [x for x in range(len(rows[0])) if any(row[x] != "-" for row in rows)]
    return [row[used[0] : used[-1] + 1] for row in rows]


def _labels(visit: Visit) -> dict[str, str]:
    names = texts(visit.lang)
    labels = {person.id: person.name(visit.lang) for person in load_catalog().personalities}
    labels.update({parcel.id: names("parcels", parcel.id) for parcel in Parcel})
    return labels


def _assistant_context(visit: Visit) -> JSON:
    names = texts(visit.lang)
    return {
        "size": ASSISTANT_SIZE,
        "parcels": [(parcel.id, parcel.letter, names("parcels", parcel.id)) for parcel in Parcel],
        "personalities": [
            (person.id, person.name(visit.lang), names("does", person.id))
            for person in load_catalog().personalities
        ],
        "max_sales": MAX_SALES,
        "pictures": PARCEL_PICTURES,
    }
