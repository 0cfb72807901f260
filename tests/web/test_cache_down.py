"""The public site and the login page stay up while the cache is down (#31 D4).

Production keeps the rate limit's counters and the public pages in Redis
(``CACHE_URL``).  With Redis down, every anonymous request answered 500, because the
rate limiter asks the cache on each one.  The configuration ``CACHE_URL`` gives, pointed
at a closed port, must serve every page uncached and log a warning.
"""

from __future__ import annotations

import logging
from typing import Any

import pytest
from django.contrib.auth.models import User
from django.core.cache import caches
from django.core.cache.backends.base import BaseCache
from django.test import Client
from pytest_django import Settings

from swissweb import caches as fail_open
from swissweb.caches import cache_config
from swissweb.tournament.models import Event

pytestmark = pytest.mark.django_db

CLOSED_PORT = "redis://127.0.0.1:1/0"
"""Nothing listens on port 1 of the loopback: every connection is refused at once."""


@pytest.fixture
def cache_down(settings: Settings) -> Any:
    """``CACHE_URL`` pointed at a dead Redis, and the rate limit on."""
    settings.CACHES = {"default": cache_config(CLOSED_PORT)}
    settings.ANON_RATE_LIMIT = 100
    fail_open.reset_health()
    yield
    fail_open.reset_health()


def _pages(event: Event) -> list[str]:
    base = f"/events/{event.slug}/"
    return [
        base, f"{base}rounds/1/", f"{base}rounds/2/", f"{base}standings/",
        f"{base}standings/?round=1", f"{base}crosstable/", f"{base}rounds/1/games.pgn",
        f"{base}players/1/", "/accounts/login/",
    ]  # fmt: skip


def test_d4_public_pages_and_login_answer_200_with_the_cache_down(
    cache_down: None, two_rounds: Event, arbiter: User, caplog: pytest.LogCaptureFixture
) -> None:
    client = Client(raise_request_exception=False)
    with caplog.at_level(logging.WARNING):
        statuses = {page: client.get(page).status_code for page in _pages(two_rounds)}
        login = client.post("/accounts/login/", {"username": "arbiter", "password": "pw-arbiter-1"})
    assert statuses == dict.fromkeys(_pages(two_rounds), 200)
    assert login.status_code == 302  # signed in, sent on
    assert client.get(f"/events/{two_rounds.slug}/manage/rounds/2/").status_code == 200
    warnings = [r for r in caplog.records if r.levelno == logging.WARNING]
    assert any("cache" in r.getMessage().lower() for r in warnings)
    # One line per kind of failure, not one per request.
    assert len(warnings) <= 3


def test_d4_the_page_is_rendered_again_while_the_cache_is_down(
    cache_down: None, two_rounds: Event
) -> None:
    """Nothing is served from a cache that is not there: two readers, two renders."""
    client = Client()
    page = f"/events/{two_rounds.slug}/rounds/1/"
    first, second = client.get(page), client.get(page)
    assert first.status_code == second.status_code == 200
    assert first.content == second.content
    assert second.templates  # rendered, not read from a store


class _RaisingCache(BaseCache):
    """A cache whose every call fails, as a client library does when its server is gone."""

    def __init__(self, location: str, params: dict[str, Any]) -> None:
        super().__init__(params)

    def __getattribute__(self, name: str) -> Any:
        if name in {"add", "get", "set", "incr", "delete", "get_many", "set_many", "touch"}:
            raise ConnectionError(f"cache down ({name})")
        return super().__getattribute__(name)


def test_d4_the_rate_limit_fails_open_on_any_cache_error(
    settings: Settings, caplog: pytest.LogCaptureFixture
) -> None:
    """The limiter itself lets a request through when its counter cannot be counted."""
    settings.CACHES = {"default": {"BACKEND": f"{__name__}._RaisingCache"}}
    settings.ANON_RATE_LIMIT = 5
    fail_open.reset_health()
    assert isinstance(caches["default"], _RaisingCache)
    client = Client(raise_request_exception=False)
    with caplog.at_level(logging.WARNING):
        statuses = [client.get("/accounts/login/").status_code for _ in range(8)]
    assert statuses == [200] * 8
    lines = [r for r in caplog.records if "rate limit" in r.getMessage().lower()]
    assert len(lines) == 1  # once for this kind of failure
    assert lines[0].levelno == logging.WARNING
