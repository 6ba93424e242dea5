"""``carson cards``: the card catalog (CG-1), as text or JSON, in five languages."""

from __future__ import annotations

import json
from enum import StrEnum
from typing import Annotated

import typer
from rich.console import Console
from rich.table import Table

from carson.core.game import JSON
from carson.core.i18n import LANGUAGES, UnknownLanguage, check_language
from carson.games.card.catalog import Catalog, load_catalog
from carson.games.card.tui.texts import texts as terminal_texts


class CardsFormat(StrEnum):
    json = "json"
    text = "text"


def language(value: str) -> str:
    """``--lang``: one of carson's languages."""
    try:
        return check_language(value)
    except UnknownLanguage as error:
        raise typer.BadParameter(str(error)) from None


def catalog_json(catalog: Catalog) -> JSON:
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
    """The catalog as tables, every word in ``lang`` (the terminal's catalogs)."""
    t = terminal_texts(lang)
    # Piped, the console would be 80 columns wide: names are never cut.
    console = Console(highlight=False)
    if not console.is_terminal:
        console.width = max(console.width, 120)
    for era in (1, 2):
        table = Table(title=t("cards", "terrain_title", era="I" if era == 1 else "II"))
        for column in ("id", "card", "parcels"):
            table.add_column(t("cards", column), justify="right" if column == "id" else "left")
        table.add_column(t("ui", "desirability"), justify="right")
        for card in catalog.era_deck(era):
            a, b, c, d = (parcel.letter for parcel in card.parcels)
            table.add_row(
                str(card.id),
                f"{a}{b}\n{c}{d}",
                ", ".join(t("parcels", parcel.id) for parcel in card.parcels),
                str(card.desirability),
            )
        console.print(table)
    suit = catalog.suit_names
    names = [p.name(lang) for p in catalog.personalities]
    table = Table(title=t("cards", "personalities"))
    table.add_column("id", no_wrap=True)
    table.add_column(t("cards", "name"), no_wrap=True, min_width=max(map(len, names)))
    for column in ("symbols", "back"):
        table.add_column(t("cards", column))
    table.add_column(t("ui", "desirability"), justify="right")
    for p, name in zip(catalog.personalities, names, strict=True):
        back = t("cards", "skull") if p.back is None else " ".join(suit[s][lang] for s in p.back)
        table.add_row(p.id, name, " ".join(p.symbols), back, str(p.desirability))
    console.print(table)
    console.print(t("cards", "suits", suits=", ".join(suit[s][lang] for s in catalog.suits)))


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
