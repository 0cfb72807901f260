"""Who the client is behind the reverse proxies the site owner declares (#21).

Behind a proxy every request comes from the proxy's address, so a lock-out (or a rate
limit) keyed on ``REMOTE_ADDR`` would lock every arbiter out after one visitor's five
wrong passwords.  With ``TRUSTED_PROXIES=N`` (the proxies between the client and the
app, e.g. 1 for nginx or Caddy in front of gunicorn) the client is the address the
nearest of them added to ``X-Forwarded-For``: the entry ``N - 1`` places from its end.
Earlier entries come from the client itself and are never believed.  With the default
``TRUSTED_PROXIES=0`` the header is ignored and ``REMOTE_ADDR`` is the client.

django-ipware (through django-axes) reads the header; these are its settings.
"""

from __future__ import annotations

from typing import Literal, TypedDict


class IpwareSettings(TypedDict):
    """The three settings django-axes passes to django-ipware."""

    AXES_IPWARE_META_PRECEDENCE_ORDER: tuple[str, ...]
    AXES_IPWARE_PROXY_COUNT: int | None
    AXES_IPWARE_PROXY_ORDER: Literal["left-most", "right-most"]


def ipware_settings(trusted_proxies: int) -> IpwareSettings:
    """django-axes' ipware settings for ``trusted_proxies`` proxies in front of the app."""
    if trusted_proxies < 0:
        raise ValueError("TRUSTED_PROXIES is the number of proxies in front of the app, >= 0")
    if trusted_proxies == 0:
        return {
            "AXES_IPWARE_META_PRECEDENCE_ORDER": ("REMOTE_ADDR",),
            "AXES_IPWARE_PROXY_COUNT": None,
            "AXES_IPWARE_PROXY_ORDER": "left-most",
        }
    return {
        "AXES_IPWARE_META_PRECEDENCE_ORDER": ("HTTP_X_FORWARDED_FOR", "REMOTE_ADDR"),
        # ipware counts the proxies listed in the header after the client; the nearest
        # proxy is REMOTE_ADDR, not in the header.
        "AXES_IPWARE_PROXY_COUNT": trusted_proxies - 1,
        "AXES_IPWARE_PROXY_ORDER": "left-most",
    }
