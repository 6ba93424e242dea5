"""The ``carson`` commands end to end: score, placements, cards, simulate — and their errors."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from carson.cli.main import app

EXAMPLE = Path(__file__).parents[2] / "examples" / "rulebook-city.json"
runner = CliRunner()


def run(*args: str, stdin: str | None = None) -> tuple[int, str, str]:
    result = runner.invoke(app, list(args), input=stdin)
    return result.exit_code, result.stdout, result.stderr


def test_score_example_file_json_and_text() -> None:
    code, out, _ = run("score", str(EXAMPLE))
    assert code == 0
    assert json.loads(out)["total"] == 109
    code, out, _ = run("score", str(EXAMPLE), "--format", "text")
    assert code == 0 and "109" in out and "teacher" in out


def test_score_array_from_stdin_keeps_order() -> None:
    cities = [{"grid": ["o."]}, {"grid": ["xx"], "personalities": ["sheriff"]}]
    code, out, _ = run("score", "-", stdin=json.dumps(cities))
    assert code == 0
    assert json.loads(out) == [
        {"total": 3, "breakdown": {"hotel": 3}},
        {"total": 0, "breakdown": {}},
    ]


def test_score_accepts_upper_case_letters() -> None:
    code, out, _ = run("score", stdin='{"grid": ["O-"]}')
    assert code == 0 and json.loads(out)["total"] == 3


@pytest.mark.parametrize(
    ("document", "message"),
    [
        ("{not json", "not valid JSON"),
        ('{"grid": ["hq"]}', "unknown parcel letter 'q' at row 1, column 2"),
        ('{"grid": ["hh", "h"]}', "row 1 has 2 cells, row 2 has 1"),
        ('{"grid": ["' + "." * 10 + '"]}', "at most 9"),
        ('{"grid": ["."], "personalities": ["sherif"]}', "unknown personality 'sherif'"),
        ('{"grid": ["."], "personalities": ["doctor", "doctor"]}', "listed twice"),
        ('{"grid": ["."], "personalities": ["auctioneer"], "sold": 4}', "'sold' must be"),
        ('{"grid": ["."], "sold": 1}', "only the Auctioneer"),
        ('{"grid": ["."], "colour": 1}', "unknown key 'colour'"),
        ('{"personalities": []}', "missing 'grid'"),
        ('[{"grid": ["."]}, {"grid": ["z"]}]', "city 2: unknown parcel letter 'z'"),
        ('{"grid": ["' + "." * 9 + '"]}', "9×1 parcels; at most 8×8"),
        ("42", "JSON object or an array"),
    ],
)
def test_score_bad_input_exits_2_with_one_line_and_no_stdout(document: str, message: str) -> None:
    code, out, err = run("score", stdin=document)
    assert code == 2
    assert out == ""
    assert message in err and err.count("\n") == 1


def test_score_missing_file() -> None:
    code, out, err = run("score", "/no/such/file.json")
    assert code == 2 and out == "" and "cannot read" in err


def test_placements_in_grid_coordinates() -> None:
    code, out, _ = run("placements", stdin='{"grid": ["--", "-h"], "card": "h..."}')
    assert code == 0
    positions = json.loads(out)["placements"]
    assert [1, 1] in positions  # house on house, in the grid's own coordinates
    assert positions == sorted(positions)


def test_placements_empty_grid_and_captain() -> None:
    code, out, _ = run("placements", stdin='{"grid": [], "card": "...."}')
    assert code == 0 and json.loads(out) == {"placements": [[0, 0]]}
    wide = {"grid": ["........"], "card": "....", "personalities": ["captain"]}
    _, out, _ = run("placements", stdin=json.dumps(wide))
    assert [7, 0] in json.loads(out)["placements"]


@pytest.mark.parametrize(
    ("document", "message"),
    [
        ('{"grid": ["."], "card": "hq.."}', "unknown parcel letter 'q' in 'card' at position 2"),
        ('{"grid": ["."], "card": "h."}', "4 parcel letters"),
        ('{"grid": ["."], "card": "h-.."}', "letter 2 is '-'"),
        ('{"grid": ["."]}', "missing 'card'"),
    ],
)
def test_placements_bad_input(document: str, message: str) -> None:
    code, out, err = run("placements", stdin=document)
    assert code == 2 and out == "" and message in err


def test_cards_json_shape_and_text_languages() -> None:
    code, out, _ = run("cards", "--format", "json")
    data = json.loads(out)
    assert code == 0 and len(data["terrain"]) == 96 and len(data["personalities"]) == 21
    assert set(data["terrain"][0]) == {"id", "era", "parcels", "desirability"}
    assert data["suits"] == ["hat", "star", "cactus", "boot", "horseshoe", "cattle"]
    code, out, _ = run("cards", "--lang", "de")
    assert code == 0 and "Tagelöhner" in out
    code, _, err = run("cards", "--lang", "es")
    assert code == 2 and "unknown language 'es'; choose from en, de" in err


def test_simulate_is_deterministic_and_reports_statistics(tmp_path: Path) -> None:
    args = ("simulate", "--seat", "random", "--seat", "expert", "--seat", "beginner",
            "--seat", "advanced", "--games", "3", "--seed", "7", "--format", "json")  # fmt: skip
    code, out, _ = run(*args, "--log", str(tmp_path))
    first = json.loads(out)
    assert code == 0 and first["games"] == 3 and len(first["scores"]) == 3
    assert first["seats"] == ["random", "expert", "beginner", "advanced"]
    assert sum(first["wins"]) >= 3
    second = json.loads(run(*args)[1])
    assert second["scores"] == first["scores"]
    assert sorted(p.name for p in tmp_path.iterdir())[:2] == ["game-00001.json", "game-00001.txt"]
    assert "== Scores ==" in (tmp_path / "game-00001.txt").read_text()


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (("--seat", "random"), "4–6 seats"),
        (
            ("--seat", "wizard", "--seat", "random", "--seat", "random", "--seat", "random"),
            "unknown seat kind 'wizard'",
        ),
        (("--seat", "random") * 4 + ("--games", "0"), "--games"),
        (("--seat", "ai-easy") + ("--seat", "expert") * 3 + ("--budget-ms", "-1"), "--budget-ms"),
    ],
)
def test_simulate_bad_arguments(args: tuple[str, ...], message: str) -> None:
    code, out, err = run("simulate", *args)
    assert code == 2 and out == "" and message in err


def test_simulate_workers_give_the_same_games() -> None:
    args = ("simulate", *("--seat", "random") * 2, *("--seat", "expert") * 2,
            "--games", "4", "--seed", "3", "--format", "json")  # fmt: skip
    one = json.loads(run(*args)[1])
    two = json.loads(run(*args, "--workers", "2")[1])
    assert one["scores"] == two["scores"] and one["wins"] == two["wins"]
    # Rates per CPU-second: with two workers, both workers' CPU time counts.
    assert one["games_per_cpu_second"] > 0 and two["games_per_cpu_second"] > 0


def test_simulate_shares_report_the_cpu_time_of_their_games() -> None:
    from carson.cli.simulate import run_all

    played = run_all("card", ["random"] * 4, 3, 2, 1, None, None, ())
    assert len(played.outcomes) == 2 and played.cpu_seconds > 0
    split = run_all("card", ["random"] * 4, 3, 2, 2, None, None, ())
    assert split.outcomes == played.outcomes and split.cpu_seconds > 0


def test_simulate_with_an_ai_seat_on_a_time_budget() -> None:
    args = ("simulate", "--seat", "ai-easy", *("--seat", "expert") * 3,
            "--games", "1", "--budget-ms", "5", "--format", "json")  # fmt: skip
    code, out, _ = run(*args)
    summary = json.loads(out)
    assert code == 0 and summary["seats"][0] == "ai-easy" and len(summary["scores"]) == 1


def _command_paths() -> list[list[str]]:
    import typer.main

    group = typer.main.get_command(app)
    paths: list[list[str]] = [[]]
    commands = getattr(group, "commands", {})
    for name, command in commands.items():
        paths.append([name])
        paths.extend([name, sub] for sub in getattr(command, "commands", {}))
    return paths


def test_no_help_text_shows_a_rule_id() -> None:
    """Rule ids (CG-…, BG-…) belong in code and tests, never in what players read."""
    import re

    paths = _command_paths()
    assert len(paths) > 5
    for path in paths:
        code, out, _ = run(*path, "--help")
        assert code == 0, path
        assert not re.search(r"\b(CG|BG)-\d", out), (path, out)


def test_score_reads_ids_in_any_case_and_lists_the_ids_it_knows() -> None:
    city = {"grid": ["^^m.", "hh.r", "-hb."], "sold": 0}
    lower = run("score", stdin=json.dumps({**city, "personalities": ["teacher", "banker"]}))
    mixed = run("score", stdin=json.dumps({**city, "personalities": ["Teacher", "BANKER"]}))
    assert lower[0] == mixed[0] == 0 and lower[1] == mixed[1]
    code, out, err = run("score", stdin=json.dumps({**city, "personalities": ["doc"]}))
    assert code == 2 and not out
    assert "unknown personality 'doc'; the ids are: " in err and "doctor" in err


def test_score_text_sheet_echoes_the_grid_in_plain_words() -> None:
    city = {"grid": ["^^m.", "hh.r", "-hb."], "personalities": ["banker"], "sold": 0}
    code, out, _ = run("score", "--format", "text", stdin=json.dumps(city))
    assert code == 0 and "^^m.\nhh.r\n-hb." in out
    assert "1 bank: adjacent" in out and "(s)" not in out and "CG-" not in out


@pytest.mark.parametrize(
    ("text", "said"),
    [
        ('{"grid": ["hh"],}', "a key must be in double quotes, and no comma may follow the last"),
        ('{"grid": ["hh"] "sold": 0}', "a comma is missing between two items, at line 1"),
        ('{"grid": ["hh]}', "a text is not closed with a double quote"),
        ("", "a value is missing here"),
    ],
)
def test_bad_json_is_said_in_words(text: str, said: str) -> None:
    code, _, err = run("score", stdin=text)
    assert code == 2 and said in " ".join(err.split())


def test_a_record_without_actions_says_so(tmp_path: Path) -> None:
    from carson.core.record import RECORD_FORMAT, GameRecord, RecordError

    document = {"format": RECORD_FORMAT, "game": "card", "config": {}, "seed": 1}
    with pytest.raises(RecordError, match="the record has no 'actions'"):
        GameRecord.from_json(document)
    with pytest.raises(RecordError, match="'actions' a list of objects"):
        GameRecord.from_json({**document, "actions": 3})


@pytest.mark.parametrize(
    ("lang", "words"),
    [
        (
            "de",
            ["Geländekarten, Epoche I", "Parzellen", "Persönlichkeiten", "Totenkopf", "Farben:"],
        ),
        ("fr", ["Cartes terrain, ère II", "parcelles", "Personnages", "crâne", "Couleurs :"]),
    ],
)
def test_cards_text_is_all_in_the_language_and_never_cuts_a_name(
    lang: str, words: list[str]
) -> None:
    code, out, _ = run("cards", "--lang", lang)  # piped: not a terminal
    assert code == 0 and all(word in out for word in words)
    assert "skull" not in out and "Suits" not in out and "Terrain cards" not in out
    assert "…" not in out
    if lang == "fr":
        assert "Le Commissaire-priseur" in out
