"""The cache backend from ``CACHE_URL`` (#21): memory by default, Redis when given.

The cache only makes pages cheaper: with Redis down the site must still answer (#31 D4).
``FailOpenRedisCache`` is Django's Redis backend that reads a failure as a miss and
drops a write, logs one warning per kind of failure (``warn_once``), and after a failure
leaves Redis alone for ``PAUSE_SECONDS``, so that a Redis host that stopped answering
costs each request nothing rather than a connection time-out.  ``incr`` still raises:
a counter that cannot be counted is the caller's to judge (the rate limit lets the
request through, ``swissweb/ratelimit.py``).
"""

from __future__ import annotations

import logging
import threading
import time
from collections.abc import Callable, Iterable
from typing import Any, TypeVar

from django.core.cache.backends.base import DEFAULT_TIMEOUT
from django.core.cache.backends.redis import RedisCache
from django.core.exceptions import ImproperlyConfigured
from redis.exceptions import RedisError

logger = logging.getLogger("swissweb.cache")

T = TypeVar("T")

PAUSE_SECONDS = 5.0
"""After a failure, how long the cache is taken as down without asking Redis."""

WARN_EVERY_SECONDS = 300.0
"""A kind of failure already logged is logged again after this long, with its count."""

CONNECT_SECONDS = 0.25
"""Redis on the same host or network answers a connection in well under a millisecond;
a quarter of a second tells a dead host from a busy one without holding a reader long."""

READ_SECONDS = 1.0
"""The longest one cache command may take before it counts as a failure."""


def cache_config(url: str) -> dict[str, Any]:
    """Django's ``CACHES["default"]`` for ``url``: "" (each process's memory, the
    embedded default) or ``redis://`` / ``rediss://`` (Redis, failing open)."""
    if not url:
        # Room for a large event's pages and every player's card (Django's default of
        # 300 entries made them push each other out under a crowd of readers).
        return {
            "BACKEND": "django.core.cache.backends.locmem.LocMemCache",
            "OPTIONS": {"MAX_ENTRIES": 5000},
        }
    if url.startswith(("redis://", "rediss://", "unix://")):
        return {
            "BACKEND": "swissweb.caches.FailOpenRedisCache",
            "LOCATION": url,
            "OPTIONS": {
                "socket_connect_timeout": CONNECT_SECONDS,
                "socket_timeout": READ_SECONDS,
            },
        }
    raise ImproperlyConfigured(f"CACHE_URL must be a redis:// URL or empty, not {url!r}")


_lock = threading.Lock()
_down_until: dict[str, float] = {}
"""By cache location: until when it is taken as down (``time.monotonic()``)."""
_warned: dict[str, tuple[float, int]] = {}
"""By kind of failure: when it was last logged, and how many came since."""


def reset_health() -> None:
    """Forget past failures and warnings (for tests, which bring caches up and down)."""
    with _lock:
        _down_until.clear()
        _warned.clear()


def warn_once(kind: str, message: str) -> None:
    """Log ``message`` as a warning the first time ``kind`` of failure happens, then at
    most once per ``WARN_EVERY_SECONDS`` with the number of failures since: a cache down
    under a crowd fails hundreds of times a second, and the log must stay readable."""
    now = time.monotonic()
    with _lock:
        last, count = _warned.get(kind, (float("-inf"), 0))
        if now - last < WARN_EVERY_SECONDS:
            _warned[kind] = (last, count + 1)
            return
        _warned[kind] = (now, 0)
    suffix = f" ({count} more since the last warning)" if count else ""
    logger.warning("%s%s", message, suffix)


class CacheUnavailable(RedisError):
    """Redis is taken as down (it failed less than ``PAUSE_SECONDS`` ago)."""


class FailOpenRedisCache(RedisCache):
    """Django's Redis cache, answering a miss instead of an error while Redis is down."""

    def __init__(self, server: str, params: dict[str, Any]) -> None:
        super().__init__(server, params)
        self._server_key = server if isinstance(server, str) else ",".join(server)

    def _is_down(self) -> bool:
        return _down_until.get(self._server_key, 0.0) > time.monotonic()

    def _guard(self, operation: str, call: Callable[[], T], fallback: T) -> T:
        """``call()``, or ``fallback`` when Redis is down or fails."""
        if self._is_down():
            return fallback
        try:
            return call()
        except (RedisError, OSError) as exc:
            self._failed(operation, exc)
            return fallback

    def _failed(self, operation: str, exc: Exception) -> None:
        with _lock:
            _down_until[self._server_key] = time.monotonic() + PAUSE_SECONDS
        warn_once(
            f"cache:{type(exc).__name__}",
            f"Cache unavailable ({type(exc).__name__} on {operation}: {exc}); the public "
            f"pages are rendered without it until it answers again",
        )

    def add(
        self,
        key: str,
        value: Any,
        timeout: float | None = DEFAULT_TIMEOUT,
        version: int | None = None,
    ) -> bool:
        return self._guard("add", lambda: RedisCache.add(self, key, value, timeout, version), False)

    def get(self, key: str, default: Any = None, version: int | None = None) -> Any:
        return self._guard("get", lambda: RedisCache.get(self, key, default, version), default)

    def set(
        self,
        key: str,
        value: Any,
        timeout: float | None = DEFAULT_TIMEOUT,
        version: int | None = None,
    ) -> None:
        self._guard("set", lambda: RedisCache.set(self, key, value, timeout, version), None)

    def touch(
        self, key: str, timeout: float | None = DEFAULT_TIMEOUT, version: int | None = None
    ) -> bool:
        return self._guard("touch", lambda: RedisCache.touch(self, key, timeout, version), False)

    def delete(self, key: str, version: int | None = None) -> bool:
        return self._guard("delete", lambda: RedisCache.delete(self, key, version), False)

    def get_many(self, keys: Iterable[str], version: int | None = None) -> dict[str, Any]:
        return self._guard("get_many", lambda: RedisCache.get_many(self, keys, version), {})

    def has_key(self, key: str, version: int | None = None) -> bool:
        return self._guard("has_key", lambda: RedisCache.has_key(self, key, version), False)

    def set_many(
        self,
        data: dict[str, Any],
        timeout: float | None = DEFAULT_TIMEOUT,
        version: int | None = None,
    ) -> list[str]:
        return self._guard(
            "set_many", lambda: RedisCache.set_many(self, data, timeout, version), list(data)
        )

    def delete_many(self, keys: Iterable[str], version: int | None = None) -> None:
        self._guard("delete_many", lambda: RedisCache.delete_many(self, keys, version), None)

    def clear(self) -> None:
        self._guard("clear", lambda: RedisCache.clear(self), None)

    def incr(self, key: str, delta: int = 1, version: int | None = None) -> int:
        """The counter after ``delta``; raises ``CacheUnavailable`` (or Redis's own error)
        while Redis is down, since no count is a safe default."""
        if self._is_down():
            raise CacheUnavailable("the cache failed moments ago")
        try:
            return super().incr(key, delta, version)
        except (RedisError, OSError) as exc:
            self._failed("incr", exc)
            raise
