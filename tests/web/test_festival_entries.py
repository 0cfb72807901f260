"""The festival's entries for its arbiters (#34 items 1 and 2): every section's entries in
one list with section, rating, state, paid and checked in; filters by section and state;
the fees due and paid per section and overall; the CSV (UTF-8 with a BOM, formula-escaped);
a fixed number of queries; the festival's arbiters only."""

from __future__ import annotations

import csv
import io
from decimal import Decimal

import pytest
from django.contrib.auth.models import User
from django.test import Client
from django.urls import reverse
from pytest_django import DjangoAssertNumQueries

from swissweb.tournament.entries import services as entry_services
from swissweb.tournament.entries.selectors import CSV_FIELDS
from swissweb.tournament.entries.services import EntryData, FeeRowData
from swissweb.tournament.festivals.entries import CSV_HEADER, festival_entries
from swissweb.tournament.models import (
    DEFAULT_FIELDS,
    Entry,
    EntrySettings,
    EntryState,
    Event,
    Festival,
    RatingBasis,
)
from swissweb.tournament.players import check_in as check_in_services
from tests.web.festival_helpers import NOW, make_festival, section

pytestmark = pytest.mark.django_db


def _open(event: Event, arbiter: User, fee: str, currency: str = "EUR", **values: object) -> None:
    settings = EntrySettings(open=True, fields_asked=list(DEFAULT_FIELDS), currency=currency)
    for key, value in values.items():
        setattr(settings, key, value)
    fees = [FeeRowData(label="Everyone", amount=Decimal(fee))]
    entry_services.entry_settings_set(
        event_id=event.pk, settings=settings, fees=fees, user=arbiter, now=NOW
    )


def _enter(event: Event, name: str) -> Entry:
    return entry_services.entry_submit(event_id=event.pk, data=EntryData(name=name), now=NOW)


def _pay(entry: Entry, arbiter: User, amount: str) -> None:
    entry_services.entry_mark_paid(
        entry_id=entry.pk, amount=Decimal(amount), method="cash", user=arbiter, now=NOW
    )


@pytest.fixture
def festival(arbiter: User) -> Festival:
    """Open A (30.00): Ann accepted and paid, checked in for round 1; Bob waiting for the
    arbiter.  Open B (20.00, maximum 1): Cy accepted, Di on the waiting list, paid 20.00.
    Under 1600 (no entry settings): no entries."""
    made = make_festival(arbiter, players=0)
    a, b = section(made, "Open A"), section(made, "Open B")
    _open(a, arbiter, "30.00")
    _open(b, arbiter, "20.00", maximum=1)
    ann = _enter(a, "Alpha, Ann")
    entry_services.entry_accept(entry_id=ann.pk, user=arbiter, now=NOW)
    _pay(ann, arbiter, "30.00")
    _enter(a, "Beta, Bob")
    cy = _enter(b, "Gamma, Cy")
    entry_services.entry_accept(entry_id=cy.pk, user=arbiter, now=NOW)
    di = _enter(b, "=Delta, Di")
    assert di.state == EntryState.WAITING
    _pay(di, arbiter, "20.00")
    ann.refresh_from_db()
    assert ann.player_id is not None
    check_in_services.check_in_set(
        player_id=ann.player_id, round_number=1, present=True, user=arbiter, now=NOW
    )
    return made


def test_every_sections_entries_in_one_list_in_the_festivals_order(festival: Festival) -> None:
    found = festival_entries(festival=festival)
    rows = [
        (r.section.name, r.entry.name, r.entry.state, r.entry.paid_amount, r.checked_in)
        for r in found.rows
    ]
    assert rows == [
        ("Open A", "Alpha, Ann", "accepted", Decimal("30.00"), True),
        ("Open A", "Beta, Bob", "pending", None, None),
        ("Open B", "Gamma, Cy", "accepted", None, False),
        ("Open B", "=Delta, Di", "waiting", Decimal("20.00"), None),
    ]
    assert [s.name for s in found.sections] == ["Open A", "Open B", "Under 1600"]
    assert all(s.check_in_round == 1 for s in found.sections)


def test_fees_due_count_accepted_and_pending_and_paid_counts_every_amount(
    festival: Festival,
) -> None:
    found = festival_entries(festival=festival)
    table = [(f.label, f.entries, f.due, f.paid, f.currency) for f in found.by_section]
    assert table == [
        ("Open A", 2, Decimal("60.00"), Decimal("30.00"), "EUR"),
        ("Open B", 2, Decimal("20.00"), Decimal("20.00"), "EUR"),
        ("Under 1600", 0, Decimal(0), Decimal(0), "EUR"),
    ]
    assert [(f.entries, f.due, f.paid) for f in found.overall] == [
        (4, Decimal("80.00"), Decimal("50.00"))
    ]


def test_sections_in_other_currencies_are_totalled_apart(festival: Festival, arbiter: User) -> None:
    junior = section(festival, "Under 1600")
    _open(junior, arbiter, "10.00", currency="GBP")
    _enter(junior, "Epsilon, Eve")
    found = festival_entries(festival=festival)
    assert [(f.currency, f.due) for f in found.overall] == [
        ("EUR", Decimal("80.00")),
        ("GBP", Decimal("10.00")),
    ]


def test_filters_by_section_and_state(festival: Festival) -> None:
    found = festival_entries(festival=festival)
    b = section(festival, "Open B")
    assert [r.entry.name for r in found.shown(section=b.pk)] == ["Gamma, Cy", "=Delta, Di"]
    accepted = found.shown(state=EntryState.ACCEPTED)
    assert [r.entry.name for r in accepted] == ["Alpha, Ann", "Gamma, Cy"]
    assert [r.entry.name for r in found.shown(section=b.pk, state="waiting")] == ["=Delta, Di"]
    assert len(found.shown(state="no such state")) == 4


def test_filters_by_a_search_paid_and_checked_in_as_a_sections_list(festival: Festival) -> None:
    """#34 item 2: search, filter by section / paid / checked in, over every section."""
    found = festival_entries(festival=festival)

    def names(**filters: str) -> list[str]:
        return [r.entry.name for r in found.shown(**filters)]  # type: ignore[arg-type]  # keywords

    assert names(query="  BETA ") == ["Beta, Bob"]
    assert names(query="zzz") == []
    assert names(paid="yes") == ["Alpha, Ann", "=Delta, Di"]
    assert names(paid="no") == ["Beta, Bob", "Gamma, Cy"]
    assert names(checked="yes") == ["Alpha, Ann"]
    assert names(checked="no") == ["Beta, Bob", "Gamma, Cy", "=Delta, Di"]
    assert names(paid="maybe", checked="perhaps") == names()


def test_the_page_and_csv_keep_the_search_and_filters(
    festival: Festival, arbiter_client: Client
) -> None:
    url = reverse("tournament:festival_entries", args=[festival.slug])
    page = arbiter_client.get(url, {"q": "gamma", "paid": "no"}).content.decode()
    listed = page.split("<h2>")[-1]
    assert "Gamma, Cy" in listed and "Beta, Bob" not in listed
    assert "entries.csv?section=&amp;state=&amp;q=gamma&amp;paid=no&amp;checked=" in page
    csv_url = reverse("tournament:festival_entries_csv", args=[festival.slug])
    body = arbiter_client.get(csv_url, {"checked": "yes"}).content.decode("utf-8")
    rows = list(csv.reader(io.StringIO(body.removeprefix("\ufeff"))))
    assert [row[1] for row in rows[1:]] == ["Alpha, Ann"]


def test_the_list_reads_in_a_fixed_number_of_queries(
    festival: Festival, django_assert_max_num_queries: DjangoAssertNumQueries
) -> None:
    """Four queries (sections, currencies, entries, check-ins) for 4 entries or 40."""
    with django_assert_max_num_queries(4):
        festival_entries(festival=festival)
    a = section(festival, "Open A")
    Entry.objects.bulk_create(Entry(event=a, name=f"Extra, No {n}") for n in range(36))
    with django_assert_max_num_queries(4):
        assert len(festival_entries(festival=festival).rows) == 40


def test_the_page_lists_filters_and_totals(festival: Festival, arbiter_client: Client) -> None:
    url = reverse("tournament:festival_entries", args=[festival.slug])
    page = arbiter_client.get(url).content.decode()
    for text in ("Alpha, Ann", "Gamma, Cy", "=Delta, Di", "yes, round 1", "60.00 EUR", "80.00 EUR"):
        assert text in page, text
    b = section(festival, "Open B")
    filtered = arbiter_client.get(url, {"section": str(b.pk), "state": "accepted"}).content.decode()
    assert "Gamma, Cy" in filtered and "Alpha, Ann" not in filtered.split("<h2>")[-1]


def test_each_entry_shows_the_rating_its_section_pairs_on(
    festival: Festival, arbiter_client: Client
) -> None:
    """#35 item 1: Open B pairs on the national rating, Open A on FIDE's; the festival's
    list and each section's own show each entry's rating by its section's choice."""
    b = section(festival, "Open B")
    Event.objects.filter(pk=b.pk).update(rating_basis=RatingBasis.NATIONAL)
    Entry.objects.filter(name__in=("Alpha, Ann", "Gamma, Cy")).update(
        rating=1713, national_rating=1887
    )
    url = reverse("tournament:festival_entries", args=[festival.slug])
    rows = arbiter_client.get(url).content.decode().split("<tr>")
    (ann,) = [row for row in rows if "Alpha, Ann" in row]
    (cy,) = [row for row in rows if "Gamma, Cy" in row]
    assert '<td class="num">1713</td>' in ann and "1887" not in ann
    assert '<td class="num">1887</td>' in cy and "1713" not in cy
    own = arbiter_client.get(f"/events/{b.slug}/manage/entries/").content.decode()
    assert '<td class="num">1887</td>' in own and "1713" not in own


@pytest.mark.parametrize(
    "query",
    [
        {"section": "x"},
        {"section": "999999"},
        {"section": "-1", "state": "'; drop"},
        {"page": "9999"},
        {"section": "1" * 40},
        {"paid": "x", "checked": "1" * 40},
    ],
)
def test_junk_filters_show_every_entry_never_a_500(
    festival: Festival, arbiter_client: Client, query: dict[str, str]
) -> None:
    for name in ("festival_entries", "festival_entries_csv"):
        response = arbiter_client.get(reverse(f"tournament:{name}", args=[festival.slug]), query)
        assert response.status_code == 200, name
        assert "Gamma, Cy" in response.content.decode(), name


def test_a_junk_search_finds_nothing_never_a_500(
    festival: Festival, arbiter_client: Client
) -> None:
    for name in ("festival_entries", "festival_entries_csv"):
        url = reverse(f"tournament:{name}", args=[festival.slug])
        response = arbiter_client.get(url, {"q": "%<b>" * 60})
        assert response.status_code == 200, name
        assert "Gamma, Cy" not in response.content.decode(), name


def test_the_csv_has_a_bom_every_field_and_escapes_formulas(
    festival: Festival, arbiter_client: Client
) -> None:
    url = reverse("tournament:festival_entries_csv", args=[festival.slug])
    response = arbiter_client.get(url, {"state": "waiting"})
    assert response["Content-Type"] == "text/csv; charset=utf-8"
    assert response["Cache-Control"] == "no-store"
    assert 'filename="hastings-entries.csv"' in response["Content-Disposition"]
    body = response.content.decode("utf-8")
    assert body.startswith("\ufeff")
    rows = list(csv.reader(io.StringIO(body.removeprefix("\ufeff"))))
    assert tuple(rows[0]) == CSV_HEADER
    assert rows[0][1 : 1 + len(CSV_FIELDS)] == list(CSV_FIELDS)
    assert len(rows) == 2
    record = dict(zip(rows[0], rows[1], strict=True))
    assert record["section"] == "Open B" and record["name"] == "'=Delta, Di"
    assert (record["state"], record["paid_amount"], record["fee"]) == ("waiting", "20.00", "20.00")
    assert (record["check_in_round"], record["checked_in"]) == ("1", "")
    everyone = arbiter_client.get(url).content.decode("utf-8")
    checked = {r[1]: r[-1] for r in csv.reader(io.StringIO(everyone.removeprefix("\ufeff")))}
    assert (checked["Alpha, Ann"], checked["Gamma, Cy"]) == ("yes", "no")


def test_the_entries_pages_are_the_festival_arbiters_only(
    festival: Festival, stranger_client: Client, client: Client
) -> None:
    for name in ("festival_entries", "festival_entries_csv"):
        url = reverse(f"tournament:{name}", args=[festival.slug])
        assert stranger_client.get(url).status_code == 403, name
        assert stranger_client.post(url).status_code == 403, name
        assert client.get(url).status_code == 302, name
        missing = reverse(f"tournament:{name}", args=["no-such"])
        assert stranger_client.get(missing).status_code == 404, name
