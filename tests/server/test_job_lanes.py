"""Job lanes (issue 45): a person whose push services never answer holds up the delivery
lane only — another game's machine still moves at once, and the jobs of each lane are
claimed only by its loop."""

from __future__ import annotations

import socket
import threading
import time
from collections.abc import Iterator

import pytest
from api_helpers import account
from sqlalchemy import func, select
from test_jobs import machine_due, quiet_server, user
from test_push import Browser, a_game_asking

from carson.server.jobs.kinds import ANALYSIS, DELIVERY, PLAY, kinds_in_lane
from carson.server.kernel import outbound
from carson.server.kernel.db import Move
from carson.server.notify import push
from carson.server.play.thinking import InlineThinker
from carson.server.workers import game_worker

pytestmark = pytest.mark.usefixtures("toy_game")


class Tarpit:
    """A TCP service on loopback that accepts every connection and never answers."""

    def __init__(self) -> None:
        self.listener = socket.create_server(("127.0.0.1", 0))
        self.port = self.listener.getsockname()[1]
        self.held: list[socket.socket] = []
        threading.Thread(target=self._accept, daemon=True).start()

    def _accept(self) -> None:
        while True:
            try:
                connection, _ = self.listener.accept()
            except OSError:
                return
            self.held.append(connection)

    def close(self) -> None:
        self.listener.close()
        for connection in self.held:
            connection.close()


@pytest.fixture
def tarpit(monkeypatch: pytest.MonkeyPatch) -> Iterator[Tarpit]:
    pit = Tarpit()
    monkeypatch.setenv(push.HTTP_SETTING, "1")
    monkeypatch.setenv(outbound.ALLOW_SETTING, f"127.0.0.1:{pit.port}")
    monkeypatch.setattr(outbound, "READ_TIMEOUT", 60.0)  # longer than the test waits
    yield pit
    pit.close()


def test_each_kind_has_its_lane() -> None:
    play, delivery = kinds_in_lane(PLAY), kinds_in_lane(DELIVERY)
    assert {"machine_move", "timeout", "expire_table", "pair_seeks"} <= play
    assert {"send_mail", "notify_push", push.PUSH_ONE_JOB, "notify_mail"} <= delivery
    assert {"hint", "analysis"} <= kinds_in_lane(ANALYSIS)
    assert not play & delivery


@pytest.mark.slow  # runs long: whole games or many cases
def test_a_machine_moves_while_a_push_service_never_answers(db_url: str, tarpit: Tarpit) -> None:
    client, service = quiet_server(db_url)
    alice, bob = account(client, "alice"), account(client, "bob")
    for index in range(push.MOST_SUBSCRIPTIONS):  # bob's ten browsers, all in the tarpit
        browser = Browser(f"http://127.0.0.1:{tarpit.port}/push/{index}")
        assert client.post("/api/push/subscriptions", json=browser.json, headers=bob).is_success
    a_game_asking(client, alice, bob)  # bob's turn: ten pushes to send …
    fan_out = game_worker(service.store, InlineThinker())
    assert fan_out.run_once(kinds={"notify_push"})  # … queued, before the machine's move
    account(client, "carol")
    carol = user(service, "carol")
    game = service.create(carol, ["human", "random"], 3, None, game="board")["id"]
    while machine_due(service, game) is None:  # carol moves until the machine is to move
        view = service.view(carol, game)
        service.act(carol, game, view["seq"], view["legal_actions"][0])
    with service.sessions() as session:
        before = session.scalar(select(func.count()).select_from(Move).where(Move.game_id == game))
    worker = game_worker(service.store, InlineThinker(), budget_ms=5, poll=0.05)
    worker.start()
    try:
        for _ in range(300):  # 30 s at most: far less than one push's wait in the tarpit
            with service.sessions() as session:
                moves = session.scalar(
                    select(func.count()).select_from(Move).where(Move.game_id == game)
                )
            if moves and before is not None and moves > before:
                break
            time.sleep(0.1)
        else:
            raise AssertionError("the machine did not move while the pushes hung")
        pushes = [job for job in service.jobs.listing() if job.kind == push.PUSH_ONE_JOB]
        assert pushes and all(job.state in ("ready", "running") for job in pushes)
        assert tarpit.held  # the delivery lane is in the tarpit meanwhile
    finally:
        tarpit.close()
        worker.stop()
