"""The players of the ``two-person`` benchmark (issue 43): card games between two registered
people, one move a second per game, through carson's HTTP API — and the same players on the
limit app (:mod:`benchmarks.limit_app`), at the same pace.

Each game has two accounts: the first creates it (two human seats, two expert virtual seats,
which move inside the engine), the second joins. Every ``--think`` seconds on average one of
the seats the game asks to act (the card game's bids are asked of both at once) makes a
random legal move. A seat knows its legal actions from its view: the answer to its own move,
or, when the other seat moved since, its live stream's latest view (streams on) or a
``GET`` of the view (streams off: a client without a stream must look, and these looks are
counted and reported, their CPU being part of what a move costs it). With streams, a move's
``POST`` is timed until the other seat's stream says ``event: move`` with its seq. With
``only_looking``, a table makes no move: a seat looks at its view at the same pace, which
tells what a look costs alone.
"""

from __future__ import annotations

import asyncio
import json
import random
import secrets
import time
import zlib
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

import aiohttp

from benchmarks.load import RETRIES, STALE_CONNECTION, Run

Window = tuple[float, float]
#: The card game between two people: the virtual seats make the table up to four (CG-2.1).
SEATS = ["human", "human", "expert", "expert"]
#: How long a seat waits for its stream's view of a move it was not told of yet before it
#: looks with a ``GET`` (counted): at one move a second the stream has long told it.
STREAM_PATIENCE = 1.0


@dataclass
class PairRun(Run):
    """What one phase measured for one server: :class:`Run`'s figures, and the streams'."""

    told: list[float] = field(default_factory=list)  # POST sent → the other seat's stream
    untold: int = 0  # moves of the window the other seat's stream had not told at its end
    looks: int = 0  # views fetched with GET in the window (a seat acting on a move not seen)


class Http:
    """The players' requests: status and JSON body, a stale kept-alive connection retried on
    a new one (a move sent twice is safe: its seq makes the second a 409)."""

    def __init__(self, client: aiohttp.ClientSession) -> None:
        self.client = client

    async def request(self, run: Run, method: str, url: str, **options: Any) -> tuple[int, Any]:
        for attempt in range(RETRIES):
            try:
                async with self.client.request(method, url, **options) as response:
                    body = await response.json() if response.status < 300 else None
                    return response.status, body
            except STALE_CONNECTION:
                if attempt == RETRIES - 1:
                    raise
                run.retried += 1
        raise AssertionError("unreachable")


class Table:
    """One game's two players and their pace: a move every ``think`` seconds on average
    (from one move's start to the next's, whatever its latency), until the window ends."""

    def __init__(self, http: Http, bases: Sequence[str]) -> None:
        self.http = http
        self.bases = bases
        self.run = PairRun(0.0)
        self.game = ""
        self.window: Window = (float("inf"), float("inf"))  # the phase's measured window

    def base(self) -> str:
        """The game's process: always the same one (as deploy/nginx.conf routes a game)."""
        return self.bases[zlib.crc32(self.game.encode()) % len(self.bases)]

    async def play(self, rng: random.Random, think: float, window: Window) -> None:
        self.window = window
        await asyncio.sleep(rng.uniform(0, think))  # the games start at their own moments
        while time.monotonic() < window[1]:
            start = time.monotonic()
            await self.step(rng, window)
            await asyncio.sleep(start + rng.uniform(0.5 * think, 1.5 * think) - time.monotonic())

    async def step(self, rng: random.Random, window: Window) -> None:
        raise NotImplementedError

    async def moved(self, status: int, start: float, window: Window) -> None:
        """Count a move's answer: its latency when accepted in the window."""
        if status != 200:
            self.run.refused += 1
        elif window[0] <= start < window[1]:
            self.run.latencies.append(time.monotonic() - start)


class LimitTable(Table):
    """A game on the limit app: two tokens, a move by either seat at random."""

    async def setup(self) -> None:
        self.game, self.seq, self.headers = secrets.token_hex(8), 0, []
        for _ in range(2):
            _, body = await self.http.request(self.run, "POST", self.bases[0] + "/register")
            self.headers.append({"Authorization": f"Bearer {body['token']}"})

    async def step(self, rng: random.Random, window: Window) -> None:
        body = {"seq": self.seq, "action": {"kind": "bid", "card": rng.randrange(1, 10)}}
        url = f"{self.base()}/games/{self.game}/moves"
        start = time.monotonic()
        status, _ = await self.http.request(
            self.run, "POST", url, json=body, headers=rng.choice(self.headers)
        )
        self.seq += status == 200
        await self.moved(status, start, window)


class CarsonTable(Table):
    """A card game between two accounts on carson; with ``streams``, each seat's live stream
    is open and read (its views replace the seat's own, its moves are timed)."""

    async def setup(self, number: int) -> None:
        self.headers: list[dict[str, str]] = []
        for seat in range(2):
            name = f"pair{number}-{seat}-{random.randrange(10**9)}"
            account = {"username": name, "password": "benchmark-pw"}
            url = self.bases[number % len(self.bases)] + "/api/register"
            status, body = await self.http.request(self.run, "POST", url, json=account)
            assert status == 200, f"register: {status}"
            self.headers.append({"Authorization": f"Bearer {body['token']}"})
        self.streams: list[asyncio.Task[None]] = []
        self.arrived = [asyncio.Event(), asyncio.Event()]
        self.sent: dict[int, tuple[int, float]] = {}  # seq → (the mover, when its POST left)
        self.only_looking = False
        await self.new_game(number)

    async def new_game(self, number: int = 0) -> None:
        """A new game: created by the first account, joined by the second (the game then
        starts), the creator's view looked at again (it was made while the game waited)."""
        create = self.bases[number % len(self.bases)] + "/api/games"
        status, made = await self.http.request(
            self.run, "POST", create, json={"seats": SEATS}, headers=self.headers[0]
        )
        assert status == 201, f"create a game: {status}"
        self.game = str(made["id"])
        url = f"{self.base()}/api/games/{self.game}"
        status, joined = await self.http.request(
            self.run, "POST", url + "/join", headers=self.headers[1]
        )
        assert status == 200, f"join: {status}"
        _, first = await self.http.request(self.run, "GET", url, headers=self.headers[0])
        self.views: list[dict[str, Any]] = [first, joined]
        self.seats = [int(first["seat"]), int(joined["seat"])]
        self.sent.clear()

    def open_streams(self) -> None:
        self.sent.clear()
        self.streams = [asyncio.ensure_future(self.listen(player)) for player in (0, 1)]

    async def close_streams(self) -> None:
        for task in self.streams:
            task.cancel()
        await asyncio.gather(*self.streams, return_exceptions=True)
        self.streams = []

    async def listen(self, player: int) -> None:
        """Read ``player``'s live stream until the game ends (or the task is cancelled)."""
        url = f"{self.base()}/api/games/{self.game}/stream"
        timeout = aiohttp.ClientTimeout(total=None, sock_read=None)
        fields: dict[str, str] = {}
        async with self.http.client.get(url, headers=self.headers[player], timeout=timeout) as sse:
            assert sse.status == 200, f"stream: {sse.status}"
            async for raw in sse.content:
                line = raw.decode().rstrip("\r\n")
                if line:
                    name, _, value = line.partition(":")
                    fields[name] = fields.get(name, "") + value.removeprefix(" ")
                    continue
                if fields.get("event") == "move":
                    self.told(player, int(fields["id"]))
                elif fields.get("event") == "view":
                    self.update(player, json.loads(fields["data"]))
                fields = {}

    def told(self, player: int, seq: int) -> None:
        mover, sent = self.sent.get(seq, (player, 0.0))
        if mover != player:
            del self.sent[seq]
            if self.window[0] <= sent < self.window[1]:
                self.run.told.append(time.monotonic() - sent)

    def update(self, player: int, view: dict[str, Any]) -> None:
        if view["seq"] >= self.views[player]["seq"]:
            self.views[player] = view
            self.arrived[player].set()

    def untold(self) -> int:
        """Moves sent in the window that the other seat's stream has not told (yet)."""
        return sum(self.window[0] <= sent < self.window[1] for _, sent in self.sent.values())

    async def step(self, rng: random.Random, window: Window) -> None:
        if self.only_looking:  # what a look costs alone: one seat's view, no move
            await self.look(rng.choice((0, 1)), window)
            return
        latest = max(self.views, key=lambda view: view["seq"])
        if latest["status"] == "over":
            await self.replace()
            return
        asked = latest["view"]["to_act"]
        movers = [player for player in (0, 1) if self.seats[player] in asked]
        if not movers:  # not told of the last move yet: look at both seats' views again
            for player in (0, 1):
                await self.look(player, window)
            return
        player = rng.choice(movers)
        view = await self.fresh(player, latest["seq"], window)
        if view["status"] != "playing" or not view["legal_actions"]:
            return
        await self.act(player, view, rng.choice(view["legal_actions"]), window)

    async def act(self, player: int, view: dict[str, Any], action: Any, window: Window) -> None:
        url = f"{self.base()}/api/games/{self.game}/actions"
        start = time.monotonic()
        if self.streams:  # timed until the other seat's stream tells it
            self.sent[view["seq"] + 1] = (player, start)
        body = {"seq": view["seq"], "action": action}
        status, answer = await self.http.request(
            self.run, "POST", url, json=body, headers=self.headers[player]
        )
        if status == 200:
            self.update(player, answer)
        else:
            self.sent.pop(view["seq"] + 1, None)
            await self.look(player, window)  # refused (409: stale): look before moving again
        await self.moved(status, start, window)

    async def fresh(self, player: int, seq: int, window: Window) -> dict[str, Any]:
        """``player``'s view at ``seq``: the one it holds, its stream's next, or a look."""
        deadline = time.monotonic() + STREAM_PATIENCE
        while self.streams and self.views[player]["seq"] < seq:
            self.arrived[player].clear()
            try:
                await asyncio.wait_for(self.arrived[player].wait(), deadline - time.monotonic())
            except TimeoutError:
                break
        if self.views[player]["seq"] < seq:
            await self.look(player, window)
        return self.views[player]

    async def look(self, player: int, window: Window) -> None:
        url = f"{self.base()}/api/games/{self.game}"
        status, view = await self.http.request(self.run, "GET", url, headers=self.headers[player])
        if status == 200:
            self.update(player, view)
        if window[0] <= time.monotonic() < window[1]:
            self.run.looks += 1

    async def replace(self) -> None:
        """A finished game is followed by a new one between the same two (the load stays)."""
        streaming = bool(self.streams)
        await self.close_streams()
        await self.new_game()
        if streaming:
            self.open_streams()
