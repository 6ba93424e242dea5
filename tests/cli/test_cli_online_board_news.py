"""Issue 46: the board game's ``news`` online, through a real pseudo-terminal of 80×24
against a running server, in English and German: the latest of what happened at the table
(the start of the round, the moves) that fits above the question, as at a local game; and
``help`` there lists the word."""

from __future__ import annotations

import os
import re
from pathlib import Path

import pytest
from test_cli_online import until_asked

from carson.games.board.engine.actions import action_from_json
from carson.games.board.town import coords
from carson.games.board.tui.names import parcel_label
from carson.games.board.tui.texts import texts as board_texts
from carson.terminal.api_client import ApiClient
from carson.terminal.credentials import TokenStore
from live_server import running_server
from pty_terminal import Screen

pytestmark = pytest.mark.slow  # a server and a terminal

NEWS = {"en": "news", "de": "neues"}
HELP = {"en": "help", "de": "hilfe"}
QUIT = {"en": "quit", "de": "ende"}


@pytest.mark.parametrize("lang", ["en", "de"])
def test_news_online_shows_the_latest_of_the_tables_news(tmp_path: Path, lang: str) -> None:
    t = board_texts(lang)
    with running_server(tmp_path) as server:
        una = ApiClient(server)
        una.token = una.register("una", "password-una")
        ivy_token = ApiClient(server).register("ivy", "password-ivy")
        TokenStore(tmp_path / "config" / "carson" / "tokens.json").save(server, "ivy", ivy_token)
        game_id = str(una.create_game("board", ["human", "human"], [], lang, None)["id"])
        env = {**os.environ, "XDG_CONFIG_HOME": str(tmp_path / "config")}
        screen = Screen("play", "--server", server, "--join", game_id, "--lang", lang, env=env)
        ivy = ApiClient(server, ivy_token)
        until_asked(screen, una, game_id)  # una plays her moves meanwhile
        while ivy.view(game_id)["view"]["decision"]["kind"] == "claim":  # BG-3.8: two parcels
            claim = action_from_json(ivy.view(game_id)["legal_actions"][0])
            screen.term.type(parcel_label(*coords(claim.arg)))
            until_asked(screen, una, game_id)
        screen.term.type(NEWS[lang])
        until_asked(screen, una, game_id)
        shown = screen.shown()
        shown = shown[shown.rindex(f"> {NEWS[lang]}") :]  # what the word showed
        news = [line.rstrip() for line in shown.split("\n") if line.startswith("• ")]
        assert "• " + t("board_events", "round", round=1) in news, shown
        assert t("online", "not_asked") not in shown and "Unknown" not in shown, shown
        screen.term.type(HELP[lang])
        until_asked(screen, una, game_id)
        said = " ".join(line.strip() for line in screen.ever)
        words = said.rsplit(t("ui", "words_here", words="").rstrip("."), 1)[1]
        assert re.search(rf"\b{NEWS[lang]}\b", words), words
        screen.term.type(QUIT[lang])
        screen.term.close()
