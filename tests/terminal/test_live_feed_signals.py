"""The live feed's thread leaves Ctrl-C to the main thread: taken by the feed's thread,
blocked in a socket's read, SIGINT would not wake the main thread waiting for news, and the
player's Ctrl-C would do nothing until the next news came (a table waiting for players)."""

from __future__ import annotations

import signal
import threading

import pytest

from carson.terminal.live_feed import leave_ctrl_c_to_the_main_thread

pytestmark = pytest.mark.skipif(not hasattr(signal, "pthread_sigmask"), reason="POSIX only")


def test_a_background_thread_blocks_sigint_and_the_main_thread_does_not() -> None:
    seen: list[set[signal.Signals]] = []

    def background() -> None:
        leave_ctrl_c_to_the_main_thread()
        seen.append(set(signal.pthread_sigmask(signal.SIG_BLOCK, [])))

    thread = threading.Thread(target=background)
    thread.start()
    thread.join()
    assert signal.SIGINT in seen[0]
    assert signal.SIGINT not in signal.pthread_sigmask(signal.SIG_BLOCK, [])
