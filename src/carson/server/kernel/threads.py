"""The hop of a request's blocking work (SQL, a game's engine) from the event loop to a
thread, cheaper than ``starlette.concurrency.run_in_threadpool`` for the hottest route
(issue 22).

``run_in_threadpool`` goes through anyio's worker threads: a checkpoint (one more turn of the
event loop), a cancel scope, the capacity limiter as an async context manager and a
``queue.Queue`` per thread: about 17 µs more per move than a plain executor (act stubbed).
Here the work goes to a :class:`~concurrent.futures.ThreadPoolExecutor` instead, holding a
token of the *same* anyio limiter every other hop uses (sized at start to
``REQUEST_THREADS``, the connection pool's size): the server still never runs more request
threads at once than that, and a hop waits for a token, in the limiter's queue, when none
is free.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from concurrent.futures import Future, ThreadPoolExecutor
from contextlib import suppress
from contextvars import copy_context
from typing import TypeVar

from anyio import WouldBlock, to_thread

T = TypeVar("T")


class RequestThreads:
    """Threads for requests' blocking work, limited by anyio's default thread limiter."""

    def __init__(self, workers: int) -> None:
        # As many as the limiter's tokens: a hop holding a token never waits for a thread.
        self._executor = ThreadPoolExecutor(workers, thread_name_prefix="carson-request")

    async def run(self, func: Callable[..., T], *args: object) -> T:
        """``func(*args)`` in a thread, in a copy of this context (the request id of the log
        lines it writes). Like ``run_in_threadpool`` (whose limiter shields it), the work
        runs to its end even if the waiting request is cancelled meanwhile."""
        limiter = to_thread.current_default_thread_limiter()
        borrower = object()
        try:
            limiter.acquire_on_behalf_of_nowait(borrower)
        except WouldBlock:  # every token is out: wait in line for one, as other hops do
            await limiter.acquire_on_behalf_of(borrower)
        loop = asyncio.get_running_loop()
        answer: asyncio.Future[T] = loop.create_future()

        def settle(work: Future[T]) -> None:  # on the event loop, once the work has ended
            limiter.release_on_behalf_of(borrower)
            if answer.cancelled():
                return
            error = work.exception()
            if error is None:
                answer.set_result(work.result())
            else:
                answer.set_exception(error)

        def ended(work: Future[T]) -> None:  # in the worker thread
            # RuntimeError: the loop has closed (the server stopped): nobody waits.
            with suppress(RuntimeError):
                loop.call_soon_threadsafe(settle, work)

        try:
            work = self._executor.submit(copy_context().run, func, *args)
        except BaseException:
            limiter.release_on_behalf_of(borrower)
            raise
        work.add_done_callback(ended)
        return await answer

    def close(self) -> None:
        """Let the threads end once their work is done (the server is stopping)."""
        self._executor.shutdown(wait=False)
