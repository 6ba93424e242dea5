"""``carson cards``: the card catalog (CG-1), as text or JSON, in five languages."""

from __future__ import annotations

import json
from enum import StrEnum
from typing import Annotated, Any

import typer
from rich.console import Console
from rich.table import Table

from carson.core.i18n import LANGUAGES, UnknownLanguage, check_language
from carson.games.card.catalog import Catalog, load_catalog


class CardsFormat(StrEnum):
    json = "json"
    text = "text"


def language(value: str) -> str:
    """``--lang``: one of carson's languages."""
    try:
        return check_language(value)
    except UnknownLanguage as error:
        raise typer.BadParameter(str(error)) from None


def catalog_json(catalog: Catalog) -> dict[str, Any]:
    return {
        "terrain": [
            {
                "id": card.id,
                "era": card.era,
                "parcels": [parcel.id for parcel in card.parcels],
                "desirability": card.desirability,
            }
            for card in catalog.terrain
        ],
        "personalities": [
            {
                "id": p.id,
                "names": dict(p.names),
                "symbols": list(p.symbols),
                "desirability": p.desirability,
                "back": "skull" if p.back is None else [suit.value for suit in p.back],
            }
            for p in catalog.personalities
        ],
        "suits": [suit.value for suit in catalog.suits],
    }


def print_catalog(catalog: Catalog, lang: str) -> None:
    console = Console()
    for era in (1, 2):
        table = Table(title=f"Terrain cards, era {'I' if era == 1 else 'II'}")
        table.add_column("id", justify="right")
        table.add_column("card")
        table.add_column("parcels")
        table.add_column("desirability", justify="right")
        for card in catalog.era_deck(era):
            a, b, c, d = (parcel.letter for parcel in card.parcels)
            table.add_row(
                str(card.id),
                f"{a}{b}\n{c}{d}",
                ", ".join(parcel.id for parcel in card.parcels),
                str(card.desirability),
            )
        console.print(table)
    table = Table(title="Personalities")
    for column in ("id", "name", "symbols", "desirability", "back (strongest first)"):
        table.add_column(column)
    for p in catalog.personalities:
        back = "skull" if p.back is None else " ".join(suit.value for suit in p.back)
        table.add_row(p.id, p.name(lang), " ".join(p.symbols), str(p.desirability), back)
    console.print(table)
    console.print("Suits: " + ", ".join(catalog.suit_names[s][lang] for s in catalog.suits))


def register(app: typer.Typer) -> None:
    @app.command()
    def cards(
        output: Annotated[
            CardsFormat, typer.Option("--format", help="json or text")
        ] = CardsFormat.text,
        lang: Annotated[
            str,
            typer.Option(
                callback=language, metavar=f"<{'|'.join(LANGUAGES)}>", help="language of names"
            ),
        ] = "en",
    ) -> None:
        # The catalog of CG-1.
        """Print the card catalog: terrain cards, personalities and suits."""
        catalog = load_catalog()
        if output is CardsFormat.json:
            print(json.dumps(catalog_json(catalog), ensure_ascii=False, indent=2))
        else:
            print_catalog(catalog, lang)
