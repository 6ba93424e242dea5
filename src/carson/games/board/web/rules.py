"""The board game's rules page: the data its templates draw (``board_rules*.html``), read from
the game's catalog — the tiles, the action track as it stands at the start, the personality
cards, the start, and carson's own river and "new beginning" prices — so the page shows what
carson plays with, never a copy typed by hand.

The page's prose is in the templates, one gettext message per paragraph, translated in the
game's ``web`` catalogs like every other text of its pages."""

from __future__ import annotations

from carson.core.game import JSON
from carson.games.board.catalog import (
    BUILDING_IDS,
    NEW_BEGINNING_ITEMS,
    NEW_BEGINNING_SALES,
    PERSONALITY_IDS,
    SPACE_IDS,
    BoardCatalog,
)
from carson.games.board.web.pictures import TILE_PICTURES
from carson.games.board.web.present.common import COLUMNS, TRACK_ROWS, Gettext, parcel_label
from carson.games.board.web.present.names import Names
from carson.games.board.web.present.tables import space_art
from carson.games.board.web.present.town import plain_town

#: The start a "new beginning" replaces, as purchases (BG-10.4): the standard start's
#: cowboys beyond the one given, its revolver, road and starting parcels.
STANDARD_START = ("cowboy", "cowboy", "revolver", "road", "marker", "marker")
#: 2 to 5 players (BG-1.3).
PLAYERS = range(2, 6)
#: The parcels the dice can name (BG-2.1.2): columns and rows 1–6 of 0–7.
DICE = range(1, 7)


def board_rules_context(lang: str, gettext: Gettext) -> JSON:
    """Everything the rules page draws, in ``lang``."""
    names = Names(lang, gettext)
    catalog = names.catalog
    river = plain_town(names, set(catalog.river))
    return {
        "pictures": TILE_PICTURES,
        "tiles": _tiles(names, catalog),
        "buildings": [_building(names, catalog, building) for building in BUILDING_IDS],
        "start": dict(catalog.start),
        "limits": dict(catalog.limits),
        "new_cowboys": ", ".join(
            gettext("+%(count)s after round %(round)s") % {"count": count, "round": number}
            for number, count in enumerate(catalog.new_cowboys, start=1)
        ),
        "rounds": catalog.rounds,
        "dice_columns": f"{COLUMNS[DICE[0]]}–{COLUMNS[DICE[-1]]}",
        "dice_rows": f"{DICE[0] + 1}–{DICE[-1] + 1}",
        "people": _people(names, catalog),
        "board": {
            "town": river,
            "town_form": False,
            "track": _track(names, catalog),
            "track_form": False,
        },
        "river": [parcel_label(x, y) for x, y in catalog.river],
        "new_beginning": _new_beginning(names, catalog),
        "variants": {
            variant: names.variant(variant)
            for variant in ("red-sides", "random-sides", "vote-sides")
        },
    }


def _tiles(names: Names, catalog: BoardCatalog) -> list[JSON]:
    """Every tile of the town with how many there are (BG-1.5, BG-1.6)."""
    counts = {"house": catalog.limits["houses"], "mountain": catalog.limits["mountains"]}
    counts.update({b.id: b.count for b in catalog.buildings.values()})
    return [{"id": tile, "name": names.tile(tile), "count": counts[tile]} for tile in counts]


def _building(names: Names, catalog: BoardCatalog, building_id: str) -> JSON:
    building = catalog.buildings[building_id]
    return {
        "id": building_id,
        "name": names.building(building_id),
        "count": building.count,
        "revolvers": building.revolvers,
        "road": building.needs_road,
    }


def _track(names: Names, catalog: BoardCatalog) -> list[list[JSON]]:
    """The action track at the start of a game, in the rows the table draws (the spaces the
    bag fills are drawn empty)."""
    laid = {f"build_{price}": kind for price, kind in catalog.setup_buildings.items()}
    rows = []
    for ids in TRACK_ROWS:
        row = []
        for space_id in ids:
            info = catalog.space(space_id)
            building = laid.get(space_id)
            row.append(
                {
                    "id": space_id, "number": SPACE_IDS.index(space_id) + 1,
                    "name": names.space(space_id), "cowboys": [], "blocked": False,
                    "reminder": not info.takes_cowboys, "no_duel": not info.duel,
                    "building": None if building is None
                    else {"id": building, "name": names.building(building)},
                    "has_building_space": space_id.startswith("build_"), "action": None,
                } | space_art(space_id)
            )  # fmt: skip
        rows.append(row)
    return rows


def _people(names: Names, catalog: BoardCatalog) -> list[JSON]:
    """The personality cards with both sides, by number."""
    cards = []
    for card_id in PERSONALITY_IDS:
        info = catalog.personalities[card_id]
        sides = [
            {"side": side, "name": names.side(side), "cash_limit": info.cash_limit[side],
             "effect": names.effect(card_id, side)}
            for side in ("yellow", "red")
        ]  # fmt: skip
        cards.append(
            {"id": card_id, "number": info.number, "name": names.personality(card_id),
             "sides": sides}
        )  # fmt: skip
    return sorted(cards, key=lambda card: card["number"])


def _new_beginning(names: Names, catalog: BoardCatalog) -> JSON:
    """carson's own "new beginning" start and prices (BG-10.4 DECISION), and what the
    standard start would cost at them."""
    prices = catalog.new_beginning_prices
    standard = catalog.start["money"] + sum(prices[item] for item in STANDARD_START)
    roads = catalog.limits["roads"] - 4  # those around the town centre are laid at setup
    return {
        "money": catalog.new_beginning["money"],
        "cowboys": catalog.new_beginning["cowboys"],
        "prices": [(names.item(item), prices[item]) for item in NEW_BEGINNING_ITEMS],
        "sales": [
            (names.item(item), catalog.new_beginning_sales[item]) for item in NEW_BEGINNING_SALES
        ],
        "standard": standard,
        "road_caps": ", ".join(f"{n}: {roads // n}" for n in PLAYERS),
    }
