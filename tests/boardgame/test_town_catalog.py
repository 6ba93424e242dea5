"""The board game's catalog: the packaged data's invariants, and every validation error.

(Not ``test_catalog.py``: ``tests/cardgame/test_catalog.py`` already has that basename, and
without ``__init__.py`` files pytest cannot collect two test modules of the same name.)"""

from __future__ import annotations

import itertools
import re
from importlib import resources
from pathlib import Path

import pytest
from babel.messages.pofile import read_po

from carson.core import i18n
from carson.games.board import catalog as catalog_module
from carson.games.board.catalog import (
    BUILDING_IDS,
    LANGUAGES,
    PERSONALITY_IDS,
    SPACE_IDS,
    CatalogError,
    load_board_catalog,
)
from catalog_stand_in import names_without

TEXT = resources.files("carson.games.board").joinpath("data/boardgame.toml").read_text("utf-8")
#: BG-10.3 placeholder river, as printed in the spec.
RIVER = ((5, 0), (5, 1), (4, 1), (4, 2), (4, 3), (3, 3), (3, 4), (3, 5), (2, 5), (2, 6), (2, 7))


def test_languages() -> None:
    assert LANGUAGES == ("en", "de", "it", "nl", "fr")
    assert LANGUAGES is i18n.LANGUAGES


def test_bg_1_6_thirty_buildings_by_type() -> None:
    buildings = load_board_catalog().buildings
    assert tuple(buildings) == BUILDING_IDS
    assert {kind: b.count for kind, b in buildings.items()} == {
        "ranch": 6, "mine": 6, "drugstore": 4, "bank": 4,
        "saloon": 3, "hotel": 3, "church": 2, "prison": 2,
    }  # fmt: skip
    assert sum(b.count for b in buildings.values()) == 30


def test_bg_6_1_6_revolvers_on_building() -> None:
    buildings = load_board_catalog().buildings
    assert {kind: b.revolvers for kind, b in buildings.items() if b.revolvers} == {
        "ranch": 1, "mine": 1, "prison": 2,
    }  # fmt: skip


def test_bg_6_1_4_all_but_ranch_and_mine_need_road_and_house() -> None:
    buildings = load_board_catalog().buildings
    assert [kind for kind, b in buildings.items() if not b.needs_road] == ["ranch", "mine"]


def test_bg_3_3_setup_buildings() -> None:
    assert dict(load_board_catalog().setup_buildings) == {
        3: "ranch", 10: "ranch", 4: "mine", 12: "mine",
    }  # fmt: skip


def test_bg_7_1_personality_numbers_and_cash_limits() -> None:
    personalities = load_board_catalog().personalities
    assert tuple(personalities) == PERSONALITY_IDS
    table = {
        kind: (p.number, p.cash_limit["yellow"], p.cash_limit["red"])
        for kind, p in personalities.items()
    }
    assert table == {
        "sheriff": (1, 20, 20),
        "banker": (2, 120, 60),
        "grocer": (3, 60, 60),
        "worker": (4, 30, 30),
        "settler": (5, 30, 20),
        "captain": (6, 25, 20),
        "gunslinger": (7, 20, 30),
    }


def test_bg_7_1_personality_names_follow_the_table() -> None:
    personalities = load_board_catalog().personalities
    assert personalities["gunslinger"].names["de"] == "Revolverheld"
    assert personalities["gunslinger"].names["en"] == "Mercenary"
    assert personalities["grocer"].names["de"] == "Verkäuferin"
    assert personalities["worker"].names["en"] == "Chinese worker"
    assert personalities["captain"].names["de"] == "Hauptmann"


def test_bg_2_3_action_track_in_resolution_order() -> None:
    catalog = load_board_catalog()
    assert tuple(space.id for space in catalog.spaces) == SPACE_IDS
    assert SPACE_IDS[:5] == ("wages", "ammunition", "roads_3", "road_1", "parcel_purchase")
    assert SPACE_IDS[12:16] == (
        "income_parcels", "income_strength", "income_dice", "income_buildings",
    )  # fmt: skip
    assert SPACE_IDS[16:19] == ("vp_parcels", "vp_strength", "vp_buildings")


def test_bg_2_3_prices_of_construction_and_vp_spaces() -> None:
    catalog = load_board_catalog()
    prices = {space.id: space.price for space in catalog.spaces if space.price is not None}
    assert prices == {
        "build_12": 12, "build_10": 10, "build_8": 8, "build_6": 6,
        "build_5": 5, "build_4": 4, "build_3": 3,
        "buy_vp_5": 5, "buy_vp_4": 4, "buy_vp_3": 3, "buy_vp_2": 2,
    }  # fmt: skip
    assert list(prices) == [space_id for space_id in SPACE_IDS if space_id in prices]  # in order
    assert catalog.space("build_8").price == 8
    assert catalog.space("wages").price is None


def test_bg_2_3_duels_and_reminder_spaces() -> None:
    spaces = load_board_catalog().spaces
    assert [space.id for space in spaces if not space.duel] == ["wages", "road_1"]  # BG-4.2.4
    assert [space.id for space in spaces if not space.takes_cowboys] == [
        "parcel_purchase", "income_buildings",
    ]  # fmt: skip


def test_bg_3_1_start_and_bg_1_12_limits_and_bg_4_4_2_new_cowboys() -> None:
    catalog = load_board_catalog()
    assert dict(catalog.start) == {
        "money": 15, "revolvers": 1, "roads": 1, "cowboys": 3, "markers": 12, "parcels": 2,
    }  # fmt: skip
    assert catalog.limits["cowboys_per_colour"] == 10
    assert catalog.limits["roads"] == 25
    assert catalog.limits["houses"] == 20
    assert catalog.limits["mountains"] == 9 and catalog.limits["river_mountains"] == 6
    assert catalog.new_cowboys == (4, 5, 5)
    assert catalog.rounds == 4


def test_names_in_five_languages_everywhere() -> None:
    catalog = load_board_catalog()
    entries = [*catalog.buildings.values(), *catalog.personalities.values(), *catalog.spaces]
    assert len(entries) == 8 + 7 + 23
    for entry in entries:
        assert tuple(entry.names) == LANGUAGES, entry.id
        assert all(name.strip() for name in entry.names.values()), entry.id
    assert catalog.buildings["mine"].names["de"] == "Silbermine"
    assert catalog.space("wages").names["de"] == "Lohn"


def test_names_come_from_the_data_catalogs_with_a_context_per_kind() -> None:
    """English from boardgame.toml; the rest from ``data.po``, whose messages are exactly the
    names (msgctxt "building" / "personality" / "space"): none stale."""
    catalog = load_board_catalog()
    assert catalog.buildings["ranch"].names == dict.fromkeys(LANGUAGES, "Ranch")
    assert catalog.space("roads_3").names["de"] == "Wege"  # kept as it was: no number
    kinds = {
        "building": catalog.buildings.values(),
        "personality": catalog.personalities.values(),
        "space": catalog.spaces,
    }
    names = {(kind, entry.names["en"]) for kind, entries in kinds.items() for entry in entries}
    for lang in LANGUAGES[1:]:
        po = i18n.po_file("carson.games.board", "data", lang)
        with po.open("rb") as source:
            assert {(m.context, m.id) for m in read_po(source) if m.id} == names, lang


def test_a_name_missing_in_one_language_names_it(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A stand-in package whose Dutch catalog lacks the wages space: only nl is reported."""
    name = names_without(tmp_path, monkeypatch, "carson.games.board", "nl", "space", "Wages")
    monkeypatch.setattr(catalog_module, "NAMES_CATALOG", (name, "data"))
    copy = tmp_path / "boardgame.toml"
    copy.write_text(TEXT, encoding="utf-8")
    with pytest.raises(CatalogError) as raised:
        load_board_catalog(copy)
    assert str(raised.value) == (
        f"{copy}: space wages: name 'Wages' has no translation in nl "
        f'(msgctxt "space" in {name} locale/<lang>/LC_MESSAGES/data.po)'
    )


def test_bg_10_3_placeholder_river_runs_edge_to_edge_one_parcel_wide() -> None:
    river = load_board_catalog().river
    assert river == RIVER
    assert river[0][1] == 0 and river[-1][1] == 7  # top edge to bottom edge
    for (x1, y1), (x2, y2) in itertools.pairwise(river):
        assert abs(x1 - x2) + abs(y1 - y2) == 1  # consecutive parcels share a side
    for (i, (x1, y1)), (j, (x2, y2)) in itertools.combinations(enumerate(river), 2):
        if j > i + 1:
            assert abs(x1 - x2) + abs(y1 - y2) > 1  # never beside itself: one parcel wide


def test_bg_10_4_placeholder_new_beginning_prices() -> None:
    catalog = load_board_catalog()
    assert dict(catalog.new_beginning) == {"money": 50, "cowboys": 1}
    assert dict(catalog.new_beginning_prices) == {
        "cowboy": 6, "revolver": 6, "road": 3, "marker": 7, "vp": 5, "sharpshooter": 10,
    }  # fmt: skip
    assert dict(catalog.new_beginning_sales) == {"sell_5_vp": 15, "sell_10_vp": 30}


def test_packaged_catalog_is_read_once_and_a_copy_loads_the_same(tmp_path: Path) -> None:
    assert load_board_catalog() is load_board_catalog()
    copy = tmp_path / "boardgame.toml"
    copy.write_text(TEXT, encoding="utf-8")
    assert load_board_catalog(copy) == load_board_catalog()


def test_catalog_is_read_only() -> None:
    catalog = load_board_catalog()
    with pytest.raises(TypeError):
        catalog.buildings["ranch"] = catalog.buildings["mine"]  # type: ignore[index]
    with pytest.raises(TypeError):
        catalog.personalities["sheriff"].names["en"] = "Marshal"  # type: ignore[index]


# --- validation ---------------------------------------------------------------------------------


def broken(pattern: str, replacement: str, count: int = 1) -> str:
    text, done = re.subn(pattern, replacement, TEXT, count=count, flags=re.M)
    assert done, pattern
    return text


def entry(table: str, entry_id: str) -> str:
    """A regex for the start of one ``[[table]]`` entry, up to and including its id line."""
    return rf'^\[\[{table}\]\]\nid = "{entry_id}"\n'


@pytest.mark.parametrize(
    ("text", "message"),
    [
        # buildings
        (broken(r'^id = "mine"$', 'id = "silver_mine"'), "buildings: expected ids"),
        (broken(r'^id = "prison"$', 'id = "jail"'), "found ['ranch'"),
        (broken(r'(?<=id = "ranch"\n)count = 6', "count = 7"), "add up to 30 (BG-1.6)"),
        (
            broken(r'^name = "Ranch"$', 'name = "Cattle ranch"'),
            "building ranch: name 'Cattle ranch' has no translation in de, it, nl, fr",
        ),
        (broken(r'^name = "Bank"$', 'name = ""'), "building bank: name must be a non-empty"),
        (broken(r"(?<=\n)road = true\n", "", count=1), "malformed entry (KeyError('road'))"),
        (broken(r"^revolvers = 2$", 'revolvers = "two"'), "malformed entry (ValueError("),
        # personalities
        (broken(r'^id = "settler"$', 'id = "colonist"'), "personalities: expected ids"),
        (broken(r"^number = 7$", "number = 6"), "numbers must be 1..7, each once (BG-7.1)"),
        (broken(r"^number = 1$", "number = 0"), "numbers must be 1..7"),
        (broken(r", red = 30 \}", " }"), "malformed entry (KeyError('red'))"),
        (broken(r'^name = "Captain"\n', ""), "personality captain: name must be a non-empty"),
        # spaces
        (
            broken(entry("spaces", "road_1") + r"(.*\n)*?(?=\[\[spaces\]\])", ""),
            "spaces: expected ids",
        ),
        (broken(r'^id = "build_6"$', 'id = "build_7"'), "spaces: expected ids"),
        (broken(r"(?<=\nduel = false\n)", "price = 4\n"), "space wages: a price belongs"),
        (broken(r"(?<=id = \"build_8\"\nduel = true\n)price = 8\n", ""), "space build_8: a price"),
        (broken(r"(?<=id = \"buy_vp_3\"\nduel = true\n)price = 3", 'price = "3$"'), "malformed"),
        # setup buildings
        (broken(r'^3 = "ranch"$', '7 = "ranch"'), "setup_buildings: 7 = 'ranch' is not"),
        (broken(r'^4 = "mine"$', '4 = "house"'), "setup_buildings: 4 = 'house' is not"),
        # river
        (broken(r"\[2, 7\]\]", "[2, 6]]"), "river: at least 2 parcels, each once"),
        (broken(r"^parcels = \[\[5, 0\].*$", "parcels = [[5, 0]]"), "at least 2 parcels"),
        (broken(r"\[2, 7\]\]", "[2, 7], [2, 8]]"), "river: (2, 8) is off the 8×8 town"),
        (broken(r"\[4, 2\], ", ""), "river: (4, 1) and (4, 3) do not share a side"),
        (broken(r"\[3, 4\]", "[4, 4]"), "river: (3, 3) and (4, 4) do not share a side"),
        (broken(r", \[2, 6\], \[2, 7\]\]", "]"), "river: it must start and end on the town's edge"),
        (broken(r"^parcels = \[\[5, 0\], ", "parcels = ["), "must start and end on the town's"),
        (broken(r"\[5, 0\]", "[5, 0, 1]"), "malformed entry"),
        # new beginning
        (broken(r"^road = 3$", "road = 0"), "new_beginning: prices and sales must be positive"),
        (broken(r"^sell_10_vp = 30$", "sell_10_vp = -30"), "prices and sales must be positive"),
        (broken(r"^sharpshooter = 10\n", ""), "malformed entry (KeyError('sharpshooter'))"),
        (broken(r"^money = 50\n", ""), "malformed entry (KeyError('money'))"),
        # missing tables
        (broken(r"^\[river\]\n.*\n", ""), "malformed entry (KeyError('river'))"),
        (broken(r"^\[setup_buildings\]\n(.*\n){4}", ""), "KeyError('setup_buildings')"),
    ],
)
def test_invalid_catalogs_fail_with_a_clear_message(
    tmp_path: Path, text: str, message: str
) -> None:
    path = tmp_path / "edited.toml"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(CatalogError, match=re.escape(message)) as raised:
        load_board_catalog(path)
    assert str(raised.value).startswith(f"{path}: ")  # the message names the file


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("buildings = [", "not valid TOML"),
        (broken(r'^name = "Ranch"$', 'name = ["Ranch"]'), "building ranch: name must be a"),
        # the translations are looked up in the name's own kind (msgctxt): no building Sheriff
        (broken(r'^name = "Ranch"$', 'name = "Sheriff"'), "name 'Sheriff' has no translation"),
        (broken(r"^cash_limit = .*$", "cash_limit = 20"), "malformed entry (TypeError("),
        # BG-2.3: a construction or VP space's price is the one in its id.
        (broken(r"^price = 8$", "price = 9"), "space build_8: price 9, not 8 (BG-2.3)"),
        (broken(r"^price = 2$", "price = 3"), "space buy_vp_2: price 3, not 2 (BG-2.3)"),
        # BG-1.6: no negative counts making up the total of 30.
        (
            broken(r'(?<=id = "mine"\n)count = 6', "count = 9").replace(
                'id = "prison"\ncount = 2', 'id = "prison"\ncount = -1'
            ),
            "building prison: count -1",
        ),
        # BG-10.3: one parcel wide; a river running beside itself would make extra bridges.
        (
            broken(r"^parcels = \[\[5, 0\].*$", "parcels = [[1, 0], [1, 1], [2, 1], [2, 0]]"),
            "river: (1, 0) and (2, 0) lie side by side",
        ),
    ],
)
def test_bad_files_fail_as_catalog_errors(tmp_path: Path, text: str, message: str) -> None:
    path = tmp_path / "edited.toml"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(CatalogError, match=re.escape(message)) as raised:
        load_board_catalog(path)
    assert str(raised.value).startswith(f"{path}: ")


def test_unreadable_file_is_a_catalog_error(tmp_path: Path) -> None:
    missing = tmp_path / "missing.toml"
    with pytest.raises(CatalogError, match=re.escape(f"cannot read {missing}")):
        load_board_catalog(missing)
