"""The server's limits (issue 20): rate limits with 429 and Retry-After, bodies of bounded
size (413), bounded passwords (422), and the old argon2 hashes replaced at login."""

from __future__ import annotations

import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from api_helpers import account
from argon2 import PasswordHasher
from fastapi import FastAPI, Request
from fastapi.testclient import TestClient
from limits import parse
from limits.strategies import MovingWindowRateLimiter
from sqlalchemy import select

from carson.app import create_app
from carson.server.accounts.passwords import MAX_PASSWORD_BYTES
from carson.server.kernel.db import User
from carson.server.kernel.limits import Limits
from carson.server.kernel.ratelimit import (
    ProcessCounters,
    RateLimited,
    RateLimiter,
    Rule,
    client_address,
)

SMALL = Limits(
    login_failures_per_address="4/minute",
    login_failures_per_account="3/minute",
    registrations_per_address="3/minute",
    moves_per_user="3/minute",
    max_body_bytes=2048,
    hash_workers=2,
)


@pytest.fixture
def small_app(tmp_path: Path) -> FastAPI:
    return create_app(f"sqlite:///{tmp_path / 'carson.db'}", budget_ms=5, limits=SMALL)


def client_at(app: FastAPI, address: str) -> TestClient:
    return TestClient(app, client=(address, 50000))


@pytest.fixture
def clients(small_app: FastAPI) -> Iterator[tuple[TestClient, TestClient, TestClient]]:
    """Three clients of one server, from three addresses."""
    with (
        client_at(small_app, "10.0.0.1") as first,
        client_at(small_app, "10.0.0.2") as second,
        client_at(small_app, "10.0.0.3") as third,
    ):
        yield first, second, third


def login(client: TestClient, name: str, password: str) -> int:
    return client.post("/api/login", json={"username": name, "password": password}).status_code


def assert_too_many(response_status: int, client: TestClient, name: str) -> None:
    response = client.post("/api/login", json={"username": name, "password": "password-" + name})
    assert response_status == 401
    assert response.status_code == 429, response.text
    assert 1 <= int(response.headers["Retry-After"]) <= 60


def test_failed_logins_from_one_address_are_limited(
    clients: tuple[TestClient, TestClient, TestClient],
) -> None:
    guesser, other, _ = clients
    account(other, "alice")
    account(other, "bob")
    statuses = [login(guesser, name, "wrong-password") for name in ("alice", "bob", "x1", "x2")]
    assert statuses == [401] * 4
    # The address has used its 4 failures: even the right password waits now …
    refused = guesser.post("/api/login", json={"username": "bob", "password": "password-bob"})
    assert refused.status_code == 429 and int(refused.headers["Retry-After"]) >= 1
    assert "try again in" in refused.json()["detail"]
    # … and the browser's login too; another address logs in to bob as usual.
    opened = guesser.post("/api/session", json={"username": "bob", "password": "password-bob"})
    assert opened.status_code == 429
    assert login(other, "bob", "password-bob") == 200


def test_failed_logins_on_one_account_are_limited_across_addresses(
    clients: tuple[TestClient, TestClient, TestClient],
) -> None:
    first, second, third = clients
    account(third, "alice")
    account(third, "bob")
    assert [login(first, "alice", "guess-one"), login(second, "alice", "guess-two")] == [401, 401]
    last = login(first, "ALICE", "guess-three")  # the account whatever the name's case
    # Three failures on alice from two addresses: from a third, alice waits too …
    assert_too_many(last, third, "alice")
    # … while another account logs in from another address.
    assert login(third, "bob", "password-bob") == 200


def test_registrations_from_one_address_are_limited(
    clients: tuple[TestClient, TestClient, TestClient],
) -> None:
    first, second, _ = clients
    for name in ("alice", "bob"):
        account(first, name)
    taken = first.post("/api/register", json={"username": "alice", "password": "password-x"})
    assert taken.status_code == 409  # refused, and counted: it cost the same
    refused = first.post("/api/register", json={"username": "carol", "password": "password-c"})
    assert refused.status_code == 429 and int(refused.headers["Retry-After"]) >= 1
    assert login(second, "carol", "password-c") == 401  # nothing was created
    account(second, "carol")  # another address may


def test_moves_of_one_account_are_limited(
    clients: tuple[TestClient, TestClient, TestClient], toy_game: None
) -> None:
    client, _, _ = clients
    alice = account(client, "alice")
    created = client.post("/api/games", json={"game": "toy", "seats": ["human", "random"]},
                          headers=alice)  # fmt: skip
    game = created.json()["id"]
    stake = {"kind": "stake", "chips": 1}
    stale = [client.post(f"/api/games/{game}/actions", json={"seq": 99, "action": stake},
                         headers=alice).status_code for _ in range(3)]  # fmt: skip
    assert stale == [409] * 3
    refused = client.post(f"/api/games/{game}/actions", json={"seq": 0, "action": stake},
                          headers=alice)  # fmt: skip
    assert refused.status_code == 429 and "Retry-After" in refused.headers
    mine = client.get(f"/api/games/{game}", headers=alice).json()["view"]["my_stake"]
    assert mine is None  # nothing moved


def test_a_big_json_body_is_refused_with_413(
    clients: tuple[TestClient, TestClient, TestClient],
) -> None:
    client, _, _ = clients
    big = {"username": "alice", "password": "x" * 4096}
    refused = client.post("/api/register", json=big)
    assert refused.status_code == 413
    assert "larger than 2048 bytes" in refused.json()["detail"]
    assert login(client, "alice", "x" * 4096) == 413


def test_a_chunked_body_is_counted_as_it_streams(
    clients: tuple[TestClient, TestClient, TestClient],
) -> None:
    """No Content-Length to trust: the bytes are counted as they arrive."""
    client, _, _ = clients

    def chunks(count: int) -> Iterator[bytes]:
        yield b'{"username": "alice", "password": "'
        for _ in range(count):
            yield b"y" * 512
        yield b'"}'

    json_type = {"Content-Type": "application/json"}
    refused = client.post("/api/register", content=chunks(8), headers=json_type)
    assert "content-length" not in refused.request.headers
    assert refused.request.headers["transfer-encoding"] == "chunked"
    assert refused.status_code == 413
    accepted = client.post("/api/register", content=chunks(1), headers=json_type)
    assert accepted.status_code == 200, accepted.text


def test_a_password_longer_than_the_limit_is_refused_with_422(client: TestClient) -> None:
    """Within the body limit but over the password's (in bytes: 'é' is two)."""
    long_password = "é" * (MAX_PASSWORD_BYTES // 2 + 1)
    refused = client.post("/api/register", json={"username": "alice", "password": long_password})
    assert refused.status_code == 422 and str(MAX_PASSWORD_BYTES) in refused.text
    account(client, "alice")
    assert login(client, "alice", long_password) == 422
    exact = "é" * (MAX_PASSWORD_BYTES // 2)
    accepted = client.post("/api/register", json={"username": "bob", "password": exact})
    assert accepted.status_code == 200


def test_an_old_hash_is_replaced_at_login(client: TestClient, app: FastAPI) -> None:
    """carson hashed with argon2-cffi's defaults before (m = 64 MiB, t = 3, p = 4): such a
    hash still logs in, and is replaced by one with the current parameters."""
    account(client, "alice")
    old = PasswordHasher(time_cost=3, memory_cost=64 * 1024, parallelism=4).hash("old-password")
    sessions = app.state.games.sessions
    with sessions.begin() as session:
        session.scalar(select(User).where(User.username == "alice")).password_hash = old
    assert login(client, "alice", "wrong-password") == 401
    with sessions() as session:
        assert session.scalar(select(User.password_hash).where(User.username == "alice")) == old
    assert login(client, "alice", "old-password") == 200
    with sessions() as session:
        new = session.scalar(select(User.password_hash).where(User.username == "alice"))
    assert new != old and new.startswith("$argon2id$v=19$m=19456,t=2,p=1$")
    assert login(client, "alice", "old-password") == 200  # the new hash verifies too


def test_the_default_limits_refuse_the_eleventh_failed_login(client: TestClient) -> None:
    """The defaults (this client's app sets none): 10 failures per account."""
    account(client, "alice")
    assert [login(client, "alice", f"guess-{n}") for n in range(10)] == [401] * 10
    refused = client.post("/api/login", json={"username": "alice", "password": "password-alice"})
    assert refused.status_code == 429
    assert 800 < int(refused.headers["Retry-After"]) <= 900  # the window is 15 minutes


def test_limits_come_from_the_environment_and_a_bad_value_names_its_variable() -> None:
    chosen = Limits.from_environment(
        {"CARSON_LIMIT_LOGIN_ACCOUNT": "3/minute", "CARSON_LIMIT_BODY_BYTES": " 1024 ",
         "CARSON_HASH_WORKERS": "2", "CARSON_LIMIT_STREAMS_USER": ""}
    )  # fmt: skip
    assert chosen.login_failures_per_account == "3/minute" and chosen.max_body_bytes == 1024
    assert chosen.hash_workers == 2 and chosen.streams_per_user == Limits().streams_per_user
    bad = {
        "CARSON_LIMIT_MOVES_USER": "lots",
        "CARSON_LIMIT_BODY_BYTES": "big",
        "CARSON_LIMIT_STREAMS_TOTAL": "0",
        "CARSON_HASH_WORKERS": "-1",
    }
    for variable, value in bad.items():
        with pytest.raises(ValueError, match=variable):
            Limits.from_environment({variable: value})


@pytest.mark.parametrize(
    ("host", "counted_as"),
    [
        ("203.0.113.7", "203.0.113.7"),
        ("2001:db8:1:2:aaaa::1", "2001:db8:1:2::/64"),
        ("2001:db8:1:2:bbbb::9", "2001:db8:1:2::/64"),
        ("::ffff:203.0.113.7", "203.0.113.7"),
        ("testclient", "testclient"),
    ],
)
def test_an_ipv6_client_is_counted_by_its_64_network(host: str, counted_as: str) -> None:
    scope = {"type": "http", "client": (host, 1234), "headers": []}
    assert client_address(Request(scope)) == counted_as


def test_password_changes_of_one_account_are_limited(small_app: FastAPI) -> None:
    """Every attempt to change a password counts, right or wrong; beyond the rate, 429
    before the current password is even checked; another account is not touched."""
    small_app.state.accounts.limiter = RateLimiter(Limits(password_changes_per_account="2/minute"))
    with client_at(small_app, "10.0.0.1") as client:
        alice, bob = account(client, "alice"), account(client, "bob")

        def change(headers: dict[str, str], current: str) -> int:
            body = {"current_password": current, "new_password": "a-new-password"}
            return client.post("/api/password", json=body, headers=headers).status_code

        assert change(alice, "wrong-password") == 422
        assert change(alice, "wrong-password") == 422
        refused = client.post(
            "/api/password",
            json={"current_password": "password-alice", "new_password": "x" * 12},
            headers=alice,
        )
        assert refused.status_code == 429 and 1 <= int(refused.headers["Retry-After"]) <= 60
        assert login(client, "alice", "password-alice") == 200  # unchanged
        assert change(bob, "password-bob") == 200


def test_process_counters_sweep_at_most_once_a_second_and_still_count() -> None:
    """``memory://`` counts in :class:`ProcessCounters`: a burst of counts starts one sweep
    thread, not one per 10 ms (issue 22), and the limit holds exactly as before."""
    limiter = RateLimiter(Limits(moves_per_user="50/minute"))
    storage = limiter._window.storage
    assert isinstance(storage, ProcessCounters)
    sweeps = []
    for _ in range(50):
        limiter.take(Rule.MOVES_USER, "7")
        sweeps.append(storage.timer)
        time.sleep(0.002)  # the library's own sweep would have ended and started again
    assert len({id(timer) for timer in sweeps}) <= 2  # the constructor's, then one
    with pytest.raises(RateLimited):
        limiter.take(Rule.MOVES_USER, "7")
    limiter.take(Rule.MOVES_USER, "8")  # another account has its own room


@pytest.mark.slow  # runs long: whole games or many cases
def test_process_counters_still_forget_expired_counts() -> None:
    """The sweep still bounds the memory: counts past their window leave it."""
    storage = ProcessCounters()
    window = MovingWindowRateLimiter(storage)
    assert window.hit(parse("5/second"), "key")
    assert storage.events
    deadline = time.monotonic() + 5
    while any(storage.events.values()) and time.monotonic() < deadline:
        time.sleep(0.1)
        storage._MemoryStorage__schedule_expiry()  # as the next count would
    assert not any(storage.events.values())
