"""The pinned outbound session over TLS (issue 45): it connects to the address it checked,
yet names the host to the server (SNI, ``Host``) and verifies the certificate against that
name — a push service's https keeps working, and a certificate for another name is refused."""

from __future__ import annotations

import datetime
import ssl
import threading
from collections.abc import Iterator
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any

import pytest
import requests
from cryptography import x509
from cryptography.hazmat.primitives import hashes, serialization
from cryptography.hazmat.primitives.asymmetric import ec
from cryptography.x509.oid import NameOID

from carson.server.kernel import outbound


def _certificate(directory: Path, name: str) -> tuple[Path, Path]:
    """A self-signed certificate for ``name`` (its own CA), and its key."""
    key = ec.generate_private_key(ec.SECP256R1())
    subject = x509.Name([x509.NameAttribute(NameOID.COMMON_NAME, name)])
    now = datetime.datetime.now(datetime.UTC)
    certificate = (
        x509.CertificateBuilder()
        .subject_name(subject)
        .issuer_name(subject)
        .public_key(key.public_key())
        .serial_number(x509.random_serial_number())
        .not_valid_before(now - datetime.timedelta(minutes=1))
        .not_valid_after(now + datetime.timedelta(hours=1))
        .add_extension(x509.SubjectAlternativeName([x509.DNSName(name)]), critical=False)
        .add_extension(x509.BasicConstraints(ca=True, path_length=None), critical=True)
        .sign(key, hashes.SHA256())
    )
    cert_path, key_path = directory / f"{name}.pem", directory / f"{name}.key"
    cert_path.write_bytes(certificate.public_bytes(serialization.Encoding.PEM))
    key_path.write_bytes(
        key.private_bytes(
            serialization.Encoding.PEM,
            serialization.PrivateFormat.PKCS8,
            serialization.NoEncryption(),
        )
    )
    return cert_path, key_path


@pytest.fixture
def tls_service(tmp_path: Path) -> Iterator[tuple[str, Path, list[str]]]:
    """An https service on loopback with a certificate for ``localhost``: its port, the
    certificate (to trust), and the Host headers it received."""
    cert, key = _certificate(tmp_path, "localhost")
    hosts: list[str] = []

    class Handler(BaseHTTPRequestHandler):
        def do_POST(self) -> None:
            hosts.append(self.headers["Host"])
            self.send_response(201)
            self.send_header("Content-Length", "0")
            self.end_headers()

        def log_message(self, *args: Any) -> None:
            pass

    server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    context = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
    context.load_cert_chain(cert, key)
    server.socket = context.wrap_socket(server.socket, server_side=True)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    yield str(server.server_address[1]), cert, hosts
    server.shutdown()


def test_a_pinned_request_names_and_verifies_the_host(
    tls_service: tuple[str, Path, list[str]], monkeypatch: pytest.MonkeyPatch
) -> None:
    port, cert, hosts = tls_service
    monkeypatch.setenv(outbound.ALLOW_SETTING, f"localhost:{port}")
    with outbound.public_session() as session:
        session.verify = str(cert)
        answer = session.post(f"https://localhost:{port}/push", data=b"x")
    assert answer.status_code == 201 and hosts == [f"localhost:{port}"]


def test_a_certificate_for_another_name_is_refused(
    tls_service: tuple[str, Path, list[str]], monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    """The address is pinned, the name is still what TLS checks: 127.0.0.1 is not
    ``localhost`` to the certificate."""
    port, cert, hosts = tls_service
    monkeypatch.setenv(outbound.ALLOW_SETTING, f"127.0.0.1:{port}")
    with outbound.public_session() as session, pytest.raises(requests.exceptions.SSLError):
        session.verify = str(cert)
        session.post(f"https://127.0.0.1:{port}/push", data=b"x")
    assert hosts == []
