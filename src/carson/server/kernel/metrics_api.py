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
import os
from collections.abc import Iterable, Mapping
from dataclasses import dataclass

from anyio import to_thread
from fastapi import APIRouter, FastAPI, Request, Response
from prometheus_client import CONTENT_TYPE_LATEST, generate_latest
from prometheus_client.registry import Collector

from carson.server.kernel import metrics
from carson.server.kernel.errors import BadSetting, error_response

ALLOW_ENV = "CARSON_METRICS_ALLOW"
TOKEN_ENV = "CARSON_METRICS_TOKEN"
DEFAULT_ALLOW = "127.0.0.0/8,::1"

Network = ipaddress.IPv4Network | ipaddress.IPv6Network


@dataclass(frozen=True)
class MetricsAccess:
    """Who may read ``/metrics``: these networks, or the bearer of this token."""

    networks: tuple[Network, ...]
    token: str | None = None

    @classmethod
    def from_environment(cls, environ: Mapping[str, str] | None = None) -> MetricsAccess:
        environ = os.environ if environ is None else environ
        listed = environ.get(ALLOW_ENV, DEFAULT_ALLOW)
        networks = []
        for part in (p.strip() for p in listed.split(",")):
            if not part:
                continue
            try:
                networks.append(ipaddress.ip_network(part, strict=False))
            except ValueError:
                raise BadSetting(
                    f"{ALLOW_ENV} must list addresses or networks (10.0.0.0/8), not {part!r}"
                ) from None
        token = environ.get(TOKEN_ENV, "").strip() or None
        if token is not None and len(token) < 16:
            raise BadSetting(f"{TOKEN_ENV} must have at least 16 characters")
        return cls(tuple(networks), token)

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
