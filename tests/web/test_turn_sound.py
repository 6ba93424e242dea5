"""The "your turn" chime is the project's own: the committed file is what its script makes,
a short, soft mono WAV."""

from __future__ import annotations

import io
import wave
from pathlib import Path
from types import ModuleType

import pytest
from fastapi.testclient import TestClient
from test_card_log import finished_game

from carson.app import create_app
from tool_modules import tool


def _tool() -> ModuleType:
    return tool("make_turn_sound")


def test_the_committed_chime_is_what_the_script_makes() -> None:
    tool = _tool()
    made = tool.chime()
    assert tool.TARGET.read_bytes() == made, "run tools/make_turn_sound.py"
    with wave.open(io.BytesIO(made)) as sound:
        assert (sound.getnchannels(), sound.getsampwidth()) == (1, 2)
        assert 0.3 < sound.getnframes() / sound.getframerate() < 1.0  # short
    loudest = max(abs(sample) for sample in tool.samples())
    assert 0.1 * 32767 < loudest <= 0.3 * 32767  # audible, and soft


@pytest.mark.slow  # runs long: whole games or many cases
def test_a_game_in_play_offers_the_setting_hidden_until_its_script_runs(tmp_path: Path) -> None:
    with TestClient(create_app(f"sqlite:///{tmp_path / 'web.db'}")) as client:
        game_id = finished_game(client)
        assert "turn-sound" not in client.get(f"/games/{game_id}").text  # over: no turn comes
        headers = {"X-CSRF-Token": client.cookies["carson_csrf"]}
        seats = ["human", "greedy", "greedy", "greedy"]
        playing = client.post("/api/games", headers=headers, json={"seats": seats}).json()["id"]
        client.cookies.set("lang", "nl")
        page = client.get(f"/games/{playing}").text
    assert '<p class="turn-sound" id="turn-sound-setting" hidden>' in page
    assert '<script src="/static/turn_sound.js" defer></script>' in page
    assert "Geluid als je aan de beurt bent" in page
