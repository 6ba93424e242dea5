"""Secrets between two seated players (CG-9, BG-11, the toy game's stake).

Two games dealt alike (the same server-drawn seed, the same moves) in which only seat B's
secret choice differs must look byte-identical, timestamps aside, to everyone else until the
choice is revealed: seat A's API view, its live stream, its event log and its web page. The
test is the same for every game of the registry; a game gives only the way to reach its
secret choices (:data:`SECRETS`), and the audiences compared are one list (:data:`AUDIENCES`):
seat A and a spectator (signed out, nobody's seat), who is shown the same four things.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from secrecy_helpers import (
    api_view,
    event_log,
    live_server,
    normalised,
    stream_until_view,
    web_page,
)

from carson.app import create_app
from carson.core.registry import games

Action = dict[str, Any]
#: The most moves played to reach a secret choice before the test gives up.
MAX_MOVES = 400


def kind_of(action: Action) -> str:
    return str(action.get("kind", action.get("type")))


def first_and_last(kind: str) -> Callable[[list[Action]], tuple[list[Action], list[Action]]]:
    """B's two alternatives: the first and the last legal action of ``kind``."""

    def choose(legal: list[Action]) -> tuple[list[Action], list[Action]]:
        of_kind = [action for action in legal if kind_of(action) == kind]
        return [of_kind[0]], [of_kind[-1]]

    return choose


def purchases(legal: list[Action]) -> tuple[list[Action], list[Action]]:
    """BG-10.4: B buys nothing, or two things, before it is done."""
    bought = [action for action in legal if kind_of(action) == "purchase"][:2]
    done = next(action for action in legal if kind_of(action) == "pass")
    return [done], [*bought, done]


@dataclass(frozen=True)
class Secret:
    """One secret choice of a game: the game to create (two people, seats A and B), the kind
    of action that B is asked for secretly, and B's two alternatives."""

    body: dict[str, Any]
    kind: str
    alternatives: Callable[[list[Action]], tuple[list[Action], list[Action]]]
    #: Whether A is asked at the same time (a step taken together), or waits for B's turn.
    together: bool = True


SECRETS: dict[str, Secret] = {
    "card-bid": Secret(
        {"game": "card", "seats": ["human", "human", "expert", "advanced"]},
        "bid",
        first_and_last("bid"),
    ),
    "board-vote": Secret(
        {"game": "board", "seats": ["human", "human"], "variants": ["vote-sides"]},
        "vote",
        first_and_last("vote"),
    ),
    "board-duel-tile": Secret(
        {"game": "board", "seats": ["human", "human"], "variants": ["duel-tiles"]},
        "tile",
        first_and_last("tile"),
    ),
    "board-new-beginning": Secret(
        {"game": "board", "seats": ["human", "human"], "variants": ["new-beginning"]},
        "purchase",
        purchases,
    ),
    "board-construction": Secret(  # issue 25: a construction's roads are B's draft (BG-9.1)
        {"game": "board", "seats": ["human", "human"]},
        "road",
        first_and_last("road"),
        together=False,
    ),
    "toy-stake": Secret(
        {"game": "toy", "seats": ["human", "human"]}, "stake", first_and_last("stake")
    ),
}

#: Who must not learn B's secret: a name and how to find its client among the seats'.
AUDIENCES: dict[str, Callable[[dict[str, TestClient]], TestClient]] = {
    "seat A": lambda clients: clients["alice"],
    "a spectator": lambda clients: clients["spectator"],
}


def sign_up(client: TestClient, name: str) -> None:
    client.get("/")  # the page gives the visitor its CSRF token, which the form sends back
    form = {"username": name, "password": "a long password", "csrf": client.cookies["carson_csrf"]}
    response = client.post("/register", data=form, follow_redirects=False)
    assert response.status_code == 303, response.text


def act(client: TestClient, game_id: str, seq: int, action: Action) -> dict[str, Any]:
    csrf = {"X-CSRF-Token": client.cookies["carson_csrf"]}
    body = {"seq": seq, "action": action}
    response = client.post(f"/api/games/{game_id}/actions", json=body, headers=csrf)
    assert response.status_code == 200, response.text
    view: dict[str, Any] = response.json()
    return view


def reach(clients: dict[str, TestClient], game_id: str, kind: str) -> dict[str, Any]:
    """Plays randomly (the same moves in both games) one move at a time until B is asked
    for a secret ``kind`` with a choice, before A has made its own: B's view then."""
    rng = random.Random(3)
    for _ in range(MAX_MOVES):
        bob = clients["bob"].get(f"/api/games/{game_id}").json()
        if len({str(a) for a in bob["legal_actions"] if kind_of(a) == kind}) > 1:
            return dict(bob)
        mover = next(
            (name, view)
            for name in ("alice", "bob")
            if (view := clients[name].get(f"/api/games/{game_id}").json())["legal_actions"]
        )
        act(clients[mover[0]], game_id, mover[1]["seq"], rng.choice(mover[1]["legal_actions"]))
    raise AssertionError(f"B was never asked for a {kind} in {MAX_MOVES} moves")


def shown(port: int, client: TestClient, game_id: str) -> dict[str, bytes]:
    """Everything an audience is shown of the game, normalised."""
    raw = {
        "API view": api_view(client, game_id),
        "event log": event_log(client, game_id),
        "live stream": stream_until_view(port, client, game_id),
        "web page": web_page(client, game_id),
    }
    return {what: normalised(content, game_id) for what, content in raw.items()}


def test_every_game_of_the_registry_has_a_secret_to_keep(toy_game: None) -> None:
    """A new game comes with its secret choices here (or says it has none)."""
    assert {secret.body["game"] for secret in SECRETS.values()} == set(games())


@pytest.mark.slow  # runs long: whole games or many cases
@pytest.mark.usefixtures("toy_game")
@pytest.mark.parametrize("name", list(SECRETS))
def test_b_secret_choice_shows_nowhere_to_a(
    name: str, tmp_path: Path, server_seed: Callable[[int], None]
) -> None:
    secret = SECRETS[name]
    server_seed(20261124)  # both games are dealt alike
    seen: dict[str, list[dict[str, bytes]]] = {audience: [] for audience in AUDIENCES}
    bobs: list[bytes] = []
    with TestClient(create_app(f"sqlite:///{tmp_path / 'games.db'}")) as alice:
        clients = {"alice": alice, "bob": TestClient(alice.app)}
        for person, client in clients.items():
            sign_up(client, person)
        clients["spectator"] = TestClient(alice.app)  # signed out
        with live_server(alice.app) as port:
            for alternative in (0, 1):
                csrf = {"X-CSRF-Token": alice.cookies["carson_csrf"]}
                created = alice.post("/api/games", json=secret.body, headers=csrf)
                assert created.status_code == 201, created.text
                game_id = created.json()["id"]
                bob = clients["bob"]
                joined = bob.post(
                    f"/api/games/{game_id}/join",
                    headers={"X-CSRF-Token": bob.cookies["carson_csrf"]},
                )
                assert joined.status_code == 200, joined.text
                view = reach(clients, game_id, secret.kind)
                for action in secret.alternatives(view["legal_actions"])[alternative]:
                    view = act(bob, game_id, view["seq"], action)
                if secret.together:
                    assert alice.get(f"/api/games/{game_id}").json()["legal_actions"], "revealed"
                else:  # still B's step, taken back or not
                    assert bob.get(f"/api/games/{game_id}").json()["legal_actions"], "done"
                bobs.append(normalised(api_view(bob, game_id), game_id))
                for audience, of in AUDIENCES.items():
                    seen[audience].append(shown(port, of(clients), game_id))
    assert bobs[0] != bobs[1], "B's two choices made no difference even to B"
    watched = seen["a spectator"][0]
    assert b'id="watching"' in watched["web page"] and b'"seat":null' in watched["API view"]
    for audience, (first, second) in seen.items():
        for what in first:
            assert first[what] == second[what], f"{audience}'s {what} tells B's {secret.kind}"
