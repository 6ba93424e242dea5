"""``carson play --server`` plays the board game with its own screens: a terminal client
and a player of the API play a whole game of the new-beginning and duel-tiles variants
(secret purchases kept as drafts, secret tiles) on a real server; the terminal shows the
town, the track and the tables, asks the local game's questions, answers ``prices`` and
``board`` at any question, and prints the news in the game's words."""

from __future__ import annotations

import io
import random
from collections.abc import Iterator

import pytest
from rich.console import Console
from test_board_play import _eager_choice, typed_for
from test_online import api_player, play_by_api

from carson.games.board.engine.actions import action_from_json
from carson.terminal.api_client import ApiClient
from carson.terminal.online import OnlineGame
from carson.terminal.online_start import NewOnlineGame, open_game
from carson.terminal.texts import Texts
from live_server import running_server

pytestmark = pytest.mark.slow  # a server process and the terminal client


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    with running_server(tmp_path_factory.mktemp("online-board")) as base:
        yield base


class BoardPlayer:
    """Types, at each question, what a player would to choose a random legal action of the
    seat's view (read through the API, as the terminal reads it); a script first."""

    def __init__(self, client: ApiClient, game_id: str, seed: int, *script: str) -> None:
        self.client, self.game_id = client, game_id
        self.rng, self.script = random.Random(seed), list(script)

    def __call__(self, prompt: str) -> str:
        if self.script:
            return self.script.pop(0)
        view = self.client.view(self.game_id)
        legal = [action_from_json(action) for action in view["legal_actions"]]
        kind = view["view"]["decision"]["kind"]
        return typed_for(kind, legal, _eager_choice(self.rng, legal))


def test_a_whole_board_game_online_with_the_games_own_screens(server: str) -> None:
    ivy, jon = api_player(server, "ivy"), api_player(server, "jon")
    console = Console(file=io.StringIO(), width=140, height=60, record=True, color_system=None)
    new = NewOnlineGame("board", ["human", "human"], ["new-beginning", "duel-tiles"], "en")
    game_id = open_game(ivy, None, new, Texts("en"), console)
    jon.join(game_id)
    other = play_by_api(jon, game_id, 5)
    keyboard = BoardPlayer(ivy, game_id, 4, "prices", "board", "zzz")
    assert OnlineGame(ivy, game_id, "en", console, keyboard, poll=0.02).run() == 0
    other.join(timeout=120)
    out = console.export_text()
    # The board game's own screen: the town, the track, the tables, as at a local game.
    assert "Action track, row 1" in out and "Personalities" in out and "Players" in out
    assert "Prices and incomes" in out  # the prices command, at a question
    # Its own questions (the secret purchases, then the starting parcels), not a menu.
    assert "Buy what? Type a number" in out and "Your legal actions:" not in out
    # The news in the game's words: the other player by his colour and his name.
    assert "Green 2" in out and "jon" in out
    assert "Game over" in out and f"Game {game_id} is over." in out
