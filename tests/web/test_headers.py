"""Security headers and spreadsheet-safe CSV (#21)."""

from __future__ import annotations

import csv
import io

import pytest
from django.test import Client

from swissweb import settings as project
from swissweb.tournament.models import Player
from swissweb.tournament.publishing.cells import text_cell

from .test_standings import played_event

pytestmark = pytest.mark.django_db


def test_every_page_sends_a_content_security_policy_of_its_own_origin() -> None:
    response = Client().get("/")
    policy = response["Content-Security-Policy"]
    expected = ["default-src 'self'", "script-src 'self'", "style-src 'self'",
                "frame-ancestors 'none'", "object-src 'none'", "base-uri 'none'"]  # fmt: skip
    for directive in expected:
        assert directive in policy
    assert "unsafe-inline" not in policy and "unsafe-eval" not in policy


def test_every_page_refuses_device_features_by_permissions_policy() -> None:
    policy = Client().get("/")["Permissions-Policy"]
    for feature in ("camera=()", "microphone=()", "geolocation=()", "payment=()"):
        assert feature in policy


def test_hsts_preload_is_the_owner_s_choice_not_a_default() -> None:
    """Preloading is slow to take back for a whole domain: off unless asked for."""

    assert project.SECURE_HSTS_PRELOAD is False


@pytest.mark.parametrize(
    ("name", "cell"),
    [("=HYPERLINK(\"http://x\")", "'=HYPERLINK(\"http://x\")"), ("+1", "'+1"), ("-2", "'-2"),
     ("@SUM(A1)", "'@SUM(A1)"), ("\tx", "'\tx"), ("Adams, Anna", "Adams, Anna")],
)  # fmt: skip
def test_csv_text_cells_never_start_a_formula(name: str, cell: str) -> None:
    assert text_cell(name) == cell


def test_standings_csv_escapes_a_formula_in_a_player_name() -> None:
    """Defect: a player named =HYPERLINK(...) became a live formula in a spreadsheet."""
    event = played_event(6, 1, slug="formula")
    Player.objects.filter(event=event, pairing_number=1).update(name='=HYPERLINK("http://x")')
    body = Client().get(f"/events/{event.slug}/standings.csv").content.decode("utf-8-sig")
    names = [row["name"] for row in csv.DictReader(io.StringIO(body))]
    assert '\'=HYPERLINK("http://x")' in names
    assert not any(name.startswith("=") for name in names)
