"""The cache backend from ``CACHE_URL`` (#21): memory by default, Redis when given."""

from __future__ import annotations

from typing import Any

from django.core.exceptions import ImproperlyConfigured


def cache_config(url: str) -> dict[str, Any]:
    """Django's ``CACHES["default"]`` for ``url``: "" (each process's memory, the
    embedded default) or ``redis://`` / ``rediss://`` (Django's own Redis backend)."""
    if not url:
        # Room for a large event's pages and every player's card (Django's default of
        # 300 entries made them push each other out under a crowd of readers).
        return {
            "BACKEND": "django.core.cache.backends.locmem.LocMemCache",
            "OPTIONS": {"MAX_ENTRIES": 5000},
        }
    if url.startswith(("redis://", "rediss://", "unix://")):
        return {"BACKEND": "django.core.cache.backends.redis.RedisCache", "LOCATION": url}
    raise ImproperlyConfigured(f"CACHE_URL must be a redis:// URL or empty, not {url!r}")
