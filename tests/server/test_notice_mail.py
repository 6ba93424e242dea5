"""E-mail notifications through a real SMTP round trip (the ``mailbox`` fixture's aiosmtpd),
with the server's clock moved by hand: a turn is mailed after its delay unless the player
moved, at most once per game in three hours, never in a live game; the end of a game at once;
only to a verified address, in its person's language, with one-click unsubscribe links
(``List-Unsubscribe``, ``List-Unsubscribe-Post``) that work signed out."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from sqlalchemy import select
from test_clocks import Table

from carson.server.kernel.db import User
from carson.server.mail.addresses import remember_language
from carson.server.mail.tables import MailAddress
from carson.server.notify import notices
from smtp_mailbox import Mailbox

pytestmark = pytest.mark.usefixtures("toy_game")

BASE = "https://carson.example"
MINUTE = 60
#: Each notice names its game: the toy game's title and the others at the table.
TITLE = "High Dice"
IN_IT = f"Nella tua partita a {TITLE} con alice."


@pytest.fixture
def table(db_url: str, mailbox: Mailbox, monkeypatch: pytest.MonkeyPatch) -> Iterator[Table]:
    monkeypatch.setenv("CARSON_PUBLIC_URL", BASE)
    yield Table(db_url)


def give_address(table: Table, name: str, verified: bool = True, lang: str = "en") -> None:
    address = f"{name}@example.org"
    with table.service.sessions.begin() as session:
        user_id = session.scalar(select(User.id).where(User.username == name))
        session.add(MailAddress(user_id=user_id, address=address,
                                verified=address if verified else None))  # fmt: skip
        remember_language(session, user_id, lang)


def round_played(table: Table) -> None:
    """Bob, then alice: her stake ends the round and asks bob afresh (not her: she is at
    the table, she just moved)."""
    assert table.stake(table.bob).status_code == 200
    assert table.stake(table.alice).status_code == 200


def test_a_turn_is_mailed_after_its_delay_in_the_players_language(
    table: Table, mailbox: Mailbox
) -> None:
    give_address(table, "bob", lang="de")
    table.create(["human", "human"], time_control="2d")  # both asked at once
    table.run_jobs()
    assert mailbox.arrived == []  # the player may be at the table: not yet
    table.clock.advance(5 * MINUTE + 1)
    table.run_jobs()
    (mail,) = mailbox.wait(1)
    assert mail.recipients == ["bob@example.org"]  # alice has no address
    assert mail.subject == f"carson: Du bist am Zug. In deiner Partie {TITLE} mit alice."
    body = mail.body()
    assert f"{BASE}/games/{table.game}" in body and "Partie öffnen" in body
    link = str(mail.mail["List-Unsubscribe"]).strip().strip("<>")  # folded: a long line
    assert link.startswith(f"{BASE}/unsubscribe/") and link in body
    assert mail.mail["List-Unsubscribe-Post"] == "List-Unsubscribe=One-Click"
    path = link.removeprefix(BASE)
    table.client.cookies.clear()
    assert table.client.post(path, data={"List-Unsubscribe": "One-Click"}).status_code == 200
    settings = table.client.get("/api/notifications/settings", headers=table.bob).json()
    assert settings["settings"]["your_turn"]["email"] is False
    assert settings["settings"]["game_over"]["email"] is True


def test_no_turn_mail_once_the_player_moved(table: Table, mailbox: Mailbox) -> None:
    give_address(table, "bob")
    table.create(["human", "human"], time_control="2d")
    table.clock.advance(2 * MINUTE)
    assert table.stake(table.bob).status_code == 200  # bob moved in time
    table.clock.advance(4 * MINUTE)
    table.run_jobs()
    assert mailbox.arrived == []


def test_one_turn_mail_per_game_in_three_hours(table: Table, mailbox: Mailbox) -> None:
    give_address(table, "bob")
    table.create(["human", "human"], time_control="7d")
    table.clock.advance(6 * MINUTE)
    table.run_jobs()
    assert len(mailbox.wait(1)) == 1
    table.clock.advance(60 * MINUTE)
    round_played(table)  # a new turn an hour later: not mailed
    table.clock.advance(6 * MINUTE)
    table.run_jobs()
    assert len(mailbox.arrived) == 1
    table.clock.advance(3 * 60 * MINUTE)
    round_played(table)  # three hours after the first mail: mailed
    table.clock.advance(6 * MINUTE)
    table.run_jobs()
    assert len(mailbox.wait(2)) == 2


def test_live_games_mail_no_turn_and_the_end_is_mailed_at_once(
    table: Table, mailbox: Mailbox
) -> None:
    give_address(table, "alice", lang="fr")
    give_address(table, "bob", verified=False)
    table.create(["human", "human"], time_control="10+5")
    table.clock.advance(6 * MINUTE)
    table.run_jobs()
    assert mailbox.arrived == []
    for _ in range(3):
        round_played(table)
    assert table.view(table.alice)["status"] == "over"
    table.run_jobs()
    (mail,) = mailbox.wait(1)  # alice's; bob's address is not verified
    assert mail.recipients == ["alice@example.org"]
    assert mail.subject == f"carson: La partie est terminée. Dans votre partie de {TITLE} avec bob."


def test_invitations_and_time_running_out_are_mailed_at_once(
    table: Table, mailbox: Mailbox
) -> None:
    give_address(table, "bob", lang="it")
    table.create(["human", "human"], time_control="2d")
    with table.service.sessions.begin() as session:
        bob = session.scalar(select(User.id).where(User.username == "bob"))
        offer = {"by": "alice", "rematch_of": table.game}
        notices.notify(session, table.service.jobs, [bob], notices.INVITATION, table.game, offer)
    table.run_jobs()
    (invited,) = mailbox.wait(1)
    assert invited.subject == f"carson: alice ti offre una rivincita. {IN_IT}"
    assert "/unsubscribe/" in str(invited.mail["List-Unsubscribe"])
    table.clock.advance(24 * 60 * MINUTE + 1)  # a day before bob's deadline
    table.run_jobs()
    subjects = sorted(mail.subject for mail in mailbox.wait(3)[1:])
    assert subjects == [f"carson: Il tuo tempo per muovere sta per scadere. {IN_IT}",
                        f"carson: Tocca a te. {IN_IT}"]  # fmt: skip
