"""Work shared out as Ray tasks (the ``ray`` extra): ``carson simulate --ray
[--ray-address ADDRESS]`` and the strength benchmarks' ``--ray``.

``address`` is Ray's: ``None`` (``--ray`` alone) starts a Ray runtime on this machine for the
run; ``auto`` joins the cluster this machine belongs to; ``ray://HOST:10001`` connects to a
cluster's head as a client. A runtime the process has started already (a test's, a
notebook's) is used as it is. A task is a module-level function and its arguments, so every
node must have carson (and any game plug-in it plays) installed; results come back in the
order of the arguments, whatever node ran them.
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Sequence
from typing import Any, TypeVar

from carson.core.extras import install_hint

ResultT = TypeVar("ResultT")


class RayUnavailableError(RuntimeError):
    """Ray is not installed, or its cluster cannot be reached."""


def ray_available() -> bool:
    try:
        import ray  # noqa: F401
    except ImportError:
        return False
    return True


def cluster_cpus(address: str | None) -> int:
    """The CPUs of the Ray runtime (started or joined as ``address`` says)."""
    ray = _ray(address)
    return max(1, int(ray.cluster_resources().get("CPU", 1)))


def ray_map(
    function: Callable[..., ResultT], calls: Sequence[Sequence[Any]], address: str | None
) -> list[ResultT]:
    """``function(*arguments)`` for each of ``calls``, each a Ray task; results in order."""
    ray = _ray(address)
    task = ray.remote(function)
    return list(ray.get([task.remote(*arguments) for arguments in calls]))


def _ray(address: str | None) -> Any:
    try:
        import ray
    except ImportError:
        raise RayUnavailableError(
            f"Ray is not installed: {install_hint('ray')} (or run with --workers)"
        ) from None
    if not ray.is_initialized():
        try:
            ray.init(
                address=address,
                include_dashboard=False,
                log_to_driver=False,
                logging_level=logging.ERROR,
            )
        except (ConnectionError, ValueError) as error:
            raise RayUnavailableError(f"cannot reach Ray at {address}: {error}") from None
    return ray
