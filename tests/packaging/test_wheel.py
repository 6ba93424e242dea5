"""carson as a user installs it: the sdist and the wheel built from a copy of the sources,
the wheel installed in a fresh virtual environment — with no extra, the engines, the AI, the
scoring assistant and the terminal work and the server says which extra it needs; with the
server extra, ``carson serve`` answers ``/healthz``.

Dependencies come from uv's cache (``make install`` and earlier runs fill it), at the
versions of ``requirements.lock``, so the two environments take seconds.
"""

from __future__ import annotations

import json
import os
import shutil
import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

import pytest

pytestmark = pytest.mark.slow  # builds the wheel and installs it in fresh environments

ROOT = Path(__file__).parents[2]
LOCK = ROOT / "requirements.lock"
UV = Path(sys.executable).with_name("uv")
SERVER_MODULES = ("fastapi", "uvicorn", "sqlalchemy", "alembic", "argon2", "psycopg")
RL_MODULES = ("numpy", "gymnasium", "pettingzoo", "pyspiel", "ray")
SEATS = ["--seat", "random", "--seat", "greedy", "--seat", "expert", "--seat", "expert"]
CITY = {"grid": ["^^m.", "hh.r", "-hb."], "personalities": ["teacher", "banker"], "sold": 0}


def run(*command: str | Path, stdin: str = "", env: dict[str, str] | None = None) -> str:
    done = subprocess.run(
        [str(part) for part in command],
        input=stdin,
        capture_output=True,
        text=True,
        timeout=300,
        env=env,
        check=False,
    )
    assert done.returncode == 0, f"{command} exited {done.returncode}: {done.stderr}"
    return done.stdout


def build(tmp: Path) -> Path:
    """The wheel, built (as pip would) from the sdist of a copy of the sources."""
    source = tmp / "source"
    source.mkdir()
    for name in ("pyproject.toml", "README.md", "LICENSE"):
        shutil.copy(ROOT / name, source / name)
    ignored = shutil.ignore_patterns("__pycache__", "*.egg-info")
    shutil.copytree(ROOT / "src", source / "src", ignore=ignored)
    dist = tmp / "dist"
    run(sys.executable, "-m", "build", "--no-isolation", "--outdir", dist, source)
    assert [path.name for path in dist.glob("*.tar.gz")] == [f"carson_city-{version()}.tar.gz"]
    (wheel,) = dist.glob("*.whl")
    return wheel


def version() -> str:
    from importlib.metadata import version as installed

    return installed("carson-city")


def fresh_environment(tmp: Path, requirement: str) -> Path:
    """A new virtual environment holding ``requirement`` and what it needs; its bin dir."""
    venv = tmp / "venv"
    run(UV, "venv", "--quiet", "--python", sys.executable, venv)
    python = venv / "bin" / "python"
    run(UV, "pip", "install", "--quiet", "--python", python, "-c", LOCK, requirement)
    return venv / "bin"


def user_env(tmp: Path) -> dict[str, str]:
    """A user's environment: carson's data in ``tmp``, nothing of the test run's Python."""
    keep = ("PATH", "HOME", "LANG", "TMPDIR", "UV_CACHE_DIR")
    env = {name: os.environ[name] for name in keep if name in os.environ}
    return {**env, "CARSON_HOME": str(tmp / "home"), "COLUMNS": "100"}


def importable(bin_dir: Path, modules: tuple[str, ...]) -> list[str]:
    script = (
        "import importlib.util, json, sys\n"
        "print(json.dumps([m for m in sys.argv[1:] if importlib.util.find_spec(m)]))"
    )
    found: list[str] = json.loads(run(bin_dir / "python", "-c", script, *modules))
    return found


def test_the_wheel_without_extras_plays_scores_and_names_missing_extras(tmp_path: Path) -> None:
    bin_dir = fresh_environment(tmp_path, str(build(tmp_path)))
    env = user_env(tmp_path)
    assert importable(bin_dir, SERVER_MODULES + RL_MODULES) == []
    carson = bin_dir / "carson"
    assert run(carson, "--version", env=env).strip() == f"carson {version()}"

    simulate = [carson, "simulate", "--format", "json", "--games"]
    games = json.loads(run(*simulate, "2", *SEATS, env=env))
    assert games["games"] == 2 and len(games["scores"]) == 2
    board = ["1", "--game", "board", "--seat", "random", "--seat", "greedy"]
    assert json.loads(run(*simulate, *board, env=env))["games"] == 1
    assert json.loads(run(carson, "score", stdin=json.dumps(CITY), env=env))["total"] == 15
    assert len(json.loads(run(carson, "cards", "--format", "json", env=env))["terrain"]) == 96
    played = subprocess.run(
        [carson, "play", "--lang", "en", "--seat", "human", *SEATS[2:], "--seat", "expert"],
        input="help\nquit\n",
        capture_output=True,
        text=True,
        env=env,
        timeout=120,
        check=False,
    )
    assert played.returncode == 3 and "auction card" in played.stdout, played.stderr

    for command in ("serve", "worker", "jobs"):
        refused = subprocess.run(
            [carson, command], capture_output=True, text=True, env=env, check=False
        )
        assert refused.returncode == 2
        assert refused.stderr == (
            f"carson {command} needs the server extra: pip install 'carson-city[server]'\n"
        )
    for module, extra in (("carson.rl", "rl"), ("carson.app", "server")):
        imported = subprocess.run(
            [bin_dir / "python", "-c", f"import {module}"], capture_output=True, text=True, env=env
        )
        assert imported.returncode == 1
        assert imported.stderr.splitlines()[-1] == (
            f"carson.core.extras.MissingExtra: {module} needs the {extra} extra: "
            f"pip install 'carson-city[{extra}]'"
        )


def test_the_wheel_with_the_server_extra_serves(tmp_path: Path) -> None:
    wheel = build(tmp_path)
    bin_dir = fresh_environment(tmp_path, f"carson-city[server] @ {wheel.as_uri()}")
    assert importable(bin_dir, ("psycopg", "numpy")) == []  # only the server extra came
    env = user_env(tmp_path)
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    log = tmp_path / "serve.log"
    with log.open("w") as output:
        server = subprocess.Popen(
            [bin_dir / "carson", "serve", "--port", str(port), "--no-worker"],
            env=env,
            stdout=output,
            stderr=subprocess.STDOUT,
        )
    try:
        health = wait_for(f"http://127.0.0.1:{port}/healthz", server, log)
        assert json.loads(health) == {"status": "ok"}
        document = json.loads(wait_for(f"http://127.0.0.1:{port}/openapi.json", server, log))
        assert document["info"]["version"] == version()
        docs = wait_for(f"http://127.0.0.1:{port}/docs", server, log).decode()
        assert "/static/swagger-ui/swagger-ui-bundle.js" in docs  # from the wheel, no CDN
        bundle = wait_for(
            f"http://127.0.0.1:{port}/static/swagger-ui/swagger-ui-bundle.js", server, log
        )
        assert b"SwaggerUIBundle" in bundle
        home = wait_for(f"http://127.0.0.1:{port}/", server, log).decode()
        assert "<html" in home and "/static/carson.css" in home  # a page, with its style
    finally:
        server.terminate()
        server.wait(timeout=30)


def wait_for(url: str, server: subprocess.Popen[bytes], log: Path) -> bytes:
    """The body of ``url`` once the server answers it (within 60 s)."""
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        if server.poll() is not None:
            pytest.fail(f"carson serve exited {server.returncode}: {log.read_text()}")
        try:
            with urllib.request.urlopen(url, timeout=5) as answer:
                body: bytes = answer.read()
                return body
        except OSError:
            time.sleep(0.2)
    pytest.fail(f"no answer from {url} within 60 s")
