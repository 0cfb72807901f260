"""The schedule of the rounds (#34 item 4): one form for every round's date and start
time, refused out of order, warned outside the event's dates, recorded in the audit
log, shown on the public pages, and the rating report's round dates (132) from it."""

from __future__ import annotations

import datetime as dt

import pytest
from django.contrib.auth.models import User
from django.test import Client
from django.urls import reverse

from pairing.engine import trf
from swissweb.tournament.core.errors import TournamentError
from swissweb.tournament.events import schedule
from swissweb.tournament.models import AuditEntry, Event, Player
from swissweb.tournament.players import services as player_services
from swissweb.tournament.publishing.rating_report import Edition, date_warnings, rating_report
from swissweb.tournament.rounds import services as round_services

pytestmark = pytest.mark.django_db

T0 = dt.datetime(2026, 3, 13, 18, 0, tzinfo=dt.UTC)
Slot = schedule.Slot


def _dated(event: Event) -> Event:
    Event.objects.filter(pk=event.pk).update(
        start_date=dt.date(2026, 3, 14), end_date=dt.date(2026, 3, 15)
    )
    event.refresh_from_db()
    return event


WEEKEND = [
    Slot(1, dt.date(2026, 3, 14), dt.time(10, 0)),
    Slot(2, dt.date(2026, 3, 14), dt.time(14, 0)),
    Slot(3, dt.date(2026, 3, 14), dt.time(19, 0)),
    Slot(4, dt.date(2026, 3, 15), dt.time(9, 30)),
    Slot(5, dt.date(2026, 3, 15), None),
]


def test_schedule_set_stores_dates_and_times_and_records_an_audit_row(
    event: Event, arbiter: User
) -> None:
    """The dates become the round dates, the times the start times (naive, HH:MM); one
    audit row says what the schedule was and is."""
    warnings = schedule.schedule_set(event_id=_dated(event).pk, rows=WEEKEND, user=arbiter,
                                     now=T0)  # fmt: skip
    event.refresh_from_db()
    assert warnings == []
    assert event.round_dates == ["2026-03-14"] * 3 + ["2026-03-15"] * 2
    assert event.round_times == ["10:00", "14:00", "19:00", "09:30"]
    entry = AuditEntry.objects.get(event=event, action="schedule_set")
    assert entry.before == {"schedule": []}
    assert entry.after["schedule"][1] == "2: 2026-03-14 14:00"
    assert entry.after["schedule"][4] == "5: 2026-03-15"


@pytest.mark.parametrize(
    ("rows", "message"),
    [
        ([Slot(1, dt.date(2026, 3, 14), dt.time(14, 0)),
          Slot(2, dt.date(2026, 3, 14), dt.time(10, 0))], "Round 2 must start after round 1"),
        ([Slot(1, dt.date(2026, 3, 15), None), Slot(3, dt.date(2026, 3, 14), None)],
         "Round 3 must start after round 1"),
        ([Slot(1, dt.date(2026, 3, 14), dt.time(14, 0)),
          Slot(2, dt.date(2026, 3, 14), dt.time(14, 0))], "Round 2 must start after round 1"),
        ([Slot(6, dt.date(2026, 3, 14), None)], "the event has rounds 1 to 5"),
        ([Slot(1, None, dt.time(14, 0))], "give the date with the start time"),
        ([Slot(2, None, None), Slot(2, None, None)], "Round 2 is given twice"),
    ],
)  # fmt: skip
def test_schedule_refuses_rounds_out_of_order_and_changes_nothing(
    event: Event, arbiter: User, rows: list[Slot], message: str
) -> None:
    with pytest.raises(TournamentError, match=message):
        schedule.schedule_set(event_id=event.pk, rows=rows, user=arbiter, now=T0)
    event.refresh_from_db()
    assert event.round_dates == [] and event.round_times == []
    assert not AuditEntry.objects.filter(event=event, action="schedule_set").exists()


def test_schedule_outside_the_event_dates_warns_and_is_kept(event: Event, arbiter: User) -> None:
    """A round on a reserve day after the end date is an arbiter's choice: warned only."""
    rows = [Slot(1, dt.date(2026, 3, 14), None), Slot(2, dt.date(2026, 3, 16), None)]
    warnings = schedule.schedule_set(event_id=_dated(event).pk, rows=rows, user=arbiter, now=T0)
    assert len(warnings) == 1 and "Round 2" in warnings[0] and "outside" in warnings[0]
    event.refresh_from_db()
    assert event.round_dates == ["2026-03-14", "2026-03-16"]


def test_schedule_form_saves_and_shows_a_bad_time_without_change(
    event: Event, arbiter_client: Client
) -> None:
    url = reverse("tournament:workspace_schedule", args=[event.slug])
    page = arbiter_client.get(url)
    assert page.status_code == 200 and 'name="time-5"' in page.content.decode()
    bad = arbiter_client.post(url, {"date-1": "2026-03-14", "time-1": "25:00"})
    assert bad.status_code == 422 and "is not a time" in bad.content.decode()
    assert 'value="25:00"' in bad.content.decode()  # kept as typed, to correct
    done = arbiter_client.post(url, {"date-1": "2026-03-14", "time-1": "14:00"}, follow=True)
    assert "Schedule saved." in done.content.decode()
    event.refresh_from_db()
    assert event.round_times == ["14:00"]


def test_round_page_event_page_print_and_player_page_show_the_start_time(
    started: Event, players: list[Player], arbiter: User, client: Client, arbiter_client: Client
) -> None:
    schedule.schedule_set(event_id=started.pk, rows=[Slot(1, dt.date(2026, 3, 14), dt.time(14, 0))],
                          user=arbiter, now=T0)  # fmt: skip
    round_ = round_services.round_pair(event_id=started.pk, user=arbiter, now=T0, seed=1)
    round_services.round_publish(round_id=round_.pk, user=arbiter, now=T0)
    when = "Sat 14 Mar, 14:00"
    pages = [
        client.get(reverse("tournament:round_pairings", args=[started.slug, 1])),
        client.get(reverse("tournament:event_detail", args=[started.slug])),
        arbiter_client.get(reverse("tournament:workspace_round_print", args=[started.slug, 1])),
        client.get(reverse("tournament:player_page", args=[players[0].access_code])),
    ]
    for page in pages:
        assert page.status_code == 200
        assert when in page.content.decode(), page.request["PATH_INFO"]


def test_rating_report_round_dates_come_from_the_schedule(started: Event, arbiter: User) -> None:
    """132 gives the scheduled date of a round paired the evening before; a round without
    one, the day it was paired."""
    rows = [Slot(1, dt.date(2026, 3, 14), dt.time(10, 0))]
    schedule.schedule_set(event_id=_dated(started).pk, rows=rows, user=arbiter, now=T0)
    for number in (1, 2):
        round_ = round_services.round_pair(event_id=started.pk, user=arbiter, now=T0, seed=number)
        round_services.round_publish(round_id=round_.pk, user=arbiter, now=T0)
        round_.games.exclude(black=None).update(result="1-0")
    started.refresh_from_db()
    doc = trf.read_trf(rating_report(started, Edition.TRF16))
    assert trf.round_dates(doc, started.start_date) == {
        1: dt.date(2026, 3, 14),
        2: dt.date(2026, 3, 13),
    }


def test_rating_report_warns_of_a_round_paired_off_its_date_or_outside_the_event(
    started: Event, arbiter: User, arbiter_client: Client
) -> None:
    rows = [Slot(1, dt.date(2026, 3, 14), dt.time(10, 0))]
    schedule.schedule_set(event_id=_dated(started).pk, rows=rows, user=arbiter, now=T0)
    for number in (1, 2):
        round_ = round_services.round_pair(event_id=started.pk, user=arbiter, now=T0, seed=number)
        round_services.round_publish(round_id=round_.pk, user=arbiter, now=T0)
        round_.games.exclude(black=None).update(result="1-0")
    started.refresh_from_db()
    first, second = date_warnings(started)
    assert first.startswith("Round 1 was paired on") and "not on its scheduled date" in first
    assert second.startswith("Round 2 was paired on") and "outside the event's dates" in second
    arbiter_client.get(reverse("tournament:rating_report", args=[started.slug, "trf16"]))
    page = arbiter_client.get(reverse("tournament:workspace_schedule", args=[started.slug]))
    assert page.content.decode().count("was paired on") >= 2


def test_rating_report_has_no_warning_for_a_round_paired_on_its_day(
    started: Event, arbiter: User
) -> None:
    rows = [Slot(1, dt.date(2026, 3, 13), None)]
    Event.objects.filter(pk=started.pk).update(start_date=dt.date(2026, 3, 13))
    schedule.schedule_set(event_id=started.pk, rows=rows, user=arbiter, now=T0)
    round_services.round_pair(event_id=started.pk, user=arbiter, now=T0, seed=1)
    started.refresh_from_db()
    assert date_warnings(started) == []


def test_schedule_page_is_the_arbiters_alone(event: Event, stranger_client: Client) -> None:
    url = reverse("tournament:workspace_schedule", args=[event.slug])
    assert stranger_client.get(url).status_code in (403, 404)
    stranger_client.post(url, {"date-1": "2026-03-14"})
    event.refresh_from_db()
    assert event.round_dates == []


def test_audit_page_reads_the_schedule_and_fixed_board_rows(
    event: Event, players: list[Player], arbiter: User, arbiter_client: Client
) -> None:
    rows = [Slot(1, dt.date(2026, 3, 14), dt.time(14, 0))]
    schedule.schedule_set(event_id=event.pk, rows=rows, user=arbiter, now=T0)
    player_services.player_fixed_board_set(player_id=players[0].pk, board=3, user=arbiter, now=T0)
    page = arbiter_client.get(reverse("tournament:workspace_audit", args=[event.slug]))
    text = page.content.decode()
    assert "Schedule of the rounds changed" in text and "1: 2026-03-14 14:00" in text
    assert "Fixed board changed" in text and "fixed board: none → 3" in text
