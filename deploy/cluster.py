"""carson on one host as on several: nginx in front of web processes (``carson serve``) and
worker processes (``carson worker``, when this carson has it) on one PostgreSQL, all on
loopback, each process restarted if it dies (as systemd's ``Restart=always`` would).

    python deploy/cluster.py up   [--dir DIR] [--port 8080] [--web 2] [--workers 2]
                                  [--database URL]
    python deploy/cluster.py down [--dir DIR]

``up`` starts a supervisor in the background and returns once nginx answers; ``down`` stops
it, which stops every process. Without ``--database``, a throwaway PostgreSQL cluster is
created in a temporary directory (and removed by ``down``). Logs are in DIR: one per
process, nginx's requests with their upstream times (``nginx-access.log``), and the
supervisor's own (``supervisor.log``: what runs where, every exit and restart). The tests
and the benchmark use :class:`Cluster` directly. See docs/deploy.md for the layout on several hosts.
"""

from __future__ import annotations

import argparse
import contextlib
import os
import shutil
import signal
import socket
import subprocess
import sys
import threading
import time
import urllib.parse
import urllib.request
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent / "tests" / "server"))
from postgres import throwaway_cluster  # noqa: E402

NGINX = HERE / "nginx.conf"
#: Seconds between a process's death and its restart (a crash loop does not spin).
RESTART_DELAY = 0.5


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def answers(url: str) -> bool:
    try:
        with urllib.request.urlopen(url, timeout=1) as answer:
            return bool(answer.status == 200)
    except OSError:
        return False


def wait_for(url: str, seconds: float = 60) -> None:
    deadline = time.monotonic() + seconds
    while not answers(url):
        if time.monotonic() > deadline:
            raise RuntimeError(f"{url} did not answer in {seconds:.0f} s")
        time.sleep(0.1)


def has_worker_command() -> bool:
    """Whether this carson has ``carson worker`` (the durable job queue's workers)."""
    probe = subprocess.run(
        [sys.executable, "-m", "carson.cli.main", "worker", "--help"],
        capture_output=True,
        timeout=60,
    )
    return probe.returncode == 0


@dataclass
class Member:
    """One supervised process: its role, its command, and the process now running it."""

    name: str
    command: list[str]
    log: Path
    process: subprocess.Popen[bytes] | None = None
    restarts: int = 0

    def start(self, environment: dict[str, str]) -> None:
        with self.log.open("ab") as log:
            self.process = subprocess.Popen(
                self.command, stdout=log, stderr=subprocess.STDOUT, env=environment
            )

    def ended(self) -> str:
        """How the process that ran ended, in words (an exit status or a signal)."""
        code = None if self.process is None else self.process.returncode
        if code is not None and code < 0:
            return f"killed by {signal.Signals(-code).name}"
        return f"exited with status {code}"

    @property
    def pid(self) -> int | None:
        return None if self.process is None else self.process.pid

    def stop(self) -> None:
        if self.process is not None and self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(timeout=15)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()


def nginx_conf(directory: Path, port: int, ports: list[int]) -> Path:
    """deploy/nginx.conf filled in, in ``directory``: nginx on ``port`` in front of web
    processes on ``ports``."""
    temporary = directory / "nginx-temp"
    temporary.mkdir(exist_ok=True)
    # nginx's workers run as an unprivileged user when started by root: they must reach
    # their temporary directory.
    for folder in (directory, temporary):
        folder.chmod(0o755)
    servers = "\n".join(
        f"        server 127.0.0.1:{web} max_fails=1 fail_timeout=2s;" for web in ports
    )
    text = NGINX.read_text()
    for key, value in {
        "PORT": str(port),
        "SERVERS": servers.strip(),
        "DIR": str(directory),
        "TEMP": str(temporary),
    }.items():
        text = text.replace("{{" + key + "}}", value)
    conf = directory / "nginx.conf"
    conf.write_text(text)
    return conf


def hidden_password(url: str) -> str:
    """A database URL as a log may show it: its password, if any, as ``***``."""
    parts = urllib.parse.urlsplit(url)
    if parts.password is None:
        return url
    where = parts.netloc.rsplit("@", 1)[1]
    return urllib.parse.urlunsplit(parts._replace(netloc=f"{parts.username}:***@{where}"))


@dataclass
class Cluster:
    """nginx on ``port`` in front of ``web`` web processes and ``workers`` workers."""

    directory: Path
    port: int = 8080
    web: int = 2
    workers: int = 2
    database: str | None = None
    #: Options of every ``carson worker`` (``--lease 5``: a killed worker's job is taken
    #: over sooner).
    worker_options: list[str] = field(default_factory=list)
    #: Options of every ``carson serve`` (``--access-log --log-json``: a line per request).
    serve_options: list[str] = field(default_factory=list)
    members: list[Member] = field(default_factory=list)
    web_ports: list[int] = field(default_factory=list)
    _stop: threading.Event = field(default_factory=threading.Event)
    _guard: threading.Lock = field(default_factory=threading.Lock)

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def say(self, line: str) -> None:
        """One line of the supervisor's log (``supervisor.log`` in the directory)."""
        stamp = time.strftime("%Y-%m-%d %H:%M:%S")
        with (self.directory / "supervisor.log").open("a", encoding="utf-8") as log:
            log.write(f"{stamp} {line}\n")

    def pids(self, role: str = "") -> list[int]:
        """The pids running now of the members whose name starts with ``role``."""
        with self._guard:
            return [m.pid for m in self.members if m.name.startswith(role) and m.pid is not None]

    @contextlib.contextmanager
    def running(self) -> Iterator[Cluster]:
        """Everything started (the database first), supervised until the block ends."""
        self.directory.mkdir(parents=True, exist_ok=True)
        with contextlib.ExitStack() as stack:
            database = self.database or stack.enter_context(throwaway_cluster())
            if database is None:
                raise RuntimeError(
                    "PostgreSQL is not installed (Debian: apt-get install postgresql)"
                )
            # Links in mails lead to nginx, the address players use (notification mails are
            # sent only when it is known: docs/mail.md).
            environment = {"CARSON_PUBLIC_URL": self.url, **os.environ, "DATABASE_URL": database}
            # The processes' metrics, added up by whichever web process /metrics reaches:
            # emptied before they all start (as systemd's RuntimeDirectory= would be).
            metrics = self.directory / "metrics"
            shutil.rmtree(metrics, ignore_errors=True)
            metrics.mkdir()
            environment["PROMETHEUS_MULTIPROC_DIR"] = str(metrics)
            self.say(f"database {hidden_password(database)}")
            stack.callback(self._stop_all)
            self._start_members(environment)
            supervisor = threading.Thread(
                target=self._supervise, args=(environment,), name="carson-supervisor", daemon=True
            )
            supervisor.start()
            stack.callback(supervisor.join)
            stack.callback(self._stop.set)
            yield self

    def _start_members(self, environment: dict[str, str]) -> None:
        python = [sys.executable, "-m", "carson.cli.main"]
        workers = self.workers if self.workers and has_worker_command() else 0
        # With workers, the web processes leave the machine seats' moves to them.
        serve = [*python, "serve", *(["--no-worker"] if workers else []), *self.serve_options]
        ports = self.web_ports = [free_port() for _ in range(self.web)]
        for index, port in enumerate(ports):
            member = Member(
                f"web{index + 1}",
                [*serve, "--port", str(port)],
                self.directory / f"web{index + 1}.log",
            )
            self.members.append(member)
            member.start(environment)
            self.say(f"{member.name} (pid {member.pid}) serves 127.0.0.1:{port}")
            # The first one migrates the database; the others start on the migrated schema.
            wait_for(f"http://127.0.0.1:{port}/healthz")
        for index in range(workers):
            member = Member(
                f"worker{index + 1}",
                [*python, "worker", *self.worker_options],
                self.directory / f"worker{index + 1}.log",
            )
            self.members.append(member)
            member.start(environment)
            self.say(f"{member.name} (pid {member.pid}) runs jobs")
        nginx = Member(
            "nginx",
            [
                shutil.which("nginx") or "/usr/sbin/nginx",
                "-p",
                str(self.directory),
                "-c",
                str(nginx_conf(self.directory, self.port, ports)),
                "-g",
                "daemon off;",
            ],
            self.directory / "nginx.log",
        )
        self.members.append(nginx)
        nginx.start(environment)
        self.say(f"nginx (pid {nginx.pid}) listens on 127.0.0.1:{self.port}")
        wait_for(self.url + "/healthz")

    def _supervise(self, environment: dict[str, str]) -> None:
        while not self._stop.wait(0.2):
            for member in self.members:
                if member.process is not None and member.process.poll() is not None:
                    self.say(f"{member.name} (pid {member.pid}) {member.ended()}")
                    with self._guard:
                        member.process = None
                    self._stop.wait(RESTART_DELAY)
                    if self._stop.is_set():
                        return
                    with self._guard:
                        member.restarts += 1
                        member.start(environment)
                    self.say(f"{member.name} started again (pid {member.pid}, restart "
                             f"{member.restarts})")  # fmt: skip

    def _stop_all(self) -> None:
        self._stop.set()
        for member in reversed(self.members):  # nginx first: no request reaches a stopping web
            member.stop()


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(prog="deploy/cluster.py")
    parser.add_argument("action", choices=["up", "down", "supervise"])
    parser.add_argument("--dir", type=Path, default=Path("cluster"), help="logs and state")
    parser.add_argument("--port", type=int, default=8080, help="nginx's port (loopback)")
    parser.add_argument("--web", type=int, default=2, help="web processes (carson serve)")
    parser.add_argument("--workers", type=int, default=2, help="worker processes")
    parser.add_argument("--database", help="a PostgreSQL URL (default: a throwaway one)")
    args = parser.parse_args(argv)
    directory = args.dir.resolve()
    pid_file = directory / "supervisor.pid"
    if args.action == "down":
        if not pid_file.exists():
            print(f"no cluster runs from {directory}")
            return 1
        with contextlib.suppress(ProcessLookupError):
            os.kill(int(pid_file.read_text()), signal.SIGTERM)
        deadline = time.monotonic() + 120
        while pid_file.exists() and time.monotonic() < deadline:
            time.sleep(0.2)  # the supervisor removes it once everything is stopped
        pid_file.unlink(missing_ok=True)
        print("the cluster is stopped")
        return 0
    cluster = Cluster(directory, args.port, args.web, args.workers, args.database)
    if args.action == "up":
        directory.mkdir(parents=True, exist_ok=True)
        with (directory / "supervisor.log").open("ab") as log:
            options = [
                "--dir",
                str(directory),
                "--port",
                str(args.port),
                "--web",
                str(args.web),
                "--workers",
                str(args.workers),
            ]
            if args.database:
                options += ["--database", args.database]
            subprocess.Popen(
                [sys.executable, __file__, "supervise", *options],
                stdout=log,
                stderr=subprocess.STDOUT,
                start_new_session=True,
            )
        wait_for(cluster.url + "/healthz", seconds=120)
        print(
            f"carson runs at {cluster.url}/ (logs in {directory}; stop: "
            f"python deploy/cluster.py down --dir {args.dir})"
        )
        return 0
    pid_file.parent.mkdir(parents=True, exist_ok=True)
    pid_file.write_text(str(os.getpid()))
    stopping = threading.Event()
    signal.signal(signal.SIGTERM, lambda *_: stopping.set())
    signal.signal(signal.SIGINT, lambda *_: stopping.set())
    try:
        with cluster.running():
            print(f"supervising {', '.join(m.name for m in cluster.members)}", flush=True)
            stopping.wait()
    finally:
        pid_file.unlink(missing_ok=True)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
