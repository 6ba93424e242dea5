"""The chat through the API: who reads and writes each channel, limits, escaping (the API
stores the text as it was typed; pages escape it), quick phrases, mutes, reports, silenced
accounts and mentions."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from api_helpers import account
from chat_helpers import ChatTable, chat_table
from fastapi.testclient import TestClient

from carson.server.app import create_app
from carson.server.chat.api import chat_of
from carson.server.chat.service import MAX_CHARS, Chat
from carson.server.kernel.limits import Limits


@pytest.fixture
def table(client: TestClient) -> ChatTable:
    return chat_table(client)


def texts(response: Any) -> list[str]:
    assert response.status_code == 200, response.text
    return [message["text"] for message in response.json()["messages"]]


def test_players_and_spectators_each_have_their_channel(table: ChatTable) -> None:
    assert table.post(table.alice, "players", text="hi bob").status_code == 201
    assert table.post(table.eve, "spectators", text="go alice").status_code == 201
    assert texts(table.read(table.bob)) == ["hi bob"]
    assert texts(table.read(table.eve)) == ["go alice"]
    # Each to its own: a player cannot write or read the spectators' channel during the
    # game, a spectator the players'.
    wrong = table.post(table.bob, "spectators", text="psst")
    assert wrong.status_code == 403 and wrong.json()["code"] == "not_a_spectator"
    assert table.post(table.eve, "players", text="psst").json()["code"] == "not_a_player"
    assert table.read(table.bob, "spectators").status_code == 403
    assert table.read(table.eve, "players").status_code == 403
    page = table.read(table.alice).json()
    assert page["readable"] == ["players"] and page["writable"] == "players"
    assert table.read(table.eve).json()["writable"] == "spectators"


def test_after_the_game_players_also_read_the_spectators(table: ChatTable) -> None:
    table.post(table.alice, "players", text="gl")
    table.post(table.eve, "spectators", text="nice")
    table.end()
    assert texts(table.read(table.bob)) == ["gl", "nice"]
    assert table.post(table.bob, "players", text="gg").status_code == 201  # still theirs
    assert table.post(table.bob, "spectators", text="ty").status_code == 403
    assert texts(table.read(table.eve)) == ["nice"]  # the players' stays the players'


def test_each_channel_numbers_its_own_messages(table: ChatTable) -> None:
    """Issue 45: a number shared by both channels showed the players a gap for every
    message of the spectators'. After the game a reader of both goes on from a cursor."""
    table.post(table.alice, "players", text="p1")
    for text in ("s1", "s2"):
        table.post(table.eve, "spectators", text=text)
    table.post(table.alice, "players", text="p2")
    page = table.read(table.bob).json()
    assert [(m["text"], m["seq"]) for m in page["messages"]] == [("p1", 1), ("p2", 2)]
    assert page["cursor"] == "2.0"  # nothing of the spectators' channel told
    assert [m["seq"] for m in table.read(table.eve).json()["messages"]] == [1, 2]
    assert table.read(table.eve).json()["cursor"] == "0.2"
    table.end()
    first = table.client.get(f"/api/games/{table.game}/chat?limit=3", headers=table.bob).json()
    assert [m["text"] for m in first["messages"]] == ["p1", "s1", "s2"] and first["more"]
    assert first["cursor"] == "1.2"
    table.post(table.eve, "spectators", text="s3")
    rest = table.read(table.bob, since=first["cursor"]).json()
    assert [m["text"] for m in rest["messages"]] == ["p2", "s3"] and rest["cursor"] == "2.3"
    # A bare number is after that message in every channel one reads.
    assert texts(table.read(table.bob, since="1")) == ["s2", "p2", "s3"]
    for bad in ("1.", ".1", "1.2.3", "-1", "1e3", "١"):
        assert table.read(table.bob, since=bad).status_code == 422, bad


def test_who_may_not_chat_at_all(table: ChatTable) -> None:
    client = table.client
    anonymous = client.post(f"/api/games/{table.game}/chat", json={"channel": "spectators",
                                                                   "text": "hi"})  # fmt: skip
    assert anonymous.status_code == 401
    assert client.get(f"/api/games/{table.game}/chat").status_code == 401
    assert table.post(table.eve, "spectators", text="x").status_code == 201
    missing = client.post("/api/games/nope/chat", json={"channel": "players", "text": "x"},
                          headers=table.alice)  # fmt: skip
    assert missing.status_code == 404
    assert client.get("/api/games/nope/chat", headers=table.alice).status_code == 404


def test_bad_messages_are_refused_and_nothing_is_stored(table: ChatTable) -> None:
    too_long = table.post(table.alice, "players", text="x" * (MAX_CHARS + 1))
    assert too_long.status_code == 422 and str(MAX_CHARS) in too_long.json()["detail"]
    assert table.post(table.alice, "players", text=" \x00\n\t ").json()["code"] == "empty_message"
    assert table.post(table.alice, "players").json()["code"] == "text_or_phrase"
    both = table.post(table.alice, "players", text="hi", phrase="thanks")
    assert both.json()["code"] == "text_or_phrase"
    assert table.post(table.alice, "players", phrase="nope").status_code == 422
    assert table.post(table.alice, "nowhere", text="hi").status_code == 422
    assert texts(table.read(table.alice)) == []
    fine = table.post(table.alice, "players", text="  a\x00b\nc\u202e!  " + "y" * 10)
    assert fine.json()["text"] == "ab c!  yyyyyyyyyy"


def test_markup_is_kept_as_text_and_phrases_carry_their_code(table: ChatTable) -> None:
    table.post(table.alice, "players", text="<script>alert(1)</script>")
    table.post(table.bob, "players", phrase="well_played")
    first, second = table.read(table.alice).json()["messages"]
    assert first["text"] == "<script>alert(1)</script>" and first["phrase"] is None
    said = (second["phrase"], second["text"], second["author"])
    assert said == ("well_played", "Well played!", "bob")
    assert first["seq"] < second["seq"]
    assert [m["seq"] for m in table.read(table.alice, since=first["seq"]).json()["messages"]] == [
        second["seq"]
    ]
    codes = [phrase["code"] for phrase in table.client.get("/api/chat/phrases").json()]
    assert {"good_luck", "well_played", "thanks", "good_game", "must_go"} <= set(codes)


def test_pages_of_messages(table: ChatTable) -> None:
    for number in range(5):
        table.post(table.alice, "players", text=f"m{number}")
    first = table.client.get(f"/api/games/{table.game}/chat?limit=3", headers=table.bob).json()
    assert [m["text"] for m in first["messages"]] == ["m0", "m1", "m2"] and first["more"]
    last = first["messages"][-1]["seq"]
    rest = table.read(table.bob, since=last).json()
    assert [m["text"] for m in rest["messages"]] == ["m3", "m4"] and not rest["more"]
    assert table.read(table.bob, since=2**31 - 1).json()["messages"] == []
    assert table.read(table.bob, since=2**31).status_code == 422  # past the column's integers


def test_the_rate_is_limited_per_account(db_url: str, tmp_path: Path) -> None:
    limits = Limits(chat_messages_per_user="3/minute")
    with TestClient(create_app(db_url, budget_ms=5, limits=limits)) as client:
        table = chat_table(client)
        for number in range(3):
            assert table.post(table.alice, "players", text=f"{number}").status_code == 201
        refused = table.post(table.alice, "players", text="one more")
        assert refused.status_code == 429 and int(refused.headers["Retry-After"]) >= 1
        assert texts(table.read(table.bob)) == ["0", "1", "2"]
        assert table.post(table.bob, "players", text="mine").status_code == 201  # per account


def test_mute_hides_an_account_everywhere_until_unmuted(table: ChatTable) -> None:
    client = table.client
    table.post(table.alice, "players", text="before")
    muted = client.post("/api/mutes/ALICE", headers=table.bob)
    assert muted.json() == {"username": "alice", "muted": True}
    assert client.post("/api/mutes/alice", headers=table.bob).status_code == 200  # again: same
    assert client.get("/api/mutes", headers=table.bob).json() == {"usernames": ["alice"]}
    table.post(table.alice, "players", text="after")
    assert texts(table.read(table.bob)) == []
    assert texts(table.read(table.alice)) == ["before", "after"]  # her own, always
    assert client.post("/api/mutes/bob", headers=table.bob).json()["code"] == "mute_self"
    assert client.post("/api/mutes/nobody", headers=table.bob).status_code == 404
    unmuted = client.delete("/api/mutes/alice", headers=table.bob)
    assert unmuted.json() == {"username": "alice", "muted": False}
    assert texts(table.read(table.bob)) == ["before", "after"]


def test_a_reader_reports_a_message_once(table: ChatTable) -> None:
    client = table.client
    message = table.post(table.alice, "players", text="rude").json()["id"]
    spectators = table.post(table.eve, "spectators", text="also rude").json()["id"]
    reported = client.post(f"/api/chat/{message}/report", json={"reason": "insult"},
                           headers=table.bob)  # fmt: skip
    assert reported.status_code == 201 and reported.json()["id"] >= 1
    again = client.post(f"/api/chat/{message}/report", headers=table.bob)
    assert again.status_code == 409 and again.json()["code"] == "reported"
    # Not a reader of that channel: as if there were no such message.
    assert client.post(f"/api/chat/{message}/report", headers=table.eve).status_code == 404
    assert client.post(f"/api/chat/{spectators}/report", headers=table.bob).status_code == 404
    assert client.post(f"/api/chat/{message}/report", headers=table.alice).status_code == 422
    assert client.post("/api/chat/999999/report", headers=table.bob).status_code == 404
    long = client.post(f"/api/chat/{spectators}/report", json={"reason": "r" * 201},
                       headers=table.eve)  # fmt: skip
    assert long.status_code == 422
    reports = table.moderation().open_reports(table.user("eve"))  # as an administrator would
    assert [(r.reporter, r.reason, r.message.text) for r in reports] == [("bob", "insult", "rude")]


def test_a_silenced_account_cannot_post_until_lifted(table: ChatTable) -> None:
    moderation = table.moderation()
    moderation.grant("bob")
    admin = table.client.app.state.games.user_for_token(table.bob["Authorization"][7:])  # type: ignore[attr-defined]
    moderation.silence(admin, "eve", "spam")
    refused = table.post(table.eve, "spectators", text="buy now")
    assert refused.status_code == 403 and refused.json()["code"] == "silenced"
    assert "spam" in refused.json()["detail"]
    assert texts(table.read(table.eve)) == []
    moderation.lift("eve")
    assert table.post(table.eve, "spectators", text="sorry").status_code == 201


def test_mentions_name_the_readers_a_message_names(table: ChatTable) -> None:
    client = table.client
    account(client, "carol")  # exists, but not seated: cannot read the players' chat
    said = table.post(table.alice, "players", text="@bob @Carol @nobody @alice hi").json()
    chat: Chat = chat_of(client.app.state.games, client.app.state.accounts)  # type: ignore[attr-defined]
    assert chat.mentioned(said["id"]) == ["bob"]
    client.post("/api/mutes/alice", headers=table.bob)
    assert chat.mentioned(said["id"]) == []  # bob muted her: no news of her
    cheer = table.post(table.eve, "spectators", text="well done @carol.").json()
    assert chat.mentioned(cheer["id"]) == ["carol"]


def test_a_mention_in_the_chat_notifies_who_may_read_it(table: ChatTable) -> None:
    client = table.client
    account(client, "carol")  # not seated: the players' chat is not hers to read
    carol = account(client, "carol2")
    assert table.post(table.alice, "players", text="your turn @bob, @carol").status_code == 201

    def mentions_of(headers: dict[str, str]) -> list[dict[str, Any]]:
        found = client.get("/api/notifications", headers=headers).json()["notifications"]
        return [notice for notice in found if notice["kind"] == "mention"]

    told = mentions_of(table.bob)
    assert [(n["game"], n["payload"]) for n in told] == [(table.game, {"by": "alice"})]
    assert mentions_of(table.alice) == []  # never told of one's own line
    table.post(table.eve, "spectators", text="hi @carol2")
    assert [n["payload"] for n in mentions_of(carol)] == [{"by": "eve"}]


def test_a_page_shows_the_latest_messages(table: ChatTable) -> None:
    for number in range(5):
        table.post(table.alice, "players", text=f"m{number}")
    table.post(table.eve, "spectators", text="watching")
    games = table.client.app.state.games  # type: ignore[attr-defined]
    chat = chat_of(games, table.client.app.state.accounts)  # type: ignore[attr-defined]
    bob = games.user_for_token(table.bob["Authorization"].removeprefix("Bearer "))
    found, cursor = chat.latest(bob, table.game, 2)
    assert [message.text for message in found] == ["m3", "m4"]
    assert str(cursor) == "5.0"  # after m4, and nothing of the spectators' (unread)


def test_invisible_formatting_characters_are_stripped() -> None:
    """Issue 45: marks of direction (RLM, ALM), zero-width spaces, a byte-order mark, a soft
    hyphen and a line separator could hide or disguise a message's text; an emoji sequence's
    zero-width joiner stays."""
    from carson.server.chat.service import clean_reason, clean_text

    hidden = "a\u200fb\u061cc\u200bd\ufeffe\u00adf\u2060g\u2028h\u2029i"
    assert clean_text(hidden) == "abcdefg h i"
    assert clean_reason(hidden) == "abcdefg h i"
    family = "\U0001f468\u200d\U0001f469\u200d\U0001f467"
    assert clean_text(family) == family
