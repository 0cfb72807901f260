"""FIDE's rating report (#24): TRF16 and TRF-2026 with every header record, read back,
and imported again."""

from __future__ import annotations

import datetime as dt
from fractions import Fraction

import pytest
from django.contrib.auth.models import User
from django.test import Client

from pairing.engine import trf
from pairing.engine.trf import Header
from swissweb.tournament.core.errors import TournamentError
from swissweb.tournament.events import services as event_services
from swissweb.tournament.events.forms import EventSettingsForm
from swissweb.tournament.models import Event, Player, Result
from swissweb.tournament.publishing.rating_report import Edition, rating_report
from swissweb.tournament.rounds import results as result_services
from swissweb.tournament.rounds import services as round_services
from swissweb.tournament.standings import selectors as standing_selectors

pytestmark = pytest.mark.django_db

T0 = dt.datetime(2026, 3, 1, 9, 0, tzinfo=dt.UTC)


@pytest.fixture
def finished(started: Event, players: list[Player], arbiter: User) -> Event:
    """Six players, three rounds of five played (wins for White, a draw on board 3),
    with every report detail set; round 3 has no date of its own."""
    event_services.event_settings_update(
        event_id=started.pk,
        changes={
            "federation": "ENG",
            "venue": "Hastings",
            "start_date": dt.date(2026, 3, 1),
            "end_date": dt.date(2026, 3, 3),
            "chief_arbiter": "IA Jane Doe (1234567)",
            "deputy_arbiters": "FA Sam Deputy (7654321)\nNA Kim Second",
            "time_control": "90 min + 30 s from move 1",
            "time_control_code": "5400+30",
            "round_dates": ["2026-03-01", "2026-03-02"],
            "tiebreaks": "BH-C1,SB,DE",
            "initial_colour": "white",
        },
        expected_version=started.settings_version,
        user=arbiter,
        now=T0,
    )
    for number in range(1, 4):
        round_ = round_services.round_pair(event_id=started.pk, user=arbiter, now=T0, seed=number)
        round_services.round_publish(round_id=round_.pk, user=arbiter, now=T0)
        for game in round_.games.exclude(black=None).order_by("board"):
            result = Result.DRAW if game.board == 3 else Result.WHITE_WINS
            result_services.result_record(
                game_id=game.pk, result=result, expected_version=0, user=arbiter, now=T0
            )
    started.refresh_from_db()
    return started


def test_trf16_report_has_every_header_record_and_reads_back(finished: Event) -> None:
    """012-132 of TRF16: name, city, federation, dates, 6 players (6 rated), type, chief
    arbiter, one 112 per deputy, time control, and the round dates at their columns (round
    3 on the day it was paired); each 001 line with points and its place."""
    text = rating_report(finished, Edition.TRF16)
    doc = trf.read_trf(text)
    header = {h: trf.header_text(doc, h) for h in Header}
    assert header[Header.TOURNAMENT] == "Spring Swiss"
    assert header[Header.CITY] == "Hastings"
    assert header[Header.FEDERATION] == "ENG"
    assert header[Header.START_DATE] == "2026/03/01"
    assert header[Header.END_DATE] == "2026/03/03"
    assert header[Header.PLAYERS] == "6" and header[Header.RATED_PLAYERS] == "6"
    assert header[Header.TYPE].startswith("Individual: Swiss-System")
    assert header[Header.CHIEF_ARBITER] == "IA Jane Doe (1234567)"
    assert trf.deputy_arbiters(doc) == ["FA Sam Deputy (7654321)", "NA Kim Second"]
    assert header[Header.TIME_CONTROL] == "90 min + 30 s from move 1"
    assert trf.round_dates(doc, dt.date(2026, 3, 1)) == {
        1: dt.date(2026, 3, 1),
        2: dt.date(2026, 3, 2),
        3: T0.date(),
    }
    assert not any(tag in text for tag in ("\r\n142", "\r\n202", "\r\nSW", "\r\nXX"))
    table = standing_selectors.standings_after(event=finished)
    by_number = {p.start_rank: p for p in doc.players}
    place = 0
    for line in table.lines:
        place = place if line.tied else line.rank
        record = by_number[line.player.pairing_number or 0]
        assert (record.points, record.rank) == (line.points, place)
    points = [p.points for p in doc.players if p.points is not None]
    assert len(points) == len(doc.players)
    assert sum(points, Fraction(0)) == 9  # three rounds of three boards


def test_trf_2026_report_adds_its_own_records(finished: Event) -> None:
    """TRF-2026: 142 rounds, 152 the fixed colour, 192 the coded type, 202 FIDE's
    tie-break codes and 222 the encoded time control; 162 only for other points."""
    doc = trf.read_trf(rating_report(finished, Edition.TRF26))
    tagged = {tag: [text for _, text in doc.tagged(tag)] for tag in ("142", "152", "162", "202")}
    assert tagged == {"142": ["5"], "152": ["W"], "162": [], "202": ["BH/C1,SB,DE"]}
    assert trf.time_control_code(doc) == "5400+30"
    assert trf.total_rounds(doc) == 5


def test_rating_report_imports_back_with_its_details(finished: Event, stranger: User) -> None:
    """Another program reads the report, and so do we: a new event from it has the
    report's details and the same standings."""
    imported = event_services.event_import_trf(
        text=rating_report(finished, Edition.TRF26), user=stranger, now=T0
    )
    for name in ("federation", "chief_arbiter", "deputy_arbiters", "time_control",
                 "time_control_code", "start_date", "end_date", "venue", "tiebreaks"):  # fmt: skip
        assert getattr(imported, name) == getattr(finished, name), name
    assert imported.round_dates == ["2026-03-01", "2026-03-02", T0.date().isoformat()]
    ours = [
        (line.player.name, line.points)
        for line in standing_selectors.standings_after(event=finished).lines
    ]
    theirs = [
        (line.player.name, line.points)
        for line in standing_selectors.standings_after(event=imported).lines
    ]
    assert theirs == ours


def test_rating_report_is_for_the_events_arbiters(
    finished: Event, arbiter_client: Client, stranger_client: Client
) -> None:
    """It holds FIDE IDs and birth dates: arbiters only; an unknown edition is 404."""
    url = f"/events/{finished.slug}/report-trf16.trf"
    response = arbiter_client.get(url)
    assert response.status_code == 200
    assert response["Content-Disposition"] == 'attachment; filename="spring-trf16.trf"'
    assert response.content.decode().startswith("012 Spring Swiss")
    assert arbiter_client.get(f"/events/{finished.slug}/report-trf26.trf").status_code == 200
    assert arbiter_client.get(f"/events/{finished.slug}/report-trf99.trf").status_code == 404
    assert stranger_client.get(url).status_code == 403
    assert Client().get(url).status_code == 302  # to the login page


def test_report_details_that_do_not_read_are_refused_by_name(started: Event, arbiter: User) -> None:
    """A federation that is not a FIDE code, a time control code outside 222's grammar
    and round dates that are not dates are refused, and nothing is saved."""

    for changes, message in (
        ({"federation": "England"}, "Three capital letters"),
        ({"time_control_code": "90 min"}, "is not an encoded time control"),
    ):
        with pytest.raises(TournamentError, match=message):
            event_services.event_settings_update(
                event_id=started.pk, changes=changes, expected_version=started.settings_version,
                user=arbiter, now=T0,
            )  # fmt: skip
    started.refresh_from_db()
    assert (started.federation, started.time_control_code) == ("", "")
    form = EventSettingsForm(
        data={"round_dates": "2026-03-01, 1st March"}, instance=started, paired=False
    )
    assert not form.is_valid()
    assert form.errors["round_dates"] == [
        "Round 2: '1st' is not a date; write YYYY-MM-DD, or - for none."
    ]
    form = EventSettingsForm(
        data={"round_dates": ", ".join(["2026-03-01"] * 6), "rounds": "5"},
        instance=started,
        paired=False,
    )
    assert not form.is_valid()
    assert form.errors["round_dates"] == ["6 dates for 5 rounds: give one date per round."]


def _two_player_trf(start: str, end: str) -> str:
    players = "".join(
        trf.format_player(trf.TrfPlayer(start_rank=n, name=f"Player, No {n}", rating=1500)) + "\r\n"
        for n in (1, 2)
    )
    return f"012 Far Dates\r\n042 {start}\r\n052 {end}\r\n{players}"


@pytest.mark.parametrize(
    ("start", "end"), [("0001/01/01", "0001/01/05"), ("9999/12/20", "9999/12/31")]
)
def test_d11_trf_event_dates_outside_1900_2200_are_left_out_with_a_note(
    start: str, end: str, stranger: User
) -> None:
    """#31 D11: a TRF's 042/052 of year 1 or 9999 are left out, as dates that do not
    read are, and the audit entry says so; the event's rating report is then served."""
    event = event_services.event_import_trf(text=_two_player_trf(start, end), user=stranger, now=T0)
    assert (event.start_date, event.end_date) == (None, None)
    notes = event.audit_entries.get(action="event_import").after["not_read"]
    assert [n for n in notes if start in n and "1900" in n and "2200" in n], notes
    assert [n for n in notes if end in n], notes
    event_services.event_start(event_id=event.pk, user=stranger, now=T0)
    round_services.round_pair(event_id=event.pk, user=stranger, now=T0, seed=1)
    event.refresh_from_db()
    for edition in Edition:
        assert trf.read_trf(rating_report(event, edition)).players


@pytest.mark.parametrize("year", [1, 9999])
def test_d11_rating_report_of_an_event_dated_year_1_or_9999_is_served(
    started: Event, arbiter: User, year: int
) -> None:
    """#31 D11: an event already dated in year 1 or 9999 (a file imported before the
    refusal) gets its report: the dates written in four digits, and the round dates a
    132 record's two-digit years cannot say in the start date's century left out."""
    Event.objects.filter(pk=started.pk).update(
        start_date=dt.date(year, 1, 1), end_date=dt.date(year, 1, 2)
    )
    round_services.round_pair(event_id=started.pk, user=arbiter, now=T0, seed=1)
    started.refresh_from_db()
    for edition in Edition:
        doc = trf.read_trf(rating_report(started, edition))
        assert trf.header_text(doc, Header.START_DATE) == f"{year:04d}/01/01"
        assert trf.round_dates(doc, started.start_date) == {}
