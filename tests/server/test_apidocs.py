"""``/docs`` works offline: Swagger UI's files come from carson itself (the API server
alone serves them, as the whole site does), its Content-Security-Policy names no other
site, and the files are swagger-ui-dist's as package.json names it."""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from carson.server.app import create_app
from carson.server.kernel import apidocs

ROOT = Path(__file__).parents[2]
DIST = ROOT / "node_modules" / "swagger-ui-dist"


@pytest.fixture
def client(tmp_path: Path) -> Iterator[TestClient]:
    with TestClient(create_app(f"sqlite:///{tmp_path / 'docs.db'}", worker=False)) as client:
        yield client


def test_the_docs_page_loads_only_this_sites_files(client: TestClient) -> None:
    page = client.get("/docs")
    assert page.status_code == 200 and "SwaggerUIBundle({" in page.text
    loaded = re.findall(r'(?:src|href)="([^"]+)"', page.text)
    assert sorted(loaded) == [
        "/static/swagger-ui/favicon-32x32.png",
        "/static/swagger-ui/swagger-ui-bundle.js",
        "/static/swagger-ui/swagger-ui.css",
    ]
    for url in loaded:
        asset = client.get(url)
        assert asset.status_code == 200 and len(asset.content) > 500, url
        assert "no-store" not in asset.headers.get("cache-control", "")  # static: cacheable
    assert (
        client.get("/static/swagger-ui/swagger-ui.css")
        .headers["content-type"]
        .startswith("text/css")
    )
    assert "http://" not in page.text and "https://" not in page.text
    assert client.get("/docs/oauth2-redirect").status_code == 200
    assert client.get("/openapi.json").json()["info"]["title"] == "carson"


def test_the_docs_policy_allows_no_other_site(client: TestClient) -> None:
    policy = client.get("/docs").headers["Content-Security-Policy"]
    assert "http" not in policy and "*" not in policy
    sources = dict(part.split(maxsplit=1) for part in policy.split("; "))
    assert sources["script-src"] == "'self' 'unsafe-inline'"  # the page's one inline start
    assert sources["default-src"] == "'self'" and sources["frame-ancestors"] == "'none'"
    assert "Content-Security-Policy" in client.get("/docs/oauth2-redirect").headers


def test_the_files_are_swagger_ui_dists_of_package_json() -> None:
    wanted = json.loads((ROOT / "package.json").read_text())["devDependencies"]
    bundle = (apidocs.ASSETS / "swagger-ui-bundle.js").read_text()
    assert f'PACKAGE_VERSION:"{wanted["swagger-ui-dist"]}"' in bundle
    assert sorted(path.name for path in apidocs.ASSETS.iterdir()) == sorted(apidocs.FILES)
    if not DIST.is_dir():
        pytest.skip("no node_modules/swagger-ui-dist (npm ci): the copies are not compared")
    assert json.loads((DIST / "package.json").read_text())["version"] == wanted["swagger-ui-dist"]
    for name in apidocs.FILES:
        assert (apidocs.ASSETS / name).read_bytes() == (DIST / name).read_bytes(), name
