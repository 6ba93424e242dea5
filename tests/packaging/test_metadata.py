"""What the package index would show of carson: a summary true today, classifiers that
exist, and ranges (never exact versions) for users — requirements.lock pins, not the
package."""

from __future__ import annotations

import tomllib
from pathlib import Path

from packaging.requirements import Requirement
from trove_classifiers import classifiers as known_classifiers

PROJECT = tomllib.loads((Path(__file__).parents[2] / "pyproject.toml").read_text())["project"]


def test_the_summary_names_both_games_as_they_are() -> None:
    summary = PROJECT["description"]
    assert "card game" in summary.lower() and "board game" in summary
    assert "later" not in summary  # the board game is here (issue 49)


def test_every_classifier_exists_and_python_versions_agree() -> None:
    listed = PROJECT["classifiers"]
    assert listed and set(listed) <= known_classifiers, set(listed) - known_classifiers
    assert "Programming Language :: Python :: 3.11" in listed
    assert PROJECT["requires-python"] == ">=3.11"
    assert not [c for c in listed if c.startswith("License ::")]  # PEP 639: `license` says it


def test_no_requirement_is_pinned_to_one_version() -> None:
    everything = list(PROJECT["dependencies"])
    for listed in PROJECT["optional-dependencies"].values():
        everything += listed
    for requirement in map(Requirement, everything):
        exact = [spec for spec in requirement.specifier if spec.operator in ("==", "===")]
        assert not exact, f"{requirement}: a range, please (requirements.lock pins)"
