"""The move route's thread hop (:mod:`carson.server.kernel.threads`): work in another thread, in the
request's context, within the same limit of request threads as every other hop."""

from __future__ import annotations

import asyncio
import threading
from contextvars import ContextVar

import pytest
from anyio import to_thread

from carson.server.kernel.threads import RequestThreads

SEEN: ContextVar[str] = ContextVar("seen", default="-")


def test_work_runs_in_another_thread_in_the_callers_context() -> None:
    threads = RequestThreads(2)

    def where(suffix: str) -> tuple[str, str]:
        return threading.current_thread().name, SEEN.get() + suffix

    async def hop() -> tuple[str, str]:
        SEEN.set("request-7")
        return await threads.run(where, "!")

    name, seen = asyncio.run(hop())
    threads.close()
    assert name.startswith("carson-request") and name != threading.current_thread().name
    assert seen == "request-7!"


def test_an_error_in_the_work_reaches_the_caller() -> None:
    threads = RequestThreads(1)

    def fail() -> None:
        raise LookupError("no such game")

    with pytest.raises(LookupError, match="no such game"):
        asyncio.run(threads.run(fail))
    threads.close()


def test_hops_never_run_more_at_once_than_the_limiter_allows() -> None:
    threads = RequestThreads(4)
    running, most = 0, 0
    lock = threading.Lock()

    def work() -> None:
        nonlocal running, most
        with lock:
            running += 1
            most = max(most, running)
        threading.Event().wait(0.02)
        with lock:
            running -= 1

    async def many() -> int:
        limiter = to_thread.current_default_thread_limiter()
        limiter.total_tokens = 2  # fewer than the executor's threads: the limiter decides
        await asyncio.gather(*(threads.run(work) for _ in range(8)))
        return int(limiter.borrowed_tokens)

    assert asyncio.run(many()) == 0  # every token given back
    threads.close()
    assert most == 2


def test_a_cancelled_caller_keeps_its_token_until_the_work_has_ended() -> None:
    threads = RequestThreads(1)
    release = threading.Event()

    async def cancelled() -> tuple[int, int]:
        limiter = to_thread.current_default_thread_limiter()
        waiting = asyncio.ensure_future(threads.run(release.wait))
        await asyncio.sleep(0.05)
        waiting.cancel()
        await asyncio.sleep(0.05)
        during = int(limiter.borrowed_tokens)
        release.set()
        for _ in range(100):
            await asyncio.sleep(0.01)
            if not limiter.borrowed_tokens:
                break
        return during, int(limiter.borrowed_tokens)

    assert asyncio.run(cancelled()) == (1, 0)
    threads.close()
