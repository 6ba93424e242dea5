"""The board game's web pages without a browser (Starlette's test client): creating games with
variants from the home page, every decision kind offered and posted through the page, secrets
kept (BG-11), CSRF, the score sheet and replay, and the five languages."""

from __future__ import annotations

import html
import json
import random
import re
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from babel.messages.pofile import read_po
from fastapi.testclient import TestClient
from signing import post_account_form

from carson.app import create_app
from carson.games.board.catalog import PERSONALITY_IDS
from carson.web.kernel.i18n import LANGUAGES
from machines import MOVED_ON, after_machines

SRC = Path(__file__).resolve().parents[2] / "src" / "carson"
WEB = SRC / "web"
BOARD_WEB = SRC / "games" / "board" / "web"
BOARD_PO = SRC / "games" / "board" / "locale" / "{lang}" / "LC_MESSAGES" / "web.po"
BOARD_SOURCES = [
    *sorted(BOARD_WEB.rglob("*.py")),
    *sorted((BOARD_WEB / "templates").glob("*.html")),
    WEB / "templates" / "lobby/home.html",
    WEB / "templates" / "lobby/home_games.html",
]
MESSAGE = re.compile(r"""(?:\b_|gettext)\(\s*(?:"((?:[^"\\]|\\.)*)"|'((?:[^'\\]|\\.)*)')""")
PLACEHOLDER = re.compile(r"%\((\w+)\)s")
ACTION = re.compile(r'name="action" value="([^"]*)"')
FORM_ACTION = re.compile(
    r'class="decision-form (\w+)-form">\s*<input[^>]*>\s*<input[^>]*>\s*'
    r'<input type="hidden" name="action" value="([^"]*)"'
)
SEQ = re.compile(r'data-seq="(\d+)"')
HTMX = {"HX-Request": "true"}
ALL_KINDS = {
    "vote", "purchase", "claim", "personality", "settler", "menu", "place", "order", "tile",
    "buy_parcels", "construct", "house", "grant", "stored", "count", "roads",
}  # fmt: skip


@pytest.fixture
def client(tmp_path: Path) -> Iterator[TestClient]:
    with TestClient(create_app(f"sqlite:///{tmp_path / 'web.db'}")) as test_client:
        yield test_client


def sign_up(client: TestClient, name: str) -> str:
    response = post_account_form(client, "/register", name)
    assert response.status_code == 303
    return client.cookies["carson_csrf"]


def guest(client: TestClient, name: str) -> tuple[TestClient, str]:
    other = TestClient(client.app)
    return other, sign_up(other, name)


def create(
    client: TestClient, csrf: str, seats: list[str], variants: list[str], seed: int | None
) -> str:
    """A new board game; ``seed=None`` for a game between people (the server draws it)."""
    body: dict[str, Any] = {"game": "board", "seats": seats, "variants": variants}
    if seed is not None:
        body["seed"] = seed
    response = client.post("/api/games", json=body, headers={"X-CSRF-Token": csrf})
    assert response.status_code == 201, response.text
    return f"/games/{response.json()['id']}"


def canonical(action: Any) -> str:
    return json.dumps(action, sort_keys=True)


def offered(fragment: str) -> set[str]:
    """Every action the fragment lets one click (the forms' base actions left out)."""
    bases = {html.unescape(value) for _, value in FORM_ACTION.findall(fragment)}
    return {
        canonical(json.loads(html.unescape(value)))
        for value in ACTION.findall(fragment)
        if html.unescape(value) not in bases
    }


def seq_of(fragment: str) -> str:
    found = SEQ.search(fragment)
    assert found is not None
    return found.group(1)


# ---------------------------------------------------------------------- home and creation


def test_the_home_page_offers_the_board_game_with_its_variants(client: TestClient) -> None:
    csrf = sign_up(client, "alice")
    card = client.get("/").text
    assert 'id="play-now"' in card and 'id="board-play-now"' not in card
    assert 'id="tab-board"' in card
    board = client.get("/?game=board").text
    assert 'id="board-play-now"' in board and 'id="board-play-friends"' in board
    for name in ('value="vote-sides"', 'name="duel-tiles"', 'name="river"', 'name="new-beginning"'):
        assert name in board
    form = {"csrf": csrf, "game": "board", "friends": "0", "seats": "3", "opponent": "random",
            "sides": "vote-sides", "duel-tiles": "on", "river": "on"}  # fmt: skip
    created = client.post("/play", data=form, follow_redirects=False)
    assert created.status_code == 303
    game = created.headers["location"]
    view = client.get("/api" + game).json()
    assert view["game"] == "board" and view["status"] == "playing"
    assert view["view"]["config"]["variants"] == ["duel-tiles", "river", "vote-sides"]
    assert [seat["kind"] for seat in view["seats"]] == ["human", "random", "random"]
    page = client.get(game).text
    assert 'class="board bg"' in page and "Vote in secret" in page
    assert "Variants: duel tiles, the river, sides by vote" in page
    home = client.get("/").text
    assert "board game" in home and game in home


def test_a_board_game_with_friends_has_an_invitation(client: TestClient) -> None:
    csrf = sign_up(client, "alice")
    form = {"csrf": csrf, "game": "board", "friends": "1", "seats": "2", "opponent": "greedy",
            "sides": "red-sides", "new-beginning": "on"}  # fmt: skip
    game = client.post("/play", data=form, follow_redirects=False).headers["location"]
    assert "Waiting for players" in client.get(game).text
    bob, bob_csrf = guest(client, "bob")
    assert "You are invited" in bob.get(game).text
    bob.post(game + "/join", data={"csrf": bob_csrf})
    page = bob.get(game).text
    assert 'data-status="playing"' in page and "A new beginning: buy in secret" in page
    assert "red side" in page  # BG-10.1: every card shows its red side


def test_bad_board_games_are_refused_with_a_message(client: TestClient) -> None:
    csrf = sign_up(client, "alice")
    form = {"csrf": csrf, "game": "board", "friends": "0", "seats": "3", "opponent": "expert"}
    refused = client.post("/play", data=form, follow_redirects=False)
    assert refused.headers["location"].startswith("/?game=board&error=")
    form |= {"opponent": "greedy", "seats": "6"}
    refused = client.post("/play", data=form)
    assert "2–5 seats" in refused.text
    assert "games/" not in client.get("/").text


def test_board_forms_without_their_csrf_token_change_nothing(client: TestClient) -> None:
    csrf = sign_up(client, "alice")
    form = {"game": "board", "friends": "0", "seats": "2", "opponent": "greedy"}
    assert client.post("/play", data=form).status_code == 403
    assert "games/" not in client.get("/").text
    game = create(client, csrf, ["human", "greedy"], [], seed=3)
    page = client.get(game + "/board").text
    claim = sorted(offered(page))[0]
    stale = {"csrf": "not-the-token", "seq": seq_of(page), "action": claim}
    assert client.post(game + "/act", data=stale, headers=HTMX).status_code == 403
    assert seq_of(client.get(game + "/board").text) == seq_of(page)


# ---------------------------------------------------------------------- every decision


def choose(
    kind: str, legal: list[dict[str, Any]], view: dict[str, Any], rng: random.Random
) -> dict[str, Any]:
    """A policy that reaches every decision: take the Settler, buy markers, claim parcels by
    the roads, crowd the parcels others chose (duels, the first passer's order), pass early,
    buy VP and the buildings won, ask other owners for a house parcel, store now and then,
    keep roads for the river's last step."""
    if kind == "place":
        crowded = {(p["x"], p["y"]) for p in view["parcels"] if p["cowboys"] and p["owner"] is None}
        options = {
            "pass": [a for a in legal if a["kind"] == "pass"],
            "crowd": [a for a in legal if tuple(a.get("parcel", ())) in crowded],
            "vp": [a for a in legal if str(a.get("space", "")).startswith("buy_vp")],
            "build": [a for a in legal if str(a.get("space", "")).startswith("build_")],
        }
        for option, chance in (("crowd", 0.5), ("pass", 0.25), ("vp", 0.3), ("build", 0.4)):
            if options[option] and rng.random() < chance:
                return rng.choice(options[option])
    if kind in ("claim", "settler", "buy_parcels"):
        near = [a for a in legal if tuple(a.get("parcel", ())) in road_access(view)]
        if near and rng.random() < 0.8:
            return rng.choice(near)
    if kind == "menu" and {"kind": "option", "option": "take"} in legal:
        return {"kind": "option", "option": "take"}
    if kind == "personality":
        settler = [a for a in legal if a["id"] == "settler"]
        if settler and rng.random() < 0.5:
            return settler[0]
    if kind == "construct":
        if rng.random() < 0.2:
            return {"kind": "store"}
        for wanted in ("ask", "build"):
            actions = [a for a in legal if a["kind"] == wanted]
            if actions:
                return rng.choice(actions)
        return {"kind": "store"}
    if kind == "grant":
        grants = [a for a in legal if a["kind"] == "grant"]
        return grants[0] if grants and rng.random() < 0.6 else {"kind": "pass"}
    if kind == "purchase":
        markers = [a for a in legal if a.get("item") == "marker"]
        if markers and rng.random() < 0.5:
            return markers[0]
        if rng.random() < 0.3:
            return {"kind": "pass"}
    return rng.choice(legal)


def road_access(view: dict[str, Any]) -> set[tuple[int, int]]:
    """BG-2.2.3: the parcels with a road at one of their corners."""
    ends = set()
    for kind, x, y in view["roads"]:
        ends |= {(x, y), (x + 1, y)} if kind == "H" else {(x, y), (x, y + 1)}
    return {
        (x, y)
        for x in range(8)
        for y in range(8)
        if ends & {(x, y), (x + 1, y), (x, y + 1), (x + 1, y + 1)}
    }


def play_through_the_page(
    players: list[tuple[TestClient, str]], game: str, rng: random.Random, seen: set[str]
) -> None:
    """Both people play by posting what their pages offer, until the game ends or every kind
    of decision was seen; every decision's offer is checked against the legal actions."""
    fragments = [client.get(game + "/board").text for client, _ in players]
    for _ in range(2000):
        if seen >= ALL_KINDS:
            return
        moved = False
        for index, (client, csrf) in enumerate(players):
            view = client.get("/api" + game).json()
            if view["status"] == "over":
                return
            legal = view["legal_actions"]
            fragment = fragments[index]
            if seq_of(fragment) != str(view["seq"]):
                fragment = client.get(game + "/board").text
                if seq_of(fragment) != str(view["seq"]):  # the machine seat moved meanwhile
                    continue
            if not legal:
                assert 'class="prompt waiting"' in fragment
                continue
            kind = view["view"]["decision"]["kind"]
            seen.add(kind)
            page_offers = offered(fragment)
            if kind == "place":
                page_offers |= offered(client.get(game + "/board?mode=white").text)
            data = {"csrf": csrf, "seq": str(view["seq"])}
            action = choose(kind, legal, view["view"], rng)
            if kind == "vote":  # a form of checkboxes: the ticked cards are the red ones
                assert 'class="decision-form vote-form"' in fragment
                for card in PERSONALITY_IDS:
                    assert f'name="arg_red" value="{card}"' in fragment
                red = [card for card in PERSONALITY_IDS if rng.random() < 0.4]
                fields: dict[str, Any] = {**data, "action": '{"kind":"vote","red":[]}'}
                fields["arg_red"] = red
                response = client.post(game + "/act", data=fields, headers=HTMX)
                if MOVED_ON not in response.text:
                    mine = client.get("/api" + game).json()["view"]["players"][view["seat"]]
                    assert mine["vote"] == sum(1 << PERSONALITY_IDS.index(card) for card in red)
            elif kind == "count":  # a number field, and buttons for none and the most
                assert 'class="decision-form count-form"' in fragment
                most = max(a["value"] for a in legal)
                assert page_offers == {canonical({"kind": "count", "value": most})}
                assert f'max="{most}" value="1"' in fragment and 'name="least_value"' in fragment
                fields = {**data, "action": '{"kind":"count","value":0}', "least_value": "1"}
                # Issue 44: "Buy" with 0 VP is refused in words, changing nothing ("None"
                # is the button for that).
                zero = client.post(game + "/act", data={**fields, "arg_value": "0"}, headers=HTMX)
                if MOVED_ON not in zero.text:
                    assert "Choose at least 1, or the button for none." in zero.text
                    assert seq_of(zero.text) == str(view["seq"])
                value = rng.randint(1, most)
                response = client.post(game + "/act", data={**fields, "arg_value": str(value)},
                                       headers=HTMX)  # fmt: skip
            else:
                assert page_offers == {canonical(a) for a in legal}, kind
                response = client.post(
                    game + "/act", data={**data, "action": json.dumps(action)}, headers=HTMX
                )
            assert response.status_code == 200
            moved = True
            if MOVED_ON in response.text:  # the machine seat moved meanwhile: look again
                fragments[index] = response.text
                continue
            assert 'class="error"' not in response.text, (kind, action)
            assert seq_of(response.text) != str(view["seq"])
            fragments[index] = response.text
        if not moved:  # only the machine seat: a worker makes its move in the background
            time.sleep(0.02)
    raise AssertionError("the game did not end")


@pytest.mark.slow  # runs long: whole games or many cases
def test_every_decision_kind_is_offered_and_played_through_the_page(
    client: TestClient, server_seed: Callable[[int], None]
) -> None:
    """BG-3 to BG-10 through the page: two people and a random seat, with every variant,
    until every kind of decision has been offered and answered."""
    alice = (client, sign_up(client, "alice"))
    rng = random.Random(5)
    seen: set[str] = set()
    setups = [
        (["vote-sides", "duel-tiles", "river", "new-beginning"], 1),
        (["random-sides", "river"], 2),
        (["red-sides", "duel-tiles"], 3),
        (["river"], 4),
        ([], 5),
    ]
    for number, (variants, seed) in enumerate(setups):
        server_seed(seed)
        game = create(client, alice[1], ["human", "human", "random"], variants, None)
        bob = guest(client, f"bob{number}")
        bob[0].post(game + "/join", data={"csrf": bob[1]})
        play_through_the_page([alice, bob], game, rng, seen)
        if seen >= ALL_KINDS:
            break
    assert seen == ALL_KINDS


@pytest.mark.slow  # runs long: whole games or many cases
def test_the_white_cowboy_is_placed_in_its_own_mode(client: TestClient) -> None:
    """BG-7.2: with the Sheriff, the page offers the white cowboy's targets on ?mode=white."""
    csrf = sign_up(client, "alice")
    for seed in range(1, 40):
        game = create(client, csrf, ["human", "greedy"], [], seed)
        for _ in range(10):
            view = after_machines(client, game)
            legal = view["legal_actions"]
            if not legal or view["view"]["decision"]["kind"] == "place":
                break
            sheriff = [a for a in legal if a.get("id") == "sheriff"]
            action = sheriff[0] if sheriff else legal[0]
            data = {"csrf": csrf, "seq": str(view["seq"]), "action": json.dumps(action)}
            client.post(game + "/act", data=data, headers=HTMX)
        view = after_machines(client, game)
        white = [a for a in view["legal_actions"] if a["kind"] == "white"]
        if not white:
            continue
        default = client.get(game + "/board").text
        assert 'data-mode="white"' in default
        assert all(canonical(a) not in offered(default) for a in white)
        page = client.get(game + "/board?mode=white").text
        assert {canonical(a) for a in white} <= offered(page)
        assert "Place the white cowboy" in page
        target = white[0]
        data = {"csrf": csrf, "seq": str(view["seq"]), "action": json.dumps(target)}
        moved = client.post(game + "/act", data=data, headers=HTMX).text
        assert "white cowboy" in moved and 'class="error"' not in moved
        return
    raise AssertionError("no seed gave the human the Sheriff")


# ---------------------------------------------------------------------- secrets and sheet


def test_a_page_shows_nothing_of_another_players_secret_vote(
    tmp_path: Path, server_seed: Callable[[int], None]
) -> None:
    """BG-10.1, BG-11: bob's board, its move log too, is the same whatever alice voted in
    secret; the votes reach every log once all have voted."""
    boards = []
    for red in ([], ["sheriff", "banker", "worker"]):
        with TestClient(create_app(f"sqlite:///{tmp_path / f'{len(red)}.db'}")) as alice:
            csrf = sign_up(alice, "alice")
            server_seed(9)
            game = create(alice, csrf, ["human", "human"], ["vote-sides"], seed=None)
            bob, bob_csrf = guest(alice, "bob")
            bob.post(game + "/join", data={"csrf": bob_csrf})
            fields = {"csrf": csrf, "seq": "0", "action": '{"kind":"vote","red":[]}',
                      "arg_red": red}  # fmt: skip
            voted = alice.post(game + "/act", data=fields, headers=HTMX)
            assert 'data-seq="1"' in voted.text
            assert alice.get("/api" + game).json()["view"]["players"][0]["vote"] == sum(
                1 << PERSONALITY_IDS.index(card) for card in red
            )
            board = bob.get(game + "/board").text
            boards.append(board.replace(game.split("/")[-1], "GAME").replace(bob_csrf, "CSRF"))
            assert "The votes are in" not in alice.get(game + "/board").text
            fields = {"csrf": bob_csrf, "seq": "1", "action": '{"kind":"vote","red":[]}'}
            bob.post(game + "/act", data=fields, headers=HTMX)
            for seat in (alice, bob):  # revealed to all at once, in the move log
                log = seat.get(game + "/board").text.split('id="events"')[1]
                assert ">#2</span> The votes are in; red sides:" in log
    assert boards[0] == boards[1]
    assert "has voted" in boards[0] and "Vote in secret" in boards[0] and "Move log" in boards[0]


@pytest.mark.slow  # runs long: whole games or many cases
def test_the_score_sheet_and_the_replay_of_a_finished_board_game(client: TestClient) -> None:
    csrf = sign_up(client, "alice")
    game = create(client, csrf, ["human", "greedy", "random"], ["duel-tiles"], seed=21)
    rng = random.Random(2)
    for _ in range(400):
        view = after_machines(client, game)
        if view["status"] == "over":
            break
        action = rng.choice(view["legal_actions"])
        data = {"csrf": csrf, "seq": str(view["seq"]), "action": json.dumps(action)}
        client.post(game + "/act", data=data, headers=HTMX)
    view = client.get("/api" + game).json()
    assert view["status"] == "over"
    page = client.get(game).text
    sheet = page[page.index('id="result"') : page.index('id="events"')]
    totals = re.findall(r"<th>(-?\d+)</th>", sheet[sheet.index('class="total"') :])
    assert [int(t) for t in totals] == view["view"]["result"]["scores"]
    # BG-8.2: the parcels' and money's VP rows add up with the rest to each total
    rows = re.findall(r"<tr><td>([^<]+)</td>((?:<td>-?\d+</td>)+)</tr>", sheet)
    sums = [0, 0, 0]
    for _, cells in rows:
        for seat, value in enumerate(re.findall(r"<td>(-?\d+)</td>", cells)):
            sums[seat] += int(value)
    assert sums == view["view"]["result"]["scores"]
    assert "Parcels with a tile" in sheet and "Money ($6 = 1 VP)" in sheet
    winner = view["view"]["result"]["winners"][0]
    assert ("You won!" in sheet) == (winner == 0)
    replay = client.get(game + "/replay?step=40").text
    assert "Move 40 of" in replay and 'id="replay-board"' in replay and 'id="board"' not in replay
    assert re.search(r"Move 40 of \d+ · Round \d of 4", replay), "the replay says the round"
    assert 'data-seq="40"' in replay and "Move log" in replay
    log = page[page.index('id="events"') :]  # the latest moves only, newest first
    moves = [int(seq) for seq in re.findall(r'<span class="hint">#(\d+)</span>', log)]
    last = view["seq"]
    assert moves == sorted(moves, reverse=True) and set(moves) <= set(range(last - 19, last + 1))
    assert f"Moves 1 to {last - 20} are not shown here." in log and 'id="whole-log"' in log
    whole = client.get(game, params={"log": "all"}).text  # the whole game's, when asked
    log = whole[whole.index('id="events"') :]
    moves = [int(seq) for seq in re.findall(r'<span class="hint">#(\d+)</span>', log)]
    assert len(moves) > 100 and moves == sorted(moves, reverse=True) and "Round 1 begins." in log
    assert "are not shown here" not in log
    replayed = replay[replay.index('id="events"') :]
    assert max(int(s) for s in re.findall(r'<span class="hint">#(\d+)</span>', replayed)) <= 40
    first = client.get(game + "/replay?step=0").text
    assert "Move 0 of" in first


# ---------------------------------------------------------------------- languages


@pytest.mark.parametrize("lang", [lang for lang in LANGUAGES if lang != "en"])
def test_every_board_game_text_is_translated_with_its_placeholders(lang: str) -> None:
    """The board game's pages read its own catalog, then the platform's."""
    catalogs = []
    for path in (BOARD_PO, WEB / "locale" / "{lang}" / "LC_MESSAGES" / "carson.po"):
        with Path(str(path).format(lang=lang)).open("rb") as po:
            catalogs.append(read_po(po, locale=lang))
    found = 0
    for path in BOARD_SOURCES:
        for match in MESSAGE.finditer(path.read_text(encoding="utf-8")):
            text = match.group(1) if match.group(1) is not None else match.group(2)
            entry = next((e for c in catalogs if (e := c.get(text)) is not None), None)
            assert entry is not None and entry.string, f"{lang}: no translation of {text!r}"
            assert sorted(PLACEHOLDER.findall(text)) == sorted(PLACEHOLDER.findall(entry.string))
            found += 1
    assert found > 200


def test_the_board_game_page_speaks_german(client: TestClient) -> None:
    csrf = sign_up(client, "alice")
    client.cookies.set("lang", "de")
    game = create(client, csrf, ["human", "greedy", "greedy"], [], seed=4)
    page = client.get(game).text
    for name in ("Sheriff", "Bankier", "Verkäuferin", "Arbeiter", "Siedler", "Hauptmann",
                 "Revolverheld"):  # fmt: skip
        assert name in page
    assert "Die Stadt" in page and "Die Aktionsleiste" in page and "Spielverlauf" in page
    assert "Choose a starting parcel" not in page and "Runde 1 von 4" in page
    assert "Das Brettspiel" in client.get("/").text


def test_the_rules_page_explains_the_board_game_in_english_and_german(
    client: TestClient,
) -> None:
    english = client.get("/rules/board")
    assert english.status_code == 200
    assert "snake order" in english.text and "Mercenary" in english.text
    assert 'href="/rules"' in english.text  # the header's link
    assert "snake order" not in client.get("/rules/card").text
    client.cookies.set("lang", "de")
    german = client.get("/rules/board")
    assert german.status_code == 200
    assert "Schlusswertung" in german.text and "Schlangenreihenfolge" in german.text
    for name in ("Sheriff", "Bankier", "Verkäuferin", "Arbeiter", "Siedler", "Hauptmann",
                 "Revolverheld"):  # fmt: skip
        assert name in german.text
    assert "snake order" not in german.text


@pytest.mark.parametrize("lang", LANGUAGES)
def test_roads_taken_back_are_told_in_the_move_log(lang: str) -> None:
    """BG-9.1: a stored building takes its roads back; the log says so, in every language."""
    from carson.core.game import Event
    from carson.games.board.web.present.common import Seat
    from carson.games.board.web.present.describe import describe
    from carson.games.board.web.present.names import Names
    from carson.web.kernel.i18n import translations

    gettext = translations(lang, [("carson.games.board", "web")]).gettext
    seats = [Seat(0, "alice", "red"), Seat(1, "bob", "blue")]
    event = Event("roads_back", {"seat": 1, "edges": [["H", 4, 3], ["V", 5, 3]]})
    line = describe(Names(lang, gettext), event, seats)
    assert line.startswith("bob") and line.count("(") == 1
    english = describe(Names("en", lambda text: text), event, seats)
    assert (line == english) == (lang == "en")
