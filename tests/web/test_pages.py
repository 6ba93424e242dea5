"""The web pages without a browser (Starlette's test client): languages, CSRF, moves,
secrecy, replay and the scoring assistant's answers."""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from babel.messages.catalog import Catalog
from babel.messages.pofile import read_po
from fastapi.testclient import TestClient
from signing import post_account_form

from carson.app import create_app
from carson.web.kernel.i18n import LANGUAGES, choose_language

SRC = Path(__file__).resolve().parents[2] / "src" / "carson"
WEB = SRC / "web"
GAMES = sorted(path.parent for path in (SRC / "games").glob("*/web"))
#: Each part of the interface — the platform's pages and each game's own — with the
#: catalogs its pages read, first first: a game's page reads its ``web.po``, then the platform's.
PLATFORM_PO = WEB / "locale" / "{lang}" / "LC_MESSAGES" / "carson.po"
PARTS = {
    "platform": (WEB, [PLATFORM_PO]),
    **{
        game.name: (
            game / "web",
            [game / "locale" / "{lang}" / "LC_MESSAGES" / "web.po", PLATFORM_PO],
        )
        for game in GAMES
    },
}
MESSAGE = re.compile(r"""(?:\b_|gettext)\(\s*(?:"((?:[^"\\]|\\.)*)"|'((?:[^'\\]|\\.)*)')""")
PLACEHOLDER = re.compile(r"%\((\w+)\)s")
FOREIGN = [lang for lang in LANGUAGES if lang != "en"]


@pytest.fixture
def client(tmp_path: Path) -> Iterator[TestClient]:
    with TestClient(create_app(f"sqlite:///{tmp_path / 'web.db'}")) as test_client:
        yield test_client


def sign_up(client: TestClient, name: str) -> str:
    """Registers ``name`` through the form; the CSRF token of its session."""
    response = post_account_form(client, "/register", name)
    assert response.status_code == 303
    return client.cookies["carson_csrf"]


def messages(source: Path) -> list[str]:
    """The msgids the templates and code under ``source`` hand to gettext."""
    found: list[str] = []
    for path in sorted(source.rglob("*")):
        if path.suffix in (".html", ".py"):
            for match in MESSAGE.finditer(path.read_text(encoding="utf-8")):
                text = match.group(1) if match.group(1) is not None else match.group(2)
                if text not in found:
                    found.append(text)
    return found


def read(path: Path, lang: str) -> Catalog:
    with path.open("rb") as po:
        return read_po(po, locale=lang)


@pytest.mark.parametrize("part", sorted(PARTS))
@pytest.mark.parametrize("lang", FOREIGN)
def test_every_interface_text_is_translated_with_its_placeholders(part: str, lang: str) -> None:
    """Each text of a part's pages is in one of the catalogs those pages read, translated."""
    source, paths = PARTS[part]
    catalogs = [read(Path(str(path).format(lang=lang)), lang) for path in paths]
    assert messages(source), part
    for text in messages(source):
        entry = next((found for c in catalogs if (found := c.get(text)) is not None), None)
        assert entry is not None and entry.string, f"{lang}: no translation of {text!r}"
        assert sorted(PLACEHOLDER.findall(text)) == sorted(PLACEHOLDER.findall(entry.string))


@pytest.mark.parametrize("lang", FOREIGN)
def test_every_catalog_is_translated_and_a_games_words_are_its_own(lang: str) -> None:
    """Every entry of every web catalog translated with its placeholders; a game's catalog
    holds only words of its own pages, none the platform's catalog has too."""
    platform = read(WEB / "locale" / lang / "LC_MESSAGES" / "carson.po", lang)
    games = {
        game.name: read(game / "locale" / lang / "LC_MESSAGES" / "web.po", lang) for game in GAMES
    }
    assert GAMES
    for catalog in [platform, *games.values()]:
        for entry in catalog:
            if entry.id:
                assert entry.string, f"{lang}: no translation of {entry.id!r}"
                ids, strings = PLACEHOLDER.findall(str(entry.id)), PLACEHOLDER.findall(entry.string)
                assert sorted(ids) == sorted(strings), entry.id
    for name, catalog in games.items():
        own = set(messages(SRC / "games" / name / "web"))
        for entry in catalog:
            if entry.id:
                assert entry.id in own, f"{name}: {entry.id!r} is not used by its pages"
                assert platform.get(entry.id) is None, f"{name}: {entry.id!r} is the platform's"


def test_the_language_comes_from_the_cookie_then_the_browser() -> None:
    assert choose_language(None, "de-CH,de;q=0.9,en;q=0.8") == "de"
    assert choose_language(None, "pt-BR,fr;q=0.5") == "fr"
    assert choose_language("it", "de") == "it"
    assert choose_language("xx", None) == "en"
    assert choose_language(None, "en;q=0, nl;q=0.2") == "nl"


def test_a_form_without_its_csrf_token_changes_nothing(client: TestClient) -> None:
    sign_up(client, "alice")
    response = client.post("/play", data={"friends": "0", "seats": "4", "opponent": "expert"})
    assert response.status_code == 403
    assert "games/" not in client.get("/").text


def play_now(client: TestClient, csrf: str, friends: int = 0) -> str:
    form = {"csrf": csrf, "friends": str(friends), "seats": "4", "opponent": "expert"}
    response = client.post("/play", data=form, follow_redirects=False)
    assert response.status_code == 303
    return str(response.headers["location"])


def test_a_move_from_the_page_and_a_refused_one(client: TestClient) -> None:
    csrf = sign_up(client, "alice")
    game = play_now(client, csrf)
    page = client.get(game).text
    assert 'data-seq="0"' in page and "Choose your auction card" in page
    htmx = {"HX-Request": "true"}
    bid = '{"kind": "bid", "value": 5}'
    moved = client.post(game + "/act", headers=htmx, data={"csrf": csrf, "seq": "0", "action": bid})
    assert moved.status_code == 200 and 'data-seq="0"' not in moved.text
    seq = re.search(r'data-seq="(\d+)"', moved.text)
    assert seq is not None
    illegal = {"csrf": csrf, "seq": seq.group(1), "action": '{"kind": "bid", "value": 99}'}
    refused = client.post(game + "/act", headers=htmx, data=illegal)
    assert 'class="error"' in refused.text
    assert f'data-seq="{seq.group(1)}"' in refused.text  # nothing changed
    unreadable = {"csrf": csrf, "seq": seq.group(1), "action": "{not json"}
    garbled = client.post(game + "/act", headers=htmx, data=unreadable)
    assert "could not be read" in garbled.text


def test_a_page_shows_nothing_of_another_players_secret_bid(
    tmp_path: Path, server_seed: Callable[[int], None]
) -> None:
    """CG-9.2 on the page: bob's board, its move log too, is the same whatever alice bid in
    secret; alice's log tells her own bid."""
    boards = []
    server_seed(12345)
    for bid in (3, 9):
        with TestClient(create_app(f"sqlite:///{tmp_path / f'{bid}.db'}")) as alice:
            csrf = sign_up(alice, "alice")
            created = alice.post(
                "/api/games",
                headers={"X-CSRF-Token": csrf},
                json={"seats": ["human", "human", "expert", "expert"]},
            )
            game_id = created.json()["id"]
            bob = TestClient(alice.app)
            bob_csrf = sign_up(bob, "bob")
            bob.post(f"/games/{game_id}/join", data={"csrf": bob_csrf})
            alice.post(
                f"/games/{game_id}/act",
                data={"csrf": csrf, "seq": "0", "action": f'{{"type": "bid", "value": {bid}}}'},
            )
            mine = alice.get(f"/games/{game_id}/board").text
            assert f"alice secretly chooses the auction card {bid}." in log_of(mine)
            board = bob.get(f"/games/{game_id}/board").text
            assert "Move log" in board and "secretly chooses" not in board
            boards.append(board.replace(game_id, "GAME").replace(bob_csrf, "CSRF"))
    assert boards[0] == boards[1]
    assert 'data-seq="1"' in boards[0]


def log_of(page: str) -> str:
    """The move log of a card-game page."""
    start = page.index('<section class="panel" id="events">')
    return page[start : page.index("</section>", start)]


def test_invitation_replay_and_my_games(client: TestClient) -> None:
    csrf = sign_up(client, "alice")
    game = play_now(client, csrf, friends=1)
    assert "Waiting for players" in client.get(game).text
    assert "waiting for players" in client.get("/").text
    guest = TestClient(client.app)
    guest_csrf = sign_up(guest, "bob")
    assert "You are invited" in guest.get(game).text
    joined = guest.post(game + "/join", data={"csrf": guest_csrf}, follow_redirects=False)
    assert joined.status_code == 303
    assert "your turn" in client.get("/").text
    assert "once the game is over" in client.get(game + "/replay").text


def test_the_scoring_assistant_answers_with_the_sheet_or_what_is_wrong(
    client: TestClient,
) -> None:
    sheet = client.post("/score", data={"c-0-0": "r", "c-1-0": ".", "p-cowboy": "on"}).text
    assert 'id="total">4<' in sheet  # ranch 1 (one empty neighbour) + cowboy 3
    wrong = client.post("/score", data={"c-0-0": "r", "sold": "2"}).text
    assert "Only the Auctioneer sells cards" in wrong and "CG-" not in wrong


def test_my_games_are_paged_newest_first(
    client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr("carson.web.lobby.home.GAMES_PAGE", 2)
    csrf = sign_up(client, "pager")
    headers = {"X-CSRF-Token": csrf}
    made = [
        client.post("/api/games", headers=headers, json={"seats": ["human", "random"] * 2}).json()[
            "id"
        ]
        for _ in range(3)
    ]

    def listed(page: str) -> list[str]:
        section = page[page.index('id="my-games"') :]
        return re.findall(r'href="/games/(\w+)">', section[: section.index("</section>")])

    first = client.get("/").text
    assert listed(first) == made[:0:-1]
    assert 'href="/?page=1#my-games" rel="next" id="older-games"' in first
    assert 'id="newer-games"' not in first
    client.cookies.set("lang", "de")
    second = client.get("/?page=1").text
    assert listed(second) == made[:1] and "Neuere Spiele" in second
    assert 'href="/#my-games" rel="prev" id="newer-games"' in second
    assert 'id="older-games"' not in second
    tab = client.get("/?game=board&page=1").text  # another game's tab keeps its tab
    assert 'href="/?game=board#my-games" rel="prev"' in tab
    assert "Auf dieser Seite sind keine Spiele." in client.get("/?page=7").text
    for bad in ("-1", "x", "99999999"):
        refused = client.get(f"/?page={bad}")
        assert refused.status_code == 422, bad
        assert "Diese Seite deiner Spiele gibt es nicht." in refused.text
        assert listed(refused.text) == made[:0:-1]  # the first page instead


def test_an_unknown_address_is_a_page_in_the_visitors_language(client: TestClient) -> None:
    """A mistyped address in a browser gets the site's page, not the API's JSON body; the
    API, the static files and other methods keep their answers."""
    sign_up(client, "alice")
    page = client.get("/settings")
    assert page.status_code == 404 and page.headers["content-type"].startswith("text/html")
    assert "There is no page at this address." in page.text and 'href="/lobby"' in page.text
    assert "alice" in page.text  # the header of a signed-in visitor
    client.cookies.set("lang", "de")
    assert "Unter dieser Adresse gibt es keine Seite." in client.get("/no/such/page").text
    api = client.get("/api/no-such-route")
    assert api.status_code == 404 and api.json()["code"] == "not_found"
    assert (
        client.get("/static/no-such-file.js").headers["content-type"].startswith("application/json")
    )
    wrong = client.post("/settings")
    assert wrong.status_code == 404 and wrong.json()["code"] == "not_found"
    method = client.put("/lobby")  # a wrong method stays the API's 405 with its Allow
    assert method.status_code == 405 and "GET" in method.headers["allow"]
