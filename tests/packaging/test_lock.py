"""requirements.lock — the exact versions ``make install`` installs — is in step with
pyproject.toml: every requirement of the development environment is locked within its
range, and this environment holds the locked versions. After changing a dependency, run
``make lock``."""

from __future__ import annotations

import re
import tomllib
from importlib.metadata import PackageNotFoundError, version
from pathlib import Path

from packaging.markers import Marker
from packaging.requirements import Requirement
from packaging.utils import canonicalize_name
from packaging.version import Version

ROOT = Path(__file__).parents[2]
PIN = re.compile(r"^([A-Za-z0-9][A-Za-z0-9._-]*)==([^\s;\\]+)(?:\s*;\s*([^\\]+?))?\s*\\?$")


def locked() -> dict[str, tuple[Version, Marker | None]]:
    pins = {}
    for line in (ROOT / "requirements.lock").read_text().splitlines():
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
            if requirement.name == "carson-city":
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
