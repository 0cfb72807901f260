"""X-Forwarded-For is believed only from a trusted proxy's address (#31 D17).

With the compose file's former ``TRUSTED_PROXIES=1`` any client that reached an app
port directly wrote its own X-Forwarded-For and, rotating it, escaped the login
lock-out and the rate limit.  The proxies are now named by address or network, and the
header counts only on a request that came from one of them."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest
from axes.helpers import get_client_ip_address
from django.contrib.auth.models import User
from django.core.cache import cache
from django.test import Client, RequestFactory
from pytest_django import Settings

from swissweb.proxies import parse_trusted_proxies

pytestmark = pytest.mark.django_db

PROXY = "10.0.0.5"
DIRECT = "203.0.113.9"  # a client reaching the app port itself
DEPLOY = Path(__file__).resolve().parents[2] / "swissweb" / "deploy"


@pytest.fixture(autouse=True)
def _proxies(settings: Settings) -> None:
    settings.TRUSTED_PROXIES = parse_trusted_proxies(f"{PROXY}, 192.168.7.0/24")
    settings.ANON_RATE_LIMIT = 5
    settings.ANON_RATE_WINDOW = 60
    cache.clear()


def _address(remote: str, forwarded: str | None = None) -> str | None:
    meta: dict[str, Any] = {"REMOTE_ADDR": remote}
    if forwarded is not None:
        meta["HTTP_X_FORWARDED_FOR"] = forwarded
    address: str | None = get_client_ip_address(RequestFactory().get("/", **meta))
    return address


def test_d17_the_address_axes_sees_follows_only_a_trusted_proxys_header() -> None:
    assert _address(PROXY, "8.8.4.4") == "8.8.4.4"
    assert _address(PROXY, "1.2.3.4, 8.8.4.4") == "8.8.4.4"  # the client wrote 1.2.3.4
    assert _address(PROXY, "8.8.4.4, 192.168.7.20") == "8.8.4.4"  # two proxies in a row
    assert _address(PROXY) == PROXY
    assert _address(PROXY, "not an address") == PROXY
    assert {_address(DIRECT, f"9.9.9.{n}") for n in range(5)} == {DIRECT}
    assert _address(DIRECT, f"9.9.9.9, {PROXY}") == DIRECT


def test_d17_a_direct_client_rotating_x_forwarded_for_stays_rate_limited() -> None:
    statuses = [
        Client().get("/", REMOTE_ADDR=DIRECT, HTTP_X_FORWARDED_FOR=f"9.9.9.{n}").status_code
        for n in range(6)
    ]
    assert statuses[-1] == 429
    behind = Client().get("/", REMOTE_ADDR=PROXY, HTTP_X_FORWARDED_FOR="9.9.9.1")
    assert behind.status_code == 200  # a client behind the proxy has its own share


def test_d17_a_direct_client_rotating_x_forwarded_for_stays_locked_out() -> None:
    User.objects.create_user("arb", password="right-password-1")
    for n in range(5):
        Client().post(
            "/accounts/login/", {"username": "arb", "password": "wrong"},
            REMOTE_ADDR=DIRECT, HTTP_X_FORWARDED_FOR=f"9.9.9.{n}",
        )  # fmt: skip
    again = Client().post(
        "/accounts/login/", {"username": "arb", "password": "right-password-1"},
        REMOTE_ADDR=DIRECT, HTTP_X_FORWARDED_FOR="9.9.9.99",
    )  # fmt: skip
    assert again.status_code != 302
    arbiter = Client().post(
        "/accounts/login/", {"username": "arb", "password": "right-password-1"},
        REMOTE_ADDR=PROXY, HTTP_X_FORWARDED_FOR="8.8.4.4",
    )  # fmt: skip
    assert arbiter.status_code == 302  # the arbiter behind the proxy is not locked out


def test_d17_trusted_proxies_are_addresses_or_networks_never_a_count() -> None:
    assert parse_trusted_proxies("") == ()
    assert parse_trusted_proxies("0") == ()
    assert parse_trusted_proxies(" 10.0.0.0/8 , ::1 ") == ("10.0.0.0/8", "::1/128")
    for wrong in ("1", "2", "nginx", "10.0.0.0/99"):
        with pytest.raises(ValueError, match="TRUSTED_PROXIES"):
            parse_trusted_proxies(wrong)


def test_d17_compose_trusts_only_nginx_and_publishes_no_app_port() -> None:
    compose = (DEPLOY / "compose.yaml").read_text()
    trusted = re.search(r'^\s+TRUSTED_PROXIES: "([^"]+)"$', compose, re.MULTILINE)
    assert trusted is not None
    (nginx_address,) = parse_trusted_proxies(trusted.group(1))
    nginx = compose[compose.index("\n  nginx:\n") :]
    assert f"ipv4_address: {nginx_address.removesuffix('/32')}" in nginx
    # Only nginx publishes a port; the app containers are reached through it alone.
    assert compose.count("ports:") == 1 and "ports:" in nginx
    assert 'FORWARDED_ALLOW_IPS: "*"' not in compose
