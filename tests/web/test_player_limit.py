"""An event holds at most 9,999 players, refused at every way in (#31 D2).

A TRF player number has four columns, so the backup and FIDE's rating report cannot
number a 10,000th player: an event of 10,000 players (CSV import) answered 500 for both.
Every way of adding players goes through ``player_services.players_add`` (typed, CSV, a TRF's
players, late entries) or ``event_services.event_import_trf``; both refuse beyond 9,999 with a
message naming the limit and why, and change nothing.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Iterator
from typing import TYPE_CHECKING

import pytest
from django.contrib.auth.models import User
from django.contrib.messages import get_messages
from django.core.files.uploadedfile import SimpleUploadedFile
from django.db import transaction
from django.test import Client
from pytest_django import DjangoDbBlocker

from pairing.engine import trf
from swissweb.tournament.core.errors import TournamentError
from swissweb.tournament.models import AuditEntry, Event, Player
from swissweb.tournament.players import services as player_services
from swissweb.tournament.publishing import exports
from swissweb.tournament.publishing.rating_report import Edition, rating_report

if TYPE_CHECKING:  # the test client's response type exists in django-stubs only
    from django.test.client import _MonkeyPatchedWSGIResponse

pytestmark = pytest.mark.django_db

T0 = dt.datetime(2026, 3, 1, 9, 0, tzinfo=dt.UTC)
LIMIT = 9_999
REFUSAL = "at most 9,999 players"


@pytest.fixture(scope="module")
def full_event_id(django_db_setup: None, django_db_blocker: DjangoDbBlocker) -> Iterator[int]:
    """An event with 9,999 players, started (numbered 1-9,999): built once for the
    module in a transaction it rolls back at the end, as Django's ``setUpTestData``
    does; each test runs in a savepoint inside it, so no test sees another's changes
    (#33 item 7: the 9,999 rows were written again for each test)."""
    with django_db_blocker.unblock(), transaction.atomic():
        event = Event.objects.create(
            name="Full Open", slug="full-open", rounds=5, public=True, started_at=T0
        )
        Player.objects.bulk_create(
            Player(
                event=event, name=f"Player, No {n:04d}", rating=1000 + n % 1500, pairing_number=n
            )
            for n in range(1, LIMIT + 1)
        )
        yield event.pk
        transaction.set_rollback(True)


@pytest.fixture
def full(full_event_id: int, arbiter: User) -> Event:
    """The module's full event, with this test's ``arbiter`` as its arbiter."""
    event = Event.objects.get(pk=full_event_id)
    event.arbiters.add(arbiter)
    return event


def _said(response: _MonkeyPatchedWSGIResponse) -> str:
    return " ".join(str(m) for m in get_messages(response.wsgi_request))


def _unchanged(event: Event, players: int) -> None:
    assert event.players.count() == players
    assert not AuditEntry.objects.filter(event=event, action="players_add").exists()


def test_d2_typed_player_beyond_9999_is_refused(full: Event, arbiter_client: Client) -> None:
    response = arbiter_client.post(
        f"/events/{full.slug}/players/add/", {"name": "One, Too Many", "rating": "1500"}
    )
    assert response.status_code == 302
    said = _said(response)
    assert REFUSAL in said and "four" in said, said
    _unchanged(full, LIMIT)


def test_d2_csv_import_of_10000_players_is_refused(event: Event, arbiter_client: Client) -> None:
    text = "name,rating\n" + "".join(f'"Player, No {n:05d}",1500\n' for n in range(10_000))
    upload = SimpleUploadedFile("players.csv", text.encode())
    response = arbiter_client.post(f"/events/{event.slug}/players/import/", {"file": upload})
    assert response.status_code == 302
    said = _said(response)
    assert REFUSAL in said and "10,000" in said, said
    _unchanged(event, 0)


def test_d2_trf_players_beyond_9999_are_refused(full: Event, arbiter_client: Client) -> None:
    line = trf.format_player(trf.TrfPlayer(start_rank=1, name="One, Too Many", rating=1500))
    upload = SimpleUploadedFile("players.trf", f"012 More\r\n{line}\r\n".encode())
    response = arbiter_client.post(f"/events/{full.slug}/players/import-trf/", {"trf": upload})
    assert response.status_code == 302
    assert REFUSAL in _said(response)
    _unchanged(full, LIMIT)


def test_d2_late_entry_beyond_9999_is_refused(full: Event, arbiter: User) -> None:
    with pytest.raises(TournamentError, match=REFUSAL):
        player_services.players_add(
            event_id=full.pk, rows=[{"name": "Late, Entry"}], user=arbiter, now=T0,
            missed_rounds="H",
        )  # fmt: skip
    _unchanged(full, LIMIT)


def test_d2_a_9999_player_event_exports(full: Event) -> None:
    """The largest event allowed writes its backup and both rating reports."""
    doc = trf.read_trf(exports.event_trf(full))
    assert len(doc.players) == LIMIT and max(p.start_rank for p in doc.players) == LIMIT
    for edition in Edition:
        assert len(trf.read_trf(rating_report(full, edition)).players) == LIMIT
