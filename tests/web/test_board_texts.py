"""What the board game's pages tell players, as issue 19 found it wanting: duels say which
number is the tile (or die) and which the strength, the score sheet has a row for the new
beginning's VP, the waiting room shows the start the variants really give, the invitation
names the host and the variants, opponents' duel tiles say what is counted, a refused move
reads as a short sentence (the API keeps the precise one), and parcels are A–H/1–8 — in
English and another language."""

from __future__ import annotations

import html
import json
import random
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from signing import post_account_form

from carson.app import create_app
from machines import MOVED_ON, after_machines

HTMX = {"HX-Request": "true"}


@pytest.fixture
def client(tmp_path: Path) -> Iterator[TestClient]:
    with TestClient(create_app(f"sqlite:///{tmp_path / 'web.db'}")) as test_client:
        yield test_client


def sign_up(client: TestClient, name: str, lang: str = "en") -> str:
    client.cookies.set("lang", lang)
    response = post_account_form(client, "/register", name)
    assert response.status_code == 303
    return client.cookies["carson_csrf"]


def guest(client: TestClient, name: str, lang: str = "en") -> tuple[TestClient, str]:
    other = TestClient(client.app)
    return other, sign_up(other, name, lang)


def create(client: TestClient, csrf: str, seats: list[str], variants: list[str], seed: int) -> str:
    body = {"game": "board", "seats": seats, "variants": variants, "seed": seed}
    response = client.post("/api/games", json=body, headers={"X-CSRF-Token": csrf})
    assert response.status_code == 201, response.text
    return f"/games/{response.json()['id']}"


def text_of(fragment: str) -> str:
    """What a player reads of an HTML fragment: its text, tags and attributes left out."""
    return re.sub(r"\s+", " ", html.unescape(re.sub(r"<[^>]+>", " ", fragment)))


def part(page: str, start: str, end: str | None = None) -> str:
    """The page from the element with id ``start`` up to the one with id ``end``."""
    begin = page.index(f'id="{start}"')
    return page[begin : page.index(f'id="{end}"', begin) if end else None]


# ---------------------------------------------------------------------- a refused move (6)


REFUSED = {
    "en": "That move is not possible now; here is the game as it is.",
    "de": "Dieser Zug ist jetzt nicht möglich; hier ist der aktuelle Stand des Spiels.",
}


@pytest.mark.parametrize("lang", sorted(REFUSED))
def test_a_malformed_move_reads_as_a_short_sentence_and_the_api_keeps_the_precise_one(
    client: TestClient, lang: str
) -> None:
    csrf = sign_up(client, "alice", lang)
    game = create(client, csrf, ["human", "greedy"], ["new-beginning"], seed=3)
    view = client.get("/api" + game).json()
    assert view["view"]["decision"]["kind"] == "purchase"
    malformed = {"kind": "purchase", "item": "a castle"}
    data = {"csrf": csrf, "seq": str(view["seq"]), "action": json.dumps(malformed)}
    page = client.post(game + "/act", data=data, headers=HTMX)
    assert page.status_code == 200
    error = re.search(r'<p class="error" role="alert">([^<]*)</p>', page.text)
    assert error is not None and html.unescape(error.group(1)) == REFUSED[lang]
    assert "malformed" not in page.text and "castle" not in text_of(page.text)
    assert f'data-seq="{view["seq"]}"' in page.text  # nothing changed: the game as it is
    illegal = {**data, "action": json.dumps({"kind": "claim", "parcel": [0, 0]})}
    refused = client.post(game + "/act", data=illegal, headers=HTMX).text
    assert REFUSED[lang] in html.unescape(refused)
    api = client.post(
        "/api" + game + "/actions",
        json={"seq": view["seq"], "action": malformed},
        headers={"X-CSRF-Token": csrf},
    )
    assert api.status_code == 422 and "malformed" in api.json()["detail"]


# ---------------------------------------------------------------------- playing along


def crowding(view: dict[str, Any], legal: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The cowboy placements where another seat's cowboy already stands (a duel to come)."""
    taken: set[Any] = {space["id"] for space in view["spaces"] if space["cowboys"]}
    taken |= {(p["x"], p["y"]) for p in view["parcels"] if p["cowboys"] and p["owner"] is None}
    return [
        action
        for action in legal
        if action["kind"] == "cowboy"
        and (action.get("space") in taken or tuple(action.get("parcel", ())) in taken)
    ]


def play_until(
    client: TestClient, csrf: str, game: str, kinds: set[str], rng: random.Random, moves: int = 400
) -> list[dict[str, Any]]:
    """Alice plays through the page (random moves, crowding others' cowboys) until an event
    of one of ``kinds`` has happened or the game is over; the events seen so far (API)."""
    seen: list[dict[str, Any]] = []
    for _ in range(moves):
        since = f"?since={seen[-1]['seq']}" if seen else ""
        seen += client.get("/api" + game + "/events" + since).json()["events"]
        view = client.get("/api" + game).json()
        if view["status"] == "over" or any(event["kind"] in kinds for event in seen):
            return seen
        legal = view["legal_actions"]
        if not legal:
            client.get("/")  # the machine seats move meanwhile
            continue
        action = rng.choice(crowding(view["view"], legal) or legal)
        data = {"csrf": csrf, "seq": str(view["seq"]), "action": json.dumps(action)}
        assert client.post(game + "/act", data=data, headers=HTMX).status_code == 200
    raise AssertionError(f"no {kinds} in {moves} moves")


# ---------------------------------------------------------------------- duels (1)


DUEL_WORDS = {
    ("en", True): ("tile", "strength"),
    ("en", False): ("die", "strength"),
    ("de", True): ("Plättchen", "Stärke"),
    ("de", False): ("Würfel", "Stärke"),
}


@pytest.mark.slow  # runs long: whole games or many cases
@pytest.mark.parametrize(("lang", "tiles"), sorted(DUEL_WORDS))
def test_a_duel_in_the_move_log_says_which_number_is_the_tile_or_die_and_the_strength(
    client: TestClient, lang: str, tiles: bool
) -> None:
    """BG-4.3.4, BG-10.2: "bob (tile 4 + strength 0 = 4)", not "bob 4+0=4"."""
    csrf = sign_up(client, "alice", lang)
    variants = ["duel-tiles"] if tiles else []
    game = create(client, csrf, ["human", "greedy", "greedy"], variants, seed=7)
    seen = play_until(client, csrf, game, {"duel"}, random.Random(1))
    duel = next(event["data"] for event in seen if event["kind"] == "duel")
    log = text_of(part(client.get(game + "/board").text, "events"))
    draw, strength = DUEL_WORDS[lang, tiles]
    for seat, value in duel["values"].items():
        got = duel["draws"][seat]
        assert f"({draw} {got} + {strength} {value - got} = {value})" in log, log
    assert not re.search(r"\d\+\d=\d", log)


# ---------------------------------------------------------------------- duel tiles (5)


TILE_WORDS = {
    "en": ("duel tiles", "{count} in hand", "announced at the start: {total} in all"),
    "de": ("Duellplättchen", "{count} auf der Hand", "zu Beginn angesagt: {total} insgesamt"),
}


def panel(page: str, seat: int) -> str:
    """The text of one player's panel (the player's own supply or another's)."""
    found = re.search(rf'<(div|section) class="player seat[^>]*data-seat="{seat}"', page)
    assert found is not None, f"no panel of seat {seat}"
    stats_end = page.index("</dl>", found.start())  # its figures' words pair in divs
    return text_of(page[found.start() : page.index(f"</{found[1]}>", stats_end)])


@pytest.mark.slow  # runs long: whole games or many cases
@pytest.mark.parametrize("lang", sorted(TILE_WORDS))
def test_the_duel_tiles_in_hand_and_the_total_announced_are_told_apart(
    client: TestClient, lang: str
) -> None:
    """BG-10.2, BG-11.3: the tiles each player holds now, and the total he announced at the
    start, each labelled (it was "6 · Σ 17"); one's own tiles' values are shown too."""
    csrf = sign_up(client, "alice", lang)
    game = create(client, csrf, ["human", "greedy", "greedy"], ["duel-tiles"], seed=7)
    play_until(client, csrf, game, {"duel"}, random.Random(1))
    view = client.get("/api" + game).json()["view"]
    page = client.get(game + "/board").text
    label, in_hand, announced = TILE_WORDS[lang]
    for seat, player in enumerate(view["players"]):
        shown = panel(page, seat)
        count = in_hand.format(count=player["tiles_in_hand"])
        if seat == 0:
            count += ": " + " ".join(str(tile) for tile in player["tiles"])
        total = announced.format(total=player["announced_tile_total"])
        assert f"{label} {count} · {total} " in shown, shown
        assert "Σ" not in shown
    assert any(player["tiles_in_hand"] < 6 for player in view["players"])  # after a duel


# ---------------------------------------------------------------------- the score sheet (2)


SHEET_WORDS = {
    "en": ("A new beginning: VP bought or sold", "Personalities and other"),
    "fr": ("Un nouveau départ : PV achetés ou vendus", "Personnages et divers"),
}


def sheet_rows(page: str) -> dict[str, list[int]]:
    sheet = part(page, "result", "events")
    rows = re.findall(r"<tr><td>([^<]+)</td>((?:<td>-?\d+</td>)+)</tr>", sheet)
    return {
        html.unescape(label): [int(value) for value in re.findall(r"<td>(-?\d+)</td>", cells)]
        for label, cells in rows
    }


@pytest.mark.slow  # runs long: whole games or many cases
@pytest.mark.parametrize("lang", sorted(SHEET_WORDS))
def test_the_vp_sold_in_a_new_beginning_have_their_own_row_of_the_score_sheet(
    client: TestClient, lang: str
) -> None:
    """BG-10.4, BG-8.2: alice sells 5 VP and buys 1 at the start; the sheet shows -4 in the
    new beginning's row, not under "Personalities and other", and every column adds up."""
    csrf = sign_up(client, "alice", lang)
    game = create(client, csrf, ["human", "greedy"], ["new-beginning"], seed=5)
    sell, buy = {"kind": "purchase", "item": "sell_5_vp"}, {"kind": "purchase", "item": "vp"}
    for action in (sell, buy, {"kind": "pass"}):
        seq = client.get("/api" + game).json()["seq"]
        data = {"csrf": csrf, "seq": str(seq), "action": json.dumps(action)}
        assert 'class="error"' not in client.post(game + "/act", data=data, headers=HTMX).text
    play_until(client, csrf, game, set(), random.Random(3), moves=800)
    view = client.get("/api" + game).json()
    assert view["status"] == "over"
    rows = sheet_rows(client.get(game).text)
    beginning, other = SHEET_WORDS[lang]
    assert view["view"]["players"][0]["purchases"] == ["sell_5_vp", "vp"]
    assert rows[beginning][0] == -4
    assert other not in rows or rows[other][0] >= 0
    sums = [sum(values[seat] for values in rows.values()) for seat in range(2)]
    assert sums == view["view"]["result"]["scores"]


# ---------------------------------------------------------------------- the invitation (4)


INVITED = {
    "en": (
        "Game The board game Host alice Variants sides by vote, duel tiles, a new beginning "
        "Seats alice (host) a free seat Machine (easy)"
    ),
    "de": (
        "Spiel Das Brettspiel Gastgeber alice Varianten Seiten per Abstimmung, Duellplättchen, "
        "ein neuer Anfang Plätze alice (Gastgeber) ein freier Platz Maschine (leicht)"
    ),
}


@pytest.mark.slow  # runs long: whole games or many cases
@pytest.mark.parametrize("lang", sorted(INVITED))
def test_the_invitation_names_the_host_the_game_its_variants_and_the_seats(
    client: TestClient, lang: str
) -> None:
    """It read "a friend, a friend, AI, easy": now the host, the variants and each seat."""
    csrf = sign_up(client, "alice")
    form = {"csrf": csrf, "game": "board", "friends": "1", "seats": "3", "opponent": "ai-easy",
            "sides": "vote-sides", "duel-tiles": "on", "new-beginning": "on"}  # fmt: skip
    game = client.post("/play", data=form, follow_redirects=False).headers["location"]
    bob, _ = guest(client, "bob", lang)
    page = text_of(bob.get(game).text)
    assert INVITED[lang] in page, page
    assert "a friend" not in page
    bob.post(game + "/join", data={"csrf": bob.cookies["carson_csrf"]})
    carol, _ = guest(client, "carol", lang)
    full = text_of(carol.get(game).text)  # the game started: carol watches it
    assert WATCHING[lang] in full and "bob" in full


WATCHING = {"en": "You are watching this game.", "de": "Du schaust dieser Partie zu."}


def test_the_invitation_of_a_game_without_variants_has_no_variants_row(client: TestClient) -> None:
    """The card game (no variants in the registry): the host and the seats, in its words."""
    csrf = sign_up(client, "alice")
    form = {"csrf": csrf, "friends": "1", "seats": "4", "opponent": "expert"}
    game = client.post("/play", data=form, follow_redirects=False).headers["location"]
    bob, _ = guest(client, "bob")
    page = bob.get(game).text
    assert 'class="variants"' not in page
    assert "Host alice Seats alice (host) a free seat virtual player" in text_of(page)


# ---------------------------------------------------------------------- the waiting room (3)


START_WORDS = {
    "en": {
        "vote": "side decided by vote",
        "fresh": "A new beginning: then buys the rest of the start in secret.",
        "dealt": "$ 30 minus the total of the duel tiles dealt",
        "yellow": "yellow side · cash limit $",
        "red": "red side · cash limit $",
        "cowboys": "cowboys",
        "vp": "VP",
    },
    "it": {
        "vote": "lato deciso dal voto",
        "fresh": "Un nuovo inizio: poi compra in segreto il resto della sua partenza.",
        "dealt": "$ 30 meno il totale delle tessere duello distribuite",
        "yellow": "lato giallo · limite $",
        "red": "lato rosso · limite $",
        "cowboys": "cowboy",
        "vp": "PV",
    },
}


@pytest.mark.slow  # runs long: whole games or many cases
@pytest.mark.parametrize("lang", sorted(START_WORDS))
def test_the_waiting_room_shows_the_start_the_variants_give_and_the_sides_to_be_voted(
    client: TestClient, lang: str
) -> None:
    """BG-10.1, BG-10.4: while players join and vote, every seat starts with $50 and 1 cowboy
    (not the standard $15, 3 cowboys, revolver and road), and every card's side is decided by
    the vote (not "yellow side"); once all have voted, the page shows the game itself."""
    words = START_WORDS[lang]
    csrf = sign_up(client, "alice", lang)
    form = {"csrf": csrf, "game": "board", "friends": "1", "seats": "3", "opponent": "greedy",
            "sides": "vote-sides", "new-beginning": "on"}  # fmt: skip
    game = client.post("/play", data=form, follow_redirects=False).headers["location"]
    waiting = client.get(game).text
    assert 'data-status="waiting"' in waiting
    for page in (waiting, client.get(game + "/board").text):
        assert 'id="before-setup"' in page
        cards = text_of(part(page, "personalities", "orders"))
        assert cards.count(words["vote"]) == 7 and cards.count(words["red"]) == 7
        assert cards.count(words["yellow"]) == 7
        for seat in range(3):
            shown = panel(page, seat)
            start = f"$ 50 {words['vp']} 0 {words['cowboys']} 1 "
            assert start in shown and words["fresh"] in shown, shown
            assert "$ 15" not in shown
    bob, bob_csrf = guest(client, "bob", lang)
    bob.post(game + "/join", data={"csrf": bob_csrf})
    for player, token in ((client, csrf), (bob, bob_csrf)):
        voted = MOVED_ON
        while MOVED_ON in voted:  # (the machine seat may vote first: then again)
            seq = player.get("/api" + game).json()["seq"]
            fields = {"csrf": token, "seq": str(seq), "action": '{"kind":"vote","red":[]}'}
            voted = player.post(game + "/act", data=fields, headers=HTMX).text
    view = after_machines(client, game)["view"]
    assert view["decision"]["kind"] == "purchase"
    after = client.get(game + "/board").text
    assert words["vote"] not in after and words["fresh"] not in after
    assert 'id="before-setup"' not in after
    cards = text_of(part(after, "personalities", "orders"))
    assert cards.count(words["yellow"]) + cards.count(words["red"]) == 7
    assert f"$ {view['players'][0]['money']} {words['vp']} 0" in panel(after, 0)


@pytest.mark.parametrize("lang", sorted(START_WORDS))
def test_before_the_vote_dealt_duel_tiles_say_what_the_money_will_be(
    client: TestClient, lang: str
) -> None:
    """BG-10.2 with 3 players: the money is $30 minus the tiles dealt at the setup; with 2,
    each has tiles 0–5 and the standard $15."""
    csrf = sign_up(client, "alice", lang)
    three = create(client, csrf, ["human", "greedy", "greedy"], ["vote-sides", "duel-tiles"], 4)
    page = client.get(three + "/board").text
    for seat in range(3):
        assert words_in(panel(page, seat), START_WORDS[lang]["dealt"], "6, ")
    two = create(client, csrf, ["human", "greedy"], ["vote-sides", "duel-tiles"], 4)
    page = client.get(two + "/board").text
    for seat in range(2):
        assert words_in(panel(page, seat), "$ 15 ", ": 0 1 2 3 4 5")


def words_in(text: str, *words: str) -> bool:
    return all(word in text for word in words)


# ---------------------------------------------------------------------- parcels (7)


#: Every event the move log tells that names a parcel or an edge, at parcel D5 (x 3, y 4).
PARCEL_EVENTS = [
    ("cowboy", {"seat": 0, "target": [3, 4], "white": False}),
    ("duel", {"where": [3, 4], "draws": {"0": 2}, "values": {"0": 5}, "winner": 0}),
    ("built", {"seat": 0, "building": "saloon", "parcel": [3, 4]}),
    ("road", {"seat": 0, "edge": ["H", 3, 4]}),
    ("roads_back", {"seat": 0, "edges": [["V", 3, 4]]}),
    ("grant", {"seat": 1, "parcel": [3, 4]}),
    ("house", {"seat": 0, "parcel": [3, 4]}),
    ("parcel", {"seat": 0, "parcel": [3, 4], "price": 4}),
    ("attack", {"parcel": [3, 4], "result": "defended", "winner": 1, "income": 6}),
]
#: A parcel or edge as the engine's numbers: ``[3, 4]``, ``(3, 4)``, ``["H", 3, 4]``.
PAIRS = re.compile(r"[\[(]\s*(?:\W?[HV]\W?\s*,\s*)?\d+\s*,\s*\d+\s*[\])]")
#: In a sentence also ``3 4`` (the terminal's old form).
COORDINATES = re.compile(PAIRS.pattern + r"|\b\d+ \d+\b")


@pytest.mark.parametrize("lang", ["en", "nl"])
@pytest.mark.parametrize(("kind", "data"), PARCEL_EVENTS, ids=[k for k, _ in PARCEL_EVENTS])
def test_every_parcel_in_the_move_log_is_named_as_on_the_board(
    lang: str, kind: str, data: dict[str, Any]
) -> None:
    """The board's own coordinates (columns A–H, rows 1–8), never the engine's x y."""
    from carson.core.game import Event
    from carson.games.board.web.present.common import Seat
    from carson.games.board.web.present.describe import describe
    from carson.games.board.web.present.names import Names
    from carson.web.kernel.i18n import translations

    gettext = translations(lang, [("carson.games.board", "web")]).gettext
    seats = [Seat(0, "alice", "red"), Seat(1, "bob", "blue")]
    line = describe(Names(lang, gettext), Event(kind, data), seats)
    assert "D5" in line and not COORDINATES.search(line), line


@pytest.mark.slow  # runs long: whole games or many cases
def test_every_parcel_a_page_shows_or_asks_for_is_named_as_on_the_board(
    client: TestClient,
) -> None:
    """Played through the page (river and a new beginning: parcels bought, claimed, built on,
    granted, duelled for): what the pages show — text, titles, labels — names parcels A–H/1–8
    only, and each town parcel carries its label."""
    csrf = sign_up(client, "alice")
    game = create(client, csrf, ["human", "greedy", "greedy"], ["river", "new-beginning"], 2)
    rng = random.Random(4)
    labels: set[str] = set()
    for _ in range(150):
        page = client.get(game + "/board").text
        read = text_of(page) + " ".join(re.findall(r'(?:title|aria-label)="([^"]*)"', page))
        assert not PAIRS.search(html.unescape(read)), PAIRS.search(read)
        labels |= set(re.findall(r"\b[A-H][1-8]\b", read))
        assert set(re.findall(r'data-parcel="([^"]*)"', page)) == {
            f"{column}{row}" for column in "ABCDEFGH" for row in range(1, 9)
        }
        view = client.get("/api" + game).json()
        if view["status"] == "over":
            break
        if not view["legal_actions"]:
            continue
        action = rng.choice(view["legal_actions"])
        data = {"csrf": csrf, "seq": str(view["seq"]), "action": json.dumps(action)}
        client.post(game + "/act", data=data, headers=HTMX)
    assert len(labels) > 20
