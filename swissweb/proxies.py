"""Who the client is behind the reverse proxies the site owner declares (#21, #31 D17).

Behind a proxy every request comes from the proxy's address, so a lock-out (or a rate
limit) keyed on ``REMOTE_ADDR`` would lock every arbiter out after one visitor's five
wrong passwords.  ``TRUSTED_PROXIES`` therefore names the proxies, by address or
network (comma-separated: ``172.30.31.10``, ``10.0.0.0/8``, ``::1``).  A request whose
``REMOTE_ADDR`` is one of them came through a proxy: the client is the nearest address
in ``X-Forwarded-For``, read from its end, that is not a trusted proxy itself (the
entries before it were written by the client and are never believed).  A request from
any other address is the client's own, whatever header it wrote.  The default, none,
ignores the header.

A count of proxies (the former ``TRUSTED_PROXIES=1``) believed the header from anyone
who reached an app port directly, who could then rotate it past the lock-out: a number
is refused with a message saying what to write instead.

:func:`client_address` is django-axes' ``AXES_CLIENT_IP_CALLABLE``, which the rate
limit asks too (``swissweb/ratelimit.py``).  Hand-written on the standard library's
``ipaddress`` because django-ipware's trusted-proxy list is matched against the
header's own entries, never against the address the request came from, which is the
check that matters here.
"""

from __future__ import annotations

import functools
import ipaddress

from django.conf import settings
from django.http import HttpRequest

Address = ipaddress.IPv4Address | ipaddress.IPv6Address
Network = ipaddress.IPv4Network | ipaddress.IPv6Network


def parse_trusted_proxies(value: str) -> tuple[str, ...]:
    """The networks of ``TRUSTED_PROXIES`` as written in the environment, normalised.

    :raises ValueError: an entry is a number of proxies, or not an address or network.
    """
    items = [item.strip() for item in value.split(",") if item.strip()]
    if items == ["0"]:
        return ()
    networks = []
    for item in items:
        if item.isdigit():
            raise ValueError(
                f"TRUSTED_PROXIES={value!r}: name the proxies' addresses or networks "
                "(e.g. 172.30.31.10 or 10.0.0.0/8), not their number"
            )
        try:
            networks.append(str(ipaddress.ip_network(item, strict=False)))
        except ValueError:
            raise ValueError(f"TRUSTED_PROXIES: {item!r} is not an IP address or network") from None
    return tuple(networks)


@functools.lru_cache(maxsize=8)
def _networks(written: tuple[str, ...]) -> tuple[Network, ...]:
    return tuple(ipaddress.ip_network(item, strict=False) for item in written)


def _address(text: str) -> Address | None:
    """An address as a request or a header gives it; an IPv4-mapped IPv6 one as IPv4."""
    try:
        address = ipaddress.ip_address(text.strip())
    except ValueError:
        return None
    if isinstance(address, ipaddress.IPv6Address) and address.ipv4_mapped is not None:
        return address.ipv4_mapped
    return address


def client_address(request: HttpRequest) -> str | None:
    """The client's address: ``REMOTE_ADDR``, or behind trusted proxies the address the
    nearest of them received the request from (``X-Forwarded-For`` read from its end)."""
    remote = str(request.META.get("REMOTE_ADDR", ""))
    peer = _address(remote)
    if peer is None:
        return remote or None
    networks = _networks(tuple(getattr(settings, "TRUSTED_PROXIES", ())))

    def trusted(address: Address) -> bool:
        return any(address in network for network in networks)

    client = peer
    if trusted(peer):
        for entry in reversed(str(request.META.get("HTTP_X_FORWARDED_FOR", "")).split(",")):
            hop = _address(entry)
            if hop is None:
                break
            client = hop
            if not trusted(hop):
                break
    return str(client)
