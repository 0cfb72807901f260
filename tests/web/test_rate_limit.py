"""Anonymous requests are limited per client address, not per header (#21 item 1)."""

from __future__ import annotations

from typing import Any

import pytest
from django.contrib.auth.models import User
from django.core.cache import cache
from django.test import Client
from pytest_django import Settings

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def _limit(settings: Settings) -> None:
    settings.ANON_RATE_LIMIT = 5
    settings.ANON_RATE_WINDOW = 60
    cache.clear()


def _statuses(client: Client, count: int, **meta: Any) -> list[int]:
    return [client.get("/", **meta).status_code for _ in range(count)]


def test_an_anonymous_client_over_its_share_gets_429_with_retry_after() -> None:
    client = Client()
    assert _statuses(client, 5, REMOTE_ADDR="8.8.4.4") == [200] * 5
    refused = client.get("/", REMOTE_ADDR="8.8.4.4")
    assert refused.status_code == 429
    assert 1 <= int(refused["Retry-After"]) <= 61
    assert "Too many requests from your address" in refused.content.decode()


def test_another_address_is_not_held_back_by_the_first() -> None:
    _statuses(Client(), 6, REMOTE_ADDR="8.8.4.4")
    assert Client().get("/", REMOTE_ADDR="1.1.1.1").status_code == 200


def test_a_written_x_forwarded_for_does_not_buy_a_new_share() -> None:
    """Without declared proxies the header is the client's own words and is ignored."""
    client = Client()
    statuses = [
        client.get("/", REMOTE_ADDR="8.8.4.4", HTTP_X_FORWARDED_FOR=f"9.9.9.{n}").status_code
        for n in range(6)
    ]
    assert statuses[-1] == 429


def test_behind_a_declared_proxy_each_client_has_its_own_share(settings: Settings) -> None:
    settings.TRUSTED_PROXIES = ("10.0.0.5/32",)
    proxy: dict[str, Any] = {"REMOTE_ADDR": "10.0.0.5"}
    _statuses(Client(), 6, HTTP_X_FORWARDED_FOR="8.8.4.4", **proxy)
    assert Client().get("/", HTTP_X_FORWARDED_FOR="1.1.1.1", **proxy).status_code == 200
    spoof = Client().get("/", HTTP_X_FORWARDED_FOR="1.2.3.4, 8.8.4.4", **proxy)
    assert spoof.status_code == 429


def test_signed_in_arbiters_are_never_limited(arbiter: User) -> None:
    client = Client()
    client.force_login(arbiter)
    assert _statuses(client, 8, REMOTE_ADDR="8.8.4.4") == [200] * 8
