"""People (issue 48): following by name with who is online and their public games, blocking
(no shared table by join, quick match or invitation; the blocker no longer reads the blocked
person's chat), and inviting someone to one's table by name. On SQLite and PostgreSQL."""

from __future__ import annotations

from pathlib import Path

import pytest
from api_helpers import account
from chat_helpers import chat_table
from fastapi.testclient import TestClient
from test_quickmatch import seek
from test_rematch_api import finished_game

from carson.app import create_app
from carson.core.seeks import Seek, pair
from carson.server.kernel.limits import Limits
from carson.server.notify.texts import notice_text

Who = dict[str, str]


def table_for(client: TestClient, host: Who, public: bool = False) -> str:
    body = {"seats": ["human", "human", "random", "random"], "public": public}
    created = client.post("/api/games", json=body, headers=host)
    assert created.status_code == 201, created.text
    return str(created.json()["id"])


def test_following_lists_friends_online_first_with_their_public_games(
    client: TestClient,
) -> None:
    alice, bob, carol = (account(client, name) for name in ("alice", "bob", "carol"))
    assert client.put("/api/friends/BOB", headers=alice).json() == {"username": "bob"}
    assert client.put("/api/friends/bob", headers=alice).status_code == 200  # again: same
    assert client.put("/api/friends/carol", headers=alice).status_code == 200
    game = table_for(client, bob, public=True)
    assert client.post(f"/api/games/{game}/join", headers=carol).status_code == 200
    private = table_for(client, carol)
    assert client.post(f"/api/games/{private}/join", headers=bob).status_code == 200
    friends = client.get("/api/friends", headers=alice).json()["friends"]
    assert friends == [
        {"username": "bob", "online": True, "playing": [game]},  # the private game unlisted
        {"username": "carol", "online": True, "playing": [game]},
    ]
    assert client.get("/api/friends", headers=bob).json() == {"friends": []}  # one way
    assert client.delete("/api/friends/carol", headers=alice).status_code == 200
    assert [f["username"] for f in client.get("/api/friends", headers=alice).json()["friends"]
            ] == ["bob"]  # fmt: skip


def test_bad_names_are_refused_and_change_nothing(client: TestClient) -> None:
    alice = account(client, "alice")
    assert client.put("/api/friends/nobody", headers=alice).status_code == 404
    assert client.put("/api/blocks/nobody", headers=alice).status_code == 404
    itself = client.put("/api/friends/alice", headers=alice)
    assert itself.status_code == 422 and itself.json()["code"] == "follow_self"
    assert client.put("/api/blocks/Alice", headers=alice).json()["code"] == "block_self"
    assert client.put("/api/friends/" + "x" * 33, headers=alice).status_code == 422
    assert client.get("/api/friends").status_code == 401
    assert client.get("/api/friends", headers=alice).json() == {"friends": []}
    assert client.get("/api/blocks", headers=alice).json() == {"usernames": []}


def test_a_block_ends_follows_and_keeps_both_from_one_table(client: TestClient) -> None:
    alice, bob, carol = (account(client, name) for name in ("alice", "bob", "carol"))
    client.put("/api/friends/alice", headers=bob)
    client.put("/api/friends/bob", headers=alice)
    assert client.put("/api/blocks/bob", headers=alice).json() == {"username": "bob"}
    assert client.get("/api/blocks", headers=alice).json() == {"usernames": ["bob"]}
    assert client.get("/api/blocks", headers=bob).json() == {"usernames": []}  # not told
    assert client.get("/api/friends", headers=bob).json() == {"friends": []}
    again = client.put("/api/friends/alice", headers=bob)
    assert again.status_code == 422 and again.json()["code"] == "blocked"
    # Neither joins the other's table, whoever blocked; others still may.
    hers, his = table_for(client, alice), table_for(client, bob)
    for who, game in ((bob, hers), (alice, his)):
        refused = client.post(f"/api/games/{game}/join", headers=who)
        assert refused.status_code == 403 and refused.json()["code"] == "blocked"
    assert client.post(f"/api/games/{hers}/join", headers=carol).status_code == 200
    view = client.get(f"/api/games/{hers}", headers=alice).json()
    assert [seat["user"] for seat in view["seats"][:2]] == ["alice", "carol"]
    assert client.delete("/api/blocks/bob", headers=alice).status_code == 200
    assert client.post(f"/api/games/{his}/join", headers=alice).status_code == 200


def test_an_invitation_by_name_notifies_and_is_refused_where_it_should(
    client: TestClient,
) -> None:
    alice, bob, carol, dave = (account(client, n) for n in ("alice", "bob", "carol", "dave"))
    game = table_for(client, alice)
    invited = client.post(f"/api/games/{game}/invite", json={"username": "BOB"}, headers=alice)
    assert invited.status_code == 200 and invited.json() == {"username": "bob"}
    told = client.get("/api/notifications", headers=bob).json()["notifications"]
    assert [(n["kind"], n["game"], n["payload"]) for n in told] == [
        ("invitation", game, {"by": "alice", "invite": True})
    ]
    said = notice_text("de", "invitation", told[0]["payload"])
    assert said == "alice lädt dich an einen Tisch ein."  # not a rematch's words
    # Only a seated player invites, nobody blocked, nobody already seated, nowhere full.
    by_carol = client.post(f"/api/games/{game}/invite", json={"username": "dave"}, headers=carol)
    assert by_carol.status_code == 403 and by_carol.json()["code"] == "not_seated"
    client.put("/api/blocks/alice", headers=dave)
    blocked = client.post(f"/api/games/{game}/invite", json={"username": "dave"}, headers=alice)
    assert blocked.status_code == 403 and blocked.json()["code"] == "blocked"
    assert client.get("/api/notifications", headers=dave).json()["notifications"] == []
    itself = client.post(f"/api/games/{game}/invite", json={"username": "alice"}, headers=alice)
    assert itself.status_code == 422 and itself.json()["code"] == "invite_self"
    nobody = client.post(f"/api/games/{game}/invite", json={"username": "zed"}, headers=alice)
    assert nobody.status_code == 404
    assert client.post(f"/api/games/{game}/join", headers=bob).status_code == 200
    full = client.post(f"/api/games/{game}/invite", json={"username": "carol"}, headers=alice)
    assert full.status_code == 409 and full.json()["code"] == "no_free_seat"
    missing = client.post("/api/games/000000000000/invite", json={"username": "bob"},
                          headers=alice)  # fmt: skip
    assert missing.status_code == 404


def test_the_blocker_no_longer_reads_the_blocked_persons_chat(client: TestClient) -> None:
    table = chat_table(client)
    table.post(table.alice, "players", text="hello @bob")
    assert client.put("/api/blocks/alice", headers=table.bob).status_code == 200
    table.post(table.alice, "players", text="again @bob")
    read = table.read(table.bob).json()["messages"]  # type: ignore[attr-defined]
    assert read == []
    mine = table.read(table.alice).json()["messages"]  # type: ignore[attr-defined]
    assert [message["text"] for message in mine] == ["hello @bob", "again @bob"]
    told = client.get("/api/notifications", headers=table.bob).json()["notifications"]
    assert [n["kind"] for n in told].count("mention") == 1  # the mention before the block


def test_quick_match_never_pairs_people_a_block_keeps_apart() -> None:
    def one(id: str, user_id: int, avoids: frozenset[int] = frozenset()) -> Seek:
        return Seek(id, user_id, "card", 2, "10+5", False, 25.0, 0.0, "ai-medium", None, avoids)

    assert pair([one("a", 1, frozenset({2})), one("b", 2)], now=1.0) == []
    tables = pair([one("a", 1, frozenset({2})), one("b", 2), one("c", 3)], now=1.0)
    assert [[seek.user_id for seek in table.seeks] for table in tables] == [[1, 3]]


def test_quick_match_reads_the_blocks(client: TestClient) -> None:
    people = [account(client, name) for name in ("alice", "bob", "carol", "dave", "eve")]
    client.put("/api/blocks/alice", headers=people[1])
    four = seek(rated=False)
    seeks = [client.post("/api/seeks", json=four, headers=who).json() for who in people[:4]]
    assert [answer["state"] for answer in seeks] == ["open"] * 4  # alice and bob: apart
    last = client.post("/api/seeks", json=four, headers=people[4]).json()
    assert last["state"] == "matched"
    view = client.get(f"/api/games/{last['game_id']}", headers=people[0]).json()
    assert [seat["user"] for seat in view["seats"]] == ["alice", "carol", "dave", "eve"]
    assert client.get(f"/api/seeks/{seeks[1]['id']}", headers=people[1]).json()["state"] == "open"


def test_follows_blocks_and_invitations_are_rate_limited(db_url: str, tmp_path: Path) -> None:
    limits = Limits(people_changes_per_user="2/hour")
    with TestClient(create_app(db_url, budget_ms=5, limits=limits)) as client:
        alice, _, _ = (account(client, name) for name in ("alice", "bob", "carol"))
        assert client.put("/api/friends/bob", headers=alice).status_code == 200
        assert client.put("/api/blocks/carol", headers=alice).status_code == 200
        refused = client.put("/api/friends/carol", headers=alice)
        assert refused.status_code == 429 and int(refused.headers["Retry-After"]) >= 1
        assert client.get("/api/friends", headers=alice).json()["friends"][0]["username"] == "bob"


@pytest.mark.usefixtures("toy_game")
def test_a_blocker_is_not_told_of_the_blocked_persons_rematch_offer(client: TestClient) -> None:
    alice, bob = account(client, "alice"), account(client, "bob")
    game_id = finished_game(client, alice, bob)
    client.put("/api/blocks/bob", headers=alice)
    before = client.get("/api/notifications", headers=alice).json()["notifications"]
    assert client.post(f"/api/games/{game_id}/rematch", headers=bob).status_code == 200
    after = client.get("/api/notifications", headers=alice).json()["notifications"]
    assert [n for n in after if n["kind"] == "invitation"] == []
    assert len(after) == len(before)
