"""Per-client rate limit of anonymous requests (#21).

A fixed window per client address: at most ``ANON_RATE_LIMIT`` requests (default 1200)
per ``ANON_RATE_WINDOW`` seconds (default 60) from one address, then ``429 Too Many
Requests`` with ``Retry-After`` until the window ends.  Signed-in users (arbiters) are
never limited; static files are served before this middleware and never counted.

The client address is the one the login lock-out uses (django-axes' own function, which
calls ``swissweb/proxies.py``: ``X-Forwarded-For`` is believed only from an address of
``TRUSTED_PROXIES``), so a client cannot choose its own key by writing that header.  A whole hall
behind one venue router shares an address, hence the generous default: 200 readers
refreshing every ten seconds stay under it.

The counters live in Django's cache: shared by every worker with ``CACHE_URL`` set to
Redis, per worker process with the embedded default (the limit is then per worker,
which still stops a flood).  django-ratelimit was considered and not used: it refuses
to run on any cache but memcached or django-redis, which would leave the embedded
default, a single machine in a venue, without a limit at all.

The limit fails open (#31 D4): when the cache cannot count (Redis down), the request is
let through and a warning logged once for that kind of failure (``caches.warn_once``);
a site that answers 500 to everyone protects nothing.
"""

from __future__ import annotations

import time
from collections.abc import Callable

from axes.helpers import get_client_ip_address
from django.conf import settings
from django.core.cache import cache
from django.http import HttpRequest, HttpResponse

from swissweb.caches import warn_once


def seconds_to_wait(request: HttpRequest, *, bucket: str, limit: int) -> int | None:
    """Count this request in its address's current window of ``bucket``: the seconds
    until the window ends when the count is over ``limit``, else ``None``.

    Fails open: when the cache cannot count, ``None``, with one warning per bucket
    (``caches.warn_once``).
    """
    window = int(getattr(settings, "ANON_RATE_WINDOW", 60))
    address = get_client_ip_address(request) or "unknown"
    now = time.time()
    start = int(now // window) * window
    try:
        count = _count(f"swissweb:{bucket}:{address}:{start}", window + 5)
    except Exception as exc:  # noqa: BLE001 - whatever the backend raises, fail open
        warn_once(
            bucket,
            f"Rate limit ({bucket}) not applied: the cache cannot count requests "
            f"({type(exc).__name__}: {exc}); requests are let through",
        )
        return None
    return max(1, int(start + window - now) + 1) if count > limit else None


def too_many(message: str, retry: int) -> HttpResponse:
    """Too Many Requests (status 429) with ``message`` and a ``Retry-After`` header."""
    response = HttpResponse(message, status=429, content_type="text/plain; charset=utf-8")
    response["Retry-After"] = str(retry)
    return response


class AnonymousRateLimitMiddleware:
    """Answer 429 to an anonymous client over its share of requests."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        limit = int(getattr(settings, "ANON_RATE_LIMIT", 1200))
        if limit <= 0 or request.user.is_authenticated:
            return self.get_response(request)
        retry = seconds_to_wait(request, bucket="rate", limit=limit)
        if retry is not None:
            window = int(getattr(settings, "ANON_RATE_WINDOW", 60))
            return too_many(
                f"Too many requests from your address: at most {limit} in {window} s. "
                f"Try again in {retry} s.",
                retry,
            )
        return self.get_response(request)


def _count(key: str, timeout: int) -> int:
    """This request counted under ``key``: the number of requests in the window so far."""
    cache.add(key, 0, timeout=timeout)
    try:
        return cache.incr(key)
    except ValueError:  # expired between add and incr: this request opens the window
        cache.set(key, 1, timeout=timeout)
        return 1
