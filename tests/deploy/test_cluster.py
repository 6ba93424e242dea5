"""The deployment of deploy/, from its files alone: the schema migrated as a step of its own,
then nginx (HTTPS) in front of two web processes (``--no-migrate``) and two workers on one
PostgreSQL. Whole games with machine seats are played through nginx while one web process and
one worker are killed (SIGKILL) mid-game: every game must finish, and every move the server
acknowledged must be in the game's record; /metrics counts the moves, and nginx's log line of
a move and carson's share its request id. Then docs/deploy.md's backup and restore: a move,
``pg_dump`` while everything runs, a later game, the database destroyed, ``pg_restore``: the
move is back, the later game is not.

Runs when PostgreSQL and nginx are installed (``make test-deps`` installs both).
"""

from __future__ import annotations

import glob
import json
import os
import random
import re
import shutil
import signal
import ssl
import subprocess
import sys
import time
import urllib.error
import urllib.request
from pathlib import Path
from typing import Any

import pytest
from prometheus_client.parser import text_string_to_metric_families

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "deploy"))
from players import Client
from scratch import postgres_bin, throwaway_postgres

from cluster import Cluster, free_port
from live_server import running_server

pytestmark = pytest.mark.skipif(
    (not glob.glob("/usr/lib/postgresql/*/bin/initdb") and shutil.which("initdb") is None)
    or (shutil.which("nginx") is None and not Path("/usr/sbin/nginx").exists()),
    reason="needs PostgreSQL and nginx (make test-deps installs Debian's postgresql, nginx)",
)
pytestmark = [pytestmark, pytest.mark.slow]  # nginx, PostgreSQL and several server processes

#: Seconds the games may take in all (a lost move leaves a game waiting forever).
PATIENCE = 240
#: (game, seats): machine seats of both games, bots that answer at once.
TABLES = [
    ("card", ["human", "greedy", "random", "random"]),
    ("board", ["human", "greedy", "random"]),
]


def play(games: list[tuple[Client, str]], killer: Any, rng: random.Random) -> dict[str, dict]:
    """Every player moves when asked until every game is over; ``killer(acknowledged)`` is
    called after each acknowledged move. Returns game → {seq: action} of acknowledged moves."""
    acknowledged: dict[str, dict[int, Any]] = {game: {} for _, game in games}
    deadline = time.monotonic() + PATIENCE
    waiting = list(games)
    while waiting:
        assert time.monotonic() < deadline, f"games not finished: {[g for _, g in waiting]}"
        for client, game in list(waiting):
            status, view = client.call("GET", f"/api/games/{game}")
            assert status == 200, view
            if view["status"] == "over":
                waiting.remove((client, game))
                continue
            if not view["legal_actions"]:
                continue  # the machine seats' turn
            action = rng.choice(view["legal_actions"])
            status, after = client.call(
                "POST", f"/api/games/{game}/actions", {"seq": view["seq"], "action": action}
            )
            if status == 200:
                acknowledged[game][view["seq"] + 1] = action
                killer(sum(len(moves) for moves in acknowledged.values()))
            else:  # a copy of a move whose answer was lost, or a machine moved first
                assert status == 409, after
        time.sleep(0.02)
    return acknowledged


def test_games_finish_and_keep_every_acknowledged_move_when_processes_are_killed(
    tmp_path: Path,
) -> None:
    with throwaway_postgres() as database:
        assert database is not None
        cluster = Cluster(
            tmp_path / "cluster",
            port=free_port(),
            database=database,
            worker_options=["--lease", "3"],
            serve_options=["--access-log", "--log-json"],
        )
        kept = play_killing_and_back_up(cluster, tmp_path / "carson.dump")
        check_logs(cluster)
        check_restore(database, tmp_path / "carson.dump", *kept)


def play_killing_and_back_up(cluster: Cluster, dump: Path) -> tuple[Client, str, int, str]:
    """The games, a process of each kind killed; then a move, the backup, a later game: the
    player, the game and seq of the move backed up, the later game."""
    with cluster.running():
        check_migrated_first(cluster)
        rng = random.Random(22)
        games = []
        for index, (kind, seats) in enumerate(TABLES):
            client = Client(cluster.url, cluster.tls())
            client.register(f"player{index}")
            status, view = client.call("POST", "/api/games", {"game": kind, "seats": seats})
            assert status == 201, view
            games.append((client, view["id"]))
        killed: list[str] = []
        web = cluster.pids("web")[0]
        workers = cluster.pids("worker")

        def kill_mid_game(moves: int) -> None:
            if moves >= 12 and not killed:
                os.kill(web, signal.SIGKILL)
                killed.append("web")
                if workers:
                    os.kill(workers[0], signal.SIGKILL)
                    killed.append("worker")

        acknowledged = play(games, kill_mid_game, rng)
        assert killed == ["web", "worker"], "the games ended before the processes were killed"
        assert web not in cluster.pids("web"), "the killed web process is still listed"
        for client, game in games:
            status, record = client.call("GET", f"/api/games/{game}/record")
            assert status == 200, record
            for seq, action in acknowledged[game].items():
                assert record["actions"][seq - 1]["action"] == action, f"{game}: move {seq} lost"
        check_metrics(
            cluster.url, cluster.tls(), sum(len(moves) for moves in acknowledged.values())
        )
        keeper = games[0][0]
        game, seq = keeper.a_move()
        back_up(cluster.database or "", dump)
        later, _ = keeper.a_move()
    return keeper, game, seq, later


def check_logs(cluster: Cluster) -> None:
    """What an operator reads: the supervisor's log tells the deaths and restarts, nginx's
    access log each move with the web process's time (written out as nginx stops)."""
    supervised = (cluster.directory / "supervisor.log").read_text()
    killed = re.findall(r"(web|worker)\d \(pid \d+\) killed by SIGKILL", supervised)
    assert sorted(killed) == ["web", "worker"], supervised
    assert "web1 started again" in supervised or "web2 started again" in supervised
    access = (cluster.directory / "nginx-access.log").read_text()
    # time, status, request, its time at nginx, then at the web process (seconds)
    timed = re.findall(r'^\S+ 200 "POST /api/games/\S+/actions HTTP/1\.1" [\d.]+ \d+\.\d{3}',
                       access, re.MULTILINE)  # fmt: skip
    assert len(timed) >= 12, access[:2000]
    check_joined(cluster.directory, access)


def libpq(url: str) -> str:
    """The database's URL as PostgreSQL's own programs take it (no SQLAlchemy driver)."""
    return url.replace("postgresql+psycopg://", "postgresql://", 1)


def pg(program: str, *arguments: str) -> None:
    """One of PostgreSQL's programs, as docs/deploy.md runs it."""
    binaries = postgres_bin()
    assert binaries is not None
    done = subprocess.run([str(binaries / program), *arguments], capture_output=True,
                          text=True, timeout=120)  # fmt: skip
    assert done.returncode == 0, (program, done.stderr)


def back_up(database: str, dump: Path) -> None:
    """docs/deploy.md's backup, while carson runs: ``pg_dump --format=custom``."""
    pg("pg_dump", "--format=custom", f"--file={dump}", f"--dbname={libpq(database)}")


def check_restore(database: str, dump: Path, player: Client, game: str, seq: int,
                  later: str) -> None:  # fmt: skip
    """docs/deploy.md's restore, carson stopped: the database (here destroyed: dropped) made
    again empty, ``pg_restore``, ``carson db current``, then served with --no-migrate."""
    server = libpq(database).rsplit("/", 1)[0]
    pg("dropdb", f"--maintenance-db={server}/postgres", "carson")
    pg("createdb", f"--maintenance-db={server}/postgres", "--owner=carson", "carson")
    pg("pg_restore", "--no-owner", "--exit-on-error", "--single-transaction",
       f"--dbname={libpq(database)}", str(dump))  # fmt: skip
    current = subprocess.run(
        [sys.executable, "-m", "carson.cli.main", "db", "current", "--db", database],
        capture_output=True, text=True, timeout=60,
    )  # fmt: skip
    assert current.returncode == 0, current.stdout + current.stderr
    with running_server(dump.parent, options=["--db", database, "--no-migrate"]) as base:
        restored = Client(base)
        restored.headers = player.headers  # the player's token was in the backup
        assert restored.has_move(game, seq) and not restored.has_move(game, seq + 10)
        status, _ = restored.call("GET", f"/api/games/{later}")
        assert status == 404


def check_migrated_first(cluster: Cluster) -> None:
    """The schema was migrated by ``carson db upgrade`` before any carson process started,
    and the web processes run with --no-migrate (they refuse another schema)."""
    migrated = (cluster.directory / "migrate.log").read_text()
    assert "(the newest), from none" in migrated, migrated
    supervised = (cluster.directory / "supervisor.log").read_text()
    assert supervised.index("schema migrated") < supervised.index("web1 (pid")
    for member in cluster.members:
        if member.name.startswith("web"):
            assert "--no-migrate" in member.command


def check_metrics(url: str, tls: ssl.SSLContext, acknowledged: int) -> None:
    """/metrics through nginx (from loopback) counts every process's moves: the people's
    acknowledged ones, the machines' (played by the workers) and the killed processes'."""
    with urllib.request.urlopen(url + "/metrics", timeout=30, context=tls) as answer:
        text = answer.read().decode()
    samples = {
        (sample.name, tuple(sorted(sample.labels.items()))): sample.value
        for family in text_string_to_metric_families(text)
        for sample in family.samples
    }
    moves = sum(v for (name, _), v in samples.items() if name == "carson_moves_total")
    assert moves > acknowledged, text[:3000]  # machines moved too
    actions = (("method", "POST"), ("route", "/api/games/{game_id}/actions"), ("status", "200"))
    assert samples[("carson_http_requests_total", actions)] >= acknowledged
    for lane in ("play", "delivery", "analysis"):
        assert ("carson_job_queue_depth", (("lane", lane),)) in samples


def check_joined(directory: Path, access: str) -> None:
    """nginx's line of a move and carson's line of the same request share its id."""
    carson: dict[str, dict[str, Any]] = {}
    for log in directory.glob("web*.log"):
        for line in log.read_text().splitlines():
            if line.startswith("{") and '"carson.access"' in line:
                record = json.loads(line)
                carson[record["request_id"]] = record
    moves = re.findall(r'^\S+ 200 "POST (/api/games/\S+/actions) HTTP/1\.1" .* ([0-9a-f]{32})$',
                       access, re.MULTILINE)  # fmt: skip
    joined = [(path, carson[rid]) for path, rid in moves if rid in carson]
    # A move answered just before its process was killed may have lost its line.
    assert len(joined) >= len(moves) - 2 and len(joined) >= 12, (len(joined), len(moves))
    for path, record in joined:
        assert record["http"]["path"] == path and record["http"]["status"] == 200
        assert record["http"]["route"] == "/api/games/{game_id}/actions"


def test_a_stream_through_nginx_hears_moves_made_on_every_web_process(tmp_path: Path) -> None:
    with Cluster(tmp_path / "cluster", port=free_port(), workers=0).running() as cluster:
        client = Client(cluster.url, cluster.tls())
        client.register("listener")
        status, view = client.call(
            "POST", "/api/games", {"game": "board", "seats": ["human", "random"]}
        )
        assert status == 201, view
        game = view["id"]
        request = urllib.request.Request(
            f"{cluster.url}/api/games/{game}/stream", headers=client.headers
        )
        with urllib.request.urlopen(request, timeout=30, context=cluster.tls()) as stream:
            assert stream.readline().startswith(b"event: view")
            # Two moves, each made on a different web process (not through nginx): the
            # stream, on one of them, hears both.
            heard = []
            for port in cluster.web_ports:
                direct = Client(f"http://127.0.0.1:{port}")
                direct.headers = client.headers
                status, now = direct.call("GET", f"/api/games/{game}")
                while not now["legal_actions"]:
                    time.sleep(0.05)
                    status, now = direct.call("GET", f"/api/games/{game}")
                status, _ = direct.call(
                    "POST",
                    f"/api/games/{game}/actions",
                    {"seq": now["seq"], "action": now["legal_actions"][0]},
                )
                assert status == 200
                heard.append(now["seq"] + 1)
            ids = set()
            while not set(heard) <= ids:
                line = stream.readline()
                assert line, "the stream ended"
                if line.startswith(b"id:"):
                    ids.add(int(line.split(b":", 1)[1]))
