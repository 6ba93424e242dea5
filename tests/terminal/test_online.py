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

import pytest
from rich.console import Console

from card_answers import CardAnswers
from carson.terminal.api_client import ApiClient, ApiError, game_id_of, game_view, server_url
from carson.terminal.credentials import TokenStore
from carson.terminal.online import OnlineGame
from carson.terminal.online_start import NewOnlineGame, SignIn, open_game
from carson.terminal.texts import Texts
from live_server import running_server

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
    """Another player, through the API alone: a random legal action whenever asked."""

    def run() -> None:
        rng = random.Random(seed)
        while True:
            view = client.view(game_id)
            if view["status"] == "over":
                return
            if not view["legal_actions"]:
                time.sleep(0.02)
                continue
            try:
                client.act(game_id, view["seq"], rng.choice(view["legal_actions"]))
            except ApiError as error:
                assert error.code == "stale_seq", error

    thread = threading.Thread(target=run, daemon=True)
    thread.start()
    return thread


def signed_in(base: str, store: TokenStore, name: str, lang: str = "en") -> tuple[ApiClient, str]:
    """A new account made at the terminal's prompts: wrong credentials, then 'yes'."""
    client, console = ApiClient(base), screen()
    keyboard, secrets = Keyboard(name, "y"), iter([f"password-{name}"] * 2)
    SignIn(client, store, Texts(lang), console, keyboard, lambda _: next(secrets))(None)
    return client, console.export_text()


def test_a_whole_card_game_with_a_player_of_the_api(server: str, tmp_path: Path) -> None:
    store = TokenStore(tmp_path / "config" / "tokens.json")
    alice, said = signed_in(server, store, "alice")
    assert "Wrong username or password." in said and "Logged in on" in said
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
