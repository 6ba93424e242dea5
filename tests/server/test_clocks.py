"""Clocks, timeouts, resigning and aborting, through the API, with the server's clock moved
by the test (no sleeping): clocks start with the game and run for every asked seat at once,
survive a restart, a timeout applies the table's rule once, a resigned seat is played by a
machine, an abort ends the game in its first round only."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from api_helpers import account
from fastapi.testclient import TestClient
from sqlalchemy import select, update

from carson.app import create_app
from carson.server.kernel.db import GameSeat, Move
from carson.server.play.games import GameService
from carson.server.play.thinking import InlineThinker
from carson.server.workers import game_worker
from manual_clock import ManualClock as Clock

pytestmark = pytest.mark.usefixtures("toy_game")

Headers = dict[str, str]


class Table:
    """A test's server (its worker run by hand), its clock, and two players at a toy game."""

    def __init__(self, db_url: str) -> None:
        self.clock = Clock()
        self.client = TestClient(create_app(db_url, budget_ms=5, worker=False, clock=self.clock))
        self.service: GameService = self.client.app.state.games  # type: ignore[attr-defined]
        self.worker = game_worker(self.service.store, InlineThinker(), budget_ms=5)
        self.alice, self.bob = account(self.client, "alice"), account(self.client, "bob")
        self.game = ""

    def create(self, seats: list[str], joiners: int = 1, **settings: Any) -> dict[str, Any]:
        body = {"game": "toy", "seats": seats, **settings}
        created = self.client.post("/api/games", json=body, headers=self.alice)
        assert created.status_code == 201, created.text
        self.game = created.json()["id"]
        if joiners:
            joined = self.client.post(f"/api/games/{self.game}/join", headers=self.bob)
            assert joined.status_code == 200, joined.text
        return self.view(self.alice)

    def view(self, who: Headers) -> dict[str, Any]:
        answer = self.client.get(f"/api/games/{self.game}", headers=who)
        assert answer.status_code == 200, answer.text
        view: dict[str, Any] = answer.json()
        return view

    def stake(self, who: Headers, chips: int = 1) -> Any:
        seq = self.view(who)["seq"]
        return self.client.post(
            f"/api/games/{self.game}/actions",
            json={"seq": seq, "action": {"kind": "stake", "chips": chips}},
            headers=who,
        )

    def post(self, who: Headers, what: str) -> Any:
        return self.client.post(f"/api/games/{self.game}/{what}", headers=who)

    def run_jobs(self, most: int = 200) -> int:
        """Run the due jobs (the clock does not move meanwhile); how many ran."""
        ran = 0
        while ran < most and self.worker.run_once():
            ran += 1
        return ran

    def moves(self) -> list[tuple[int, int]]:
        with self.service.sessions() as session:
            rows = session.execute(
                select(Move.seq, Move.seat).where(Move.game_id == self.game).order_by(Move.seq)
            ).all()
        return [(seq, seat) for seq, seat in rows]


@pytest.fixture
def table(db_url: str) -> Iterator[Table]:
    yield Table(db_url)


def test_clocks_start_with_the_game_and_run_for_every_asked_seat_at_once(table: Table) -> None:
    waiting = table.create(["human", "human", "random"], joiners=0, time_control="1+5")
    assert waiting["clock"] is None  # not started: no clock runs
    table.client.post(f"/api/games/{table.game}/join", headers=table.bob)
    clock = table.view(table.alice)["clock"]
    assert clock["control"] == "1+5" and clock["kind"] == "live"
    assert clock["left"] == [60, 60, 60] and clock["running"] == [True, True, True]
    started = table.clock.now.timestamp()
    assert clock["deadlines"] == [started + 60] * 3

    table.clock.advance(10)
    assert table.stake(table.alice).status_code == 200
    table.clock.advance(5)
    clock = table.view(table.bob)["clock"]
    assert clock["running"] == [False, True, True]  # the others still think
    assert clock["left"] == [55, 45, 45]  # 60 - 10 + 5 seconds a move; 60 - 15
    assert clock["now"] == table.clock.now.timestamp()


def test_a_correspondence_clock_gives_each_move_its_days(table: Table) -> None:
    table.create(["human", "human"], time_control="2d")
    assert table.view(table.alice)["clock"]["left"] == [172_800, 172_800]
    table.clock.advance(86_400)
    table.stake(table.alice)
    table.stake(table.bob)  # the round ends: both are asked afresh
    clock = table.view(table.alice)["clock"]
    assert clock["left"] == [172_800, 172_800] and clock["running"] == [True, True]


def test_the_clocks_survive_a_restart(table: Table, db_url: str) -> None:
    table.create(["human", "human"], time_control="3+0")
    table.clock.advance(30)
    table.stake(table.alice)
    before = table.view(table.alice)["clock"]
    restarted = TestClient(create_app(db_url, budget_ms=5, worker=False, clock=table.clock))
    answer = restarted.get(f"/api/games/{table.game}", headers=table.alice)
    assert answer.json()["clock"] == before


def test_a_timeout_makes_one_machine_move_and_the_player_may_come_back(table: Table) -> None:
    table.create(["human", "human"], time_control="1+5", on_timeout="move")
    table.clock.advance(10)
    table.stake(table.alice)
    table.clock.advance(49)
    table.run_jobs()
    assert table.moves() == [(1, 0)]  # bob has a second left: nothing happens
    table.clock.advance(2)
    table.run_jobs()
    assert table.moves() == [(1, 0), (2, 1)]  # the machine staked for bob, once
    view = table.view(table.bob)
    assert view["seats"][1]["left"] is None and view["legal_actions"]  # bob plays on
    assert view["clock"]["left"][1] == 5  # no time left but the increment
    assert table.stake(table.bob).status_code == 200
    table.clock.advance(1)
    assert table.run_jobs() >= 0 and table.moves()[-1] == (3, 1)  # nothing fired twice
    assert not [job for job in table.service.jobs.listing() if job.state == "failed"]


def test_a_takeover_timeout_gives_the_seat_to_a_machine_for_good(table: Table) -> None:
    table.create(["human", "human"], time_control="1+0", on_timeout="takeover")
    table.stake(table.alice)
    table.clock.advance(61)
    table.run_jobs()
    view = table.view(table.bob)
    assert view["seats"][1]["left"] == "timeout" and view["legal_actions"] == []
    # The machine staked for bob, and again at once in the next round.
    assert table.moves() == [(1, 0), (2, 1), (3, 1)]
    refused = table.stake(table.bob)
    assert refused.status_code == 409 and refused.json()["code"] == "left_game"
    for _ in range(10):  # alice plays on; the machine answers for bob to the end
        if table.view(table.alice)["status"] == "over":
            break
        assert table.stake(table.alice).status_code == 200
        table.run_jobs()
    assert table.view(table.alice)["status"] == "over"
    assert sorted(seat for _, seat in table.moves()) == [0, 0, 0, 1, 1, 1]


def test_resigning_hands_the_seat_to_a_machine(table: Table) -> None:
    table.create(["human", "human"])
    resigned = table.post(table.alice, "resign")
    assert resigned.status_code == 200, resigned.text
    assert resigned.json()["seats"][0]["left"] == "resigned"
    assert resigned.json()["legal_actions"] == []
    table.run_jobs()
    assert table.moves() == [(1, 0)]  # alice's stake, by the machine
    again = table.post(table.alice, "resign")
    assert again.status_code == 409 and again.json()["code"] == "left_game"
    refused = table.stake(table.alice)
    assert refused.status_code == 409 and refused.json()["code"] == "left_game"
    assert table.view(table.bob)["seats"][0]["left"] == "resigned"


def test_when_the_last_person_resigns_the_machines_finish_the_game(table: Table) -> None:
    table.create(["human", "random"], joiners=0)
    assert table.post(table.alice, "resign").status_code == 200
    table.run_jobs()
    view = table.view(table.alice)
    assert view["status"] == "over" and view["ended"] == "finished"
    assert len(table.moves()) == 6


def test_resigning_is_refused_before_the_start_after_the_end_and_to_others(
    table: Table,
) -> None:
    table.create(["human", "human"], joiners=0)
    waiting = table.post(table.alice, "resign")
    assert waiting.status_code == 409 and waiting.json()["code"] == "not_started"
    assert table.post(table.bob, "resign").status_code == 403  # no seat
    assert table.client.post("/api/games/nope/resign", headers=table.bob).status_code == 404
    assert table.client.post(f"/api/games/{table.game}/resign").status_code == 401


def test_one_person_aborts_alone_while_the_others_never_moved(table: Table) -> None:
    table.create(["human", "human"], time_control="5+0")
    table.stake(table.alice)
    aborted = table.post(table.alice, "abort")
    assert aborted.status_code == 200, aborted.text
    view = aborted.json()
    assert view["status"] == "over" and view["ended"] == "aborted"
    assert view["clock"]["running"] == [False, False]
    refused = table.stake(table.bob)
    assert refused.status_code == 422 and refused.json()["code"] == "game_over"
    table.clock.advance(400)
    table.run_jobs()
    assert table.moves() == [(1, 0)]  # no timeout, no machine after the abort


def test_an_abort_needs_every_person_once_both_moved(table: Table) -> None:
    table.create(["human", "human", "human"], joiners=0)
    carol = account(table.client, "carol")
    table.client.post(f"/api/games/{table.game}/join", headers=table.bob)
    table.client.post(f"/api/games/{table.game}/join", headers=carol)
    table.stake(table.alice)
    table.stake(table.bob)
    asked = table.post(table.alice, "abort").json()
    assert asked["status"] == "playing" and asked["abort_asked"] == [0]
    assert table.post(table.bob, "abort").json()["status"] == "playing"
    ended = table.post(carol, "abort").json()
    assert ended["status"] == "over" and ended["ended"] == "aborted"


def test_no_abort_after_the_first_round(table: Table) -> None:
    table.create(["human", "human"])
    table.stake(table.alice)
    table.stake(table.bob)
    late = table.post(table.alice, "abort")
    assert late.status_code == 409 and late.json()["code"] == "too_late"
    assert table.view(table.alice)["status"] == "playing"


def test_a_secret_step_charges_each_seat_up_to_when_it_closed_its_part(table: Table) -> None:
    """A seat that closed its part of a secret step (a draft) shows no change to the others;
    when the step resolves, its clock is charged up to then, with one increment."""
    table.create(["human", "human"], time_control="1+5")
    store = table.service.store
    table.clock.advance(10)
    with store.sessions() as session:
        store.clocks.close_step(session, table.game, 0)  # seat 0 is done drafting
        session.commit()
    table.clock.advance(20)
    before = table.view(table.bob)["clock"]
    assert before["running"] == [True, True] and before["left"] == [30, 30]  # nothing shows
    with store.sessions() as session:
        tab = store.table(session, table.game)
        state = store.state(session, tab)
        stake = tab.kind.action_from_json(state, {"kind": "stake", "chips": 1})
        store.record_moves(session, tab, state, [(0, stake), (1, stake)])  # the reveal
    clock = table.view(table.alice)["clock"]
    assert clock["left"] == [55, 35]  # 60 - 10 + 5 and 60 - 30 + 5, both asked again
    assert clock["running"] == [True, True]
    with store.sessions() as session:
        stored = store.clocks.stored(session, table.game)
    assert stored is not None and stored.closed == {} and stored.seq == 2


def test_a_seat_left_in_another_process_is_played_on_from_this_one(table: Table) -> None:
    """This process still caches the table without the left seat: the move's transaction
    asks the database, and queues the machine for it."""
    table.create(["human", "human"])
    table.view(table.bob)  # the table is cached here
    with table.service.sessions.begin() as session:  # alice resigns elsewhere
        session.execute(
            update(GameSeat)
            .where(GameSeat.game_id == table.game, GameSeat.seat == 0)
            .values(left="resigned", left_seq=0)
        )
    assert table.stake(table.bob).status_code == 200
    table.run_jobs()
    assert table.moves() == [(1, 1), (2, 0), (3, 0)]  # the machine stakes for alice
