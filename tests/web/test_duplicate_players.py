"""Duplicate players in a TRF file (#20 item 9): the same FIDE ID twice, or the same name
and birth date where a FIDE ID is missing.  The players import refuses such a file and
changes nothing; the event import reports them (a backup is imported as it was played)."""

from __future__ import annotations

import datetime as dt

import pytest
from django.contrib.auth.models import User
from django.core.files.uploadedfile import SimpleUploadedFile
from django.test import Client

from pairing.engine import trf
from pairing.engine.trf import TrfPlayer
from swissweb.tournament.core.errors import TournamentError
from swissweb.tournament.events import services as event_services
from swissweb.tournament.models import AuditEntry, Event, Player
from swissweb.tournament.publishing import exports

pytestmark = pytest.mark.django_db

NOW = dt.datetime(2026, 5, 1, 10, tzinfo=dt.UTC)


def _trf(*players: tuple[str, str, str]) -> str:
    """A TRF file with one header line, then one 001 line per (name, FIDE ID, birth date):
    player N is on line N + 1."""
    rows = [
        TrfPlayer(start_rank=rank, name=name, fide_id=fide_id, birth_date=born)
        for rank, (name, fide_id, born) in enumerate(players, start=1)
    ]
    return trf.write_trf(trf.trf_document(["012 Duplicates"], rows, []))


SAME_FIDE_ID = _trf(
    ("Adams, Ann", "1300001", "1990/01/01"),
    ("Baker, Bob", "1300002", ""),
    ("Adams, Anne", "1300001", "1990/01/01"),
)
SAME_NAME_AND_BIRTH = _trf(
    ("Clark, Cy", "", "2001/02/03"),
    ("Dunn, Di", "", ""),
    ("Ellis, Ed", "", "2001/02/03"),
    ("clark,  cy", "1300009", "2001/02/03"),
)


def test_players_trf_import_refuses_the_same_fide_id_twice_naming_both_lines(
    event: Event,
) -> None:
    with pytest.raises(TournamentError) as exc:
        exports.players_from_trf(SAME_FIDE_ID)
    message = str(exc.value)
    assert "TRF lines 2 and 4" in message
    assert "FIDE ID 1300001" in message
    assert "Adams, Ann" in message and "Adams, Anne" in message
    assert "Nothing imported" in message


def test_players_trf_import_refuses_the_same_name_and_birth_date_without_fide_id() -> None:
    """Clark and "clark,  cy" (case and spaces apart) born the same day, one without a
    FIDE ID; Ellis shares only the birth date, Dunn has neither."""
    with pytest.raises(TournamentError) as exc:
        exports.players_from_trf(SAME_NAME_AND_BIRTH)
    message = str(exc.value)
    assert "TRF lines 2 and 5" in message and "born 2001/02/03" in message
    assert "line 4" not in message and "line 3" not in message


def test_players_trf_import_of_duplicates_changes_nothing(
    arbiter_client: Client, event: Event
) -> None:
    """Through the players page: refused with the message, no player added, no audit."""

    upload = SimpleUploadedFile("players.trf", SAME_FIDE_ID.encode())
    response = arbiter_client.post(
        f"/events/{event.slug}/players/import-trf/", {"trf": upload}, follow=True
    )
    page = response.content.decode()
    assert "TRF lines 2 and 4" in page
    assert not Player.objects.exists() and not AuditEntry.objects.exists()


def test_players_trf_import_without_duplicates_imports(event: Event) -> None:
    text = _trf(("Adams, Ann", "1300001", "1990/01/01"), ("Adams, Ann", "1300002", "1990/01/01"))
    assert [row["fide_id"] for row in exports.players_from_trf(text)] == [1300001, 1300002]


def test_event_import_reports_duplicate_players_naming_both_lines(
    stranger: User, stranger_client: Client
) -> None:
    """A whole event is imported as it was played, duplicates and all; the duplicates are
    named in the arbiter's messages and in the audit log."""
    event = event_services.event_import_trf(text=SAME_FIDE_ID, user=stranger, now=NOW)
    assert event.players.count() == 3
    entry = AuditEntry.objects.get(event=event, action="event_import")
    (report,) = entry.after["duplicates"]
    assert "TRF lines 2 and 4" in report and "FIDE ID 1300001" in report

    upload = SimpleUploadedFile("event.trf", SAME_NAME_AND_BIRTH.encode())
    asked = stranger_client.post("/events/import/", {"trf": upload})
    assert "Which pairing system paired this event?" in asked.content.decode()  # #36 item 3
    answer = {"trf_text": SAME_NAME_AND_BIRTH, "system": "dutch1992"}
    response = stranger_client.post("/events/import/", answer, follow=True)
    assert "TRF lines 2 and 5" in response.content.decode()
    log = stranger_client.get(f"/events/{event.slug}/manage/audit/").content.decode()
    assert "TRF lines 2 and 4" in log
