"""``carson play --server``: a terminal client plays whole games on a real ``carson serve``
(SQLite, over HTTP) with another player who uses the API, signs in (a new account, then its
kept token), joins by invitation link, leaves and comes back, and hears the server's
refusals in its language."""

from __future__ import annotations

import io
import random
import stat
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any, cast

import pytest
from rich.console import Console

from card_answers import CardAnswers
from carson.terminal.api_client import (
    ApiClient,
    ApiError,
    JsonDict,
    game_id_of,
    game_view,
    server_url,
)
from carson.terminal.credentials import TokenStore
from carson.terminal.live_stream import LiveStream
from carson.terminal.online import MAX_RESENDS, OnlineGame, same_question
from carson.terminal.online_start import NewOnlineGame, SignIn, open_game
from carson.terminal.texts import Texts
from live_server import running_server

pytestmark = pytest.mark.slow  # a server process and the terminal client

TABLE = ["human", "human", "beginner", "beginner"]  # two players, two virtual seats


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    with running_server(tmp_path_factory.mktemp("online")) as base:
        yield base


def screen() -> Console:
    return Console(file=io.StringIO(), width=120, record=True, color_system=None)


class Keyboard:
    """Answers the terminal's questions from a script, then as a card player reading the
    screen of ``console`` would (else with a menu's first choice)."""

    def __init__(self, *script: str, console: Console | None = None, lang: str = "en") -> None:
        self.script = list(script)
        self.asked: list[str] = []
        self.console = console
        self.answers = CardAnswers(lang)

    def __call__(self, prompt: str) -> str:
        self.asked.append(prompt)
        if self.script:
            return self.script.pop(0)
        if self.console is None:
            return "1"
        return self.answers(self.console.export_text(clear=False) + prompt)


def api_player(base: str, name: str) -> ApiClient:
    client = ApiClient(base)
    client.register(name, f"password-{name}")
    return client


def play_by_api(client: ApiClient, game_id: str, seed: int) -> threading.Thread:
    """Another player, through the API alone: a random legal action whenever asked, from
    the start, for a bounded time."""
    started = threading.Event()
    started.set()
    return plays_on(client, game_id, started, threading.Event(), seed)


def signed_in(base: str, store: TokenStore, name: str, lang: str = "en") -> tuple[ApiClient, str]:
    """A new account made at the terminal's prompts: wrong credentials, then 'yes'."""
    client, console = ApiClient(base), screen()
    keyboard, secrets = Keyboard(name, "y"), iter([f"password-{name}"] * 2)
    SignIn(client, store, Texts(lang), console, keyboard, lambda _: next(secrets))(None)
    return client, console.export_text()


def test_a_whole_card_game_with_a_player_of_the_api(server: str, tmp_path: Path) -> None:
    store = TokenStore(tmp_path / "config" / "tokens.json")
    alice, said = signed_in(server, store, "alice")
    # A new player is offered the account, not first told of a wrong password.
    assert "No account alice with this password" in said and "Logged in on" in said
    assert "Wrong username or password." not in said
    # The token is kept for the next game, readable by its owner alone.
    assert store.token(server, "alice") == alice.token and store.last_user(server) == "alice"
    assert stat.S_IMODE(store.path.stat().st_mode) == 0o600
    assert stat.S_IMODE(store.path.parent.stat().st_mode) == 0o700

    console = screen()
    new = NewOnlineGame("card", TABLE, [], "en")
    game_id = open_game(alice, None, new, Texts("en"), console)
    link = f"{server}/games/{game_id}"
    assert link in console.export_text()

    bob = api_player(server, "bob")
    bob.join(game_id_of(link))  # by the invitation link
    other = play_by_api(bob, game_id, 1)
    # help, then two answers that are no choice, then the card player's answers
    keyboard = Keyboard("help", "0", "many", "table", console=console)
    game = OnlineGame(alice, game_id, "en", console, keyboard, poll=0.02)
    assert game.run() == 0
    other.join(timeout=60)
    out = console.export_text()
    assert "Type the number of your choice" in out  # help
    assert "That is not one of the choices" in out and "Please type a number" in out
    # The card game's own screen and questions, from the server's view.
    assert "Choose your auction card, secretly" in out and "Place terrain #" in out
    assert "The row" in out and "Your city:" in out
    # The news in the game's words, as a local game prints them, the people by their names.
    assert "Auction cards: " in out and " · bob takes " in out and "bid_committed" not in out
    # The compact screen (a console of 25 lines) and a detail command ("table") at a question.
    assert "More: table, cities, row, legend, help" in out and "played this era" in out
    # The end: the game's own kit shows the table and the score sheets, replayed.
    assert "Game over" in out and ("Winner:" in out or "Shared win:" in out)
    assert f"Game {game_id} is over." in out
    record = alice.record(game_id)
    assert {entry["seat"] for entry in record["actions"]} == {0, 1}


def test_a_game_against_machines_is_heard_on_one_stream(
    server: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The machines' moves are news on one stream for the whole game: not a connection,
    nor a "waiting" line, per machine move."""
    opened = []
    connected = LiveStream._connected

    def counted(stream: LiveStream, since: int | None) -> Any:
        opened.append(since)
        return connected(stream, since)

    monkeypatch.setattr(LiveStream, "_connected", counted)
    alice, _ = signed_in(server, TokenStore(tmp_path / "tokens.json"), "grace")
    console = screen()
    seats = ["human", "greedy", "greedy", "greedy"]  # machine seats, moved by the worker
    game_id = open_game(alice, None, NewOnlineGame("card", seats, [], "en"), Texts("en"), console)
    keyboard = Keyboard(console=console)
    assert OnlineGame(alice, game_id, "en", console, keyboard, poll=0.02).run() == 0
    turns, out = len(keyboard.asked), console.export_text()
    waits = out.count("Waiting for the other players")
    machine_moves = sum(entry["seat"] != 0 for entry in alice.record(game_id)["actions"])
    assert machine_moves > turns  # machines move between turns
    assert len(opened) == 1 and 0 < waits <= turns + 1
    # Every round's bids are told, the player's own last bid revealing them included.
    bids = [entry for entry in alice.record(game_id)["actions"] if entry["seat"] == 0]
    rounds = sum(entry["action"].get("kind") == "bid" for entry in bids)
    assert out.count("Auction cards: ") == rounds


def test_the_kept_token_signs_in_without_a_password(server: str, tmp_path: Path) -> None:
    store = TokenStore(tmp_path / "tokens.json")
    first, _ = signed_in(server, store, "carol")

    def no_password(prompt: str) -> str:
        raise AssertionError("asked for a password")

    again = ApiClient(server)
    SignIn(again, store, Texts("en"), screen(), Keyboard(), no_password)(None)
    assert again.token == first.token
    # A token the server no longer takes is forgotten, and the password asked again.
    store.save(server, "carol", "not-a-token")
    third, console = ApiClient(server), screen()
    passwords = iter(["password-carol"])
    SignIn(third, store, Texts("en"), console, Keyboard(), lambda _: next(passwords))("carol")
    assert third.token not in (None, "not-a-token") and store.token(server, "carol") == third.token


def test_a_mistyped_password_declined_as_a_new_account_is_told_wrong(
    server: str, tmp_path: Path
) -> None:
    signed_in(server, TokenStore(tmp_path / "first.json"), "frank")
    store = TokenStore(tmp_path / "tokens.json")  # another machine: no token kept
    client, console = ApiClient(server), screen()
    passwords = iter(["password-frnak", "password-frank"])
    SignIn(client, store, Texts("en"), console, Keyboard("n"), lambda _: next(passwords))("frank")
    said = " ".join(console.export_text().split())  # the console wraps long lines
    offer, refusal = said.index("No account frank"), said.index("Wrong username or password.")
    assert offer < refusal < said.index("Logged in on") and client.token is not None


def test_a_new_account_refused_for_its_form_is_said_and_tried_again(
    server: str, tmp_path: Path
) -> None:
    """A password too short is refused in words (not the server's field names) and the
    password asked again;
    a name taken is said once, without a wrong password's line after it."""
    signed_in(server, TokenStore(tmp_path / "first.json"), "ivan")
    client, console = ApiClient(server), screen()
    secrets = iter(["short", "short", "password-heidi", "password-heidi"])
    sign_in = SignIn(client, TokenStore(tmp_path / "tokens.json"), Texts("en"), console,
                     Keyboard("y", "y"), lambda _: next(secrets))  # fmt: skip
    assert sign_in("heidi") == "heidi" and client.token is not None
    said = " ".join(console.export_text().split())
    assert "A password needs at least 8 characters." in said and "body." not in said
    assert "cannot use this request" not in said and "Wrong username" not in said
    taken, console = ApiClient(server), screen()
    secrets = iter(["password-other"] * 2 + ["password-ivan"])
    sign_in = SignIn(taken, TokenStore(tmp_path / "taken.json"), Texts("en"), console,
                     Keyboard("y"), lambda _: next(secrets))  # fmt: skip
    assert sign_in("ivan") == "ivan"
    said = " ".join(console.export_text().split())
    assert "The username ivan is taken" in said and "Wrong username" not in said


def test_leaving_harms_nothing_and_joining_again_resumes(server: str, tmp_path: Path) -> None:
    store = TokenStore(tmp_path / "tokens.json")
    dave, _ = signed_in(server, store, "dave", "de")
    erin = api_player(server, "erin")
    console = screen()
    game_id = open_game(dave, None, NewOnlineGame("card", TABLE, [], "de"), Texts("de"), console)
    erin.join(game_id)
    # Dave leaves at his first question ('ende'); the game waits on the server, untouched.
    assert OnlineGame(dave, game_id, "de", console, Keyboard("ende"), poll=0.02).run() == 3
    assert f"carson play --server {dave.base} --join {game_id}" in console.export_text()
    view = dave.view(game_id)
    assert view["status"] == "playing" and view["legal_actions"]
    # Joining again (he holds his seat) goes on from there, to the end.
    assert open_game(dave, game_id, None, Texts("de"), console) == game_id
    other = play_by_api(erin, game_id, 2)
    keyboard = Keyboard(console=console, lang="de")
    assert OnlineGame(dave, game_id, "de", console, keyboard, poll=0.02).run() == 0
    other.join(timeout=60)
    assert f"Das Spiel {game_id} ist zu Ende." in console.export_text()


def test_refusals_are_said_in_the_players_language(server: str, tmp_path: Path) -> None:
    fay, _ = signed_in(server, TokenStore(tmp_path / "tokens.json"), "fay", "fr")
    console = screen()
    game = OnlineGame(fay, "no-such-game", "fr", console, Keyboard(), poll=0.02)
    assert game.run() == 1
    assert f"Il n'y a pas de partie no-such-game sur {server}." in console.export_text()
    # A full game: no seat for a third player.
    game_id = open_game(fay, None, NewOnlineGame("card", TABLE, [], "fr"), Texts("fr"), console)
    api_player(server, "gus").join(game_id)
    with pytest.raises(ApiError) as refused:
        open_game(api_player(server, "hal"), game_id, None, Texts("fr"), console)
    assert refused.value.code == "no_free_seat"
    # A server that is not there.
    unreachable = ApiClient("http://127.0.0.1:9")
    lost = OnlineGame(unreachable, game_id, "it", screen(), Keyboard(), poll=0.02)
    assert lost.run() == 1


def test_addresses_and_links() -> None:
    assert server_url("http://host:8000/") == "http://host:8000"
    assert server_url("https://example.org/carson") == "https://example.org/carson"
    for bad in ("file:///etc/passwd", "host:8000", "ftp://host"):
        with pytest.raises(ValueError, match="not a server address"):
            server_url(bad)
    assert game_id_of("abc_12-3") == "abc_12-3"
    assert game_id_of("https://host/games/abc123") == "abc123"
    assert game_id_of("https://host/games/abc123/?x=1") == "abc123"
    with pytest.raises(ValueError, match="neither a game id nor a link"):
        game_id_of("https://host/other/abc")


def test_an_answer_that_is_not_a_games_view_is_refused() -> None:
    seats = [{"seat": 0, "kind": "human", "user": "a"}]
    view = {"id": "g", "game": "card", "status": "playing", "seq": 3, "seat": 0,
            "seats": seats, "legal_actions": [], "view": {}}  # fmt: skip
    assert game_view(view) is view
    for name in ("status", "seq", "legal_actions", "view"):
        with pytest.raises(ApiError, match=f"without its {name}") as refused:
            game_view({key: value for key, value in view.items() if key != name})
        assert refused.value.code == "bad_answer"
    with pytest.raises(ApiError, match="malformed seats"):
        game_view({**view, "seats": ["human"]})


def plays_on(client: ApiClient, game_id: str, start: threading.Event,
             stop: threading.Event, seed: int = 5) -> threading.Thread:  # fmt: skip
    """Another player through the API who, once ``start`` is set, makes a random legal move
    whenever asked until ``stop`` is set (or a bounded time passes): the game never waits on
    him. Every wait is bounded."""

    def run() -> None:
        rng, deadline = random.Random(seed), time.monotonic() + BOUND
        if not start.wait(BOUND):
            return
        while not stop.is_set() and time.monotonic() < deadline:
            view = client.view(game_id)
            if view["status"] == "over":
                return
            if not view["legal_actions"]:
                stop.wait(0.02)
                continue
            try:
                client.act(game_id, view["seq"], rng.choice(view["legal_actions"]))
            except ApiError as error:
                assert error.code == "stale_seq", error

    thread = threading.Thread(target=run, daemon=True)
    thread.start()
    return thread


#: Seconds a test of a game against a live server may wait on it, at most.
BOUND = 120.0


def run_bounded(game: OnlineGame, console: Console) -> int:
    """``game.run()``, failing the test (with the screen) if it has not ended within
    :data:`BOUND` seconds instead of hanging."""
    result: list[int] = []
    runner = threading.Thread(target=lambda: result.append(game.run()), daemon=True)
    runner.start()
    runner.join(BOUND)
    if runner.is_alive() or not result:
        pytest.fail(f"the terminal did not end within {BOUND} s:\n{console.export_text()}")
    return result[0]


def test_a_bid_refused_as_stale_is_sent_again_while_the_question_stands(
    server: str, tmp_path: Path
) -> None:
    """The other player bids while this one types his bid (a simultaneous step): the server
    refuses it as stale, the terminal sends it again with the new seq, unasked. The other
    player then plays on (he may take a card first: the terminal would wait for him), and the
    terminal's next question ends the test."""
    ann, _ = signed_in(server, TokenStore(tmp_path / "tokens.json"), "ann-stale")
    bob = api_player(server, "bob-stale")
    console = screen()
    game_id = open_game(ann, None, NewOnlineGame("card", TABLE, [], "en"), Texts("en"), console)
    bob.join(game_id)
    answers = CardAnswers("en")
    bids: list[int] = []
    bid, stop = threading.Event(), threading.Event()
    other = plays_on(bob, game_id, bid, stop)

    def keyboard(prompt: str) -> str:
        shown = console.export_text(clear=False) + prompt
        if "auction card" in shown and not bids:  # bob bids first, while ann types
            view = bob.view(game_id)
            bids.append(int(view["seq"]))
            bob.act(game_id, view["seq"], view["legal_actions"][0])
            bid.set()
            return answers(shown)
        if bids:
            raise KeyboardInterrupt  # the next question: the bid went through
        return answers(shown)

    game = OnlineGame(ann, game_id, "en", console, keyboard, poll=0.02)
    try:
        assert run_bounded(game, console) == 3
    finally:
        stop.set()
        bid.set()
        other.join(BOUND)
    out = console.export_text()
    assert bids and "Another move came first" not in out, out
    mine = game_view(ann.view(game_id))
    assert int(mine["seq"]) >= bids[0] + 2  # bob's bid and ann's, both taken


def test_only_the_same_question_with_the_answer_still_legal_is_asked_again() -> None:
    vote = {"kind": "vote", "seats": [0, 1]}
    before = {"status": "playing", "legal_actions": [{"v": 1}, {"v": 2}],
              "view": {"round": 1, "decision": vote}}  # fmt: skip
    after_bob = {**before, "view": {"round": 1, "decision": {**vote, "seats": [0]}}}
    assert same_question(before, after_bob, {"v": 2})
    assert not same_question(before, after_bob, {"v": 3})  # never a legal answer
    moved_on = {**after_bob, "view": {"round": 1, "decision": {"kind": "purchase"}}}
    assert not same_question(before, moved_on, {"v": 2})
    fewer = {**after_bob, "legal_actions": [{"v": 2}]}
    assert not same_question(before, fewer, {"v": 2})
    assert not same_question(before, {**after_bob, "status": "over"}, {"v": 2})


class AlwaysStale:
    """A server where another seat always moves first: every answer is refused as stale,
    and the same question still stands after it."""

    base = "http://127.0.0.1:9"

    def __init__(self) -> None:
        self.seq, self.sent = 5, list[int]()

    def act(self, game_id: str, seq: int, action: JsonDict) -> JsonDict:
        self.sent.append(seq)
        self.seq += 1
        raise ApiError(409, "stale_seq", "another move came first")

    def view(self, game_id: str) -> JsonDict:
        decision = {"kind": "vote", "seats": [0]}
        return {"status": "playing", "seq": self.seq, "legal_actions": [{"v": 1}],
                "view": {"round": 1, "decision": decision}}  # fmt: skip


def test_an_answer_refused_as_stale_again_and_again_is_given_up_with_a_message() -> None:
    """Others moving on and on never keep the player waiting unseen: after a bounded
    number of resends the refusal is said and the game shown again."""
    server, console = AlwaysStale(), screen()
    game = OnlineGame(cast(ApiClient, server), "g1", "en", console, lambda _: "")
    now = game._send(server.view("g1"), {"v": 1})
    assert server.sent == list(range(5, 5 + 1 + MAX_RESENDS))  # the first send, then resends
    assert now["seq"] == server.seq
    assert "Another move came first" in console.export_text()
