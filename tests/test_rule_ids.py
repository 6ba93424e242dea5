"""Every rule id the code and the tests cite (``CG-6.4``, ``BG-4.3.4``) is explained in the
project's own rules references — docs/rules.md for the card game, docs/boardgame-rules.md for
the board game — and the documentation points at no file outside the repository."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

ROOT = Path(__file__).parents[1]
RULE_ID = re.compile(r"\b(CG|BG)-\d+(?:\.\d+)*[a-z]?(?![\w.]*\d)")
REFERENCE = {"CG": ROOT / "docs" / "rules.md", "BG": ROOT / "docs" / "boardgame-rules.md"}
LINK = re.compile(r"\]\(([^)\s]+)\)")


def cited(text: str) -> set[str]:
    return {found.group(0) for found in RULE_ID.finditer(text)}


def cited_in(*folders: str) -> dict[str, set[Path]]:
    """Each id cited in the folders' Python files, with the files citing it."""
    places: dict[str, set[Path]] = {}
    for folder in folders:
        for path in (ROOT / folder).rglob("*.py"):
            for rule in cited(path.read_text(encoding="utf-8")):
                places.setdefault(rule, set()).add(path.relative_to(ROOT))
    return places


@pytest.mark.parametrize(
    ("text", "ids"),
    [
        ("(CG-6.4) and BG-4.3.10.", {"CG-6.4", "BG-4.3.10"}),
        ("CG-5.3a, CG-5.2.4–5", {"CG-5.3a", "CG-5.2.4"}),
        ("BG-11 and CG-7", {"BG-11", "CG-7"}),
        ("ABCG-1 XCG-2", set()),
    ],
)
def test_ids_are_read_whole(text: str, ids: set[str]) -> None:
    assert cited(text) == ids


def test_every_cited_rule_id_is_explained_in_docs() -> None:
    places = cited_in("src", "tests")
    assert any(rule.startswith("CG-") for rule in places)
    assert any(rule.startswith("BG-") for rule in places)
    explained = {game: cited(path.read_text(encoding="utf-8")) for game, path in REFERENCE.items()}
    unexplained = {
        rule: sorted(map(str, where))
        for rule, where in places.items()
        if rule not in explained[rule[:2]]
    }
    assert unexplained == {}, "cited in code or tests, not explained in docs/"


@pytest.mark.parametrize(
    "page", [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))], ids=lambda p: p.name
)
def test_documentation_links_stay_inside_the_repository(page: Path) -> None:
    text = page.read_text(encoding="utf-8")
    assert "shared/" not in text.replace("shared/ ", ""), "a path outside the repository"
    for target in LINK.findall(text):
        if re.match(r"[a-z]+:|#", target):
            continue  # a web address or an anchor on the page
        linked = (page.parent / target.split("#")[0]).resolve()
        assert linked.is_relative_to(ROOT), f"{target} is outside the repository"
