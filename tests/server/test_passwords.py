"""Password hashing in a bounded pool: never more hashes at once than its workers (each
holds 19 MiB), a caller that would wait too long is refused (503), and the parameters are
OWASP's."""

from __future__ import annotations

import threading
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from carson.app import create_app
from carson.server.accounts.passwords import (
    HashingBusy,
    HashParameters,
    PasswordPool,
    PasswordTooLong,
)
from carson.server.kernel.limits import Limits

#: Cheap parameters for the tests that only count.
CHEAP = HashParameters(memory_kib=8, time_cost=1, parallelism=1)


def test_the_default_parameters_are_owasps_argon2id() -> None:
    stored = PasswordPool(workers=1).hash("a password")
    assert stored.startswith("$argon2id$v=19$m=19456,t=2,p=1$")


def test_no_more_hashes_run_at_once_than_the_pool_has_workers() -> None:
    pool = PasswordPool(CHEAP, workers=2)
    running, most = 0, 0
    count = threading.Lock()
    release = threading.Event()
    entered = threading.Semaphore(0)
    real_hash = pool._hasher.hash

    def counted(password: str) -> str:
        nonlocal running, most
        with count:
            running += 1
            most = max(most, running)
        entered.release()
        release.wait()
        with count:
            running -= 1
        return real_hash(password)

    class Counting:
        hash = staticmethod(counted)

    pool._hasher = Counting()  # type: ignore[assignment]
    results: list[str] = []
    threads = [threading.Thread(target=lambda: results.append(pool.hash("pw"))) for _ in range(8)]
    for thread in threads:
        thread.start()
    assert entered.acquire(timeout=10) and entered.acquire(timeout=10)  # two got in …
    assert not entered.acquire(timeout=0.3)  # … and no third while they run
    release.set()
    for thread in threads:
        thread.join(timeout=30)
    assert len(results) == 8 and most == 2


def test_a_caller_that_would_wait_too_long_is_refused() -> None:
    pool = PasswordPool(CHEAP, workers=1, wait_seconds=0)
    assert pool._slots.acquire()  # the one worker is busy
    with pytest.raises(HashingBusy):
        pool.hash("pw")
    pool._slots.release()
    assert pool.verify(pool.hash("pw"), "pw")


def test_verify_and_hash_refuse_a_password_over_the_limit() -> None:
    pool = PasswordPool(CHEAP, workers=1)
    with pytest.raises(PasswordTooLong):
        pool.hash("p" * 1025)
    with pytest.raises(PasswordTooLong):
        pool.verify(pool.hash("pw"), "p" * 1025)
    assert not pool.verify(None, "pw")  # no account: never a match


def test_a_busy_pool_answers_503_with_retry_after(tmp_path: Path) -> None:
    app = create_app(f"sqlite:///{tmp_path / 'c.db'}", limits=Limits(hash_workers=1))
    with TestClient(app) as client:
        pool = app.state.accounts.pool
        pool._wait = 0
        assert pool._slots.acquire()
        busy = client.post("/api/register", json={"username": "alice", "password": "password-a"})
        assert busy.status_code == 503 and busy.headers["Retry-After"] == "1"
        pool._slots.release()
        created = client.post("/api/register", json={"username": "alice", "password": "password-a"})
        assert created.status_code == 200


def _hashing_threads() -> set[threading.Thread]:
    return {t for t in threading.enumerate() if t.name.startswith("carson-hash")}


def test_a_closed_pool_ends_its_threads_and_starts_them_again_when_needed() -> None:
    pool = PasswordPool(CHEAP, workers=2)
    before = _hashing_threads()
    stored = pool.hash("a password")
    started = _hashing_threads() - before
    assert started  # the hash ran on a thread of the pool's own
    pool.close()
    assert not any(thread.is_alive() for thread in started)
    assert pool.verify(stored, "a password")  # a late caller still gets its answer
    pool.close()


def test_the_server_ends_its_hashing_threads_when_it_stops(tmp_path: Path) -> None:
    app = create_app(f"sqlite:///{tmp_path / 'c.db'}", limits=Limits(hash_workers=1))
    before = _hashing_threads()
    with TestClient(app) as client:
        created = client.post("/api/register", json={"username": "alice", "password": "password-a"})
        assert created.status_code == 200
        started = _hashing_threads() - before
        assert started
    assert not any(thread.is_alive() for thread in started)
