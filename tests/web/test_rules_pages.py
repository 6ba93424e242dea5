"""The rules pages (/rules/<game>, issue 44): one per game, in five languages, every section
there and no English left in the translations, drawn with the tables' pictures (never the
terminal's letters), carson's own data drawn from the game data (the card deck card by card,
the river's course, the "new beginning" prices), and reached from the game page, the home
page and the old addresses."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from fastapi.testclient import TestClient
from markupsafe import escape
from signing import post_account_form

from carson.app import create_app
from carson.games.board.catalog import PERSONALITY_IDS, load_board_catalog
from carson.games.board.web.present.common import parcel_label
from carson.games.card.catalog import load_catalog
from carson.games.card.desirability import WEIGHTS
from carson.games.card.parcels import Parcel
from carson.web.kernel.i18n import LANGUAGES

SRC = Path(__file__).resolve().parents[2] / "src" / "carson"
MESSAGE = re.compile(r"""(?:\b_|gettext)\(\s*(?:"((?:[^"\\]|\\.)*)"|'((?:[^'\\]|\\.)*)')""")
PLACEHOLDER = re.compile(r"%\(\w+\)s")
FOREIGN = [lang for lang in LANGUAGES if lang != "en"]
#: Each game's sections, in the order of the page (their ids).
SECTIONS = {
    "card": ["overview", "components", "setup", "round", "city", "personalities", "eras",
             "end", "information", "carson", "carson-decided", "carson-made-up", "deck"],
    "board": ["overview", "components", "town", "setup", "round", "phase-1", "phase-2",
              "phase-3", "phase-4", "buildings", "attacks", "personalities", "end",
              "information", "variants", "variant-sides", "variant-duel-tiles", "variant-river",
              "variant-new-beginning", "carson", "carson-made-up", "carson-river",
              "carson-decided", "carson-sources"],
}  # fmt: skip
#: A few words each translation must use (the game's own terms in that language).
KEY_WORDS = {
    ("card", "de"): ["Auslage", "Epoche", "Geländekarte", "Begehrtheit", "Totenkopf"],
    ("card", "fr"): ["rangée", "ère", "carte terrain", "désirabilité", "tête de mort"],
    ("card", "it"): ["fila", "epoca", "carta terreno", "desiderabilità", "teschio"],
    ("card", "nl"): ["rij", "tijdperk", "terreinkaart", "begeerlijkheid", "doodshoofd"],
    ("board", "de"): ["Grundstück", "Duell", "Stärke", "Fluss", "Ein neuer Anfang"],
    ("board", "fr"): ["terrain", "duel", "force", "rivière", "Un nouveau départ"],
    ("board", "it"): ["lotto", "duello", "forza", "fiume", "Un nuovo inizio"],
    ("board", "nl"): ["kavel", "duel", "kracht", "rivier", "Een nieuw begin"],
}
#: A terminal letter in a drawn cell (the old rules page's legend): never on these pages.
LETTER_CELL = re.compile(r'class="cell[^"]*">\s*[a-z.^]\s*</span>')


@pytest.fixture
def client(tmp_path: Path) -> Iterator[TestClient]:
    with TestClient(create_app(f"sqlite:///{tmp_path / 'web.db'}")) as test_client:
        yield test_client


def page(client: TestClient, path: str, lang: str = "en") -> str:
    client.cookies.set("lang", lang)
    answer = client.get(path)
    assert answer.status_code == 200, (path, lang, answer.status_code)
    return answer.text


def prose(game: str) -> list[str]:
    """The rules templates' sentences long enough to be told apart from a translation (13
    characters or more: a shorter one, like "+1 revolver", may read the same in French)."""
    templates = sorted((SRC / "games" / game / "web" / "templates").glob(f"{game}_rules*.html"))
    assert templates
    found = []
    for path in templates:
        for match in MESSAGE.finditer(path.read_text(encoding="utf-8")):
            text = match.group(1) if match.group(1) is not None else match.group(2)
            if len(text) >= 13:
                found.append(text)
    return found


def fixed_part(message: str) -> str:
    """A message's longest stretch without a placeholder, as the page escapes it."""
    return str(escape(max(PLACEHOLDER.split(message), key=len)))


def test_the_old_addresses_lead_to_the_rules_pages(client: TestClient) -> None:
    def target(path: str) -> str:
        answer = client.get(path, follow_redirects=False)
        assert answer.status_code == 307, path
        return answer.headers["location"]

    assert target("/rules") == "/rules/card"
    assert target("/rules?game=board") == "/rules/board"
    assert target("/rules?game=nosuchgame") == "/rules/card"
    assert client.get("/rules/nosuchgame").status_code == 404
    assert "Carson City: The Board Game" in client.get("/rules?game=board").text


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("game", ["card", "board"])
def test_every_rules_page_has_every_section_drawn_with_pictures(
    client: TestClient, game: str, lang: str
) -> None:
    text = page(client, f"/rules/{game}", lang)
    assert f'<html lang="{lang}">' in text
    ids = re.findall(r'\bid="([\w-]+)"', text)
    assert [section for section in ids if section in SECTIONS[game]] == SECTIONS[game]
    for section in SECTIONS[game]:
        if section in ("overview", "setup", "carson"):
            assert f'href="#{section}"' in text  # the contents lead there
    assert 'id="rules-tab-card"' in text and 'id="rules-tab-board"' in text
    assert 'aria-current="page"' in text
    assert '<use href="#pic-' in text and '<symbol id="pic-' in text
    assert not LETTER_CELL.search(text)
    assert "documentation" not in text.lower()  # no dead pointer to the project's docs
    assert "Undefined" not in text and "%(" not in text


@pytest.mark.parametrize("game", ["card", "board"])
def test_the_english_page_says_every_sentence(client: TestClient, game: str) -> None:
    """The check below would pass on a page that shows none of its sentences: it shows all."""
    text = page(client, f"/rules/{game}")
    missing = [message for message in prose(game) if fixed_part(message) not in text]
    assert missing == []


@pytest.mark.parametrize("lang", FOREIGN)
@pytest.mark.parametrize("game", ["card", "board"])
def test_no_english_is_left_in_a_translated_page(client: TestClient, game: str, lang: str) -> None:
    text = page(client, f"/rules/{game}", lang)
    left = [message for message in prose(game) if fixed_part(message) in text]
    assert left == []
    for word in KEY_WORDS[(game, lang)]:
        assert word in text, word
    assert "Where carson differs" not in text and "What carson made up" not in text


def test_the_deck_is_drawn_card_by_card_from_the_data(client: TestClient) -> None:
    """Every terrain card of the data file, in its order, each parcel drawn and named, with
    its desirability (CG-1.6: carson's own layouts and desirabilities)."""
    text = page(client, "/rules/card", "de")
    catalog = load_catalog()
    for era in (1, 2):
        start = text.index(f'<ol class="rules-deck" data-era="{era}">')
        deck = text[start : text.index("</ol>", start)]
        cards = deck.split("<li>")[1:]
        expected = catalog.era_deck(era)
        assert len(cards) == len(expected) == 48
        for drawn, card in zip(cards, expected, strict=True):
            parcels = re.findall(r'<use href="#pic-([a-z_]+)"/>', drawn)
            assert parcels == [parcel.id for parcel in card.parcels]
            stars = re.search(r"</span> (\d+)</div>", drawn)
            assert stars is not None and int(stars.group(1)) == card.desirability
        assert "<title>leeres Land</title>" in deck  # each parcel named, in German


def test_the_card_pages_other_data_come_from_the_catalog(client: TestClient) -> None:
    text = page(client, "/rules/card")
    catalog = load_catalog()
    weights = text[text.index('class="legend rules-weights"') :]
    for parcel in Parcel:
        assert f'<use href="#pic-{parcel.id}"/>' in weights
    assert weights.count("<li>") >= len(WEIGHTS)
    backs = text[text.index('class="sheet rules-backs"') :]
    for person in catalog.personalities:
        assert person.name("en") in backs
        if person.back is not None:
            assert ", ".join(catalog.suit_names[s]["en"] for s in person.back) in backs
    assert backs.count("a skull") == sum(person.skull for person in catalog.personalities)
    people = text[text.index('class="sheet rules-people') :]
    for person in catalog.personalities:
        row = people[people.index(f'id="person-{person.id}"') :]
        assert f"★ {person.desirability}</td>" in row[: row.index("</tr>")]


def test_the_board_pages_own_data_come_from_the_catalog(client: TestClient) -> None:
    """The river's course (BG-10.3) and the "new beginning" prices (BG-10.4): carson's own."""
    text = page(client, "/rules/board")
    catalog = load_board_catalog()
    labels = ", ".join(parcel_label(x, y) for x, y in catalog.river)
    assert labels in text
    river = text[text.index('id="carson-river"') : text.index("</figure>")]
    water = re.findall(r'<rect class="water"[^>]* width="(\d+)" height="(\d+)"', river)
    assert water.count(("40", "40")) == len(catalog.river)  # the river's parcels, as water
    prices = text[text.index('class="sheet rules-prices"') :]
    prices = prices[: prices.index("</table>")]
    for price in catalog.new_beginning_prices.values():
        assert f'<td class="num">${price}</td>' in prices
    for sale in catalog.new_beginning_sales.values():
        assert f'<td class="num">+${sale}</td>' in prices
    for card in PERSONALITY_IDS:
        assert f'id="person-{card}"' in text
    for building in catalog.buildings:
        assert f'id="building-{building}"' in text


def test_the_game_page_and_the_home_page_link_to_the_rules(client: TestClient) -> None:
    assert post_account_form(client, "/register", "alice").status_code == 303
    headers = {"X-CSRF-Token": client.cookies["carson_csrf"]}
    bodies = {
        "card": {"seats": ["human", "expert", "advanced", "beginner"]},
        "board": {"game": "board", "seats": ["human", "greedy"]},
    }
    for game, body in bodies.items():
        created = client.post("/api/games", headers=headers, json=body)
        table = page(client, f"/games/{created.json()['id']}", "it")
        link = re.search(r'<a class="rules-link" id="rules-link" href="([^"]+)">([^<]+)</a>', table)
        assert link is not None and link.groups() == (f"/rules/{game}", "Le regole di questo gioco")
        assert "Contents" not in page(client, link.group(1), "it")
    assert 'href="/rules/card"' in page(client, "/")
    assert 'href="/rules/board"' in page(client, "/?game=board")


def test_a_game_without_a_rules_part_has_no_rules_page_nor_link(
    toy_game: None, tmp_path: Path
) -> None:
    """The toy game (no web adapter): no page, no tab, no link from its game page."""
    with TestClient(create_app(f"sqlite:///{tmp_path / 'toy.db'}")) as client:
        assert client.get("/rules/toy").status_code == 404
        assert 'id="rules-tab-toy"' not in page(client, "/rules/card")
        assert post_account_form(client, "/register", "alice").status_code == 303
        headers = {"X-CSRF-Token": client.cookies["carson_csrf"]}
        body = {"game": "toy", "seats": ["human", "random"]}
        created = client.post("/api/games", headers=headers, json=body)
        table = page(client, f"/games/{created.json()['id']}")
        assert 'id="board"' in table and 'id="rules-link"' not in table
