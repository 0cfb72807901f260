"""The deployment example (swissweb/deploy): two app containers behind a buffering nginx
(#21 item 5).  No Docker here, so the files are checked for what they promise."""

from __future__ import annotations

import re
from pathlib import Path

from django.conf import settings
from django.urls import reverse

from swissweb.caches import cache_config

DEPLOY = Path(__file__).resolve().parents[2] / "swissweb" / "deploy"


def test_compose_runs_two_app_containers_behind_nginx_over_one_database() -> None:
    compose = (DEPLOY / "compose.yaml").read_text()
    for service in ("db", "redis", "migrate", "app1", "app2", "nginx"):
        assert re.search(rf"^  {service}:$", compose, re.MULTILINE), service
    assert "CACHE_URL: redis://redis:6379/0" in compose
    assert 'TRUSTED_PROXIES: "172.30.31.10"' in compose  # nginx (test_trusted_proxies.py)


def _number(pattern: str, text: str) -> int:
    """The number ``pattern`` captures in ``text``; fails when the setting is missing."""
    match = re.search(pattern, text)
    assert match is not None, pattern
    return int(match.group(1))


def test_nginx_buffers_and_outwaits_the_pairing() -> None:
    nginx = (DEPLOY / "nginx.conf").read_text()
    assert "server app1:8000;" in nginx and "server app2:8000;" in nginx
    assert "proxy_request_buffering on;" in nginx and "proxy_buffering on;" in nginx
    assert "X-Forwarded-For $proxy_add_x_forwarded_for" in nginx
    timeout = _number(r"proxy_read_timeout (\d+)s;", nginx)
    assert timeout >= 60 + 30  # PAIRING_TIMEOUT's default plus gunicorn's margin
    size = _number(r"client_max_body_size (\d+)m;", nginx)
    assert size > 5  # MAX_UPLOAD_MB's default, with room for the form


def test_cache_url_selects_redis_or_memory() -> None:
    assert cache_config("")["BACKEND"].endswith("LocMemCache")
    redis = cache_config("redis://redis:6379/0")
    # Django's Redis backend, failing open while Redis is down (#31 D4).
    assert redis["BACKEND"] == "swissweb.caches.FailOpenRedisCache"
    assert redis["LOCATION"] == "redis://redis:6379/0"
    assert 0 < redis["OPTIONS"]["socket_connect_timeout"] <= 1


def test_nginx_lets_the_rating_list_upload_through_and_nothing_else_as_large() -> None:
    """#37: behind the example nginx, FIDE's whole list (the rating lists' page allows
    MAX_LIST_UPLOAD_MB) was refused at 6 MB; every other address keeps the small limit."""
    nginx = (DEPLOY / "nginx.conf").read_text()
    match = re.search(r"location = /ratings/ \{([^}]*)\}", nginx)
    assert match is not None
    size = re.search(r"client_max_body_size (\d+)m;", match.group(1))
    assert size is not None and int(size.group(1)) > settings.MAX_LIST_UPLOAD_MB
    assert "proxy_pass http://swissweb;" in match.group(1)
    server_level = nginx[: nginx.index("location")]
    small = re.search(r"client_max_body_size (\d+)m;", server_level)
    assert small is not None and settings.MAX_UPLOAD_MB < int(small.group(1)) < 50
    assert reverse("ratings:lists") == "/ratings/"


def test_nginx_passes_a_page_read_to_the_other_app_but_never_replays_a_post() -> None:
    """#37 item 5: with one app killed under load no reader saw an error, because nginx
    passes idempotent requests to the other app on an error; a POST is never sent twice."""
    text = (DEPLOY / "nginx.conf").read_text()
    directives = "\n".join(line.split("#")[0] for line in text.splitlines())
    retries = re.findall(r"^\s*proxy_next_upstream ([^;]*);", directives, re.MULTILINE)
    assert retries == ["error timeout"]
    assert "non_idempotent" not in directives and "proxy_next_upstream_tries" not in directives
