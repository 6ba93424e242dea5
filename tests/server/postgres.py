"""A throwaway PostgreSQL cluster for the server tests, on loopback, if PostgreSQL is here.

``make test`` installs Debian's ``postgresql`` package when it can (see the Makefile); without
it, the PostgreSQL half of the server tests is skipped with a message saying why.
"""

from __future__ import annotations

import sys
from pathlib import Path

# One throwaway cluster for the tests, the benchmarks and deploy/cluster.py: deploy/'s.
sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "deploy"))
from scratch import throwaway_postgres as throwaway_cluster

__all__ = ["new_database", "throwaway_cluster"]


def new_database(server: str, name: str) -> str:
    """A new, empty database ``name`` on the cluster of ``server`` (a URL): its URL."""
    from sqlalchemy import create_engine, text

    admin = create_engine(server, isolation_level="AUTOCOMMIT")
    with admin.connect() as connection:
        connection.execute(text(f"CREATE DATABASE {name}"))
    admin.dispose()
    return server.rsplit("/", 1)[0] + "/" + name
