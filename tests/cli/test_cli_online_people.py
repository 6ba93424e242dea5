"""Issue 48 at the terminal: ``carson play --server``'s menu (nothing named) reaches friends
(who is online, their games, one watched; befriending and blocking by name), invitations by
name (one sent to a new table, one received accepted and its game played), private
messages, tournaments (standings, joining, withdrawing) and vacation (days left, one taken
and ended). Each through the real client in a pseudo-terminal against a live server, the
other person acting through the API; each refusal of the server is said in words."""

from __future__ import annotations

import os
import signal
import time
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest
from test_cli_online import until_asked

from carson.terminal.api_client import ApiClient, ApiError
from carson.terminal.credentials import TokenStore
from carson.terminal.people_api import PeopleApi
from live_server import running_server
from pty_terminal import Screen

pytestmark = pytest.mark.slow  # a server and a terminal

MENU = "Type a number from 1 to 8"
BACK = "or press Enter to go back"
CUPS = f"to see its standings (1–1), {BACK}"


class Player:
    """The terminal's player (a pseudo-terminal of 200 columns): what it was sent after the
    last text waited for."""

    def __init__(self, shown: Screen) -> None:
        self.shown, self.term, self.mark = shown, shown.term, 0

    def wait(self, text: str, timeout: float = 60) -> str:
        """Reads until ``text`` shows after the last text waited for; what came between."""
        deadline = time.monotonic() + timeout
        while text not in self.shown.raw[self.mark :]:
            assert time.monotonic() < deadline, f"{text!r} never shown:\n{self.shown.raw[-3000:]}"
            self.shown.pump()
        start = self.mark
        self.mark = self.shown.raw.index(text, self.mark) + len(text)
        return self.shown.raw[start : self.mark]

    def answer(self, asked: str, line: str) -> str:
        shown = self.wait(asked)
        self.term.type(line)
        return shown


def signed_in(tmp_path: Path, server: str, name: str, lang: str = "en") -> Player:
    """``carson play --server`` for ``name`` (its token kept: no password asked), at its menu."""
    token = ApiClient(server).register(name, f"password-{name}")
    TokenStore(tmp_path / "config" / "carson" / "tokens.json").save(server, name, token)
    env = {**os.environ, "XDG_CONFIG_HOME": str(tmp_path / "config")}
    return Player(Screen("play", "--server", server, "--lang", lang, env=env, size=(200, 50)))


def other(server: str, name: str) -> PeopleApi:
    client = ApiClient(server)
    client.register(name, f"password-{name}")
    return PeopleApi(client)


def test_friends_online_with_their_games_befriend_block_and_watch_one(tmp_path: Path) -> None:
    with running_server(tmp_path) as server:
        una = other(server, "una")
        seats = ["human", "beginner", "beginner", "beginner"]
        game = str(una.client.create_game("card", seats, [], "en", None, {"public": True})["id"])
        ivy = signed_in(tmp_path, server, "ivy")
        ivy.answer(MENU, "help")
        assert "4 friends: who is online" in ivy.wait(MENU)
        ivy.term.type("4")
        ivy.wait("You have no friends on")
        ivy.answer(BACK, "1")
        ivy.answer("Whom do you befriend?", "nobody-here")
        ivy.wait("There is nobody called nobody-here on")
        ivy.answer(BACK, "1")
        ivy.answer("Whom do you befriend?", "ivy")
        ivy.wait("You cannot befriend yourself.")
        ivy.answer(BACK, "1")
        ivy.answer("Whom do you befriend?", "UNA")
        ivy.wait("una is now your friend")
        assert f"una · online · playing {game}" in ivy.wait(BACK)
        ivy.term.type("3")  # block her: she can write to ivy no more, and is a friend no more
        ivy.answer("Whom do you block?", "una")
        ivy.wait("You block una:")
        shown = ivy.wait(BACK)
        assert "You block: una." in shown and "una · online" not in shown
        with pytest.raises(ApiError) as refused:
            una.write("ivy", "hello")
        assert refused.value.code == "blocked"
        ivy.term.type("1")
        ivy.answer("Whom do you befriend?", "una")
        ivy.wait("A block keeps you and una apart: that cannot be done.")
        ivy.answer(BACK, "4")
        ivy.answer("Whom do you unblock?", "una")
        ivy.wait("You no longer block una.")
        ivy.answer(BACK, "1")
        ivy.answer("Whom do you befriend?", "una")
        ivy.wait("una is now your friend")
        ivy.answer(BACK, "5")  # watch her game
        assert f"1: una's game {game}" in ivy.answer("Which game do you watch", "1")
        ivy.wait(f"Watching game {game}")
        ivy.wait("•")  # its news so far, in the game's words
        ivy.term.process.send_signal(signal.SIGINT)  # Ctrl-C: back to the friends
        ivy.wait(f"You stopped watching game {game}.")
        ivy.answer(BACK, "")
        ivy.answer(MENU, "quit")
        assert ivy.term.close() == 3


def test_invite_to_a_new_table_by_name_and_accept_one_received_then_play_it(
    tmp_path: Path,
) -> None:
    with running_server(tmp_path) as server:
        una = other(server, "una")
        ivy = signed_in(tmp_path, server, "ivy")
        ivy.answer(MENU, "5")
        ivy.wait("No invitation waits for you on")
        ivy.answer(BACK, "1")
        ivy.answer("Open a new table", "y")
        ivy.answer("How many players at the table (4–6)?", "4")
        table = ivy.wait(": it waits for the players you invite.").split("New table ")[1]
        table = table.split(":")[0]
        ivy.answer("Whom do you invite?", "nobody-here")
        ivy.wait("There is nobody called nobody-here on")
        ivy.answer(BACK, "1")
        ivy.answer("To which table", "1")
        ivy.answer("Whom do you invite?", "una")
        ivy.wait(f"una is invited to game {table}")
        ivy.answer("Sit down at the table now", "n")
        invited = una.invitations()
        assert [(i["by"], i["game"]) for i in invited] == [("ivy", table)]
        # Una invites ivy to her board table: ivy accepts it at the terminal and plays.
        board = str(una.client.create_game("board", ["human", "human"], [], "en", None)["id"])
        una.invite(board, "ivy")
        ivy.answer(BACK, "")
        ivy.answer(MENU, "5")
        assert f"1: una invites you to Carson City (game {board})" in ivy.wait(BACK)
        ivy.term.type("2")
        ivy.answer("Which invitation do you accept", "1")
        ivy.wait(f"You take your seat in game {board}.")
        assert {seat["user"] for seat in una.client.view(board)["seats"]} == {"una", "ivy"}
        until_asked(ivy.shown, una.client, board)  # the game's first question to ivy
        ivy.term.type("quit")
        ivy.wait(f"You left game {board}")
        assert ivy.term.close() == 3


def test_messages_tournaments_and_vacation_with_refusals_in_words(tmp_path: Path) -> None:
    with running_server(tmp_path) as server:
        una = other(server, "una")
        starts = (datetime.now(UTC) + timedelta(days=1)).isoformat()
        cup = una.client._call("POST", "/api/tournaments", {
            "name": "Autumn cup", "game": "card", "seats": 4, "time_control": "3d",
            "rounds": 2, "starts_at": starts,
        })["id"]  # fmt: skip
        ivy = signed_in(tmp_path, server, "ivy")
        una.write("ivy", "hello ivy")
        ivy.answer(MENU, "6")
        assert "1: una: hello ivy · 1 unread" in ivy.wait("Type a conversation's number")
        ivy.term.type("1")
        assert "una: hello ivy" in ivy.answer("Your message to una", "hi una")
        ivy.wait("Sent to una.")
        assert [m["text"] for m in una.conversation("ivy")[1]] == ["hello ivy", "hi una"]
        una.block("ivy")
        ivy.answer("Type a conversation's number", "una")
        ivy.answer("Your message to una", "are you there?")
        ivy.wait("A block keeps you and una apart: that cannot be done.")
        ivy.answer("Type a conversation's number", "")
        ivy.answer(MENU, "7")
        assert "Autumn cup · " in ivy.wait(CUPS)
        ivy.term.type("1")
        assert "1. una: 0 points" in ivy.wait(BACK)
        ivy.term.type("2")
        ivy.wait("You do not play in this tournament.")
        ivy.answer(BACK, "1")
        ivy.wait("You play in Autumn cup.")
        assert "ivy: 0 points" in ivy.wait(BACK)
        ivy.term.type("1")
        ivy.wait("You play in this tournament already.")
        ivy.answer(BACK, "2")
        ivy.wait("You withdrew from Autumn cup.")
        assert [p["user"] for p in una.tournament(str(cup))["players"]] == ["una"]
        ivy.answer(BACK, "")
        ivy.answer(CUPS, "")
        ivy.answer(MENU, "8")
        ivy.wait("Vacation: 30 of your 30 days left in")
        ivy.answer(BACK, "1")
        ivy.answer("How many days (30 left", "31")
        ivy.wait("You have 30 days left this year: type at most 30.")
        ivy.answer("How many days (30 left", "3")
        ivy.wait("You are on vacation for 3 days")
        assert "You are on vacation until" in ivy.wait(BACK)
        ivy.term.type("1")
        ivy.wait("Your vacation is over: your clocks run again.")
        ivy.answer(BACK, "")
        ivy.answer(MENU, "quit")
        assert ivy.term.close() == 3


def test_too_many_messages_at_once_are_refused_in_words(tmp_path: Path) -> None:
    slow = {**os.environ, "CARSON_LIMIT_CHAT_USER": "1/minute"}
    with running_server(tmp_path, env=slow) as server:
        other(server, "una")
        ivy = signed_in(tmp_path, server, "ivy", lang="fr")
        ivy.answer("Tapez un nombre de 1 à 8", "6")
        ivy.wait("Pas encore de messages privés sur")
        ivy.answer("ou Entrée pour revenir", "una")
        ivy.answer("Votre message à una", "bonjour")
        ivy.wait("Envoyé à una.")
        assert "1 : una : bonjour" in ivy.answer("ou Entrée pour revenir", "1")
        ivy.answer("Votre message à una", "encore ?")
        ivy.wait("Trop à la fois : attendez une minute et réessayez.")
        ivy.answer("ou Entrée pour revenir", "")
        ivy.answer("Tapez un nombre de 1 à 8", "quitter")
        assert ivy.term.close() == 3


def test_an_invitation_to_a_table_one_sits_down_at_waits_for_the_invited(tmp_path: Path) -> None:
    with running_server(tmp_path) as server:
        una = other(server, "una")
        ivy = signed_in(tmp_path, server, "ivy")
        ivy.answer(MENU, "5")
        ivy.answer(BACK, "1")
        ivy.answer("Open a new table", "y")
        ivy.answer("How many players at the table (4–6)?", "4")
        table = ivy.wait(": it waits for the players you invite.").split("New table ")[1]
        table = table.split(":")[0]
        ivy.answer("Whom do you invite?", "una")
        ivy.answer("Sit down at the table now", "y")
        ivy.wait(f"You sit at seat 1 of game {table}.")
        ivy.wait("Waiting for players to join (3 seats free)")
        una.client.join(table)
        ivy.wait("una takes seat 2.")
        ivy.term.process.send_signal(signal.SIGINT)  # Ctrl-C: the table waits on the server
        ivy.wait(f"You left game {table}")
        assert ivy.term.close() == 3


def paused(api: PeopleApi, tournament: str) -> dict[str, bool]:
    return {p["user"]: p["paused"] for p in api.tournament(tournament)["players"]}


def test_an_arena_joined_paused_and_come_back_to(tmp_path: Path) -> None:
    """An arena says it is one (it has no rounds), and its page offers pausing and coming back;
    the standings show who is paused, in the player's language."""
    with running_server(tmp_path) as server:
        una = other(server, "una")
        starts = (datetime.now(UTC) + timedelta(days=1)).isoformat()
        arena = una.client._call("POST", "/api/tournaments", {
            "name": "Night arena", "game": "card", "seats": 4, "time_control": "3+2",
            "starts_at": starts, "mode": "arena", "minutes": 60,
        })["id"]  # fmt: skip
        ivy = signed_in(tmp_path, server, "ivy", lang="de")
        ivy.answer("Gib eine Zahl von 1 bis 8 ein", "7")
        listed = ivy.wait("(1–1)")
        assert "Night arena · " in listed and " · Arena · " in listed and "Runden" not in listed
        ivy.term.type("1")
        ivy.answer("Enter", "1")
        ivy.wait("Du spielst bei Night arena mit.")
        ivy.answer("Enter", "3")
        ivy.wait("Du pausierst bei Night arena")
        assert "ivy: 0 Punkte" in (shown := ivy.wait("Enter")) and "(pausiert)" in shown
        assert paused(una, str(arena)) == {"una": False, "ivy": True}  # the creator plays too
        ivy.term.type("4")
        ivy.wait("Du bist zurück bei Night arena")
        assert "(pausiert)" not in ivy.wait("Enter")
        assert paused(una, str(arena)) == {"una": False, "ivy": False}
        ivy.term.type("")
        ivy.answer("(1–1)", "")
        ivy.answer("Gib eine Zahl von 1 bis 8 ein", "quit")
