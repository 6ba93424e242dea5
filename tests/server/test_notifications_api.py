"""Notifications through the API: written with the moves that cause them (a turn, the end),
with a rematch offer and a paired table; listed, counted, marked read; settings per kind and
channel; refusals change nothing."""

from __future__ import annotations

import random

import pytest
from api_helpers import account, play_randomly
from fastapi.testclient import TestClient

from carson.server.kernel.db import User
from carson.server.notify import notices
from carson.server.notify.tables import Notification
from carson.server.notify.texts import notice_text

pytestmark = pytest.mark.usefixtures("toy_game")


def two_player_game(client: TestClient, alice: dict[str, str], bob: dict[str, str]) -> str:
    body = {"game": "toy", "seats": ["human", "human"]}
    game_id: str = client.post("/api/games", json=body, headers=alice).json()["id"]
    assert client.post(f"/api/games/{game_id}/join", headers=bob).status_code == 200
    return game_id


def kinds(client: TestClient, headers: dict[str, str]) -> list[str]:
    listed = client.get("/api/notifications", headers=headers)
    assert listed.status_code == 200, listed.text
    return [item["kind"] for item in listed.json()["notifications"]]


def test_a_turn_and_the_end_are_notified_to_the_players(client: TestClient) -> None:
    alice, bob = account(client, "alice"), account(client, "bob")
    game_id = two_player_game(client, alice, bob)
    first = client.get(f"/api/games/{game_id}", headers=alice).json()
    asked = alice if first["legal_actions"] else bob
    assert kinds(client, asked)[-1] == "your_turn"
    play_randomly(client, game_id, [alice, bob], random.Random(3))
    for headers in (alice, bob):
        listed = client.get("/api/notifications", headers=headers).json()
        assert listed["notifications"][0]["kind"] == "game_over"
        assert listed["notifications"][0]["game"] == game_id
        # one line per game for its turns (the last one), not one per turn played
        assert [item["kind"] for item in listed["notifications"]] == ["game_over", "your_turn"]
        assert listed["unread"] == 1  # each turn was marked read once played


def test_an_aborted_game_is_over_for_the_others(client: TestClient) -> None:
    alice, bob = account(client, "alice"), account(client, "bob")
    game_id = two_player_game(client, alice, bob)
    aborted = client.post(f"/api/games/{game_id}/abort", headers=alice)  # nobody moved yet
    assert aborted.status_code == 200, aborted.text
    told = client.get("/api/notifications", headers=bob).json()["notifications"]
    assert [(n["kind"], n["payload"]) for n in told if n["kind"] == "game_over"] == [
        ("game_over", {"ended": "aborted"})
    ]
    assert "game_over" not in kinds(client, alice)  # she ended it herself


def test_a_turn_played_is_read(client: TestClient) -> None:
    alice, bob = account(client, "alice"), account(client, "bob")
    game_id = two_player_game(client, alice, bob)  # the toy game asks both at once
    view = client.get(f"/api/games/{game_id}", headers=alice).json()
    assert [client.get("/api/notifications", headers=who).json()["unread"]
            for who in (alice, bob)] == [1, 1]  # fmt: skip
    body = {"seq": view["seq"], "action": view["legal_actions"][0]}
    moved = client.post(f"/api/games/{game_id}/actions", json=body, headers=alice)
    assert moved.status_code == 200, moved.text
    assert [client.get("/api/notifications", headers=who).json()["unread"]
            for who in (alice, bob)] == [0, 1]  # fmt: skip


@pytest.mark.slow  # runs long: whole games or many cases
def test_nobody_is_notified_in_a_game_alone_against_machines(client: TestClient) -> None:
    alice = account(client, "alice")
    body = {"game": "toy", "seats": ["human", "random"]}
    game_id = client.post("/api/games", json=body, headers=alice).json()["id"]
    play_randomly(client, game_id, [alice], random.Random(1))
    assert kinds(client, alice) == []


def test_marking_read_some_or_all_and_never_anothers(client: TestClient) -> None:
    alice, bob = account(client, "alice"), account(client, "bob")
    game_id = two_player_game(client, alice, bob)
    play_randomly(client, game_id, [alice, bob], random.Random(2))
    mine = client.get("/api/notifications", headers=alice).json()
    theirs = client.get("/api/notifications", headers=bob).json()
    first = mine["notifications"][0]["id"]
    marked = client.post("/api/notifications/read", json={"ids": [first]}, headers=alice)
    assert marked.json() == {"marked": 1, "unread": mine["unread"] - 1}
    other = theirs["notifications"][0]["id"]
    stolen = client.post("/api/notifications/read", json={"ids": [other]}, headers=alice)
    assert stolen.json()["marked"] == 0
    assert client.get("/api/notifications", headers=bob).json()["unread"] == theirs["unread"]
    too_big = client.get("/api/notifications", params={"before": 2**63}, headers=alice)
    assert too_big.status_code == 422
    for body in ({}, {"ids": [1], "all": True}, {"ids": "x"}, {"ids": [2**63]}):
        refused = client.post("/api/notifications/read", json=body, headers=alice)
        assert refused.status_code == 422
    done = client.post("/api/notifications/read", json={"all": True}, headers=alice).json()
    assert done == {"marked": mine["unread"] - 1, "unread": 0}
    assert client.get("/api/notifications").status_code == 401
    assert client.post("/api/notifications/read", json={"all": True}).status_code == 401


def test_settings_have_defaults_change_and_refuse_unknown_ones(client: TestClient) -> None:
    alice, bob = account(client, "alice"), account(client, "bob")
    settings = client.get("/api/notifications/settings", headers=alice).json()["settings"]
    assert set(settings) == set(notices.KINDS)
    assert settings["your_turn"] == {"app": True, "email": True, "push": True}
    assert settings["mention"]["email"] is False
    changed = client.put(
        "/api/notifications/settings", json={"settings": {"your_turn": {"app": False}}},
        headers=bob,
    )  # fmt: skip
    assert changed.status_code == 200 and changed.json()["settings"]["your_turn"]["app"] is False
    for wrong in ({"nope": {"app": True}}, {"your_turn": {"pigeon": True}}):
        body = {"settings": {"game_over": {"app": False}, **wrong}}
        refused = client.put("/api/notifications/settings", json=body, headers=bob)
        assert refused.status_code == 422 and refused.json()["code"] == "unknown_setting"
    kept = client.get("/api/notifications/settings", headers=bob).json()["settings"]
    assert kept["game_over"]["app"] is True  # the refused change changed nothing
    game_id = two_player_game(client, alice, bob)
    play_randomly(client, game_id, [alice, bob], random.Random(4))
    assert "your_turn" not in kinds(client, bob) and "game_over" in kinds(client, bob)


def test_a_rematch_offer_invites_the_other_players(client: TestClient) -> None:
    alice, bob = account(client, "alice"), account(client, "bob")
    game_id = two_player_game(client, alice, bob)
    play_randomly(client, game_id, [alice, bob], random.Random(5))
    offer = client.post(f"/api/games/{game_id}/rematch", headers=bob).json()
    invited = client.get("/api/notifications", headers=alice).json()["notifications"][0]
    assert invited["kind"] == "invitation" and invited["game"] == offer["rematch"]
    assert invited["payload"] == {"by": "bob", "rematch_of": game_id}
    assert "invitation" not in kinds(client, bob)


def test_a_chat_mention_is_a_notification(client: TestClient) -> None:
    alice, bob = account(client, "alice"), account(client, "bob")
    game_id = two_player_game(client, alice, bob)
    service = client.app.state.games  # type: ignore[attr-defined]
    with service.sessions.begin() as session:
        bob_id = session.query(User).filter_by(username="bob").one().id
        written = notices.notify_mention(session, service.jobs, [bob_id], game_id, "alice")
    assert len(written) == 1
    mention = client.get("/api/notifications", headers=bob).json()["notifications"][0]
    assert mention["kind"] == "mention" and mention["payload"] == {"by": "alice"}
    with service.sessions() as session:
        assert session.get(Notification, written[0]).user_id == bob_id
    with pytest.raises(ValueError, match="unknown notification kind"), service.sessions() as s:
        notices.notify(s, service.jobs, [bob_id], "pigeon", game_id)


@pytest.mark.parametrize(
    ("lang", "said"),
    [("en", "The game was aborted."), ("de", "Die Partie wurde abgebrochen."),
     ("it", "La partita è stata annullata."), ("nl", "Het spel is afgebroken."),
     ("fr", "La partie a été annulée.")],
)  # fmt: skip
def test_an_abort_is_told_in_every_language(lang: str, said: str) -> None:
    assert notice_text(lang, notices.GAME_OVER, {"ended": "aborted"}) == said
    assert notice_text(lang, notices.GAME_OVER, {}) != said
