"""Times and numbers in an imported backup are bounded (#21 item 3).

Defect: a backup with a time of year 0001 or 9999 imported, and every page of the event
then answered 500 (the time overflows when shown in a local time zone); a seed beyond
64 bits failed at the database.
"""

from __future__ import annotations

import re

import pytest
from django.contrib.auth.models import User
from django.test import Client
from django.utils import timezone

from swissweb.tournament.core.errors import TournamentError
from swissweb.tournament.events import services as event_services
from swissweb.tournament.models import Event
from swissweb.tournament.publishing import exports

from .test_standings import played_event

pytestmark = pytest.mark.django_db


@pytest.fixture
def backup() -> str:
    return exports.event_trf(played_event(6, 2, slug="bounds"))


def _swr_time(text: str, stamp: str) -> str:
    line = next(line for line in text.splitlines() if line.startswith("SWR"))
    changed = re.sub(r"\d{4}-\d\d-\d\dT[0-9:.]+(?:\+00:00|Z)", stamp, line, count=1)
    assert changed != line
    return text.replace(line, changed, 1)


@pytest.mark.parametrize("stamp", ["0001-01-01T00:00:00+00:00", "9999-12-31T23:59:59+00:00"])
def test_backup_with_a_time_out_of_range_is_refused_by_line(
    backup: str, stranger: User, stamp: str
) -> None:
    before = Event.objects.count()
    with pytest.raises(TournamentError, match="is not a time from 1900 to 2200"):
        event_services.event_import_trf(
            text=_swr_time(backup, stamp), user=stranger, now=timezone.now()
        )
    assert Event.objects.count() == before


def test_backup_with_a_seed_beyond_64_bits_is_refused(backup: str, stranger: User) -> None:
    line = next(line for line in backup.splitlines() if line.startswith("SWR"))
    huge = re.sub(r"^(SWR\s+\d+\s+\w+\s+)(-?\d+)", r"\g<1>9999999999999999999", line)
    assert huge != line
    with pytest.raises(TournamentError, match="is not a whole number"):
        event_services.event_import_trf(
            text=backup.replace(line, huge, 1), user=stranger, now=timezone.now()
        )


def _published(event: Event) -> Event:
    """The restored event, published: a restore is private until its arbiter publishes
    it (#31), and these tests read its public pages."""
    user = event.arbiters.get()
    return event_services.event_settings_update(
        event_id=event.pk, changes={"public": True}, expected_version=event.settings_version,
        user=user, now=timezone.now(),
    )  # fmt: skip


def test_a_backup_with_rounds_but_no_start_time_imports_started(stranger: User) -> None:
    """Defect: a file with rounds whose "started" option was "-" imported its players
    without pairing numbers beside their rounds, and the event's pages answered 500."""
    event = played_event(6, 2, slug="no-start")
    text = exports.event_trf(event)  # the object predates the start: "started=-"
    copy = _published(event_services.event_import_trf(text=text, user=stranger, now=timezone.now()))
    assert copy.started_at is not None
    assert not copy.players.filter(pairing_number__isnull=True).exists()
    client = Client()
    client.force_login(stranger)
    for page in ("manage/rounds/1/", "manage/audit/", "standings/"):
        assert client.get(f"/events/{copy.slug}/{page}").status_code == 200


def test_imported_event_pages_never_answer_500(backup: str, stranger: User) -> None:
    copy = _published(
        event_services.event_import_trf(text=backup, user=stranger, now=timezone.now())
    )
    client = Client()
    client.force_login(stranger)
    for page in ("manage/rounds/1/", "manage/audit/", "standings/"):
        assert client.get(f"/events/{copy.slug}/{page}").status_code == 200


@pytest.mark.parametrize(
    "stamp", ["2026-03-01T09:00:00+25:00", "2026-02-30T09:00:00+00:00", "2026-03-01T09:00:00"]
)
def test_backup_with_a_bad_time_zone_or_date_is_refused_by_line(
    backup: str, stranger: User, stamp: str
) -> None:
    """An offset beyond a day, a date that does not exist, or no time zone: refused in
    words, never a 500 later."""
    before = Event.objects.count()
    with pytest.raises(TournamentError, match=r"TRF line \d+, column \d+"):
        event_services.event_import_trf(
            text=_swr_time(backup, stamp), user=stranger, now=timezone.now()
        )
    assert Event.objects.count() == before
