"""The port ``carson serve`` listens on when none is given: 8000, or when another program
holds it, the first free one after it (``make run`` on a machine already serving 8000)."""

from __future__ import annotations

import socket

#: The port ``carson serve`` takes when it is free.
DEFAULT_PORT = 8000
#: How many ports after it are tried before the system is asked for any free one.
TRIES = 20


def can_listen(host: str, port: int) -> bool:
    """Whether a server could listen on ``host``:``port`` now (as uvicorn binds: with
    ``SO_REUSEADDR``, so a port left in TIME_WAIT by a stopped server counts as free)."""
    try:
        infos = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM, flags=socket.AI_PASSIVE)
    except socket.gaierror:
        return True  # an address that does not resolve: uvicorn will say so itself
    family, kind, protocol, _, address = infos[0]
    with socket.socket(family, kind, protocol) as probe:
        probe.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        try:
            probe.bind(address)
        except OSError:
            return False
    return True


def free_port(host: str, first: int = DEFAULT_PORT, tries: int = TRIES) -> int:
    """``first`` if a server can listen there, else the first free port of the ``tries``
    after it, else one the system picks."""
    for port in range(first, min(first + 1 + tries, 65536)):
        if can_listen(host, port):
            return port
    infos = socket.getaddrinfo(host, 0, type=socket.SOCK_STREAM, flags=socket.AI_PASSIVE)
    family, kind, protocol, _, address = infos[0]
    with socket.socket(family, kind, protocol) as probe:
        probe.bind(address)
        chosen: int = probe.getsockname()[1]
    return chosen
