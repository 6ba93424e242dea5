"""``GET /metrics``: the Prometheus metrics (:mod:`carson.server.kernel.metrics`), for the
monitoring only.

Who may read them: a client from the networks of ``CARSON_METRICS_ALLOW`` (addresses or
networks, comma-separated; default: loopback, ``127.0.0.0/8,::1``), or one that sends
``Authorization: Bearer <CARSON_METRICS_TOKEN>`` when that variable is set. Anyone else gets
403. The client's address is the one uvicorn gives after the trusted proxies'
``X-Forwarded-For`` (``--forwarded-allow-ips``), so a request through nginx is from its
real client, not from nginx's loopback; the shipped nginx configuration refuses
``/metrics`` from outside as well (docs/deploy.md).
"""

from __future__ import annotations

import hmac
import ipaddress
from collections.abc import Iterable, Mapping
from dataclasses import dataclass

from anyio import to_thread
from fastapi import APIRouter, FastAPI, Request, Response
from prometheus_client import CONTENT_TYPE_LATEST, generate_latest
from prometheus_client.registry import Collector

from carson.server.kernel import metrics, settings
from carson.server.kernel.errors import error_response

ALLOW_ENV = "CARSON_METRICS_ALLOW"
TOKEN_ENV = "CARSON_METRICS_TOKEN"

Network = ipaddress.IPv4Network | ipaddress.IPv6Network


@dataclass(frozen=True)
class MetricsAccess:
    """Who may read ``/metrics``: these networks, or the bearer of this token."""

    networks: tuple[Network, ...]
    token: str | None = None

    @classmethod
    def from_environment(cls, environ: Mapping[str, str] | None = None) -> MetricsAccess:
        chosen = settings.load(environ, only=(ALLOW_ENV, TOKEN_ENV))  # checked there
        listed = (p.strip() for p in chosen.metrics_allow.split(","))
        networks = tuple(ipaddress.ip_network(part, strict=False) for part in listed if part)
        token = chosen.metrics_token
        return cls(networks, None if token is None else token.get_secret_value())

    def allows(self, client: str | None, authorization: str | None) -> bool:
        if self.token is not None and authorization is not None:
            scheme, _, sent = authorization.partition(" ")
            if scheme.lower() == "bearer" and hmac.compare_digest(
                sent.strip().encode(), self.token.encode()
            ):
                return True
        try:
            address = ipaddress.ip_address(client or "")
        except ValueError:  # no address (a Unix socket, a test client): not from a network
            return False
        return any(address in network for network in self.networks)


router = APIRouter(include_in_schema=False)


@router.get("/metrics")
async def read_metrics(request: Request) -> Response:
    """Every metric in Prometheus's text format, to the monitoring only."""
    access: MetricsAccess = request.app.state.metrics_access
    client = request.client.host if request.client else None
    if not access.allows(client, request.headers.get("authorization")):
        return error_response(403, "the metrics are for the monitoring only", "forbidden")
    collectors: Iterable[Collector] = request.app.state.metrics_collectors
    # Reading the files of every process (and the queue's counts) blocks: not on the loop.
    body = await to_thread.run_sync(_exposition, tuple(collectors))
    return Response(body, media_type=CONTENT_TYPE_LATEST)


def _exposition(collectors: tuple[Collector, ...]) -> bytes:
    return generate_latest(metrics.registry(collectors))


def install(app: FastAPI, collectors: Iterable[Collector] = ()) -> None:
    """``/metrics`` on ``app``, with the access of the environment and ``collectors`` asked
    at each scrape (the job queue's)."""
    app.state.metrics_access = MetricsAccess.from_environment()
    app.state.metrics_collectors = tuple(collectors)
    app.include_router(router)
