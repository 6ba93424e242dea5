"""carson on one host as on several: nginx (HTTPS) in front of web processes (``carson
serve --no-migrate``) and worker processes (``carson worker``) on one PostgreSQL, all on
loopback, the schema migrated first as a step of its own (``carson db upgrade``), each process
restarted if it dies (as systemd's ``Restart=always`` would).

    python deploy/cluster.py up   [--dir DIR] [--port 8443] [--http-port 8080] [--web 2]
                                  [--web-ports 8001,8002] [--workers 2] [--database URL]
                                  [--cert FILE --key FILE]
    python deploy/cluster.py down [--dir DIR]
    python deploy/cluster.py nginx-conf [the same options]   # prints deploy/nginx.conf filled in

``up`` starts a supervisor in the background and returns once nginx answers; ``down`` stops
it, which stops every process. Without ``--database``, a throwaway PostgreSQL cluster is
created in a temporary directory (and removed by ``down``); without ``--cert``, a self-signed
certificate for 127.0.0.1 is made in DIR. Ports not given are free ones. Logs are in DIR: one
per process, the migration's (``migrate.log``), nginx's requests with their upstream times
(``nginx-access.log``), and the supervisor's own (``supervisor.log``: what runs where, every
exit and restart). The tests and the benchmark use :class:`Cluster` directly. It needs the
files of deploy/ and an installed carson, nothing else. See docs/deploy.md for systemd.
"""

from __future__ import annotations

import argparse
import contextlib
import os
import shutil
import signal
import ssl
import subprocess
import sys
import threading
import time
import urllib.parse
import urllib.request
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path

from scratch import free_port, self_signed, throwaway_postgres

HERE = Path(__file__).resolve().parent
NGINX = HERE / "nginx.conf"
#: Seconds between a process's death and its restart (a crash loop does not spin).
RESTART_DELAY = 0.5
CARSON = [sys.executable, "-m", "carson.cli.main"]

__all__ = ["Cluster", "free_port", "hidden_password", "nginx_conf", "trusting"]


def trusting(certificate: Path) -> ssl.SSLContext:
    """A client's TLS context that trusts ``certificate`` (the cluster's, self-signed)."""
    return ssl.create_default_context(cafile=str(certificate))


def answers(url: str, context: ssl.SSLContext | None = None) -> bool:
    try:
        with urllib.request.urlopen(url, timeout=1, context=context) as answer:
            return bool(answer.status == 200)
    except OSError:
        return False


def wait_for(url: str, seconds: float = 60, context: ssl.SSLContext | None = None) -> None:
    deadline = time.monotonic() + seconds
    while not answers(url, context):
        if time.monotonic() > deadline:
            raise RuntimeError(f"{url} did not answer in {seconds:.0f} s")
        time.sleep(0.1)


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


def nginx_text(
    directory: Path,
    port: int,
    ports: list[int],
    *,
    http_port: int,
    certificate: Path,
    key: Path,
    host: str = "127.0.0.1",
) -> str:
    """deploy/nginx.conf filled in: nginx on ``host``, HTTPS on ``port`` (with ``certificate``
    and ``key``) and a redirect to it on ``http_port``, in front of web processes on loopback
    ``ports``; its logs, pid and temporary files in ``directory``."""
    servers = "\n".join(
        f"        server 127.0.0.1:{web} max_fails=1 fail_timeout=2s;" for web in ports
    )
    text = NGINX.read_text()
    for name, value in {
        "PORT": str(port),
        "HTTP_PORT": str(http_port),
        "HOST": host,
        "CERT": str(certificate),
        "KEY": str(key),
        "SERVERS": servers.strip(),
        "DIR": str(directory),
        "TEMP": str(directory / "nginx-temp"),
    }.items():
        text = text.replace("{{" + name + "}}", value)
    return text


def nginx_conf(
    directory: Path,
    port: int,
    ports: list[int],
    *,
    http_port: int | None = None,
    certificate: Path | None = None,
    key: Path | None = None,
) -> Path:
    """:func:`nginx_text` written to ``directory``'s nginx.conf (a self-signed certificate
    made there when none is given, a free port for the redirect): its path."""
    temporary = directory / "nginx-temp"
    temporary.mkdir(parents=True, exist_ok=True)
    # nginx's workers run as an unprivileged user when started by root: they must reach
    # their temporary directory.
    for folder in (directory, temporary):
        folder.chmod(0o755)
    if certificate is None or key is None:
        certificate, key = self_signed(directory)
    text = nginx_text(directory, port, ports, http_port=http_port or free_port(),
                      certificate=certificate, key=key)  # fmt: skip
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
    """nginx on ``port`` (HTTPS; ``http_port`` redirects to it) in front of ``web`` web
    processes (on ``web_ports``, else free ports) and ``workers`` workers."""

    directory: Path
    port: int = 8443
    web: int = 2
    workers: int = 2
    database: str | None = None
    http_port: int | None = None
    #: The TLS certificate and its key (default: a self-signed one made in ``directory``).
    certificate: Path | None = None
    key: Path | None = None
    #: Options of every ``carson worker`` (``--lease 5``: a killed worker's job is taken
    #: over sooner).
    worker_options: list[str] = field(default_factory=list)
    #: Options of every ``carson serve`` (``--access-log --log-json``: a line per request).
    serve_options: list[str] = field(default_factory=list)
    web_ports: list[int] = field(default_factory=list)
    members: list[Member] = field(default_factory=list)
    _stop: threading.Event = field(default_factory=threading.Event)
    _guard: threading.Lock = field(default_factory=threading.Lock)

    @property
    def url(self) -> str:
        return f"https://127.0.0.1:{self.port}"

    @property
    def plain_url(self) -> str:
        """nginx's plain HTTP address, which only redirects to :attr:`url`."""
        return f"http://127.0.0.1:{self.http_port}"

    def tls(self) -> ssl.SSLContext:
        """A client's TLS context that trusts the cluster's certificate."""
        if self.certificate is None:
            self.certificate, self.key = self_signed(self.directory)
        return trusting(self.certificate)

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
        if self.certificate is None or self.key is None:
            self.certificate, self.key = self_signed(self.directory)
        self.http_port = self.http_port or free_port()
        with contextlib.ExitStack() as stack:
            database = self.database or stack.enter_context(throwaway_postgres())
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
            self.migrate(environment)
            stack.callback(self._stop_all)
            self._start_members(environment)
            supervisor = threading.Thread(
                target=self._supervise, args=(environment,), name="carson-supervisor", daemon=True
            )
            supervisor.start()
            stack.callback(supervisor.join)
            stack.callback(self._stop.set)
            yield self

    def migrate(self, environment: dict[str, str]) -> None:
        """The deployment's first step, before any carson process starts: the schema brought
        to this carson's newest (``carson db upgrade``, logged to ``migrate.log``)."""
        with (self.directory / "migrate.log").open("ab") as log:
            done = subprocess.run(
                [*CARSON, "db", "upgrade"], stdout=log, stderr=subprocess.STDOUT,
                env=environment, timeout=300,
            )  # fmt: skip
        if done.returncode != 0:
            raise RuntimeError(f"carson db upgrade failed: see {self.directory / 'migrate.log'}")
        self.say("schema migrated (carson db upgrade)")

    def _start_members(self, environment: dict[str, str]) -> None:
        workers = self.workers
        # With workers, the web processes leave the machine seats' moves to them; they serve
        # the schema migrated above and refuse any other.
        serve = [*CARSON, "serve", "--no-migrate", *(["--no-worker"] if workers else []),
                 *self.serve_options]  # fmt: skip
        if len(self.web_ports) != self.web:
            self.web_ports = [free_port() for _ in range(self.web)]
        for index, port in enumerate(self.web_ports):
            member = Member(
                f"web{index + 1}",
                [*serve, "--port", str(port)],
                self.directory / f"web{index + 1}.log",
            )
            self.members.append(member)
            member.start(environment)
            self.say(f"{member.name} (pid {member.pid}) serves 127.0.0.1:{port}")
        for port in self.web_ports:
            wait_for(f"http://127.0.0.1:{port}/healthz")
        for index in range(workers):
            member = Member(
                f"worker{index + 1}",
                [*CARSON, "worker", *self.worker_options],
                self.directory / f"worker{index + 1}.log",
            )
            self.members.append(member)
            member.start(environment)
            self.say(f"{member.name} (pid {member.pid}) runs jobs")
        conf = nginx_conf(self.directory, self.port, self.web_ports, http_port=self.http_port,
                          certificate=self.certificate, key=self.key)  # fmt: skip
        nginx = Member(
            "nginx",
            [
                shutil.which("nginx") or "/usr/sbin/nginx",
                "-p",
                str(self.directory),
                "-c",
                str(conf),
                "-g",
                "daemon off;",
            ],
            self.directory / "nginx.log",
        )
        self.members.append(nginx)
        nginx.start(environment)
        self.say(f"nginx (pid {nginx.pid}) listens on 127.0.0.1:{self.port} (HTTPS) and "
                 f"{self.http_port} (redirect)")  # fmt: skip
        wait_for(self.url + "/healthz", context=self.tls())

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


def ports(text: str) -> list[int]:
    return [int(port) for port in text.split(",") if port]


def parser() -> argparse.ArgumentParser:
    options = argparse.ArgumentParser(prog="deploy/cluster.py")
    options.add_argument("action", choices=["up", "down", "supervise", "nginx-conf"])
    options.add_argument("--dir", type=Path, default=Path("cluster"), help="logs and state")
    options.add_argument("--port", type=int, default=8443, help="nginx's HTTPS port (loopback)")
    options.add_argument("--http-port", type=int, help="nginx's plain HTTP port, a redirect "
                         "to HTTPS (default: a free one)")  # fmt: skip
    options.add_argument("--web", type=int, default=2, help="web processes (carson serve)")
    options.add_argument("--web-ports", type=ports, default=[],
                         help="their ports, comma-separated (default: free ones)")  # fmt: skip
    options.add_argument("--workers", type=int, default=2, help="worker processes")
    options.add_argument("--database", help="a PostgreSQL URL (default: a throwaway one)")
    options.add_argument("--cert", type=Path, help="TLS certificate (default: self-signed)")
    options.add_argument("--key", type=Path, help="its private key")
    return options


def forwarded(args: argparse.Namespace) -> list[str]:
    """The options of ``up`` again, for the supervisor it starts."""
    given = {"--dir": args.dir, "--port": args.port, "--http-port": args.http_port,
             "--web": args.web, "--workers": args.workers, "--database": args.database,
             "--cert": args.cert, "--key": args.key,
             "--web-ports": ",".join(map(str, args.web_ports)) or None}  # fmt: skip
    return [str(part) for name, value in given.items() if value is not None
            for part in (name, value)]  # fmt: skip


def down(directory: Path) -> int:
    pid_file = directory / "supervisor.pid"
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


def main(argv: list[str]) -> int:
    args = parser().parse_args(argv)
    if args.web_ports:
        args.web = len(args.web_ports)
    directory = args.dir.resolve()
    if (args.cert is None) != (args.key is None):
        parser().error("--cert and --key go together")
    if args.action == "down":
        return down(directory)
    if args.action == "nginx-conf":
        if not args.web_ports or args.cert is None or args.http_port is None:
            parser().error("nginx-conf needs --web-ports, --http-port, --cert and --key")
        print(nginx_text(directory, args.port, args.web_ports, http_port=args.http_port,
                         certificate=args.cert.resolve(), key=args.key.resolve(),
                         host="0.0.0.0"), end="")  # fmt: skip
        return 0
    cluster = Cluster(
        directory,
        port=args.port,
        web=args.web,
        workers=args.workers,
        database=args.database,
        http_port=args.http_port,
        certificate=args.cert,
        key=args.key,
        web_ports=list(args.web_ports),
    )
    if args.action == "up":
        directory.mkdir(parents=True, exist_ok=True)
        if args.cert is None:  # made once, here, for the supervisor and for this check
            args.cert, args.key = self_signed(directory)
            cluster.certificate, cluster.key = args.cert, args.key
        with (directory / "supervisor.log").open("ab") as log:
            subprocess.Popen(
                [sys.executable, __file__, "supervise", *forwarded(args)],
                stdout=log,
                stderr=subprocess.STDOUT,
                start_new_session=True,
            )
        wait_for(cluster.url + "/healthz", seconds=120, context=cluster.tls())
        print(
            f"carson runs at {cluster.url}/ (certificate {cluster.certificate}; logs in "
            f"{directory}; stop: python deploy/cluster.py down --dir {args.dir})"
        )
        return 0
    pid_file = directory / "supervisor.pid"
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
