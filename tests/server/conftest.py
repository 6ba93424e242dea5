from __future__ import annotations

import itertools
from collections.abc import Iterator
from pathlib import Path

import pytest
from fastapi import FastAPI
from fastapi.testclient import TestClient
from postgres import new_database, throwaway_cluster

from carson.app import create_app

_databases = itertools.count()


@pytest.fixture(scope="session")
def postgres_server() -> Iterator[str | None]:
    with throwaway_cluster() as url:
        yield url


@pytest.fixture(params=["sqlite", "postgresql"])
def db_url(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    """Every server test runs on SQLite, and on PostgreSQL when it is installed."""
    if request.param == "sqlite":
        return f"sqlite:///{tmp_path / 'carson.db'}"
    server: str | None = request.getfixturevalue("postgres_server")
    if server is None:
        pytest.skip("PostgreSQL is not installed (make test installs Debian's postgresql)")
    return new_database(server, f"test_{next(_databases)}")


@pytest.fixture
def app(db_url: str) -> FastAPI:
    return create_app(db_url, budget_ms=5)  # AI seats think 5 ms: fast tests


@pytest.fixture
def client(app: FastAPI) -> Iterator[TestClient]:
    with TestClient(app) as test_client:
        yield test_client
