"""``carson admin grant|revoke|list``: the administrators of a server's database."""

from __future__ import annotations

from api_helpers import account
from fastapi.testclient import TestClient
from typer.testing import CliRunner

from carson.app import create_app
from carson.cli.main import app as cli
from carson.server.chat.admin import Moderation


def test_granting_and_revoking_an_administrator(db_url: str) -> None:
    with TestClient(create_app(db_url, budget_ms=5)) as client:
        account(client, "Alice")
        moderation = Moderation(client.app.state.games.sessions)  # type: ignore[attr-defined]
        runner = CliRunner()
        granted = runner.invoke(cli, ["admin", "grant", "alice", "--db", db_url])
        assert granted.exit_code == 0 and granted.stdout == "Alice is an administrator\n"
        assert moderation.admins() == ["Alice"]
        assert runner.invoke(cli, ["admin", "grant", "alice", "--db", db_url]).exit_code == 0
        listed = runner.invoke(cli, ["admin", "list", "--db", db_url])
        assert listed.stdout == "Alice\n"
        missing = runner.invoke(cli, ["admin", "grant", "nobody", "--db", db_url])
        assert missing.exit_code == 2 and missing.stderr == "carson: no account 'nobody'\n"
        revoked = runner.invoke(cli, ["admin", "revoke", "ALICE", "--db", db_url])
        assert revoked.exit_code == 0 and "no longer an administrator" in revoked.stdout
        assert moderation.admins() == []
        assert runner.invoke(cli, ["admin", "list", "--db", db_url]).stdout == "no administrators\n"
