"""Moving an online entry to another section of its festival from the arbiter's entries
page (#34 item 2, "move to a section"): before round 1, recorded in both sections, the
target's rules, maximum and fee table applied; a clear refusal otherwise."""

from __future__ import annotations

from decimal import Decimal

import pytest
from django.contrib.auth.models import User
from django.test import Client

from swissweb.tournament.audit.actions import AuditAction
from swissweb.tournament.core.errors import TournamentError
from swissweb.tournament.entries import services as entry_services
from swissweb.tournament.entries.services import EntryData, FeeRowData
from swissweb.tournament.events import services as event_services
from swissweb.tournament.festivals import services
from swissweb.tournament.festivals.moves import entry_move
from swissweb.tournament.models import (
    DEFAULT_FIELDS,
    AuditEntry,
    Entry,
    EntrySettings,
    EntryState,
    Event,
    Festival,
)
from swissweb.tournament.rounds import services as round_services
from tests.web.festival_helpers import NOW, make_festival, section

pytestmark = pytest.mark.django_db


def _open(event: Event, arbiter: User, fee: str, **values: object) -> None:
    settings = EntrySettings(open=True, fields_asked=list(DEFAULT_FIELDS))
    for key, value in values.items():
        setattr(settings, key, value)
    entry_services.entry_settings_set(
        event_id=event.pk,
        settings=settings,
        fees=[FeeRowData(label="Everyone", amount=Decimal(fee))],
        user=arbiter,
        now=NOW,
    )


def _enter(event: Event, name: str, birth_year: int | None = None) -> Entry:
    return entry_services.entry_submit(
        event_id=event.pk, data=EntryData(name=name, birth_year=birth_year), now=NOW
    )


@pytest.fixture
def festival(arbiter: User) -> Festival:
    """Open A (30.00) and Open B (20.00, at most 5: its 4 players and one more) open."""
    festival = make_festival(arbiter)
    _open(section(festival, "Open A"), arbiter, "30.00")
    _open(section(festival, "Open B"), arbiter, "20.00", maximum=5)
    return festival


def test_a_pending_entry_moves_with_the_targets_fee_and_both_sections_record_it(
    arbiter: User, festival: Festival
) -> None:
    a, b = section(festival, "Open A"), section(festival, "Open B")
    entry = _enter(a, "Mover, Max")
    entry_services.entry_mark_paid(
        entry_id=entry.pk, amount=Decimal("30"), method="cash", user=arbiter, now=NOW
    )
    entry_move(entry_id=entry.pk, target_id=b.pk, user=arbiter, now=NOW)
    entry.refresh_from_db()
    assert entry.event == b and entry.state == EntryState.PENDING
    assert entry.fee == Decimal("20.00") and entry.paid_amount == Decimal("30.00")
    for event in (a, b):
        row = AuditEntry.objects.get(event=event, action=AuditAction.ENTRY_MOVE)
        assert row.user == arbiter
        assert row.after["player"] == "Mover, Max"
        assert (row.after["source"], row.after["target"]) == ("Open A", "Open B")


def test_an_entry_moved_to_a_full_section_goes_to_its_waiting_list(
    arbiter: User, festival: Festival
) -> None:
    a, b = section(festival, "Open A"), section(festival, "Open B")
    _enter(b, "Last, In")  # the fifth of five
    entry = _enter(a, "Mover, Max")
    entry_move(entry_id=entry.pk, target_id=b.pk, user=arbiter, now=NOW)
    entry.refresh_from_db()
    assert entry.event == b and entry.state == EntryState.WAITING


def test_an_accepted_entry_moves_as_its_player(arbiter: User, festival: Festival) -> None:
    a, b = section(festival, "Open A"), section(festival, "Open B")
    entry = _enter(a, "Mover, Max")
    entry_services.entry_accept(entry_id=entry.pk, user=arbiter, now=NOW)
    entry_move(entry_id=entry.pk, target_id=b.pk, user=arbiter, now=NOW)
    entry.refresh_from_db()
    assert entry.event == b and entry.player is not None and entry.player.event == b
    assert AuditEntry.objects.filter(event=b, action=AuditAction.PLAYER_MOVE).exists()


def test_the_targets_section_rules_refuse_the_move_and_change_nothing(
    arbiter: User, festival: Festival
) -> None:
    a, u = section(festival, "Open A"), section(festival, "Under 1600")
    services.section_rules_set(
        event_id=u.pk, rules=services.Rules(max_birth_year=2000), user=arbiter, now=NOW
    )
    entry = _enter(a, "Young, Yan", birth_year=2012)
    with pytest.raises(TournamentError, match="2000"):
        entry_move(entry_id=entry.pk, target_id=u.pk, user=arbiter, now=NOW)
    entry.refresh_from_db()
    assert entry.event == a
    assert not AuditEntry.objects.filter(action=AuditAction.ENTRY_MOVE).exists()


def test_a_refused_entry_or_a_section_paired_refuses_the_move(
    arbiter: User, festival: Festival
) -> None:
    a, b = section(festival, "Open A"), section(festival, "Open B")
    refused = _enter(a, "Refused, Ray")
    entry_services.entry_refuse(entry_id=refused.pk, user=arbiter, now=NOW)
    with pytest.raises(TournamentError, match="stays in its section"):
        entry_move(entry_id=refused.pk, target_id=b.pk, user=arbiter, now=NOW)
    entry = _enter(a, "Late, Lou")
    event_services.event_start(event_id=b.pk, user=arbiter, now=NOW)
    round_services.round_pair(event_id=b.pk, user=arbiter, now=NOW)
    with pytest.raises(TournamentError, match="Round 1 of Open B is paired"):
        entry_move(entry_id=entry.pk, target_id=b.pk, user=arbiter, now=NOW)
    assert Entry.objects.get(pk=entry.pk).event == a


def test_the_entries_page_moves_an_entry_to_another_section(
    arbiter_client: Client, festival: Festival
) -> None:
    a, b = section(festival, "Open A"), section(festival, "Open B")
    entry = _enter(a, "Mover, Max")
    page = arbiter_client.get(f"/events/{a.slug}/manage/entries/")
    assert f'/entries/{entry.pk}/move/"' in page.content.decode()
    response = arbiter_client.post(f"/events/{a.slug}/entries/{entry.pk}/move/", {"target": b.pk})
    assert response.status_code == 302
    assert Entry.objects.get(pk=entry.pk).event == b


@pytest.mark.parametrize("target", ["", "x", "99999999999999999999", "0"])
def test_a_move_to_no_section_is_refused_with_a_message(
    arbiter_client: Client, festival: Festival, target: str
) -> None:
    a = section(festival, "Open A")
    entry = _enter(a, "Mover, Max")
    response = arbiter_client.post(
        f"/events/{a.slug}/entries/{entry.pk}/move/", {"target": target}, follow=True
    )
    assert "Choose a section of this festival" in response.content.decode()
    assert Entry.objects.get(pk=entry.pk).event == a


def test_a_move_to_a_section_the_user_does_not_arbitrate_is_refused(
    arbiter: User,
    arbiter_client: Client,
    stranger: User,
    stranger_client: Client,
    festival: Festival,
) -> None:
    """The stranger arbitrates a standalone event only: they cannot move the festival's
    entries (403), and the festival's arbiter cannot move one into the stranger's event."""
    a = section(festival, "Open A")
    own = event_services.event_create(user=stranger, now=NOW, name="Own", slug="own", rounds=5)
    entry = _enter(a, "Mover, Max")
    url = f"/events/{a.slug}/entries/{entry.pk}/move/"
    assert stranger_client.post(url, {"target": own.pk}).status_code == 403
    response = arbiter_client.post(url, {"target": own.pk}, follow=True)
    assert "Choose a section of this festival" in response.content.decode()
    assert Entry.objects.get(pk=entry.pk).event == a
    with pytest.raises(TournamentError, match="one festival"):
        entry_move(entry_id=entry.pk, target_id=own.pk, user=arbiter, now=NOW)


def test_a_one_section_events_entries_page_offers_no_move(
    arbiter: User, arbiter_client: Client, event: Event
) -> None:
    """Nothing of a one-section event changes (#34's "done when"): no move form."""
    _open(event, arbiter, "10.00")
    entry = _enter(event, "Solo, Sam")
    page = arbiter_client.get(f"/events/{event.slug}/manage/entries/").content.decode()
    assert "Solo, Sam" in page and f"/entries/{entry.pk}/move/" not in page
