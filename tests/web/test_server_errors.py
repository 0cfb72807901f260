"""A request that fails on the server gets a short, plain answer (#21 item 7)."""

from __future__ import annotations

from pathlib import Path

import pytest
from django.db import OperationalError
from django.test import Client

from swissweb.tournament.rounds import selectors as round_selectors

from .test_standings import played_event

pytestmark = pytest.mark.django_db


def _database_gone(*args: object, **kwargs: object) -> object:
    raise OperationalError("connection to server at 127.0.0.1 failed")


def test_htmx_refresh_during_a_database_failure_gets_one_plain_line(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Defect: a full error page was swapped into the pairings when the database was gone."""
    event = played_event(6, 1, slug="db-gone")
    monkeypatch.setattr(round_selectors, "published_round", _database_gone)
    client = Client(raise_request_exception=False)
    response = client.get(f"/events/{event.slug}/rounds/1/", HTTP_HX_REQUEST="true")
    assert response.status_code == 500
    assert response["Content-Type"].startswith("text/plain")
    body = response.content.decode()
    assert body.startswith("The server could not answer") and len(body) < 200
    assert "Traceback" not in body and "OperationalError" not in body


def test_page_during_a_database_failure_gets_the_short_500_page(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    event = played_event(6, 1, slug="db-gone-page")
    monkeypatch.setattr(round_selectors, "published_round", _database_gone)
    response = Client(raise_request_exception=False).get(f"/events/{event.slug}/rounds/1/")
    assert response.status_code == 500
    body = response.content.decode()
    assert "The server could not answer" in body and "OperationalError" not in body


def test_htmx_keeps_the_page_on_any_error_status() -> None:
    """base.html: htmx swaps 2xx/3xx answers only; every error keeps the content."""

    base = (Path(__file__).resolve().parents[2] / "templates" / "base.html").read_text()
    assert '{"code": "...", "swap": false, "error": true}' in base
    assert '"[45]..", "swap": true' not in base
