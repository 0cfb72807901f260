"""The login page has its own share of anonymous requests (#31 D16): readers of a busy
venue, all behind one public address, never starve an arbiter's login."""

from __future__ import annotations

from typing import Any

import pytest
from django.contrib.auth.models import User
from django.core.cache import cache
from django.test import Client
from pytest_django import Settings

pytestmark = pytest.mark.django_db

VENUE: dict[str, Any] = {"REMOTE_ADDR": "8.8.4.4"}


@pytest.fixture(autouse=True)
def _limit(settings: Settings) -> None:
    settings.ANON_RATE_LIMIT = 5
    settings.ANON_RATE_WINDOW = 60
    cache.clear()


def test_d16_readers_page_views_do_not_starve_the_login() -> None:
    """Defect: the hall's readers used up the address's share, and the arbiter behind
    the same address got 429 on the login page."""
    User.objects.create_user("arb", password="right-password-1")
    readers = Client()
    statuses = [readers.get("/", **VENUE).status_code for _ in range(6)]
    assert statuses[-1] == 429
    arbiter = Client()
    assert arbiter.get("/accounts/login/", **VENUE).status_code == 200
    login = arbiter.post(
        "/accounts/login/", {"username": "arb", "password": "right-password-1"}, **VENUE
    )
    assert login.status_code == 302


def test_d16_the_login_has_a_share_of_its_own(settings: Settings) -> None:
    """A flood of the login page is limited too, in its own counter: the readers' pages
    stay open, and the page-view share is not spent by it."""
    settings.ANON_LOGIN_RATE_LIMIT = 3
    client = Client()
    statuses = [client.get("/accounts/login/", **VENUE).status_code for _ in range(4)]
    assert statuses == [200, 200, 200, 429]
    refused = client.post("/accounts/login/", {"username": "x", "password": "y"}, **VENUE)
    assert refused.status_code == 429 and 1 <= int(refused["Retry-After"]) <= 61
    assert "Too many logins from your address" in refused.content.decode()
    assert [Client().get("/", **VENUE).status_code for _ in range(5)] == [200] * 5
    assert Client().get("/accounts/login/", REMOTE_ADDR="1.1.1.1").status_code == 200
