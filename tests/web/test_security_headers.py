"""Security headers on the pages and the API, and templates that need no inline script or
style (the pages' Content-Security-Policy allows none)."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from carson.app import create_app

SRC = Path(__file__).resolve().parents[2] / "src" / "carson"
TEMPLATES = sorted(SRC.glob("web/templates/**/*.html")) + sorted(
    SRC.glob("games/*/web/templates/*.html")
)


@pytest.fixture
def client(tmp_path: Path) -> Iterator[TestClient]:
    with TestClient(create_app(f"sqlite:///{tmp_path / 'web.db'}")) as test_client:
        yield test_client


def directives(policy: str) -> dict[str, list[str]]:
    parts = (part.split() for part in policy.split(";") if part.strip())
    return {name: values for name, *values in parts}


def test_pages_carry_a_strict_content_security_policy(client: TestClient) -> None:
    for path in ("/", "/rules", "/games/nosuchgame"):
        response = client.get(path)
        assert response.headers["content-type"].startswith("text/html")
        policy = directives(response.headers["Content-Security-Policy"])
        assert policy["script-src"] == ["'self'"]
        assert policy["style-src"] == ["'self'"]
        assert policy["frame-ancestors"] == ["'none'"]
        assert policy["object-src"] == ["'none'"] and policy["base-uri"] == ["'none'"]
        assert response.headers["X-Content-Type-Options"] == "nosniff"
        assert response.headers["Referrer-Policy"] == "same-origin"
        assert response.headers["X-Frame-Options"] == "DENY"


def test_the_api_and_static_files_are_not_sniffed_nor_framed(client: TestClient) -> None:
    for path in ("/api/me", "/healthz", "/readyz", "/static/carson.js", "/openapi.json"):
        response = client.get(path)
        assert response.headers["X-Content-Type-Options"] == "nosniff", path
        assert directives(response.headers["Content-Security-Policy"]) == {
            "default-src": ["'none'"],
            "frame-ancestors": ["'none'"],
        }, path
    assert "no-store" not in client.get("/static/carson.js").headers.get("Cache-Control", "")


def test_pages_and_api_answers_are_never_stored(client: TestClient) -> None:
    """Issue 45: pages carry CSRF tokens, API answers secret cards and private games: no
    browser or proxy keeps a copy."""
    for path in ("/", "/lobby", "/account", "/api/me", "/api/games", "/readyz", "/nosuchpage"):
        assert client.get(path).headers["Cache-Control"] == "no-store", path


def test_the_api_documentation_loads_its_own_assets(client: TestClient) -> None:
    docs = client.get("/docs")  # Swagger UI from carson's own files, its one inline script
    assert directives(docs.headers["Content-Security-Policy"])["script-src"] == [
        "'self'",
        "'unsafe-inline'",
    ]
    redoc = client.get("/redoc")  # FastAPI's ReDoc: its CDN
    assert (
        "https://cdn.jsdelivr.net"
        in directives(redoc.headers["Content-Security-Policy"])["script-src"]
    )


@pytest.mark.parametrize("template", TEMPLATES, ids=lambda path: path.name)
def test_no_template_has_inline_script_handlers_or_styles(template: Path) -> None:
    html = template.read_text()
    for tag in re.findall(r"<script\b[^>]*>", html):
        assert "src=" in tag, f"inline script in {template.name}: {tag}"
    assert not re.search(r"\son[a-z]+\s*=", html), f"an on…= handler in {template.name}"
    assert not re.search(r"\sstyle\s*=", html), f"a style attribute in {template.name}"
    assert "<style" not in html and "javascript:" not in html


def test_the_platforms_templates_in_every_folder_are_checked() -> None:
    """The glob reaches the templates of every feature folder (a move into folders once left
    them all unchecked)."""
    folders = {path.parent.name for path in TEMPLATES if "games" not in path.parts}
    assert {"kernel", "play", "lobby", "chat", "notify", "analysis"} <= folders
