"""Uploads are bounded and decoded before any work (#21 item 3)."""

from __future__ import annotations

import codecs

import pytest
from django.contrib.auth.models import User
from django.core.files.uploadedfile import SimpleUploadedFile
from django.test import Client
from pytest_django import Settings

from swissweb.tournament.models import Event, Player
from swissweb.tournament.publishing import exports

from .test_standings import played_event

pytestmark = pytest.mark.django_db


@pytest.fixture
def backup() -> str:
    return exports.event_trf(played_event(8, 2, slug="source"))


def _import(client: Client, data: bytes) -> tuple[int, str]:
    response = client.post("/events/import/", {"trf": SimpleUploadedFile("e.trf", data)})
    return response.status_code, response.content.decode()


def test_event_import_of_a_utf16_file_with_its_byte_order_mark(
    backup: str, stranger_client: Client
) -> None:
    """A TRF saved as "Unicode" by a Windows editor is read as such."""
    status, _ = _import(stranger_client, codecs.BOM_UTF16_LE + backup.encode("utf-16-le"))
    assert status == 302
    assert Event.objects.count() == 2


def test_event_import_of_utf16_without_byte_order_mark_says_so(
    backup: str, stranger_client: Client
) -> None:
    """Defect: a UTF-16 file got a confusing message about its first line."""
    status, page = _import(stranger_client, backup.encode("utf-16-le"))
    assert status == 422
    assert "looks like UTF-16 saved without a byte order mark" in page
    assert Event.objects.count() == 1


def test_event_import_refuses_a_file_over_the_limit_before_reading_it(
    backup: str, stranger_client: Client, settings: Settings
) -> None:
    settings.MAX_UPLOAD_MB = 0.001
    status, page = _import(stranger_client, backup.encode())
    assert status == 422
    assert "files up to 0.001 MB are accepted. Nothing was changed." in page
    assert Event.objects.count() == 1


def test_players_csv_upload_over_the_limit_is_refused_in_words(
    started: Event, arbiter_client: Client, settings: Settings
) -> None:
    settings.MAX_UPLOAD_MB = 0.0001
    before = Player.objects.count()
    data = ("name,rating\n" + "".join(f"P{n},1500\n" for n in range(200))).encode()
    response = arbiter_client.post(
        f"/events/{started.slug}/players/import/",
        {"file": SimpleUploadedFile("p.csv", data)},
        follow=True,
    )
    assert "MB are accepted" in response.content.decode()
    assert Player.objects.count() == before


def test_players_trf_upload_utf16_without_mark_is_refused_in_words(
    backup: str, started: Event, arbiter_client: Client, arbiter: User
) -> None:
    before = Player.objects.count()
    response = arbiter_client.post(
        f"/events/{started.slug}/players/import-trf/",
        {"trf": SimpleUploadedFile("p.trf", backup.encode("utf-16-be"))},
        follow=True,
    )
    assert "looks like UTF-16" in response.content.decode()
    assert Player.objects.count() == before


def test_players_csv_with_many_bad_lines_lists_the_first_twenty_and_counts_the_rest(
    started: Event, arbiter_client: Client
) -> None:
    data = ("name,rating\n" + "".join(f"P{n},x{n}\n" for n in range(500))).encode()
    response = arbiter_client.post(
        f"/events/{started.slug}/players/import/",
        {"file": SimpleUploadedFile("p.csv", data)},
        follow=True,
    )
    page = response.content.decode()
    assert page.count("Nothing imported: line ") == 20
    assert "line 2, rating" in page
    assert "and 480 more lines to correct." in page
