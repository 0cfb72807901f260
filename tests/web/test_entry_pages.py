"""Online entries' pages (#34 item 2): the public form and its guards, the confirmation
page and its e-mail, the arbiter's entries page (arbiters only), and the CSV."""

from __future__ import annotations

import csv
import datetime as dt
import io
from decimal import Decimal
from typing import TYPE_CHECKING

import pytest
from django.contrib.auth.models import User
from django.core import mail
from django.core.cache import cache
from django.test import Client
from django.utils import timezone
from pytest_django import Settings

from swissweb.ratings.models import ListedPlayer, ListKind, RatingList
from swissweb.tournament.entries import services
from swissweb.tournament.entries.services import EntryData, FeeRowData
from swissweb.tournament.models import (
    DEFAULT_FIELDS,
    Entry,
    EntrySettings,
    EntryState,
    Event,
    Player,
)
from swissweb.tournament.players.check_in import check_in_set

if TYPE_CHECKING:  # the test client's response type exists in django-stubs only
    from django.test.client import _MonkeyPatchedWSGIResponse

pytestmark = pytest.mark.django_db

NOW = dt.datetime(2026, 3, 1, 9, 0, tzinfo=dt.UTC)


def open_entries(event: Event, arbiter: User, **values: object) -> None:
    settings = EntrySettings(open=True, fields_asked=list(DEFAULT_FIELDS))
    for key, value in values.items():
        setattr(settings, key, value)
    fees = [FeeRowData(label="Everyone", amount=Decimal("30.00"))]
    services.entry_settings_set(
        event_id=event.pk, settings=settings, fees=fees, user=arbiter, now=NOW
    )


def form_url(event: Event) -> str:
    return f"/events/{event.slug}/enter/"


def post_entry(client: Client, event: Event, **values: str) -> _MonkeyPatchedWSGIResponse:
    data = {"name": "Newcomer, Nia", "email": "nia@example.org", "website": ""}
    data.update(values)
    return client.post(form_url(event), data)


def test_an_entry_leads_to_its_confirmation_page_with_the_fee(
    client: Client, event: Event, arbiter: User
) -> None:
    open_entries(event, arbiter)
    response = client.post(form_url(event), {"name": "Newcomer, Nia", "website": ""})
    entry = Entry.objects.get()
    assert response.status_code == 302
    assert response["Location"] == f"/entry/{entry.code}/"
    page = client.get(response["Location"])
    assert page.status_code == 200 and page["Cache-Control"] == "no-store"
    assert b"30.00" in page.content and b"waiting for the arbiter" in page.content


def test_an_accepted_entrant_sees_and_is_mailed_their_private_link(
    client: Client, event: Event, arbiter: User, settings: Settings
) -> None:
    settings.EMAIL_HOST = "mail.example.org"
    open_entries(event, arbiter, auto_accept=True)
    response = client.post(
        form_url(event), {"name": "Quick, Quin", "email": "q@example.org", "website": ""}
    )
    player = Player.objects.get(event=event)
    page = client.get(response["Location"])
    assert f"/p/{player.access_code}/".encode() in page.content
    assert len(mail.outbox) == 1
    assert mail.outbox[0].to == ["q@example.org"]
    assert f"/p/{player.access_code}/" in str(mail.outbox[0].body)


def test_without_a_mail_server_nothing_is_mailed(
    client: Client, event: Event, arbiter: User, settings: Settings
) -> None:
    settings.EMAIL_HOST = ""
    open_entries(event, arbiter)
    post_entry(client, event)
    assert Entry.objects.count() == 1 and mail.outbox == []


def test_a_filled_honeypot_takes_no_entry(client: Client, event: Event, arbiter: User) -> None:
    open_entries(event, arbiter)
    response = post_entry(client, event, website="http://spam.example")
    assert response.status_code == 400
    assert not Entry.objects.exists()


def test_the_form_after_the_deadline_says_so_and_takes_nothing(
    client: Client, event: Event, arbiter: User
) -> None:
    open_entries(event, arbiter, deadline=timezone.now() - dt.timedelta(hours=1))
    page = client.get(form_url(event))
    assert b"deadline has passed" in page.content and b'name="name"' not in page.content
    response = post_entry(client, event)
    assert response.status_code == 422
    assert not Entry.objects.exists()


def test_a_closed_event_takes_nothing(client: Client, event: Event) -> None:
    response = post_entry(client, event)
    assert response.status_code == 422
    assert not Entry.objects.exists()


def test_a_full_event_offers_the_waiting_list(client: Client, event: Event, arbiter: User) -> None:
    open_entries(event, arbiter, maximum=1)
    post_entry(client, event, name="First, Flo")
    assert b"an entry now goes on the waiting list" in client.get(form_url(event)).content
    response = client.post(form_url(event), {"name": "Second, Sam", "website": ""})
    page = client.get(response["Location"])
    assert b"waiting list" in page.content
    assert Entry.objects.get(name="Second, Sam").state == EntryState.WAITING


def test_a_duplicate_entry_is_refused_with_its_reason(
    client: Client, event: Event, arbiter: User
) -> None:
    open_entries(event, arbiter)
    post_entry(client, event, fide_id="4100018")
    response = post_entry(client, event, name="Again, Al", fide_id="4100018")
    assert response.status_code == 422
    assert b"entered this event already" in response.content
    assert Entry.objects.count() == 1


def test_oversized_fields_are_refused_by_the_form(
    client: Client, event: Event, arbiter: User
) -> None:
    open_entries(event, arbiter)
    response = post_entry(client, event, name="N" * 5000, notes="x" * 5000)
    assert response.status_code == 422
    assert not Entry.objects.exists()


def test_a_body_over_the_anonymous_limit_is_413_and_takes_nothing(
    client: Client, event: Event, arbiter: User, settings: Settings
) -> None:
    settings.ANON_MAX_BODY_KB = 8
    open_entries(event, arbiter)
    response = post_entry(client, event, notes="x" * 20_000)
    assert response.status_code == 413
    assert not Entry.objects.exists()


def test_fields_not_asked_are_neither_shown_nor_taken(
    client: Client, event: Event, arbiter: User
) -> None:
    open_entries(event, arbiter, fields_asked=["email"])
    page = client.get(form_url(event))
    assert b'name="club"' not in page.content and b'name="email"' in page.content
    post_entry(client, event, club="Sneaky")
    assert Entry.objects.get().club == ""


def test_entries_over_the_client_limit_get_429(
    client: Client, event: Event, arbiter: User, settings: Settings
) -> None:
    cache.clear()
    settings.ENTRY_RATE_LIMIT = 2
    open_entries(event, arbiter)
    for name in ("One, O", "Two, T"):
        post_entry(client, event, name=name)
    response = post_entry(client, event, name="Three, T")
    assert response.status_code == 429
    assert Entry.objects.count() == 2


def test_an_entry_limit_of_zero_is_no_limit(
    client: Client, event: Event, arbiter: User, settings: Settings
) -> None:
    cache.clear()
    settings.ENTRY_RATE_LIMIT = 0
    open_entries(event, arbiter)
    for name in ("One, O", "Two, T", "Three, T"):
        assert post_entry(client, event, name=name).status_code == 302
    assert Entry.objects.count() == 3


def test_look_up_fills_the_form_from_the_fide_list(
    client: Client, event: Event, arbiter: User
) -> None:
    listing = RatingList.objects.create(name="FIDE", kind=ListKind.FIDE, loaded_at=NOW)
    ListedPlayer.objects.create(
        rating_list=listing,
        player_id="4100018",
        name="Listed, Lena",
        name_key="listed, lena",
        federation="GER",
        sex="w",
        birth_year=2004,
        standard=1987,
    )
    open_entries(event, arbiter)
    page = client.post(form_url(event), {"fide_id": "4100018", "lookup": "1", "name": ""})
    assert page.status_code == 200
    assert b'value="Listed, Lena"' in page.content and b'value="GER"' in page.content
    assert b"1987" in page.content
    assert not Entry.objects.exists()


def test_an_unknown_confirmation_code_is_404(client: Client) -> None:
    assert client.get("/entry/nope/").status_code == 404


def entries_page(event: Event) -> str:
    return f"/events/{event.slug}/manage/entries/"


def test_only_the_events_arbiters_see_the_entries_page(
    client: Client, stranger_client: Client, event: Event
) -> None:
    for url in (
        entries_page(event),
        entries_page(event) + "settings/",
        entries_page(event) + "entries.csv",
    ):
        assert client.get(url).status_code == 302
        assert stranger_client.get(url).status_code == 403


def test_a_stranger_cannot_accept_or_mark_paid(
    stranger_client: Client, event: Event, arbiter: User
) -> None:
    open_entries(event, arbiter)
    entry = services.entry_submit(event_id=event.pk, data=EntryData(name="Some, One"), now=NOW)
    for action in ("accept", "paid"):
        url = f"/events/{event.slug}/entries/{entry.pk}/{action}/"
        assert stranger_client.post(url, {"amount": "5", "method": "cash"}).status_code == 403
    entry.refresh_from_db()
    assert entry.state == EntryState.PENDING and entry.paid_amount is None


def test_the_arbiter_searches_filters_accepts_and_marks_paid(
    arbiter_client: Client, event: Event, arbiter: User
) -> None:
    open_entries(event, arbiter)
    first = services.entry_submit(event_id=event.pk, data=EntryData(name="Alpha, Ann"), now=NOW)
    services.entry_submit(event_id=event.pk, data=EntryData(name="Beta, Bo"), now=NOW)
    base = f"/events/{event.slug}/entries/{first.pk}/"
    arbiter_client.post(base + "accept/")
    arbiter_client.post(base + "paid/", {"amount": "30", "method": "transfer"})
    first.refresh_from_db()
    assert first.state == EntryState.ACCEPTED and first.paid_method == "transfer"
    found = arbiter_client.get(entries_page(event), {"q": "alpha"})
    assert b"Alpha, Ann" in found.content and b"Beta, Bo" not in found.content
    unpaid = arbiter_client.get(entries_page(event), {"paid": "no"})
    assert b"Beta, Bo" in unpaid.content and b"Alpha, Ann" not in unpaid.content
    bad = arbiter_client.post(base + "paid/", {"amount": "lots", "method": "cash"})
    assert bad.status_code == 302
    first.refresh_from_db()
    assert first.paid_amount == Decimal("30.00")


def test_the_arbiter_filters_entries_by_check_in_for_the_next_round(
    arbiter_client: Client, event: Event, arbiter: User
) -> None:
    """#34 item 2: the entries page and its CSV keep the entrants checked in for the
    round check-in is for, or those not (an entry without a player is not)."""
    open_entries(event, arbiter)
    here, away = (
        services.entry_accept(
            entry_id=services.entry_submit(event_id=event.pk, data=EntryData(name=name),
                                           now=NOW).pk, user=arbiter, now=NOW,
        )
        for name in ("Here, Hal", "Away, Abe")
    )  # fmt: skip
    services.entry_submit(event_id=event.pk, data=EntryData(name="Pending, Pat"), now=NOW)
    assert here.player is not None and away.player is not None
    check_in_set(player_id=here.player.pk, round_number=1, present=True, user=arbiter, now=NOW)
    checked = arbiter_client.get(entries_page(event), {"checked": "yes"})
    assert b"Checked in for round 1" in checked.content
    assert b"Here, Hal" in checked.content
    assert b"Away, Abe" not in checked.content and b"Pending, Pat" not in checked.content
    missing = arbiter_client.get(entries_page(event), {"checked": "no"}).content
    assert b"Here, Hal" not in missing
    assert b"Away, Abe" in missing and b"Pending, Pat" in missing
    rows = arbiter_client.get(entries_page(event) + "entries.csv", {"checked": "yes"})
    names = [row["name"] for row in csv.DictReader(io.StringIO(rows.content.decode("utf-8-sig")))]
    assert names == ["Here, Hal"]


def test_the_arbiter_saves_settings_and_the_fee_table(arbiter_client: Client, event: Event) -> None:
    data = {
        "open": "on",
        "maximum": "50",
        "currency": "gbp",
        "fields_asked": ["fide_id", "email"],
        "fees-TOTAL_FORMS": "2",
        "fees-INITIAL_FORMS": "0",
        "fees-0-label": "Titled",
        "fees-0-titles": "titled",
        "fees-0-amount": "0",
        "fees-1-label": "Everyone",
        "fees-1-amount": "25.50",
    }
    response = arbiter_client.post(entries_page(event) + "settings/", data)
    assert response.status_code == 302
    saved = EntrySettings.objects.get(event=event)
    assert saved.open and saved.maximum == 50 and saved.fields_asked == ["fide_id", "email"]
    assert saved.currency == "GBP"
    assert [(r.label, r.amount) for r in event.fee_rows.all()] == [
        ("Titled", Decimal("0.00")),
        ("Everyone", Decimal("25.50")),
    ]


def test_the_csv_has_every_field_and_escapes_formulas(
    arbiter_client: Client, event: Event, arbiter: User
) -> None:
    open_entries(event, arbiter)
    services.entry_submit(
        event_id=event.pk,
        data=EntryData(
            name="Formula, Fred",
            club='=HYPERLINK("http://evil.example")',
            notes="@SUM(A1)",
            email="fred@example.org",
            fide_id=99,
        ),
        now=NOW,
    )
    response = arbiter_client.get(entries_page(event) + "entries.csv")
    assert response["Content-Type"].startswith("text/csv")
    body = response.content.decode("utf-8")
    assert body.startswith("\ufeff"), "a BOM, as every CSV, for spreadsheets to read UTF-8"
    rows = list(csv.DictReader(io.StringIO(body.removeprefix("\ufeff"))))
    assert len(rows) == 1
    row = rows[0]
    assert row["club"] == '\'=HYPERLINK("http://evil.example")'
    assert row["notes"] == "'@SUM(A1)"
    assert (row["fide_id"], row["email"], row["fee"], row["state"]) == (
        "99",
        "fred@example.org",
        "30.00",
        "pending",
    )
    for column in ("federation", "birth_year", "sex", "paid_amount", "paid_method", "rating"):
        assert column in row


def test_entries_csv_has_both_ratings_and_the_national_list(
    arbiter_client: Client, event: Event, arbiter: User
) -> None:
    """#35 item 1: an entry holds a FIDE and a national rating; the CSV writes both,
    with the national list's name, not the FIDE rating alone."""
    open_entries(event, arbiter)
    entry = services.entry_submit(
        event_id=event.pk, data=EntryData(name="Dorn, Dana", national_id="C0327-004"), now=NOW
    )
    Entry.objects.filter(pk=entry.pk).update(rating=1700, national_rating=2000, national_list="DWZ")
    body = arbiter_client.get(entries_page(event) + "entries.csv").content.decode("utf-8-sig")
    (row,) = csv.DictReader(io.StringIO(body))
    assert (row["rating"], row["national_rating"], row["national_list"]) == ("1700", "2000", "DWZ")


def test_the_arbiters_acceptance_mails_the_private_link(
    arbiter_client: Client, event: Event, arbiter: User, settings: Settings
) -> None:
    settings.EMAIL_HOST = "mail.example.org"
    open_entries(event, arbiter)
    entry = services.entry_submit(
        event_id=event.pk, data=EntryData(name="Later, Lu", email="lu@example.org"), now=NOW
    )
    arbiter_client.post(f"/events/{event.slug}/entries/{entry.pk}/accept/")
    player = Player.objects.get(event=event)
    assert [m.to for m in mail.outbox] == [["lu@example.org"]]
    assert f"/p/{player.access_code}/" in str(mail.outbox[0].body)


def test_a_failing_mail_server_does_not_undo_the_entry(
    client: Client,
    event: Event,
    arbiter: User,
    settings: Settings,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    settings.EMAIL_HOST = "mail.example.org"

    def refuse(*args: object, **kwargs: object) -> int:
        raise ConnectionRefusedError("no mail server")

    monkeypatch.setattr("swissweb.tournament.entries.mail.send_mail", refuse)
    open_entries(event, arbiter)
    response = post_entry(client, event)
    assert response.status_code == 302
    assert Entry.objects.count() == 1
