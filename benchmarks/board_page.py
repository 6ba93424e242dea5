"""What a finished board game's page costs against the same game's page early on (issue 43):
the page (``GET /games/{id}``) and its table fragment (``GET /games/{id}/board``, the htmx
partial drawn again after every move), as a seated player sees them.

    python -m benchmarks board-page [--games 3] [--players 3] [--at 10] [--requests 20]
                                    [--repeats 5]

Per game pair, two board games between ``--players`` people (accounts made through the API,
every seat taken by joining) are played with random legal moves: one stopped at move
``--at``, the other to its end. Then the page and the fragment of both are fetched, the
four kinds in turn, ``--repeats`` rounds of ``--requests`` requests each: the CPU time per
request of the best round of each (the least disturbed by the machine's other work), and the
finished game's over the early one's, for the page and the fragment. The target: ≤ 1.3, a
page that does not grow with the game's length.

Measured in this process with FastAPI's TestClient (CPU time of the process, all its threads:
the app and the client): no HTTP server and no socket, so no other process's scheduling in
the figure — less noisy than a started server on a shared machine, and the client's part is
the same for every request, so the ratio holds. The first player's view (its session cookie
from the log-in form): a finished game's seated player is shown its score chart and record,
the heaviest of the page's forms.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import tempfile
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from fastapi.testclient import TestClient

from carson.app import create_app

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests" / "web"))
from signing import PASSWORD, post_account_form

#: Issue 43's target: a finished game's page over the same page after move 10.
TARGET = 1.3


def parse(argv: Sequence[str]) -> argparse.Namespace:
    parser = argparse.ArgumentParser(prog="python -m benchmarks board-page")
    parser.add_argument("--games", type=int, default=3, help="pairs of games (early, finished)")
    parser.add_argument("--players", type=int, default=3, help="people per game (2–5)")
    parser.add_argument("--at", type=int, default=10, help="the early game's move")
    parser.add_argument("--requests", type=int, default=20, help="requests a round")
    parser.add_argument("--repeats", type=int, default=5, help="rounds (the best counts)")
    return parser.parse_args(list(argv))


class Players:
    """The benchmark's accounts: the first also signed in by the form (the pages' cookie);
    the API's requests carry their bearer token, which comes before the cookie."""

    def __init__(self, client: TestClient, count: int) -> None:
        self.client = client
        self.names = [f"player{n}" for n in range(count)]
        self.headers = []
        for name in self.names:
            answer = client.post("/api/register", json={"username": name, "password": PASSWORD})
            assert answer.status_code == 200, answer.text
            self.headers.append({"Authorization": f"Bearer {answer.json()['token']}"})
        assert post_account_form(client, "/login", self.names[0]).status_code == 303

    def new_game(self) -> str:
        body = {"game": "board", "seats": ["human"] * len(self.names)}
        made = self.client.post("/api/games", json=body, headers=self.headers[0])
        assert made.status_code == 201, made.text
        game = str(made.json()["id"])
        for headers in self.headers[1:]:
            assert self.client.post(f"/api/games/{game}/join", headers=headers).status_code == 200
        return game

    def play(self, game: str, rng: random.Random, until: int | None = None) -> int:
        """Random legal moves by whoever is asked, until the first player's view is at
        move ``until`` or the game is over: that seq."""
        url = f"/api/games/{game}"
        while True:
            views: list[dict[str, Any]] = [
                self.client.get(url, headers=headers).json() for headers in self.headers
            ]
            if views[0]["status"] == "over" or (until is not None and views[0]["seq"] >= until):
                return int(views[0]["seq"])
            asked = [n for n, view in enumerate(views) if view["legal_actions"]]
            n = rng.choice(asked)
            body = {"seq": views[n]["seq"], "action": rng.choice(views[n]["legal_actions"])}
            moved = self.client.post(url + "/actions", json=body, headers=self.headers[n])
            assert moved.status_code == 200, moved.text


def cpu_per_request(client: TestClient, url: str, requests: int) -> float:
    """CPU milliseconds (this process, all threads) per ``GET url``, over ``requests``."""
    begin = time.process_time()
    for _ in range(requests):
        answer = client.get(url)
        assert answer.status_code == 200, answer.text[:200]
    return (time.process_time() - begin) / requests * 1000


def measure(
    client: TestClient, early: str, done: str, args: argparse.Namespace
) -> dict[str, float]:
    """The best round's CPU per request of each page, the four taken in turn each round."""
    urls = {
        "page, early": f"/games/{early}",
        "page, finished": f"/games/{done}",
        "fragment, early": f"/games/{early}/board",
        "fragment, finished": f"/games/{done}/board",
    }
    for url in urls.values():
        client.get(url)  # the first request of each warms its caches and templates
    best = dict.fromkeys(urls, float("inf"))
    for _ in range(args.repeats):
        for name, url in urls.items():
            best[name] = min(best[name], cpu_per_request(client, url, args.requests))
    return best


def main(argv: Sequence[str] = ()) -> None:
    args = parse(argv)
    print(f"Board game pages (issue 43): {args.games} pairs of games between {args.players} "
          f"people, one at move {args.at}, one finished; in-process TestClient, CPU per "
          f"request, best of {args.repeats} rounds of {args.requests}")  # fmt: skip
    ratios: dict[str, list[float]] = {"page": [], "fragment": []}
    with tempfile.TemporaryDirectory() as directory:
        app = create_app(f"sqlite:///{Path(directory) / 'pages.db'}", worker=False)
        with TestClient(app) as client:
            players = Players(client, args.players)
            for pair in range(args.games):
                rng = random.Random(pair)
                early, done = players.new_game(), players.new_game()
                at = players.play(early, rng, args.at)
                moves = players.play(done, rng)
                best = measure(client, early, done, args)
                for part in ratios:
                    ratios[part].append(best[f"{part}, finished"] / best[f"{part}, early"])
                print(f"  pair {pair + 1}: move {at} / finished at move {moves}:   " + "   ".join(
                    f"{part} {best[part + ', early']:.2f} / {best[part + ', finished']:.2f} ms "
                    f"({ratios[part][-1]:.2f}×)" for part in ratios
                ))  # fmt: skip
    for part, found in ratios.items():
        ratio = statistics.median(found)
        verdict = "met" if ratio <= TARGET else "NOT MET"
        print(f"  {part}: finished / move {args.at}, median of the pairs {ratio:.2f} "
              f"(target ≤ {TARGET:g}): {verdict}")  # fmt: skip
