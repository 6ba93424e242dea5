"""Password hashes: argon2id with OWASP's parameters, computed in a bounded pool.

Each argon2 hash holds ``memory_cost`` KiB while it runs, so the number running at once is
what bounds the server's memory: at most ``workers`` (the number of cores by default), on
threads of their own; the other callers wait their turn, and a caller that would wait too
long is refused (:class:`HashingBusy`, answered 503) instead of queueing without end.

Parameters (OWASP Password Storage Cheat Sheet, argon2id): m = 19 MiB, t = 2, p = 1, the
cheat sheet's first configuration. Hashes made with other parameters (the argon2-cffi
defaults carson used before: m = 64 MiB, t = 3, p = 4) still verify, and are replaced at
the next successful login (:meth:`PasswordPool.needs_rehash`).
"""

from __future__ import annotations

import os
import threading
from collections.abc import Callable
from concurrent.futures import Future, ThreadPoolExecutor
from dataclasses import dataclass
from typing import TypeVar

from argon2 import PasswordHasher, Type
from argon2.exceptions import InvalidHashError, VerificationError, VerifyMismatchError

#: Longest password accepted, in UTF-8 bytes: argon2 hashes any length, so without a bound
#: a client chooses how long the server works.
MAX_PASSWORD_BYTES = 1024

_Result = TypeVar("_Result")


class HashingBusy(RuntimeError):
    """Every hashing slot stayed taken for the longest wait: try again shortly."""


class PasswordTooLong(ValueError):
    """A password over :data:`MAX_PASSWORD_BYTES`."""


def check_length(password: str) -> None:
    """Refuse a password longer than :data:`MAX_PASSWORD_BYTES` bytes (UTF-8)."""
    if len(password.encode("utf-8", "surrogatepass")) > MAX_PASSWORD_BYTES:
        raise PasswordTooLong(f"a password has at most {MAX_PASSWORD_BYTES} bytes")


@dataclass(frozen=True)
class HashParameters:
    """argon2id's cost: ``memory_kib`` KiB, ``time_cost`` passes, ``parallelism`` lanes."""

    memory_kib: int = 19 * 1024
    time_cost: int = 2
    parallelism: int = 1

    def hasher(self) -> PasswordHasher:
        return PasswordHasher(
            time_cost=self.time_cost,
            memory_cost=self.memory_kib,
            parallelism=self.parallelism,
            type=Type.ID,
        )


class PasswordPool:
    """Hashes and verifies passwords, at most ``workers`` at once (callable from any thread:
    the server's request threads call it)."""

    def __init__(
        self,
        parameters: HashParameters | None = None,
        workers: int | None = None,
        wait_seconds: float = 10.0,
    ) -> None:
        self.parameters = parameters or HashParameters()
        self.workers = workers or os.cpu_count() or 1
        self._hasher = self.parameters.hasher()
        self._slots = threading.BoundedSemaphore(self.workers)
        # The hashes run on these threads only: the memory each allocates stays in a few
        # allocator arenas instead of one per request thread, which the C allocator keeps.
        # Started at the first hash after a close (the server closes it when it stops).
        self._threads: ThreadPoolExecutor | None = None
        self._threads_guard = threading.Lock()
        self._wait = wait_seconds
        # Verified for unknown names, so the time taken does not tell names apart.
        self._dummy = self._hasher.hash("not a password anyone has")

    def hash(self, password: str) -> str:
        check_length(password)
        return self._in_slot(self._hasher.hash, password)

    def verify(self, stored: str | None, password: str) -> bool:
        """Whether ``password`` matches ``stored`` (a hash of any argon2 parameters);
        ``None`` (no such account) costs the same time and is never a match."""
        check_length(password)
        try:
            return self._in_slot(self._hasher.verify, stored or self._dummy, password) and (
                stored is not None
            )
        except (VerifyMismatchError, VerificationError, InvalidHashError):
            return False

    def needs_rehash(self, stored: str) -> bool:
        """Whether ``stored`` was made with other parameters than this pool's."""
        return self._hasher.check_needs_rehash(stored)

    def _in_slot(self, work: Callable[..., _Result], *args: str) -> _Result:
        if not self._slots.acquire(timeout=self._wait):
            raise HashingBusy("the server is busy checking passwords: try again shortly")
        try:
            return self._submit(work, *args).result()
        finally:
            self._slots.release()

    def close(self) -> None:
        """End the hashing threads (the server calls this when it stops); the next hash
        starts them again, so a pool closed too early still works."""
        with self._threads_guard:
            threads, self._threads = self._threads, None
        if threads is not None:
            threads.shutdown(wait=True)

    def _submit(self, work: Callable[..., _Result], *args: str) -> Future[_Result]:
        # Under the guard, so a close cannot end the threads between taking and submitting.
        with self._threads_guard:
            if self._threads is None:
                self._threads = ThreadPoolExecutor(self.workers, thread_name_prefix="carson-hash")
            return self._threads.submit(work, *args)
