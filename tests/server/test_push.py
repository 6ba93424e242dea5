"""Web push: the server's VAPID key (made once, public half served), subscriptions checked,
and the round trip to a local fake push service: the POST carries a VAPID JWT signed by the
server's key for that service, and a payload encrypted for the browser (RFC 8291) that
decrypts to the notification; a subscription the service calls gone (410) is deleted."""

from __future__ import annotations

import base64
import ipaddress
import json
import os
import threading
import time
from collections.abc import Iterator
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

import http_ece
import pytest
from api_helpers import account
from cryptography.hazmat.primitives import hashes
from cryptography.hazmat.primitives.asymmetric import ec
from cryptography.hazmat.primitives.asymmetric.utils import encode_dss_signature
from cryptography.hazmat.primitives.serialization import Encoding, PublicFormat
from fastapi.testclient import TestClient
from prometheus_client import REGISTRY
from sqlalchemy import func, select

from carson.app import create_app
from carson.server.kernel import outbound
from carson.server.notify import push
from carson.server.notify.tables import PushSubscription, ServerKey
from carson.server.play.thinking import InlineThinker
from carson.server.workers import game_worker

pytestmark = pytest.mark.usefixtures("toy_game")


def b64(data: bytes) -> str:
    return base64.urlsafe_b64encode(data).rstrip(b"=").decode()


def unb64(text: str) -> bytes:
    return base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))


class PushService:
    """A push service on a loopback port: records each POST, answers ``status``."""

    def __init__(self) -> None:
        self.received: list[tuple[dict[str, str], bytes]] = []
        self.status = 201
        self.location = ""  # sent with the answer when set (a redirect)
        service = self

        class Handler(BaseHTTPRequestHandler):
            def do_POST(self) -> None:
                body = self.rfile.read(int(self.headers["Content-Length"]))
                service.received.append(({k.lower(): v for k, v in self.headers.items()}, body))
                self.send_response(service.status)
                if service.location:
                    self.send_header("Location", service.location)
                self.send_header("Content-Length", "0")
                self.end_headers()

            def log_message(self, *args: Any) -> None:
                pass

        self.server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.url = f"http://127.0.0.1:{self.server.server_address[1]}"
        threading.Thread(target=self.server.serve_forever, daemon=True).start()


class Browser:
    """A browser's push keys: its P-256 key pair and its 16-byte auth secret."""

    def __init__(self, endpoint: str) -> None:
        self.key = ec.generate_private_key(ec.SECP256R1())
        self.auth = os.urandom(16)
        public = self.key.public_key().public_bytes(Encoding.X962, PublicFormat.UncompressedPoint)
        self.json = {"endpoint": endpoint, "keys": {"p256dh": b64(public), "auth": b64(self.auth)}}

    def decrypt(self, body: bytes) -> Any:
        return json.loads(http_ece.decrypt(body, private_key=self.key, auth_secret=self.auth,
                                           version="aes128gcm"))  # fmt: skip


@pytest.fixture
def service_at(monkeypatch: pytest.MonkeyPatch) -> Iterator[PushService]:
    """A fake push service on loopback, the one non-public origin the server may reach."""
    fake = PushService()
    monkeypatch.setenv(outbound.ALLOW_SETTING, fake.url.removeprefix("http://"))
    yield fake
    fake.server.shutdown()


@pytest.fixture
def client(db_url: str, monkeypatch: pytest.MonkeyPatch) -> Iterator[TestClient]:
    monkeypatch.setenv(push.HTTP_SETTING, "1")
    monkeypatch.setenv(push.CONTACT_SETTING, "mailto:ops@example.org")
    with TestClient(create_app(db_url, budget_ms=5, worker=False)) as test_client:
        yield test_client


def pushes(outcome: str) -> float:
    """How many pushes ended so, by the metrics (``carson_pushes_total``)."""
    return REGISTRY.get_sample_value("carson_pushes_total", {"outcome": outcome}) or 0.0


def run_jobs(client: TestClient) -> None:
    worker = game_worker(client.app.state.games.store, InlineThinker(), budget_ms=5)  # type: ignore[attr-defined]
    while worker.run_once():
        pass


def a_game_asking(client: TestClient, alice: dict[str, str], bob: dict[str, str]) -> str:
    body = {"game": "toy", "seats": ["human", "human"]}
    game_id: str = client.post("/api/games", json=body, headers=alice).json()["id"]
    assert client.post(f"/api/games/{game_id}/join", headers=bob).status_code == 200
    return game_id


def check_vapid(headers: dict[str, str], public_key: str, audience: str) -> None:
    scheme, _, fields = headers["authorization"].partition(" ")
    assert scheme == "vapid"
    parts = dict(field.strip().split("=", 1) for field in fields.split(","))
    assert parts["k"] == public_key
    signed, _, signature = parts["t"].rpartition(".")
    claims = json.loads(unb64(signed.split(".")[1]))
    assert claims["aud"] == audience and claims["sub"] == "mailto:ops@example.org"
    assert claims["exp"] > time.time()
    raw = unb64(signature)
    der = encode_dss_signature(int.from_bytes(raw[:32], "big"), int.from_bytes(raw[32:], "big"))
    key = ec.EllipticCurvePublicKey.from_encoded_point(ec.SECP256R1(), unb64(public_key))
    key.verify(der, signed.encode(), ec.ECDSA(hashes.SHA256()))  # raises if forged


@pytest.mark.slow  # runs long: whole games or many cases
def test_a_turn_reaches_the_browser_encrypted_and_signed(
    client: TestClient, service_at: PushService
) -> None:
    alice, bob = account(client, "alice"), account(client, "bob")
    key = client.get("/api/push/key").json()["public_key"]
    assert len(unb64(key)) == 65 and client.get("/api/push/key").json()["public_key"] == key
    browser = Browser(service_at.url + "/push/bob")
    subscribed = client.post("/api/push/subscriptions", json=browser.json, headers=bob)
    assert subscribed.status_code == 201, subscribed.text
    game_id = a_game_asking(client, alice, bob)
    run_jobs(client)
    assert len(service_at.received) == 1  # bob's only: alice subscribed no browser
    headers, body = service_at.received[0]
    assert headers["content-encoding"] == "aes128gcm" and int(headers["ttl"]) == push.TIME_TO_LIVE
    check_vapid(headers, key, service_at.url)
    assert b"your turn" not in body.lower()  # encrypted
    assert browser.decrypt(body) == {
        "title": "carson", "body": "It is your turn. In your game of High Dice with alice.",
        "url": f"/games/{game_id}",
        "tag": f"your_turn:{game_id}",
    }  # fmt: skip


@pytest.mark.slow  # runs long: whole games or many cases
def test_a_subscription_the_service_calls_gone_is_deleted(
    client: TestClient, service_at: PushService
) -> None:
    alice, bob = account(client, "alice"), account(client, "bob")
    browser = Browser(service_at.url + "/push/gone")
    client.post("/api/push/subscriptions", json=browser.json, headers=bob)
    service_at.status = 410
    gone = pushes("gone")
    a_game_asking(client, alice, bob)
    run_jobs(client)
    assert len(service_at.received) == 1 and pushes("gone") == gone + 1
    with client.app.state.games.sessions() as session:  # type: ignore[attr-defined]
        assert session.scalar(select(func.count()).select_from(PushSubscription)) == 0
        assert session.get(ServerKey, push.VAPID) is not None


def test_subscriptions_are_checked_owned_and_unsubscribed(
    client: TestClient, service_at: PushService, monkeypatch: pytest.MonkeyPatch
) -> None:
    bob, carol = account(client, "bob"), account(client, "carol")
    browser = Browser(service_at.url + "/push/b")
    bad_keys = {**browser.json, "keys": {"p256dh": "AAAA", "auth": browser.json["keys"]["auth"]}}
    for wrong in ({**browser.json, "endpoint": "ftp://x/y"}, bad_keys, {"endpoint": "x"}):
        refused = client.post("/api/push/subscriptions", json=wrong, headers=bob)
        assert refused.status_code == 422, wrong
    monkeypatch.delenv(push.HTTP_SETTING)
    plain = client.post("/api/push/subscriptions", json=browser.json, headers=bob)
    assert plain.status_code == 422 and plain.json()["code"] == "bad_subscription"
    monkeypatch.setenv(push.HTTP_SETTING, "1")
    assert client.post("/api/push/subscriptions", json=browser.json).status_code == 401
    assert client.post("/api/push/subscriptions", json=browser.json, headers=bob).status_code == 201
    endpoint = {"endpoint": browser.json["endpoint"]}
    client.post("/api/push/unsubscribe", json=endpoint, headers=carol)  # not hers: kept
    with client.app.state.games.sessions() as session:  # type: ignore[attr-defined]
        assert session.scalar(select(func.count()).select_from(PushSubscription)) == 1
    gone = client.post("/api/push/unsubscribe", json=endpoint, headers=bob)
    assert gone.json() == {"subscribed": False}
    with client.app.state.games.sessions() as session:  # type: ignore[attr-defined]
        assert session.scalar(select(func.count()).select_from(PushSubscription)) == 0


def subscriptions(client: TestClient) -> int:
    with client.app.state.games.sessions() as session:  # type: ignore[attr-defined]
        return int(session.scalar(select(func.count()).select_from(PushSubscription)) or 0)


@pytest.mark.parametrize(
    "host",
    ["127.0.0.1", "[::1]", "localhost", "169.254.169.254", "10.1.2.3", "192.168.0.7",
     "[::ffff:127.0.0.1]", "100.64.0.1", "224.0.0.1", "0.0.0.0", "[fe80::1]",
     "no-such-host.invalid"],
)  # fmt: skip
def test_a_push_endpoint_must_be_a_public_host(client: TestClient, host: str) -> None:
    """Issue 45: loopback, private, link-local (the cloud's metadata service), shared,
    multicast and unspecified addresses, names resolving there or nowhere: refused (422)."""
    bob = account(client, "bob")
    browser = Browser(f"https://{host}:8443/push/x")
    refused = client.post("/api/push/subscriptions", json=browser.json, headers=bob)
    assert refused.status_code == 422 and refused.json()["code"] == "bad_subscription"
    assert subscriptions(client) == 0


def test_what_is_public(monkeypatch: pytest.MonkeyPatch) -> None:
    assert outbound.is_public(ipaddress.ip_address("93.184.215.14"))
    assert outbound.is_public(ipaddress.ip_address("2606:4700::1111"))
    for text in ("127.0.0.1", "::1", "10.0.0.1", "172.16.3.4", "169.254.169.254", "fc00::1",
                 "::ffff:10.0.0.1", "100.64.1.1", "240.0.0.1", "255.255.255.255",
                 "::"):  # fmt: skip
        assert not outbound.is_public(ipaddress.ip_address(text)), text
    with pytest.raises(outbound.NotPublic):
        outbound.public_addresses("127.0.0.1", 8443)
    monkeypatch.setenv(outbound.ALLOW_SETTING, "127.0.0.1:8443")
    assert outbound.public_addresses("127.0.0.1", 8443) == ["127.0.0.1"]  # that origin only
    with pytest.raises(outbound.NotPublic):
        outbound.public_addresses("127.0.0.1", 8444)


@pytest.mark.slow  # runs long: whole games or many cases
def test_a_redirect_is_not_followed(
    client: TestClient, service_at: PushService, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A push service answering 307 to an internal address: the worker does not go there
    (the second service hears nothing), and the push is tried again later."""
    inside = PushService()
    monkeypatch.setenv(
        outbound.ALLOW_SETTING,
        ",".join(s.url.removeprefix("http://") for s in (service_at, inside)),
    )
    alice, bob = account(client, "alice"), account(client, "bob")
    client.post("/api/push/subscriptions", json=Browser(service_at.url + "/p").json, headers=bob)
    service_at.status, service_at.location = 307, inside.url + "/internal"
    a_game_asking(client, alice, bob)
    run_jobs(client)
    assert len(service_at.received) == 1 and inside.received == []
    inside.server.shutdown()


@pytest.mark.slow  # runs long: whole games or many cases
def test_a_host_no_longer_public_is_not_sent_to_and_is_dropped(
    client: TestClient, service_at: PushService, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Checked again when sending (a name may resolve elsewhere by then)."""
    alice, bob = account(client, "alice"), account(client, "bob")
    client.post("/api/push/subscriptions", json=Browser(service_at.url + "/p").json, headers=bob)
    assert subscriptions(client) == 1
    monkeypatch.delenv(outbound.ALLOW_SETTING)
    a_game_asking(client, alice, bob)
    run_jobs(client)
    assert service_at.received == [] and subscriptions(client) == 0


@pytest.mark.slow  # runs long: whole games or many cases
def test_each_browser_is_its_own_job(
    client: TestClient, service_at: PushService, monkeypatch: pytest.MonkeyPatch
) -> None:
    """One browser's failing service is retried on its own: the other browser got the push
    once, and its job is done."""
    failing = PushService()
    failing.status = 500
    monkeypatch.setenv(
        outbound.ALLOW_SETTING,
        ",".join(s.url.removeprefix("http://") for s in (service_at, failing)),
    )
    alice, bob = account(client, "alice"), account(client, "bob")
    for service in (service_at, failing):
        browser = Browser(service.url + "/p")
        assert client.post("/api/push/subscriptions", json=browser.json, headers=bob).is_success
    sent, failed = pushes("sent"), pushes("failed")
    a_game_asking(client, alice, bob)
    run_jobs(client)
    assert len(service_at.received) == 1 and len(failing.received) == 1
    assert (pushes("sent"), pushes("failed")) == (sent + 1, failed + 1)
    queue = client.app.state.games.store.jobs  # type: ignore[attr-defined]
    left = [job for job in queue.listing() if job.kind == push.PUSH_ONE_JOB]
    assert [(job.state, job.attempts) for job in left if job.state != "done"] == [("ready", 1)]
    failing.server.shutdown()
