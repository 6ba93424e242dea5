"""The Prometheus metrics at ``/metrics``: who may read them, requests by route template,
moves, live streams, the job queue per lane, job failures, mails; and several processes
adding up through ``PROMETHEUS_MULTIPROC_DIR``."""

from __future__ import annotations

import os
import subprocess
import sys
import textwrap
from collections.abc import Iterator
from datetime import timedelta
from pathlib import Path

import pytest
from aiosmtplib import SMTPException
from api_helpers import account
from fastapi.testclient import TestClient
from prometheus_client import REGISTRY
from prometheus_client.parser import text_string_to_metric_families
from sqlalchemy import create_engine

from carson.server.app import create_app
from carson.server.jobs.kinds import DELIVERY, PLAY, JobKind, lane_counts, register
from carson.server.jobs.queue import ClaimedJob
from carson.server.jobs.worker import Worker
from carson.server.kernel import metrics
from carson.server.kernel.errors import BadSetting
from carson.server.kernel.metrics_api import MetricsAccess
from carson.server.kernel.stream_slots import StreamSlots
from carson.server.mail.jobs import SEND_MAIL_KIND, QueuedMail, run_send_mail
from carson.server.mail.sending import MailMessage
from carson.server.play.worker_context import WorkerContext
from manual_clock import ManualClock
from smtp_mailbox import Mailbox

pytestmark = pytest.mark.usefixtures("toy_game")

LOOPBACK = ("127.0.0.1", 50000)
Samples = dict[tuple[str, frozenset[tuple[str, str]]], float]


def _broken(context: WorkerContext, job: ClaimedJob, payload: object) -> None:
    raise RuntimeError("this job always fails")


BROKEN = register(JobKind("test_metrics_broken", dict, _broken, DELIVERY))


@pytest.fixture
def clock() -> ManualClock:
    return ManualClock()


@pytest.fixture
def client(tmp_path: Path, clock: ManualClock) -> Iterator[TestClient]:
    app = create_app(f"sqlite:///{tmp_path / 'carson.db'}", budget_ms=5, worker=False, clock=clock)
    with TestClient(app, client=LOOPBACK) as test_client:
        yield test_client


def parsed(text: str) -> Samples:
    return {
        (sample.name, frozenset(sample.labels.items())): sample.value
        for family in text_string_to_metric_families(text)
        for sample in family.samples
    }


def scrape(client: TestClient) -> Samples:
    response = client.get("/metrics")
    assert response.status_code == 200, response.text
    assert response.headers["content-type"].startswith("text/plain")
    return parsed(response.text)


def value(samples: Samples, name: str, **labels: str) -> float:
    return samples.get((name, frozenset(labels.items())), 0.0)


# ---------------------------------------------------------------------- who may read them


def test_metrics_are_refused_outside_the_allowed_networks(tmp_path: Path) -> None:
    app = create_app(f"sqlite:///{tmp_path / 'carson.db'}", worker=False)
    with TestClient(app, client=("203.0.113.9", 4000)) as outsider:
        refused = outsider.get("/metrics")
        assert refused.status_code == 403 and refused.json()["code"] == "forbidden"
        assert "carson_" not in refused.text
    with TestClient(app, client=LOOPBACK) as local:
        assert local.get("/metrics").status_code == 200
    assert "/metrics" not in app.openapi()["paths"]


def test_a_token_opens_the_metrics_from_anywhere(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("CARSON_METRICS_TOKEN", "a-long-enough-secret-token")
    monkeypatch.setenv("CARSON_METRICS_ALLOW", "")  # no network: the token only
    app = create_app(f"sqlite:///{tmp_path / 'carson.db'}", worker=False)
    with TestClient(app, client=LOOPBACK) as local:
        assert local.get("/metrics").status_code == 403
        wrong = {"Authorization": "Bearer a-long-enough-secret-tokeN"}
        assert local.get("/metrics", headers=wrong).status_code == 403
        right = {"Authorization": "Bearer a-long-enough-secret-token"}
        assert local.get("/metrics", headers=right).status_code == 200


def test_the_allowed_networks_and_the_token_are_checked_settings() -> None:
    access = MetricsAccess.from_environment({"CARSON_METRICS_ALLOW": "10.0.0.0/8, ::1"})
    assert access.allows("10.2.3.4", None) and access.allows("::1", None)
    assert not access.allows("127.0.0.1", None) and not access.allows("testclient", None)
    assert MetricsAccess.from_environment({}).allows("127.0.0.5", None)
    with pytest.raises(BadSetting, match="CARSON_METRICS_ALLOW"):
        MetricsAccess.from_environment({"CARSON_METRICS_ALLOW": "10.0.0.0/40"})
    with pytest.raises(BadSetting, match="CARSON_METRICS_TOKEN"):
        MetricsAccess.from_environment({"CARSON_METRICS_TOKEN": "short"})


# ---------------------------------------------------------------------- what they count


def test_requests_are_counted_by_route_template_and_status(client: TestClient) -> None:
    before = scrape(client)
    for game in ("g1", "g2", "g3"):
        assert client.get(f"/api/games/{game}").status_code == 404
    assert client.get("/no/such/page/at/all").status_code == 404
    after = scrape(client)
    route = {"method": "GET", "route": "/api/games/{game_id}"}
    counted = "carson_http_requests_total"
    rose = value(after, counted, **route, status="404") - value(before, counted, **route,
                                                                status="404")  # fmt: skip
    assert rose == 3
    unmatched = {"method": "GET", "route": "unmatched", "status": "404"}
    assert value(after, counted, **unmatched) - value(before, counted, **unmatched) == 1
    timed = "carson_http_request_duration_seconds_count"
    assert value(after, timed, **route) - value(before, timed, **route) == 3
    assert not any("g1" in str(labels) for _, labels in after)  # no id in a label


def test_an_unhandled_error_and_a_made_up_method_are_counted(client: TestClient) -> None:
    def broken() -> None:
        raise RuntimeError("a bug")

    client.app.add_api_route("/broken", broken)  # type: ignore[attr-defined]
    before = scrape(client)
    assert client.get("/broken").status_code == 500
    assert client.request("BREW", "/healthz").status_code == 405
    after = scrape(client)
    for labels in ({"method": "GET", "route": "/broken", "status": "500"},
                   {"method": "OTHER", "route": "/healthz", "status": "405"}):  # fmt: skip
        counted = "carson_http_requests_total"
        assert value(after, counted, **labels) == value(before, counted, **labels) + 1


def test_a_move_is_counted_by_game(client: TestClient) -> None:
    alice, bob = account(client, "alice"), account(client, "bob")
    game = client.post("/api/games", json={"game": "toy", "seats": ["human", "human"]},
                       headers=alice).json()["id"]  # fmt: skip
    assert client.post(f"/api/games/{game}/join", headers=bob).status_code == 200
    before = value(scrape(client), "carson_moves_total", game="toy")
    for headers in (alice, bob):
        view = client.get(f"/api/games/{game}", headers=headers).json()
        if view["legal_actions"]:
            action = {"seq": view["seq"], "action": view["legal_actions"][0]}
            moved = client.post(f"/api/games/{game}/actions", headers=headers, json=action)
            assert moved.status_code == 200, moved.text
            break
    assert value(scrape(client), "carson_moves_total", game="toy") == before + 1


def test_open_live_streams_are_a_gauge_by_kind() -> None:
    def open_now() -> float:
        return REGISTRY.get_sample_value("carson_live_streams", {"kind": "chat"}) or 0.0

    slots, before = StreamSlots(per_user=2, total=10, kind="chat"), open_now()
    slots.take(1)
    slots.take(2)
    assert open_now() == before + 2
    slots.give_back(1)
    assert open_now() == before + 1
    slots.give_back(2)
    assert open_now() == before


def test_the_queue_depth_and_oldest_age_per_lane(client: TestClient, clock: ManualClock) -> None:
    queue = client.app.state.games.jobs  # type: ignore[attr-defined]
    message = MailMessage("x@example.org", "Hello", "Hi.")
    queue.submit(SEND_MAIL_KIND, QueuedMail(message, "<a@b>").payload())
    clock.advance(30)
    queue.submit(SEND_MAIL_KIND, QueuedMail(message, "<c@d>").payload())
    queue.submit(SEND_MAIL_KIND, QueuedMail(message, "<e@f>").payload(),
                 run_at=clock() + timedelta(hours=1))  # fmt: skip
    clock.advance(10)
    counts = {count.lane: count for count in lane_counts(queue)}
    assert set(counts) == {"play", "delivery", "analysis"}
    assert (counts[DELIVERY].due, counts[DELIVERY].scheduled) == (2, 1)
    assert counts[DELIVERY].oldest_seconds == 40
    assert (counts[PLAY].due, counts[PLAY].oldest_seconds) == (0, 0)
    samples = scrape(client)
    assert value(samples, "carson_job_queue_depth", lane="delivery") == 2
    assert value(samples, "carson_job_queue_oldest_seconds", lane="delivery") == 40
    assert value(samples, "carson_job_queue_scheduled", lane="delivery") == 1


def test_a_failing_job_is_counted_each_try_and_when_it_fails_for_good(
    client: TestClient, clock: ManualClock
) -> None:
    queue = client.app.state.games.jobs  # type: ignore[attr-defined]
    worker = Worker(queue, None, poll=0.01)
    labels = {"lane": "delivery", "kind": BROKEN.name}
    before = scrape(client)
    queue.submit(BROKEN.name, {}, max_attempts=2)
    assert worker.run_once()
    clock.advance(3600)
    assert worker.run_once()
    after = scrape(client)
    failures = "carson_job_failures_total"
    for outcome in ("retry", "failed"):
        was = value(before, failures, **labels, outcome=outcome)
        assert value(after, failures, **labels, outcome=outcome) == was + 1
    assert value(after, "carson_job_queue_failed", lane="delivery") == 1


def test_mails_are_counted_sent_skipped_and_failed(
    mailbox: Mailbox, monkeypatch: pytest.MonkeyPatch
) -> None:
    def count(outcome: str) -> float:
        return REGISTRY.get_sample_value("carson_mails_total", {"outcome": outcome}) or 0.0

    queued = QueuedMail(MailMessage("x@example.org", "Hello", "Hi."), "<m@x>")
    job = ClaimedJob(1, SEND_MAIL_KIND, {}, 1, "claim")
    before = {outcome: count(outcome) for outcome in ("sent", "skipped", "failed")}
    run_send_mail(None, job, queued)  # type: ignore[arg-type]
    assert len(mailbox.arrived) == 1 and count("sent") == before["sent"] + 1
    mailbox.refuse = 1  # "451 try again later"
    with pytest.raises(SMTPException):
        run_send_mail(None, job, queued)  # type: ignore[arg-type]
    assert count("failed") == before["failed"] + 1
    monkeypatch.delenv("CARSON_SMTP_HOST")
    run_send_mail(None, job, queued)  # type: ignore[arg-type]
    assert count("skipped") == before["skipped"] + 1


# ---------------------------------------------------------------------- several processes

RECORDER = textwrap.dedent(
    """
    import sys
    from carson.server.kernel import metrics
    metrics.moves_played("card", 2)
    metrics.stream_opened("game")
    metrics.request_seen("POST", "/api/games/{game_id}/actions", 200, 0.003)
    print("ready", flush=True)
    if sys.argv[1] == "stay":
        sys.stdin.readline()  # open until the test is done
    """
)
READER = textwrap.dedent(
    """
    from prometheus_client import generate_latest
    from carson.server.kernel import metrics
    print(generate_latest(metrics.registry()).decode())
    """
)


def test_the_processes_of_a_host_add_up_and_a_dead_ones_streams_leave(tmp_path: Path) -> None:
    environment = {**os.environ, "PROMETHEUS_MULTIPROC_DIR": str(tmp_path)}
    gone = subprocess.run([sys.executable, "-c", RECORDER, "exit"], env=environment,
                          capture_output=True, text=True, check=True)  # fmt: skip
    assert gone.stdout.strip() == "ready"  # it never said it ended: as if killed
    alive = subprocess.Popen([sys.executable, "-c", RECORDER, "stay"], env=environment,
                             stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)  # fmt: skip
    try:
        assert alive.stdout is not None and alive.stdout.readline().strip() == "ready"
        read = subprocess.run([sys.executable, "-c", READER], env=environment,
                              capture_output=True, text=True, check=True)  # fmt: skip
    finally:
        alive.communicate("\n", timeout=30)
    samples = parsed(read.stdout)
    assert value(samples, "carson_moves_total", game="card") == 4  # both processes' moves
    assert value(samples, "carson_live_streams", kind="game") == 1  # the living one's only
    route = {"method": "POST", "route": "/api/games/{game_id}/actions"}
    assert value(samples, "carson_http_request_duration_seconds_count", **route) == 2
    assert value(samples, "carson_http_request_duration_seconds_bucket", **route, le="0.005") == 2


def test_the_database_pools_connections_are_a_gauge(client: TestClient, tmp_path: Path) -> None:
    assert value(scrape(client), "carson_db_pool_connections", state="capacity") > 0

    def now(state: str) -> float:
        found = REGISTRY.get_sample_value("carson_db_pool_connections", {"state": state})
        return found or 0.0

    engine = create_engine(f"sqlite:///{tmp_path / 'pool.db'}", pool_size=3, max_overflow=2)
    capacity, in_use = now("capacity"), now("in_use")
    metrics.watch_pool(engine, max_overflow=2)
    assert now("capacity") == capacity + 5
    with engine.connect(), engine.connect():
        assert now("in_use") == in_use + 2
    assert now("in_use") == in_use  # checked in again
    engine.dispose()
