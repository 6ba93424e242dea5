"""deploy/ runs from its own files: nothing in it imports from tests/ (or anything beyond the
standard library and an installed carson), and a copy of the directory alone, elsewhere,
writes a working nginx configuration with the ports it is given."""

from __future__ import annotations

import ast
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

DEPLOY = Path(__file__).resolve().parents[2] / "deploy"


@pytest.mark.parametrize("module", sorted(path.name for path in DEPLOY.glob("*.py")))
def test_deploy_imports_only_the_standard_library_and_itself(module: str) -> None:
    tree = ast.parse((DEPLOY / module).read_text())
    imported: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            imported |= {alias.name.split(".")[0] for alias in node.names}
        elif isinstance(node, ast.ImportFrom):
            imported.add((node.module or "").split(".")[0])
    own = {path.stem for path in DEPLOY.glob("*.py")}
    outside = imported - own - set(sys.stdlib_module_names) - {"__future__"}
    assert not outside, f"{module} imports {outside}"
    assert "sys.path" not in (DEPLOY / module).read_text()


def test_a_copy_of_deploy_alone_writes_nginx_s_configuration_for_given_ports(
    tmp_path: Path,
) -> None:
    copy = tmp_path / "deploy"
    shutil.copytree(DEPLOY, copy)
    (tmp_path / "tls.crt").write_text("certificate")
    (tmp_path / "tls.key").write_text("key")
    done = subprocess.run(
        [sys.executable, "cluster.py", "nginx-conf", "--dir", str(tmp_path / "logs"),
         "--port", "443", "--http-port", "80", "--web-ports", "8001,8002,8003",
         "--cert", str(tmp_path / "tls.crt"), "--key", str(tmp_path / "tls.key")],
        cwd=copy, capture_output=True, text=True, timeout=60,
    )  # fmt: skip
    assert done.returncode == 0, done.stderr
    conf = done.stdout
    assert not re.search(r"\{\{[A-Z_]+\}\}", conf)
    assert "listen 0.0.0.0:443 ssl" in conf and "listen 0.0.0.0:80;" in conf
    assert "return 301 https://$host:443$request_uri;" in conf
    for port in (8001, 8002, 8003):
        assert f"server 127.0.0.1:{port} " in conf
    assert f"ssl_certificate {tmp_path / 'tls.crt'};" in conf
    nginx = shutil.which("nginx") or "/usr/sbin/nginx"
    if Path(nginx).exists():  # nginx itself reads it (the certificate made for the check)
        made = subprocess.run(
            ["openssl", "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "1",
             "-subj", "/CN=localhost", "-keyout", str(tmp_path / "tls.key"),
             "-out", str(tmp_path / "tls.crt")],
            capture_output=True, timeout=60,
        )  # fmt: skip
        assert made.returncode == 0
        (tmp_path / "logs" / "nginx-temp").mkdir(parents=True)
        (tmp_path / "nginx.conf").write_text(conf.replace("0.0.0.0:", "127.0.0.1:"))
        checked = subprocess.run(
            [nginx, "-t", "-p", str(tmp_path), "-c", str(tmp_path / "nginx.conf")],
            capture_output=True, text=True, timeout=60,
        )  # fmt: skip
        assert checked.returncode == 0, checked.stderr


def test_up_hands_every_option_to_its_supervisor() -> None:
    """``up`` starts ``supervise`` with its own options again: none lost on the way."""
    sys.path.insert(0, str(DEPLOY))
    from cluster import forwarded, parser

    given = ["up", "--dir", "/srv/c", "--port", "443", "--http-port", "80", "--web", "3",
             "--web-ports", "8001,8002,8003", "--workers", "1", "--database",
             "postgresql+psycopg://carson@db/carson", "--cert", "/c.pem",
             "--key", "/k.pem"]  # fmt: skip
    first = parser().parse_args(given)
    again = parser().parse_args(["supervise", *forwarded(first)])
    assert vars(again) == {**vars(first), "action": "supervise"}


def test_logrotate_rotates_the_logs_nginx_writes_and_reopens_them(tmp_path: Path) -> None:
    """deploy/logrotate.conf names the directory of nginx's logs and its pid file as
    ``cluster.py nginx-conf --dir /var/log/nginx/carson`` writes them."""
    sys.path.insert(0, str(DEPLOY))
    from cluster import nginx_text

    directory = Path("/var/log/nginx/carson")
    conf = nginx_text(directory, 443, [8001], http_port=80, certificate=tmp_path / "c",
                      key=tmp_path / "k")  # fmt: skip
    rotate = (DEPLOY / "logrotate.conf").read_text()
    logs = re.findall(r"(?:access_log|error_log) (\S+)", conf)
    assert logs and all(Path(log).parent == directory for log in logs)
    assert f"{directory}/*.log {{" in rotate
    (pid,) = re.findall(r"^pid (\S+);", conf, re.MULTILINE)
    assert f'kill -USR1 "$(cat {pid})"' in rotate
