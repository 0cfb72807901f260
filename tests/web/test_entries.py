"""Online entries' services (#34 item 2): settings, submission, waiting list, decisions,
fees from the fee table, and every refusal changing nothing."""

from __future__ import annotations

import datetime as dt
from decimal import Decimal
from typing import Any

import pytest
from django.contrib.auth.models import User

from swissweb.ratings.models import ListedPlayer, ListKind, RatingList
from swissweb.tournament.audit.actions import AuditAction
from swissweb.tournament.core.errors import TournamentError
from swissweb.tournament.entries import services
from swissweb.tournament.entries.fees import fee_for
from swissweb.tournament.entries.services import EntryData, FeeRowData
from swissweb.tournament.models import (
    DEFAULT_FIELDS,
    Entry,
    EntrySettings,
    EntryState,
    Event,
    FeeRow,
    FeeTitles,
    Player,
)

pytestmark = pytest.mark.django_db

NOW = dt.datetime(2026, 3, 1, 9, 0, tzinfo=dt.UTC)
FEES = [
    FeeRowData(label="Titled players", titles=FeeTitles.TITLED, amount=Decimal(0)),
    FeeRowData(label="Juniors", born_from=2008, amount=Decimal("15.00")),
    FeeRowData(label="Everyone", amount=Decimal("30.00")),
]


def open_entries(event: Event, arbiter: User, **values: object) -> EntrySettings:
    """Open the event's entries with ``values`` and the fee table above."""
    settings = EntrySettings(open=True, fields_asked=list(DEFAULT_FIELDS))
    for key, value in values.items():
        setattr(settings, key, value)
    return services.entry_settings_set(
        event_id=event.pk, settings=settings, fees=FEES, user=arbiter, now=NOW
    )


@pytest.fixture
def fide_list(db: None) -> RatingList:
    listing = RatingList.objects.create(name="FIDE", kind=ListKind.FIDE, loaded_at=NOW)
    rows = [
        ("1503014", "Carlsen, Magnus", "NOR", "GM", 1990, 2830),
        ("2000001", "Weak, Walter", "ENG", "", 2010, 1450),
    ]
    for fide_id, name, fed, title, born, rating in rows:
        ListedPlayer.objects.create(
            rating_list=listing,
            player_id=fide_id,
            name=name,
            name_key=name.lower(),
            federation=fed,
            sex="m",
            title=title,
            birth_year=born,
            standard=rating,
        )
    return listing


def submit(event: Event, name: str = "Newcomer, Nia", **values: Any) -> Entry:
    return services.entry_submit(event_id=event.pk, data=EntryData(name=name, **values), now=NOW)


def test_settings_and_fee_table_are_saved_and_audited(event: Event, arbiter: User) -> None:
    open_entries(event, arbiter, maximum=40)
    assert EntrySettings.objects.get(event=event).maximum == 40
    assert list(FeeRow.objects.filter(event=event).values_list("label", flat=True)) == [
        "Titled players",
        "Juniors",
        "Everyone",
    ]
    entry = event.audit_entries.get(action=AuditAction.ENTRY_SETTINGS)
    assert entry.after["fees"][2] == "Everyone: 30.00"


def test_a_rating_range_upside_down_is_refused_and_saves_nothing(
    event: Event, arbiter: User
) -> None:
    with pytest.raises(TournamentError, match="highest rating admitted is below"):
        open_entries(event, arbiter, min_rating=2000, max_rating=1600)
    assert not EntrySettings.objects.filter(event=event).exists()
    assert not FeeRow.objects.filter(event=event).exists()


def test_an_entry_takes_from_the_fide_list_what_it_knows(
    event: Event, arbiter: User, fide_list: RatingList
) -> None:
    """The rating, title, federation and birth year come from the list, not the form."""
    open_entries(event, arbiter)
    entry = submit(event, "Carlsen, Magnus", fide_id=1503014, email="m@example.org")
    assert (entry.rating, entry.title, entry.federation, entry.birth_year) == (
        2830,
        "GM",
        "NOR",
        1990,
    )
    assert entry.state == EntryState.PENDING
    assert (entry.fee, entry.fee_label) == (Decimal(0), "Titled players")
    assert event.audit_entries.get(action=AuditAction.ENTRY_SUBMIT).user is None


def test_fee_rows_apply_first_fitting_row_in_order(event: Event, arbiter: User) -> None:
    open_entries(event, arbiter)
    rows = list(event.fee_rows.all())
    junior = fee_for(rows, title="", birth_year=2012)
    adult = fee_for(rows, title="", birth_year=1980)
    unknown = fee_for(rows, title="", birth_year=None)
    titled_junior = fee_for(rows, title="FM", birth_year=2012)
    assert junior is not None and junior.amount == Decimal("15.00")
    assert adult is not None and adult.label == "Everyone"
    assert unknown is not None and unknown.label == "Everyone"
    assert titled_junior is not None and titled_junior.amount == Decimal(0)
    assert fee_for([], title="", birth_year=1980) is None


def test_closed_entries_refuse_and_change_nothing(event: Event, arbiter: User) -> None:
    with pytest.raises(TournamentError, match="closed"):
        submit(event)
    open_entries(event, arbiter, open=False)
    with pytest.raises(TournamentError, match="closed"):
        submit(event)
    assert not Entry.objects.exists()


def test_an_entry_after_the_deadline_is_refused(event: Event, arbiter: User) -> None:
    open_entries(event, arbiter, deadline=NOW - dt.timedelta(minutes=1))
    with pytest.raises(TournamentError, match="deadline has passed"):
        submit(event)
    assert not Entry.objects.exists()


def test_a_rating_below_the_limit_is_refused_with_the_reason(
    event: Event, arbiter: User, fide_list: RatingList
) -> None:
    open_entries(event, arbiter, min_rating=1600)
    with pytest.raises(TournamentError, match="1450 is below 1600"):
        submit(event, "Weak, Walter", fide_id=2000001)
    with pytest.raises(TournamentError, match="no rating was found"):
        submit(event, "Nobody, Ned")
    assert not Entry.objects.exists()


def test_a_rating_above_the_limit_is_refused(
    event: Event, arbiter: User, fide_list: RatingList
) -> None:
    """An under-1600 event: the strong player is refused, the unrated one admitted."""
    open_entries(event, arbiter, max_rating=1599)
    with pytest.raises(TournamentError, match="2830 is above 1599"):
        submit(event, "Carlsen, Magnus", fide_id=1503014)
    assert submit(event, "Nobody, Ned").state == EntryState.PENDING


def test_a_full_event_puts_the_entry_on_the_waiting_list(event: Event, arbiter: User) -> None:
    """Players registered and entries waiting for the arbiter count towards the maximum."""
    Player.objects.create(event=event, name="Already, Al")
    open_entries(event, arbiter, maximum=2)
    assert submit(event, "First, Flo").state == EntryState.PENDING
    assert submit(event, "Second, Sam").state == EntryState.WAITING


def test_the_same_entrant_twice_is_refused(event: Event, arbiter: User) -> None:
    open_entries(event, arbiter)
    submit(event, "Twice, Tom", fide_id=123456, birth_year=1999)
    with pytest.raises(TournamentError, match="entered this event already"):
        submit(event, "Other Spelling, Tom", fide_id=123456)
    with pytest.raises(TournamentError, match="entered this event already"):
        submit(event, "twice, tom", birth_year=1999)
    assert Entry.objects.count() == 1


def test_a_registered_players_fide_id_cannot_enter_again(event: Event, arbiter: User) -> None:
    Player.objects.create(event=event, name="Here, Hal", fide_id=777)
    open_entries(event, arbiter)
    with pytest.raises(TournamentError, match="entered this event already"):
        submit(event, "Here, Hal", fide_id=777)


def test_oversized_and_invisible_values_are_refused(event: Event, arbiter: User) -> None:
    open_entries(event, arbiter)
    with pytest.raises(TournamentError):
        submit(event, "x" * 101)
    with pytest.raises(TournamentError):
        submit(event, "Ok, Name", notes="n" * 501)
    with pytest.raises(TournamentError):
        submit(event, "Hidden\u200bName")
    with pytest.raises(TournamentError):
        submit(event, "Ok, Name", email="not an address")
    assert not Entry.objects.exists()


def test_auto_accept_registers_the_player_at_once(event: Event, arbiter: User) -> None:
    open_entries(event, arbiter, auto_accept=True)
    entry = submit(event, "Quick, Quin", club="Hastings", birth_year=2001)
    assert entry.state == EntryState.ACCEPTED and entry.player is not None
    player = Player.objects.get(event=event)
    assert (player.name, player.club, player.birth_year) == ("Quick, Quin", "Hastings", 2001)
    assert event.audit_entries.filter(action=AuditAction.PLAYERS_ADD).exists()


def test_accepting_makes_a_player_and_refusing_does_not(event: Event, arbiter: User) -> None:
    open_entries(event, arbiter)
    first, second = submit(event, "One, Ola"), submit(event, "Two, Tia")
    services.entry_accept(entry_id=first.pk, user=arbiter, now=NOW)
    services.entry_refuse(entry_id=second.pk, user=arbiter, now=NOW, reason="no answer")
    assert list(event.players.values_list("name", flat=True)) == ["One, Ola"]
    with pytest.raises(TournamentError, match="accepted already"):
        services.entry_accept(entry_id=first.pk, user=arbiter, now=NOW)
    with pytest.raises(TournamentError, match="cannot be refused"):
        services.entry_refuse(entry_id=first.pk, user=arbiter, now=NOW)
    assert event.audit_entries.get(action=AuditAction.ENTRY_REFUSE).reason == "no answer"


def test_accepting_respects_the_player_limit(
    event: Event, arbiter: User, monkeypatch: pytest.MonkeyPatch
) -> None:
    """An accepted entry goes through the players service, so its limits hold."""
    open_entries(event, arbiter)
    entry = submit(event, "Limit, Lee")
    monkeypatch.setattr("swissweb.tournament.core.services.MAX_START_RANK", 0)
    with pytest.raises(TournamentError, match="at most"):
        services.entry_accept(entry_id=entry.pk, user=arbiter, now=NOW)
    entry.refresh_from_db()
    assert entry.state == EntryState.PENDING and not Player.objects.exists()


def test_marking_paid_records_amount_and_method(event: Event, arbiter: User) -> None:
    open_entries(event, arbiter)
    entry = submit(event)
    services.entry_mark_paid(
        entry_id=entry.pk, amount=Decimal("30"), method="cash", user=arbiter, now=NOW
    )
    entry.refresh_from_db()
    assert (entry.paid_amount, entry.paid_method, entry.paid_at) == (Decimal("30.00"), "cash", NOW)
    with pytest.raises(TournamentError):
        services.entry_mark_paid(
            entry_id=entry.pk, amount=Decimal("-1"), method="cash", user=arbiter, now=NOW
        )
    with pytest.raises(TournamentError):
        services.entry_mark_paid(
            entry_id=entry.pk, amount=Decimal("5"), method="bitcoin", user=arbiter, now=NOW
        )
    services.entry_mark_paid(entry_id=entry.pk, amount=None, method="", user=arbiter, now=NOW)
    entry.refresh_from_db()
    assert entry.paid_amount is None and entry.paid_method == ""
