"""requirements.lock — the exact versions ``make install`` installs — is in step with
pyproject.toml: every requirement of the development environment is locked within its
range, and this environment holds the locked versions. requirements-server.lock, what
``make run`` installs, is the part of it that carson with the server extra needs, whole.
After changing a dependency, run ``make lock``."""

from __future__ import annotations

import re
import tomllib
from importlib.metadata import PackageNotFoundError, requires, version
from pathlib import Path

from packaging.markers import Marker
from packaging.requirements import Requirement
from packaging.utils import canonicalize_name
from packaging.version import Version

ROOT = Path(__file__).parents[2]
PIN = re.compile(r"^([A-Za-z0-9][A-Za-z0-9._-]*)==([^\s;\\]+)(?:\s*;\s*([^\\]+?))?\s*\\?$")


def locked(lock: str = "requirements.lock") -> dict[str, tuple[Version, Marker | None]]:
    pins = {}
    for line in (ROOT / lock).read_text().splitlines():
        if found := PIN.match(line):
            name, pinned, marker = found.groups()
            pins[canonicalize_name(name)] = (Version(pinned), Marker(marker) if marker else None)
    return pins


def development_requirements() -> list[Requirement]:
    """What ``pip install -e '.[dev]'`` asks for: the dependencies, the dev extra and the
    extras it names (``carson-city[server,postgres,rl,ray]``), followed to the end."""
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    extras = project["optional-dependencies"]
    wanted, seen, found = ["dev"], set(), [Requirement(text) for text in project["dependencies"]]
    while wanted:
        extra = wanted.pop()
        seen.add(extra)
        for requirement in map(Requirement, extras[extra]):
            if canonicalize_name(requirement.name) == "carson-city":
                wanted.extend(set(requirement.extras) - seen)
            else:
                found.append(requirement)
    return found


def test_every_requirement_is_locked_within_its_range() -> None:
    pins = locked()
    assert len(pins) > 50
    for requirement in development_requirements():
        name = canonicalize_name(requirement.name)
        assert name in pins, f"{name} is not in requirements.lock: run `make lock`"
        assert requirement.specifier.contains(pins[name][0], prereleases=True), (
            f"{name}=={pins[name][0]} is outside {requirement.specifier}: run `make lock`"
        )


def test_this_environment_holds_the_locked_versions() -> None:
    for name, (pinned, marker) in locked().items():
        if marker is not None and not marker.evaluate():
            continue  # another platform's package (colorama on Windows)
        try:
            installed = Version(version(name))
        except PackageNotFoundError:
            installed = None
        assert installed == pinned, f"{name} is {installed}, locked {pinned}: run `make install`"


def needed_here(requirements: list[Requirement], extras: set[str]) -> set[str]:
    """The distributions ``requirements`` bring on this platform, followed through the
    installed packages' own requirements (with the extras asked of each)."""
    found: set[str] = set()
    followed: set[tuple[str, frozenset[str]]] = set()
    todo = [(requirement, extras) for requirement in requirements]
    while todo:
        requirement, asked = todo.pop()
        markers = [{"extra": extra} for extra in asked | {""}]
        if requirement.marker and not any(requirement.marker.evaluate(m) for m in markers):
            continue
        name, wanted = canonicalize_name(requirement.name), set(requirement.extras)
        if (name, frozenset(wanted)) in followed:
            continue
        found.add(name)
        followed.add((name, frozenset(wanted)))
        todo.extend((Requirement(text), wanted) for text in requires(name) or [])
    return found


def test_the_server_lock_is_what_running_needs_at_the_dev_locks_versions() -> None:
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    running = [Requirement(text) for text in project["dependencies"]]
    running += [Requirement(text) for text in project["optional-dependencies"]["server"]]
    server, dev = locked("requirements-server.lock"), locked()
    for name in needed_here(running, set()):
        assert name in server, f"{name} is not in requirements-server.lock: run `make lock`"
    for name, (pinned, _) in server.items():
        assert dev[name][0] == pinned, f"{name}: {pinned} for running, {dev[name][0]} for dev"
    for requirement in running:
        name = canonicalize_name(requirement.name)
        assert requirement.specifier.contains(server[name][0], prereleases=True), name
    for tool in ("pytest", "mypy", "ruff", "numpy", "psycopg", "playwright"):
        assert tool not in server  # what the tests, the learning parts, PostgreSQL need
