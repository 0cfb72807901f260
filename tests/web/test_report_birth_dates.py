"""FIDE's rating report takes a player's birth year from a loaded FIDE list when the
player has no birth date (#35 item 4): the 001 birth date ``YYYY/00/00``, as FIDE's
files write a year alone; a birth date given wins, and a national list's year is not
FIDE's data."""

from __future__ import annotations

import datetime as dt

import pytest
from django.contrib.auth.models import User

from pairing.engine import trf
from swissweb.ratings.formats import Entry as ListEntry
from swissweb.ratings.loader import load_list
from swissweb.ratings.models import ListKind
from swissweb.tournament.events import services as event_services
from swissweb.tournament.models import Event, Player
from swissweb.tournament.publishing.rating_report import Edition, rating_report

pytestmark = pytest.mark.django_db

T0 = dt.datetime(2026, 3, 1, 9, 0, tzinfo=dt.UTC)


def birth_dates(text: str) -> dict[str, str]:
    """Each player's 001 birth date as the report writes it, by name."""
    return {p.name: p.birth_date for p in trf.read_trf(text).players}


@pytest.mark.parametrize("edition", list(Edition))
def test_fide_report_writes_the_fide_list_birth_year_of_a_player_without_a_birth_date(
    arbiter: User, edition: Edition
) -> None:
    load_list(
        name="FIDE", kind=ListKind.FIDE, source="", user=None, now=T0,
        entries=[
            ListEntry(player_id="4600001", name="Adler, Anna", birth_year=1987, standard=2100),
            ListEntry(player_id="4600002", name="Bauer, Ben", birth_year=1990, standard=2000),
            ListEntry(player_id="4600003", name="Corte, Cid", standard=1950),
        ],
    )  # fmt: skip
    load_list(
        name="DWZ", kind=ListKind.NATIONAL, source="", user=None, now=T0,
        entries=[ListEntry(player_id="C1", name="Dorn, Dana", birth_year=1975, fide_id="4600004")],
    )  # fmt: skip
    event = Event.objects.create(
        name="Open", slug="open", rounds=3, start_date=dt.date(2026, 3, 1),
        end_date=dt.date(2026, 3, 3),
    )  # fmt: skip
    event.arbiters.add(arbiter)
    for name, fide_id, born in [
        ("Adler, Anna", 4600001, None),  # the list's year
        ("Bauer, Ben", 4600002, dt.date(1990, 5, 17)),  # the birth date given wins
        ("Corte, Cid", 4600003, None),  # the list gives no year
        ("Dorn, Dana", 4600004, None),  # only a national list has a year
        ("Eck, Emil", None, None),  # no FIDE ID
    ]:
        Player.objects.create(event=event, name=name, rating=1800, fide_id=fide_id, birth_date=born)
    event_services.event_start(event_id=event.pk, user=arbiter, now=T0)
    event.refresh_from_db()
    assert birth_dates(rating_report(event, edition)) == {
        "Adler, Anna": "1987/00/00",
        "Bauer, Ben": "1990/05/17",
        "Corte, Cid": "",
        "Dorn, Dana": "",
        "Eck, Emil": "",
    }


def test_a_year_alone_is_written_as_fide_files_write_it() -> None:
    assert trf.year_only_date(1987) == "1987/00/00"
    with pytest.raises(ValueError, match="four digits"):
        trf.year_only_date(87)
