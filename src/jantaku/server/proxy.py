"""The client's own address behind a reverse proxy (`jantaku serve --trusted-proxy ADDR`).

Behind Caddy every connection comes from the proxy, so rate limits and logs would count every
player as one. The proxy says who it forwards in ``X-Forwarded-For`` (or RFC 7239's
``Forwarded``); anyone can send that header too, so it is read only on a connection whose
peer is a trusted proxy, and read from the right: each address a trusted proxy appended is
skipped, and the first one it did not append is the client. Without trusted proxies no
forwarded header is ever read (uvicorn's own reading of them is switched off by
:func:`jantaku.server.app.serve`).

:class:`ProxyClient` is the ASGI middleware that puts that address in the scope's
``client`` (in place, so uvicorn's access log shows it too) and keeps the connection's peer
under ``PEER_KEY``. :class:`AddressList` says which clients may read ``/healthz`` and
``/metrics``.

>>> proxies = TrustedProxies(["127.0.0.1", "10.0.0.0/8"])
>>> proxies.client("127.0.0.1", [(b"x-forwarded-for", b"203.0.113.7, 10.1.2.3")])
'203.0.113.7'
>>> proxies.client("198.51.100.9", [(b"x-forwarded-for", b"203.0.113.7")])
'198.51.100.9'
>>> TrustedProxies([]).client("127.0.0.1", [(b"x-forwarded-for", b"203.0.113.7")])
'127.0.0.1'
"""

from __future__ import annotations

import ipaddress
from collections.abc import Awaitable, Callable, Iterable, MutableMapping, Sequence
from typing import Any, Final
from urllib.parse import urlsplit

Scope = MutableMapping[str, Any]
Message = MutableMapping[str, Any]
Receive = Callable[[], Awaitable[Message]]
Send = Callable[[Message], Awaitable[None]]
ASGIApp = Callable[[Scope, Receive, Send], Awaitable[None]]
Network = ipaddress.IPv4Network | ipaddress.IPv6Network

HEADERS: Final = ("x-forwarded-for", "forwarded")
"""The forwarded headers a proxy may be trusted for (``--proxy-header``)."""
PEER_KEY: Final = "jantaku.peer"
"""The scope key holding the address the connection really came from."""
PROXY_WORD: Final = "proxy"
"""In an :class:`AddressList`: the trusted proxies' own addresses."""


def parse_network(text: str) -> Network:
    """An address or network (``127.0.0.1``, ``::1``, ``10.0.0.0/8``); ValueError naming
    what is wrong otherwise."""
    try:
        return ipaddress.ip_network(text.strip(), strict=False)
    except ValueError:
        raise ValueError(
            f"{text!r} is not an IP address or network (e.g. 127.0.0.1, ::1 or 10.0.0.0/8)"
        ) from None


def _address(text: str) -> ipaddress.IPv4Address | ipaddress.IPv6Address | None:
    try:
        address = ipaddress.ip_address(text)
    except ValueError:
        return None
    if isinstance(address, ipaddress.IPv6Address) and address.ipv4_mapped is not None:
        return address.ipv4_mapped  # ::ffff:127.0.0.1 is 127.0.0.1 (a dual-stack socket)
    return address


def _contains(networks: Sequence[Network], host: str) -> bool:
    address = _address(host)
    return address is not None and any(address in n for n in networks)


class TrustedProxies:
    """The proxies whose forwarded header is believed, and which header that is."""

    def __init__(self, specs: Iterable[str], header: str = "x-forwarded-for") -> None:
        if header not in HEADERS:
            raise ValueError(f"unknown forwarded header {header!r}; one of {', '.join(HEADERS)}")
        self.networks: tuple[Network, ...] = tuple(parse_network(s) for s in specs)
        self.header = header

    def __bool__(self) -> bool:
        return bool(self.networks)

    def __contains__(self, host: object) -> bool:
        return isinstance(host, str) and _contains(self.networks, host)

    def client(self, peer: str, headers: Iterable[tuple[bytes, bytes]]) -> str:
        """The client's address for a connection from ``peer`` with these headers: the
        peer itself unless it is a trusted proxy, else the rightmost forwarded address no
        trusted proxy appended (the leftmost when all of them are proxies)."""
        if peer not in self:
            return peer
        chain = forwarded_chain(headers, self.header)
        for hop in reversed(chain):
            if _address(hop) is None:  # "unknown", an obfuscated name: nothing to count by
                return peer
            if hop not in self:
                return str(_address(hop))
        return str(_address(chain[0])) if chain else peer

    def scheme(self, peer: str, headers: Iterable[tuple[bytes, bytes]]) -> str | None:
        """``https`` or ``http`` as a trusted proxy says the client spoke, else None."""
        if peer not in self:
            return None
        h = _joined(headers)
        if self.header == "forwarded":
            protos = [p for p in _forwarded_params(h.get("forwarded", ""), "proto") if p]
            proto = protos[-1] if protos else ""
        else:
            proto = h.get("x-forwarded-proto", "").split(",")[-1]
        proto = proto.strip().lower()
        return proto if proto in ("http", "https") else None


def _joined(headers: Iterable[tuple[bytes, bytes]]) -> dict[str, str]:
    """Header name → its values joined by commas (a repeated header is one list)."""
    out: dict[str, str] = {}
    for name, value in headers:
        key = name.decode("latin-1").lower()
        text = value.decode("latin-1")
        out[key] = f"{out[key]}, {text}" if key in out else text
    return out


def _forwarded_params(value: str, name: str) -> list[str]:
    """Each element's ``name=`` parameter of an RFC 7239 ``Forwarded`` value, in order
    ("" for an element without it)."""
    found = []
    for element in value.split(","):
        got = ""
        for pair in element.split(";"):
            key, _, raw = pair.strip().partition("=")
            if key.strip().lower() == name:
                got = raw.strip().strip('"')
        found.append(got)
    return found


def forwarded_chain(headers: Iterable[tuple[bytes, bytes]], header: str) -> list[str]:
    """The addresses a forwarded header lists, client first (ports and IPv6 brackets
    removed: ``[2001:db8::1]:4711`` is ``2001:db8::1``).

    >>> forwarded_chain([(b"forwarded", b'for=192.0.2.60;proto=https, for="[2001:db8::1]:4711"')],
    ...                 "forwarded")
    ['192.0.2.60', '2001:db8::1']
    """
    value = _joined(headers).get(header, "")
    if header == "forwarded":
        items = _forwarded_params(value, "for")
    else:
        items = [part.strip() for part in value.split(",")]
    return [_host_only(item) for item in items if item.strip()]


def _host_only(item: str) -> str:
    item = item.strip()
    if item.startswith("["):  # [v6] or [v6]:port
        return item[1 : item.find("]")] if "]" in item else item
    if item.count(":") == 1:  # v4:port
        return item.split(":")[0]
    return item


class ProxyClient:
    """ASGI middleware: the scope's ``client`` is the client's own address (see
    :class:`TrustedProxies`), its ``scheme`` the one the client spoke to the proxy; the
    connection's peer is kept under :data:`PEER_KEY`."""

    def __init__(self, app: ASGIApp, proxies: TrustedProxies) -> None:
        self.app = app
        self.proxies = proxies

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] in ("http", "websocket"):
            peer = scope.get("client")
            host = str(peer[0]) if peer else ""
            scope[PEER_KEY] = host
            if self.proxies and host:
                headers = scope.get("headers", [])
                client = self.proxies.client(host, headers)
                if client != host:
                    scope["client"] = (client, 0)
                scheme = self.proxies.scheme(host, headers)
                if scheme is not None:
                    secure = scheme == "https"
                    if scope["type"] == "websocket":
                        scope["scheme"] = "wss" if secure else "ws"
                    else:
                        scope["scheme"] = scheme
        await self.app(scope, receive, send)


class AddressList:
    """Who may read an operator's page (``--metrics-from``): addresses and networks, and the
    word ``proxy`` for the trusted proxies' own addresses (a scraper on the proxy's machine).
    Empty: everyone. It is asked with the client's address (:class:`ProxyClient`'s), so a
    visitor forwarded by the proxy is not the proxy."""

    def __init__(self, specs: Iterable[str], proxies: TrustedProxies | None = None) -> None:
        specs = list(specs)
        self.proxy = PROXY_WORD in specs
        if self.proxy and not proxies:
            raise ValueError(f"{PROXY_WORD!r} names the trusted proxies, but none is given")
        self.networks = tuple(parse_network(s) for s in specs if s != PROXY_WORD)
        self.proxies = proxies
        self.open = not specs

    def allows(self, host: str) -> bool:
        if self.open:
            return True
        if self.proxy and self.proxies is not None and host in self.proxies:
            return True
        return _contains(self.networks, host)


def public_origin(url: str) -> str:
    """The origin (``https://host[:port]``) of ``--public-url``; ValueError naming what is
    wrong for anything else (a path, a query, another scheme).

    >>> public_origin("https://Mahjong.Example.org/"), public_origin("https://x.org:443")
    ('https://mahjong.example.org', 'https://x.org')
    """
    parts = urlsplit(url.strip())
    if parts.scheme not in ("http", "https") or not parts.hostname:
        raise ValueError(f"--public-url {url!r}: expected https://HOST (or http://HOST:PORT)")
    if parts.path not in ("", "/") or parts.query or parts.fragment or parts.username:
        raise ValueError(
            f"--public-url {url!r}: only a scheme and a host (with a port), no path or query"
        )
    try:
        port = parts.port
    except ValueError:
        raise ValueError(f"--public-url {url!r}: the port is not a number") from None
    netloc = parts.hostname if ":" not in parts.hostname else f"[{parts.hostname}]"
    if port is not None and port != {"https": 443, "http": 80}[parts.scheme]:
        netloc += f":{port}"  # a browser's Origin names no default port
    return f"{parts.scheme}://{netloc}"
