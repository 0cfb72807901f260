"""A year alone in a player list's birth date column is the player's birth year, not
1 January of it (#35 item 4): FIDE's rating report then writes the year FIDE's list
gives (``YYYY/00/00``), never a birth date the player does not have."""

from __future__ import annotations

import datetime as dt

import pytest
from django.contrib.auth.models import User
from django.core.files.uploadedfile import SimpleUploadedFile
from django.test import Client

from pairing.engine import trf
from swissweb.ratings.formats import Entry as ListEntry
from swissweb.ratings.loader import load_list
from swissweb.ratings.models import ListKind
from swissweb.tournament.events import services as event_services
from swissweb.tournament.models import Event
from swissweb.tournament.players.imports import parse_players_csv
from swissweb.tournament.publishing.rating_report import Edition, rating_report

pytestmark = pytest.mark.django_db

T0 = dt.datetime(2026, 3, 1, 9, 0, tzinfo=dt.UTC)


def test_a_year_alone_is_the_birth_year_and_a_date_stays_a_date() -> None:
    rows, problems = parse_players_csv(
        "name;birth_date\nAdler, Anna;1960\nBauer, Ben;1975-05-17\nCorte, Cid;\n"
    )
    assert problems == []
    assert [(r.birth_date, r.birth_year) for r in rows] == [
        (None, 1960),
        (dt.date(1975, 5, 17), None),
        (None, None),
    ]


def test_a_birth_year_column_reads_as_such_and_a_year_out_of_range_names_its_line() -> None:
    rows, problems = parse_players_csv('name,birth_year\n"Adler, Anna",2012\n')
    assert problems == [] and rows[0].birth_year == 2012
    rows, problems = parse_players_csv("name;born\nAdler, Anna;1960\nBauer, Ben;1850\n")
    assert rows == [] and [p.line for p in problems] == [3]
    assert "A birth year is from 1900 to 2100." in str(problems[0])


def test_an_imported_year_reaches_fides_report_as_the_lists_year(
    arbiter: User, client: Client
) -> None:
    load_list(name="FIDE", kind=ListKind.FIDE, source="", user=None, now=T0, entries=[
        ListEntry(player_id="4600001", name="Adler, Anna", birth_year=1960, standard=2100),
    ])  # fmt: skip
    event = Event.objects.create(name="Open", slug="open", rounds=3)
    event.arbiters.add(arbiter)
    client.force_login(arbiter)
    text = (
        "name;fide_id;rating;birth_date\r\n"
        '"Adler, Anna";4600001;2100;1960\r\n'
        '"Bauer, Ben";;;1975\r\n'
    )
    upload = SimpleUploadedFile("players.csv", text.encode("cp1252"))
    client.post(f"/events/{event.slug}/players/import/", {"file": upload})
    adler = event.players.get(fide_id=4600001)
    assert (adler.birth_date, adler.birth_year) == (None, 1960)
    event_services.event_start(event_id=event.pk, user=arbiter, now=T0)
    written = {
        p.name: p.birth_date for p in trf.read_trf(rating_report(event, Edition.TRF16)).players
    }
    assert written == {"Adler, Anna": "1960/00/00", "Bauer, Ben": ""}


@pytest.mark.parametrize("written", ["1987/00/00", "1987", "1987.00.00"])
def test_a_trf_birth_date_of_a_year_alone_is_the_birth_year(arbiter: User, written: str) -> None:
    """Another program's TRF (and FIDE's report) writes a year alone as ``1987/00/00``:
    the year is kept as the birth year (it was dropped, the date not reading), so that
    a junior's K and the age prizes still know it; a full date stays a date."""
    players = [
        trf.TrfPlayer(start_rank=1, name="Ost, Ole", rating=1900, birth_date=written),
        trf.TrfPlayer(start_rank=2, name="Wen, Wu", rating=1800, birth_date="2012/05/17"),
    ]
    text = trf.write_trf(trf.trf_document(["012 Open"], players, []))
    event = event_services.event_import_trf(text=text, user=arbiter, now=T0)
    assert list(event.players.order_by("name").values_list("birth_date", "birth_year")) == [
        (None, 1987),
        (dt.date(2012, 5, 17), None),
    ]
