"""The worker's composition registers every job kind the server defines (issue 43): a kind
is registered when its feature's module is imported, and ``carson.server.workers`` is the one
place that imports them for the worker. A kind defined but not imported there would fail
every job of it ("unknown job kind") in a ``carson worker`` process."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

pytestmark = pytest.mark.slow  # fresh Python processes

#: In a fresh process (the registry is the process's): import, then print the kinds.
REGISTERED = """
import importlib, json, pkgutil
import carson.server
from carson.server.jobs import kinds
for name in {modules}:
    importlib.import_module(name)
if {everything}:
    for module in pkgutil.walk_packages(carson.server.__path__, "carson.server."):
        if ".migrations" not in module.name:
            importlib.import_module(module.name)
print(json.dumps(sorted(kinds._KINDS)))
"""


def registered(modules: list[str], everything: bool = False) -> set[str]:
    code = REGISTERED.format(modules=modules, everything=everything)
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          check=True, timeout=120)  # fmt: skip
    return set(json.loads(done.stdout))


def test_the_workers_module_alone_registers_every_kind() -> None:
    composed = registered(["carson.server.workers"])
    defined = registered([], everything=True)
    assert composed == defined, f"not registered by carson.server.workers: {defined - composed}"
    assert {"machine_move", "timeout", "send_mail", "notify_push", "analysis"} <= composed
    assert registered(["carson.server.jobs.worker"]) == set()  # the queue knows no feature
