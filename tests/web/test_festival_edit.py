"""Editing a festival (#34 item 1): rename, publish, dates; detach a section (a
standalone event again) or delete one that has played nothing.  Each change is audited in
the sections it touches, a refusal changes nothing, and every request by someone else is
a 403 or 404, never a 500."""

from __future__ import annotations

import datetime as dt
from decimal import Decimal

import pytest
from django.contrib.auth.models import User
from django.test import Client
from django.urls import reverse

from swissweb.tournament.audit.actions import AuditAction
from swissweb.tournament.core.errors import TournamentError
from swissweb.tournament.entries import services as entry_services
from swissweb.tournament.events import services as event_services
from swissweb.tournament.festivals import edits, services
from swissweb.tournament.models import (
    DEFAULT_FIELDS,
    AuditEntry,
    EntrySettings,
    Event,
    Festival,
    Player,
    Result,
)
from swissweb.tournament.rounds import results as result_services
from swissweb.tournament.rounds import services as round_services
from tests.web.festival_helpers import NOW, make_festival, section

pytestmark = pytest.mark.django_db

CHANGE = edits.FestivalChange(
    name="Hastings Congress 2026",
    public=False,
    start_date=dt.date(2026, 12, 28),
    end_date=dt.date(2027, 1, 5),
)


def _url(name: str, festival: Festival, event: Event | None = None) -> str:
    args: list[object] = [festival.slug] if event is None else [festival.slug, event.pk]
    return reverse(f"tournament:{name}", args=args)


def _messages(response: object) -> list[str]:
    return [str(m) for m in response.context["messages"]]  # type: ignore[attr-defined]  # test client


def _pair_round_1(event: Event, arbiter: User) -> int:
    event_services.event_start(event_id=event.pk, user=arbiter, now=NOW)
    return round_services.round_pair(event_id=event.pk, user=arbiter, now=NOW, seed=1).pk


def _paid_entry(event: Event, arbiter: User) -> None:
    settings = EntrySettings(open=True, fields_asked=list(DEFAULT_FIELDS))
    entry_services.entry_settings_set(
        event_id=event.pk, settings=settings, fees=[], user=arbiter, now=NOW
    )
    entry = entry_services.entry_submit(
        event_id=event.pk, data=entry_services.EntryData(name="Payer, Pat"), now=NOW
    )
    entry_services.entry_mark_paid(
        entry_id=entry.pk, amount=Decimal("30.00"), method="cash", user=arbiter, now=NOW
    )


# The services.


def test_festival_update_renames_unpublishes_and_dates_with_a_row_in_each_section(
    arbiter: User,
) -> None:
    festival = make_festival(arbiter, players=0)
    edits.festival_update(festival_id=festival.pk, change=CHANGE, user=arbiter, now=NOW)
    festival.refresh_from_db()
    assert (festival.name, festival.public) == ("Hastings Congress 2026", False)
    assert (festival.start_date, festival.end_date) == (CHANGE.start_date, CHANGE.end_date)
    rows = AuditEntry.objects.filter(action=AuditAction.FESTIVAL_CHANGE)
    assert {row.event_id for row in rows} == set(festival.sections.values_list("pk", flat=True))
    row = rows.first()
    assert row is not None and row.user == arbiter
    assert row.before == {"name": "Hastings 2026", "public": True}
    assert row.after == {
        "name": "Hastings Congress 2026",
        "public": False,
        "start_date": "2026-12-28",
        "end_date": "2027-01-05",
    }


def test_festival_update_with_the_end_before_the_start_changes_nothing(arbiter: User) -> None:
    festival = make_festival(arbiter, players=0)
    upside_down = edits.FestivalChange(
        name="Renamed", public=False, start_date=dt.date(2026, 3, 9), end_date=dt.date(2026, 3, 1)
    )
    with pytest.raises(TournamentError, match="end date cannot be before"):
        edits.festival_update(festival_id=festival.pk, change=upside_down, user=arbiter, now=NOW)
    festival.refresh_from_db()
    assert (festival.name, festival.public, festival.end_date) == ("Hastings 2026", True, None)
    assert not AuditEntry.objects.filter(action=AuditAction.FESTIVAL_CHANGE).exists()


def test_festival_update_refuses_an_empty_name_and_a_stranger(
    arbiter: User, stranger: User
) -> None:
    festival = make_festival(arbiter, players=0)
    blank = edits.FestivalChange(name="   ", public=True)
    with pytest.raises(TournamentError):
        edits.festival_update(festival_id=festival.pk, change=blank, user=arbiter, now=NOW)
    with pytest.raises(TournamentError, match="festival's arbiters"):
        edits.festival_update(festival_id=festival.pk, change=CHANGE, user=stranger, now=NOW)
    assert Festival.objects.get(pk=festival.pk).name == "Hastings 2026"


def test_detaching_a_section_makes_it_a_standalone_event_with_its_rules_cleared(
    arbiter: User,
) -> None:
    festival = make_festival(arbiter)
    junior = section(festival, "Under 1600")
    services.section_rules_set(
        event_id=junior.pk, rules=services.Rules(max_rating=1599, closed=True), user=arbiter,
        now=NOW,
    )  # fmt: skip
    edits.section_detach(festival_id=festival.pk, event_id=junior.pk, user=arbiter, now=NOW)
    junior.refresh_from_db()
    assert junior.festival is None and junior.section_name == "" and junior.section_order == 0
    assert (junior.max_rating, junior.closed) == (None, False)
    assert junior.players.count() == 4 and arbiter in junior.arbiters.all()
    detach = AuditEntry.objects.get(event=junior, action=AuditAction.SECTION_DETACH)
    assert detach.before == {"festival": "Hastings 2026", "section": "Under 1600", "order": 3}
    assert detach.after == {}
    rules = AuditEntry.objects.filter(event=junior, action=AuditAction.SECTION_RULES).first()
    assert rules is not None and rules.after == {"closed": False}
    assert [s.section_name for s in festival.sections.order_by("section_order")] == [
        "Open A",
        "Open B",
    ]


def test_detaching_an_event_of_another_festival_is_refused(arbiter: User) -> None:
    festival = make_festival(arbiter, players=0)
    other = services.festival_create(name="Other", slug="other", user=arbiter, now=NOW)
    a = section(festival, "Open A")
    with pytest.raises(TournamentError, match="not a section of this festival"):
        edits.section_detach(festival_id=other.pk, event_id=a.pk, user=arbiter, now=NOW)
    assert Event.objects.get(pk=a.pk).festival_id == festival.pk


def test_deleting_a_section_that_played_nothing_is_recorded_in_the_others(
    arbiter: User,
) -> None:
    festival = make_festival(arbiter)
    b = section(festival, "Open B")
    name = edits.section_delete(festival_id=festival.pk, event_id=b.pk, user=arbiter, now=NOW)
    assert name == "Open B"
    assert not Event.objects.filter(pk=b.pk).exists()
    assert not Player.objects.filter(event_id=b.pk).exists()
    rows = AuditEntry.objects.filter(action=AuditAction.SECTION_DELETE)
    assert {row.event.section_name for row in rows} == {"Open A", "Under 1600"}
    first = rows.first()
    assert first is not None and first.after == {
        "section": "Open B",
        "event": "Hastings 2026: Open B",
        "players": 4,
        "entries": 0,
    }


def test_deleting_a_section_with_a_draft_is_refused(arbiter: User) -> None:
    festival = make_festival(arbiter)
    a = section(festival, "Open A")
    _pair_round_1(a, arbiter)
    with pytest.raises(TournamentError, match="Round 1 of Open A is paired"):
        edits.section_delete(festival_id=festival.pk, event_id=a.pk, user=arbiter, now=NOW)
    assert Event.objects.filter(pk=a.pk, festival=festival).exists()


def test_deleting_a_section_with_results_is_refused(arbiter: User) -> None:
    festival = make_festival(arbiter)
    a = section(festival, "Open A")
    round_id = _pair_round_1(a, arbiter)
    round_services.round_publish(round_id=round_id, user=arbiter, now=NOW)
    game = a.round_set.get(pk=round_id).games.order_by("board").first()
    assert game is not None
    result_services.result_record(
        game_id=game.pk, result=Result.DRAW, expected_version=0, user=arbiter, now=NOW
    )
    with pytest.raises(TournamentError, match="Open A has results"):
        edits.section_delete(festival_id=festival.pk, event_id=a.pk, user=arbiter, now=NOW)
    assert Event.objects.filter(pk=a.pk).exists()


def test_deleting_a_section_with_a_payment_recorded_is_refused(arbiter: User) -> None:
    festival = make_festival(arbiter, players=0)
    b = section(festival, "Open B")
    _paid_entry(b, arbiter)
    with pytest.raises(TournamentError, match="1 entry of Open B has a payment recorded"):
        edits.section_delete(festival_id=festival.pk, event_id=b.pk, user=arbiter, now=NOW)
    assert b.entries.count() == 1


def test_the_only_section_is_detached_not_deleted(arbiter: User, event: Event) -> None:
    festival = services.festival_create(
        name="Solo", slug="solo", user=arbiter, now=NOW, event_ids=[event.pk]
    )
    with pytest.raises(TournamentError, match="only section"):
        edits.section_delete(festival_id=festival.pk, event_id=event.pk, user=arbiter, now=NOW)
    assert Event.objects.filter(pk=event.pk).exists()


# The pages.


def test_the_edit_page_is_the_festival_arbiters_only(
    arbiter_client: Client, stranger_client: Client, client: Client, arbiter: User
) -> None:
    festival = make_festival(arbiter, players=0)
    url = _url("festival_edit", festival)
    page = arbiter_client.get(url)
    assert page.status_code == 200
    assert "Hastings 2026" in page.content.decode()
    assert stranger_client.get(url).status_code == 403
    assert stranger_client.post(url, {"name": "Mine"}).status_code == 403
    assert arbiter_client.get("/festivals/no-such/edit/").status_code == 404
    client.logout()
    assert client.get(url).status_code == 302
    assert Festival.objects.get(pk=festival.pk).name == "Hastings 2026"


def test_the_edit_form_saves_and_warns_of_sections_outside_its_dates(
    arbiter_client: Client, arbiter: User
) -> None:
    festival = make_festival(arbiter, players=0)
    Event.objects.filter(pk=section(festival, "Open A").pk).update(
        start_date=dt.date(2026, 3, 1), end_date=dt.date(2026, 3, 3)
    )
    data = {"name": "Hastings 2026", "public": "on", "start_date": "2026-03-02"}
    response = arbiter_client.post(_url("festival_edit", festival), data, follow=True)
    assert response.status_code == 200
    texts = _messages(response)
    assert "Festival saved." in texts
    assert "These sections have dates outside the festival's: Open A." in texts
    assert Festival.objects.get(pk=festival.pk).start_date == dt.date(2026, 3, 2)


@pytest.mark.parametrize(
    "data",
    [
        {"name": "Hastings", "start_date": "2026-03-09", "end_date": "2026-03-01"},
        {"name": "Hastings", "start_date": "not a date"},
        {"name": "x" * 201},
        {"name": ""},
        {},
        {"name": f"Bad{chr(0x202E)}name"},
    ],
)
def test_a_hostile_edit_post_is_answered_with_a_message_and_changes_nothing(
    arbiter_client: Client, arbiter: User, data: dict[str, str]
) -> None:
    festival = make_festival(arbiter, players=0)
    response = arbiter_client.post(_url("festival_edit", festival), data)
    assert response.status_code == 422
    assert 'class="errorlist' in response.content.decode()
    festival.refresh_from_db()
    assert (festival.name, festival.public, festival.start_date) == ("Hastings 2026", True, None)


def test_detach_and_delete_by_post_with_their_messages(
    arbiter_client: Client, arbiter: User
) -> None:
    festival = make_festival(arbiter, players=0)
    a, b = section(festival, "Open A"), section(festival, "Open B")
    response = arbiter_client.post(_url("festival_section_detach", festival, a), follow=True)
    assert "Open A is an event of its own again, as Hastings 2026: Open A." in _messages(response)
    assert Event.objects.get(pk=a.pk).festival is None
    unconfirmed = arbiter_client.post(_url("festival_section_delete", festival, b), follow=True)
    assert "Tick the box to confirm deleting Open B: nothing was deleted." in _messages(unconfirmed)
    assert Event.objects.filter(pk=b.pk).exists()
    deleted = arbiter_client.post(
        _url("festival_section_delete", festival, b), {"confirm": "yes"}, follow=True
    )
    assert "Section Open B deleted." in _messages(deleted)
    assert not Event.objects.filter(pk=b.pk).exists()


def test_deleting_a_paired_section_by_post_says_why_and_keeps_it(
    arbiter_client: Client, arbiter: User
) -> None:
    festival = make_festival(arbiter)
    a = section(festival, "Open A")
    _pair_round_1(a, arbiter)
    response = arbiter_client.post(
        _url("festival_section_delete", festival, a), {"confirm": "yes"}, follow=True
    )
    assert response.status_code == 200
    assert any("Round 1 of Open A is paired" in text for text in _messages(response))
    assert Event.objects.filter(pk=a.pk).exists()


def test_a_section_of_another_festival_or_not_ones_own_is_404_or_403(
    arbiter_client: Client, stranger_client: Client, arbiter: User, stranger: User
) -> None:
    festival = make_festival(arbiter, players=0)
    other = services.festival_create(name="Other", slug="other", user=arbiter, now=NOW)
    a = section(festival, "Open A")
    for name in ("festival_section_detach", "festival_section_delete"):
        assert arbiter_client.post(_url(name, other, a), {"confirm": "yes"}).status_code == 404
        assert stranger_client.post(_url(name, festival, a), {"confirm": "yes"}).status_code == (
            403
        )
        assert arbiter_client.get(_url(name, festival, a)).status_code == 405
    # A festival arbiter who is not one of this section's arbiters.
    festival.arbiters.add(stranger)
    for name in ("festival_section_detach", "festival_section_delete"):
        assert stranger_client.post(_url(name, festival, a), {"confirm": "yes"}).status_code == (
            403
        )
    assert Event.objects.get(pk=a.pk).festival_id == festival.pk


def test_the_edit_page_shows_the_dates_as_iso_whatever_the_language(
    arbiter_client: Client, arbiter: User
) -> None:
    """A browser's date box reads ISO dates only: in German's "28.12.2026" it would show
    empty, and saving the page would erase the dates."""
    festival = make_festival(arbiter, players=0)
    edits.festival_update(festival_id=festival.pk, change=CHANGE, user=arbiter, now=NOW)
    page = arbiter_client.get(_url("festival_edit", festival), HTTP_ACCEPT_LANGUAGE="de")
    html = page.content.decode()
    assert 'lang="de"' in html
    assert 'value="2026-12-28"' in html and 'value="2027-01-05"' in html
