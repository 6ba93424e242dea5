"""Requests to an address a person gave (a browser's push endpoint): only to public hosts.

A person can name any URL as their push endpoint, and a worker then POSTs to it. Without care
that reaches the server's own neighbours — loopback, the private network, the cloud's
metadata service at 169.254.169.254 — by its name, by a name that resolves there (now or
later: DNS rebinding), or by a redirect. So:

- :func:`public_addresses` resolves a host and refuses it unless *every* address is public
  (not loopback, private, link-local, multicast, reserved, shared or unspecified, IPv4-mapped
  IPv6 included);
- :func:`public_session` is a ``requests`` session that connects to an address checked the
  moment it connects (the TLS certificate is still checked against the host's name), follows
  no redirect, and answers within a short timeout.

An operator's test service on a private address is named in :data:`ALLOW_SETTING`
(``host:port`` pairs, comma-separated): only those exact origins are let through.
"""

from __future__ import annotations

import ipaddress
import socket
from collections.abc import Mapping
from urllib.parse import urlsplit

import requests
from requests.adapters import HTTPAdapter

from carson.server.kernel import settings

#: ``host:port`` origins allowed although not public (a local test push service).
ALLOW_SETTING = "CARSON_OUTBOUND_ALLOW"
#: Seconds to connect, and to wait for the answer.
CONNECT_TIMEOUT = 3.0
READ_TIMEOUT = 5.0

Address = ipaddress.IPv4Address | ipaddress.IPv6Address


class NotPublic(Exception):
    """The host is not public (or does not resolve): nothing is sent there. Not a
    ``ValueError``: ``requests`` would hide it as an invalid URL."""


def allowed_origins() -> frozenset[str]:
    listed = settings.load(only={ALLOW_SETTING}).outbound_allow
    return frozenset(o.strip().lower() for o in listed.split(",") if o.strip())


def is_public(address: Address) -> bool:
    """Whether ``address`` is on the public internet."""
    if isinstance(address, ipaddress.IPv6Address) and address.ipv4_mapped is not None:
        address = address.ipv4_mapped
    return address.is_global and not (
        address.is_multicast or address.is_reserved or address.is_loopback
    )


def public_addresses(host: str, port: int) -> list[str]:
    """The addresses ``host`` resolves to, each public; :class:`NotPublic` otherwise. An
    origin named in :data:`ALLOW_SETTING` resolves as it is."""
    try:
        found = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM)
    except (socket.gaierror, UnicodeError) as error:
        raise NotPublic(f"{host} does not resolve") from error
    addresses = list(dict.fromkeys(str(info[4][0]) for info in found))
    if f"{host}:{port}".lower() in allowed_origins():
        return addresses
    for text in addresses:
        if not is_public(ipaddress.ip_address(text.split("%")[0])):
            raise NotPublic(f"{host} resolves to a non-public address")
    if not addresses:
        raise NotPublic(f"{host} does not resolve")
    return addresses


def check_url(url: str) -> None:
    """:class:`NotPublic` unless ``url``'s host is public (see :func:`public_addresses`)."""
    parts = urlsplit(url)
    if not parts.hostname:
        raise NotPublic("no host")
    public_addresses(parts.hostname, parts.port or (443 if parts.scheme == "https" else 80))


class _PinnedAdapter(HTTPAdapter):
    """Connects to an address of the host checked now, not to whatever the name resolves to
    when the connection is made; TLS still names and verifies the host."""

    def build_connection_pool_key_attributes(
        self,
        request: requests.PreparedRequest,
        verify: bool | str,
        cert: str | tuple[str, str] | None = None,
    ) -> tuple[dict[str, object], dict[str, object]]:
        host_params, pool_kwargs = super().build_connection_pool_key_attributes(
            request, verify, cert
        )
        host = str(host_params["host"])
        address = public_addresses(host, int(host_params["port"] or 443))[0]
        if address != host:
            host_params["host"] = address
            if host_params["scheme"] == "https":
                pool_kwargs["server_hostname"] = host
                pool_kwargs["assert_hostname"] = host
        return host_params, pool_kwargs

    def send(
        self,
        request: requests.PreparedRequest,
        stream: bool = False,
        timeout: float | tuple[float | None, float | None] | None = None,
        verify: bool | str = True,
        cert: str | tuple[str, str] | None = None,
        proxies: dict[str, str] | None = None,
    ) -> requests.Response:
        host = urlsplit(request.url or "").netloc
        request.headers.setdefault("Host", host)  # the name, though the pool holds its address
        if timeout is None:  # a library's "no timeout" is not ours
            timeout = (CONNECT_TIMEOUT, READ_TIMEOUT)
        return super().send(request, stream, timeout, verify, cert, proxies)


def public_session(headers: Mapping[str, str] | None = None) -> requests.Session:
    """A session for requests to addresses people gave (see the module's docstring)."""
    session = requests.Session()
    session.max_redirects = 0  # a 3xx is refused (TooManyRedirects), never followed
    session.trust_env = False  # no proxy from the environment reaches around the checks
    adapter = _PinnedAdapter(max_retries=0)
    session.mount("https://", adapter)
    session.mount("http://", adapter)
    if headers:
        session.headers.update(headers)
    return session
