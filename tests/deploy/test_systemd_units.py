"""deploy/systemd's units: systemd itself finds nothing wrong with them (``systemd-analyze
verify``, when it is here), every ``ExecStart`` is a carson command this carson takes with
those options, the schema is migrated by a unit of its own before the web processes and
workers start (which never migrate it themselves), and every service is hardened."""

from __future__ import annotations

import configparser
import shlex
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

UNITS = Path(__file__).resolve().parents[2] / "deploy" / "systemd"
CARSON = "/opt/carson/bin/carson"
HARDENING = {
    "NoNewPrivileges": "yes",
    "ProtectSystem": "strict",
    "ProtectHome": "yes",
    "PrivateTmp": "yes",
    "CapabilityBoundingSet": "",
}


def unit(name: str) -> dict[str, dict[str, list[str]]]:
    """A unit file's sections, each key with all its values (a key may repeat)."""
    sections: dict[str, dict[str, list[str]]] = {}
    section: dict[str, list[str]] = {}
    for line in (UNITS / name).read_text().splitlines():
        line = line.strip()
        if not line or line.startswith("#"):
            continue
        if line.startswith("["):
            section = sections.setdefault(line.strip("[]"), {})
            continue
        key, _, value = line.partition("=")
        section.setdefault(key, []).append(value)
    return sections


def services() -> list[str]:
    return sorted(path.name for path in UNITS.glob("*.service"))


def test_the_units_are_the_expected_ones() -> None:
    assert services() == ["carson-migrate.service", "carson-web@.service", "carson-worker@.service"]
    assert (UNITS / "carson.target").exists() and (UNITS / "carson.env").exists()


@pytest.mark.parametrize("name", services())
def test_every_service_is_hardened_and_reads_the_environment_file(name: str) -> None:
    service = unit(name)["Service"]
    for key, value in HARDENING.items():
        assert service.get(key) == [value], (name, key)
    assert service["User"] == ["carson"]
    assert service["EnvironmentFile"] == ["/etc/carson/carson.env"]
    assert "ExecStartPre" not in service, "the migration is a unit of its own"


@pytest.mark.parametrize("name", services())
def test_every_exec_start_is_a_carson_command_with_options_it_takes(name: str) -> None:
    (command,) = unit(name)["Service"]["ExecStart"]
    words = shlex.split(command.replace("%i", "8001"))
    assert words[0] == CARSON
    # Click refuses an unknown command or option before it shows the help.
    checked = subprocess.run(
        [sys.executable, "-m", "carson.cli.main", *words[1:], "--help"],
        capture_output=True, text=True, timeout=120,
    )  # fmt: skip
    assert checked.returncode == 0, (name, checked.stderr)


def test_the_migration_runs_once_before_the_web_processes_and_workers() -> None:
    migrate = unit("carson-migrate.service")
    assert migrate["Service"]["Type"] == ["oneshot"]
    assert migrate["Service"]["RemainAfterExit"] == ["yes"]
    assert migrate["Service"]["ExecStart"] == [f"{CARSON} db upgrade"]
    for name in ("carson-web@.service", "carson-worker@.service"):
        sections = unit(name)
        assert "carson-migrate.service" in sections["Unit"]["Requires"]
        assert "carson-migrate.service" in sections["Unit"]["After"]
        assert sections["Service"]["Restart"] == ["always"]
    web = unit("carson-web@.service")["Service"]["ExecStart"][0].split()
    assert "--no-migrate" in web and "--no-worker" in web
    assert web[web.index("--host") + 1] == "127.0.0.1"
    target = " ".join(unit("carson.target")["Unit"]["Wants"]).split()
    assert "carson-migrate.service" in target
    assert sum(name.startswith("carson-web@") for name in target) == 2
    assert sum(name.startswith("carson-worker@") for name in target) == 2


def test_the_environment_file_names_what_the_processes_need() -> None:
    parser = configparser.ConfigParser(delimiters=("=",))
    parser.optionxform = str  # type: ignore[assignment,method-assign]
    parser.read_string("[env]\n" + (UNITS / "carson.env").read_text())
    names = set(parser["env"])
    assert {"DATABASE_URL", "CARSON_PUBLIC_URL", "PROMETHEUS_MULTIPROC_DIR"} <= names
    runtime = unit("carson-migrate.service")["Service"]["RuntimeDirectory"][0]
    assert parser["env"]["PROMETHEUS_MULTIPROC_DIR"] == f"/run/{runtime}"
    for name in ("carson-web@.service", "carson-worker@.service"):
        assert unit(name)["Service"]["ReadWritePaths"] == [f"/run/{runtime}"]


@pytest.mark.skipif(shutil.which("systemd-analyze") is None, reason="needs systemd-analyze")
def test_systemd_finds_nothing_wrong(tmp_path: Path) -> None:
    """The units as systemd reads them, with this carson in place of /opt/carson's and the
    environment file from deploy/: no unknown key, no missing program, no bad dependency."""
    carson = Path(sys.executable).parent / "carson"
    if not carson.exists():
        pytest.skip("carson's command is not next to this Python")
    for path in [*UNITS.glob("*.service"), UNITS / "carson.target"]:
        text = path.read_text().replace(CARSON, str(carson))
        text = text.replace("/etc/carson/carson.env", str(UNITS / "carson.env"))
        (tmp_path / path.name).write_text(text)
    instances = ["carson-web@8001.service", "carson-worker@1.service"]
    for instance in instances:
        template = instance.split("@")[0] + "@.service"
        (tmp_path / instance).symlink_to(tmp_path / template)
    checked = subprocess.run(
        ["systemd-analyze", "verify", "--man=no", "carson.target", "carson-migrate.service",
         *instances],
        cwd=tmp_path, capture_output=True, text=True, timeout=120,
    )  # fmt: skip
    assert checked.returncode == 0, checked.stderr
    assert checked.stderr.strip() == "", checked.stderr
