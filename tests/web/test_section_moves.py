"""Moving a player between sections of a festival before round 1 (#34 item 1), and the
section rules on the doors into a section: the entry form, accepting an entry, a move."""

from __future__ import annotations

import pytest
from django.contrib.auth.models import User
from django.db.models import QuerySet

from swissweb.tournament.audit.actions import AuditAction
from swissweb.tournament.core.errors import TournamentError
from swissweb.tournament.entries import services as entry_services
from swissweb.tournament.entries.services import EntryData
from swissweb.tournament.events import services as event_services
from swissweb.tournament.festivals import services
from swissweb.tournament.festivals.moves import player_move
from swissweb.tournament.models import (
    DEFAULT_FIELDS,
    AuditEntry,
    Entry,
    EntrySettings,
    EntryState,
    ForbiddenPair,
    Player,
)
from swissweb.tournament.rounds import services as round_services
from tests.web.festival_helpers import NOW, make_festival, section

pytestmark = pytest.mark.django_db


def _numbers(players: QuerySet[Player]) -> list[tuple[str, int | None]]:
    return list(players.order_by("pairing_number").values_list("name", "pairing_number"))


def test_a_move_before_the_start_keeps_the_player_and_records_both_sections(
    arbiter: User,
) -> None:
    festival = make_festival(arbiter)
    a, b = section(festival, "Open A"), section(festival, "Open B")
    player = a.players.order_by("-rating").last()
    assert player is not None
    code = player.access_code
    player_move(player_id=player.pk, target_id=b.pk, user=arbiter, now=NOW)
    player.refresh_from_db()
    assert player.event == b and player.access_code == code and player.pairing_number is None
    assert a.players.count() == 3 and b.players.count() == 5
    for event in (a, b):
        row = AuditEntry.objects.get(event=event, action=AuditAction.PLAYER_MOVE)
        assert row.after["source"] == "Open A" and row.after["target"] == "Open B"


def test_a_move_after_the_start_renumbers_both_sections_as_for_new_players(
    arbiter: User,
) -> None:
    festival = make_festival(arbiter)
    a, b = section(festival, "Open A"), section(festival, "Open B")
    for event in (a, b):
        event_services.event_start(event_id=event.pk, user=arbiter, now=NOW)
    second = a.players.get(pairing_number=2)
    player_move(player_id=second.pk, target_id=b.pk, user=arbiter, now=NOW)
    assert [n for _, n in _numbers(a.players.all())] == [1, 2, 3]
    assert b.players.get(pk=second.pk).pairing_number == 5
    row = AuditEntry.objects.get(event=a, action=AuditAction.PLAYER_MOVE)
    assert row.after["pairing_number"] == 2


def test_a_move_after_round_1_is_paired_is_refused(arbiter: User) -> None:
    festival = make_festival(arbiter)
    a, b = section(festival, "Open A"), section(festival, "Open B")
    event_services.event_start(event_id=a.pk, user=arbiter, now=NOW)
    round_services.round_pair(event_id=a.pk, user=arbiter, now=NOW)
    player = a.players.first()
    assert player is not None
    with pytest.raises(TournamentError, match="Round 1 of Open A is paired"):
        player_move(player_id=player.pk, target_id=b.pk, user=arbiter, now=NOW)
    assert Player.objects.get(pk=player.pk).event == a


def test_a_move_into_a_section_whose_round_1_is_paired_is_refused(arbiter: User) -> None:
    festival = make_festival(arbiter)
    a, b = section(festival, "Open A"), section(festival, "Open B")
    event_services.event_start(event_id=b.pk, user=arbiter, now=NOW)
    round_services.round_pair(event_id=b.pk, user=arbiter, now=NOW)
    player = a.players.first()
    assert player is not None
    with pytest.raises(TournamentError, match="Round 1 of Open B is paired"):
        player_move(player_id=player.pk, target_id=b.pk, user=arbiter, now=NOW)


def test_a_move_the_target_rules_refuse_names_the_rule(arbiter: User) -> None:
    festival = make_festival(arbiter)
    a, c = section(festival, "Open A"), section(festival, "Under 1600")
    services.section_rules_set(
        event_id=c.pk, rules=services.Rules(max_rating=1599), user=arbiter, now=NOW
    )
    player = a.players.first()
    assert player is not None
    with pytest.raises(TournamentError, match="rated 1599 or less"):
        player_move(player_id=player.pk, target_id=c.pk, user=arbiter, now=NOW)
    assert not AuditEntry.objects.filter(action=AuditAction.PLAYER_MOVE).exists()


def test_a_move_into_a_closed_section_is_refused(arbiter: User) -> None:
    festival = make_festival(arbiter)
    a, b = section(festival, "Open A"), section(festival, "Open B")
    services.section_rules_set(
        event_id=b.pk, rules=services.Rules(closed=True), user=arbiter, now=NOW
    )
    player = a.players.first()
    assert player is not None
    with pytest.raises(TournamentError, match="closed"):
        player_move(player_id=player.pk, target_id=b.pk, user=arbiter, now=NOW)


def test_a_move_outside_the_festival_is_refused(arbiter: User) -> None:
    festival = make_festival(arbiter)
    lone = event_services.event_create(user=arbiter, now=NOW, name="Lone", slug="lone", rounds=5)
    player = section(festival, "Open A").players.first()
    assert player is not None
    with pytest.raises(TournamentError, match="one festival"):
        player_move(player_id=player.pk, target_id=lone.pk, user=arbiter, now=NOW)


def test_a_player_in_a_forbidden_pair_is_not_moved(arbiter: User) -> None:
    festival = make_festival(arbiter)
    a, b = section(festival, "Open A"), section(festival, "Open B")
    first, second = list(a.players.all()[:2])
    ForbiddenPair.objects.create(event=a, first=first, second=second)
    with pytest.raises(TournamentError, match="forbidden pair"):
        player_move(player_id=second.pk, target_id=b.pk, user=arbiter, now=NOW)


def _open(event_id: int, arbiter: User) -> None:
    entry_services.entry_settings_set(
        event_id=event_id, settings=EntrySettings(open=True, fields_asked=list(DEFAULT_FIELDS)),
        fees=[], user=arbiter, now=NOW,
    )  # fmt: skip


def test_the_entry_moves_with_its_player(arbiter: User) -> None:
    festival = make_festival(arbiter, players=0)
    a, b = section(festival, "Open A"), section(festival, "Open B")
    _open(a.pk, arbiter)
    entry = entry_services.entry_submit(event_id=a.pk, data=EntryData(name="Entrant, Eve"), now=NOW)
    entry = entry_services.entry_accept(entry_id=entry.pk, user=arbiter, now=NOW)
    assert entry.player is not None
    player_move(player_id=entry.player.pk, target_id=b.pk, user=arbiter, now=NOW)
    assert Entry.objects.get(pk=entry.pk).event == b


def test_an_entry_the_section_rules_refuse_is_refused_with_the_rule(arbiter: User) -> None:
    festival = make_festival(arbiter, players=0)
    junior = section(festival, "Under 1600")
    services.section_rules_set(
        event_id=junior.pk, rules=services.Rules(min_birth_year=2008), user=arbiter, now=NOW
    )
    _open(junior.pk, arbiter)
    with pytest.raises(TournamentError, match="born in 2008 or later"):
        entry_services.entry_submit(
            event_id=junior.pk, data=EntryData(name="Old, Olga", birth_year=1970), now=NOW
        )
    assert not Entry.objects.exists()


def test_a_section_closed_after_an_entry_refuses_to_accept_it(arbiter: User) -> None:
    festival = make_festival(arbiter, players=0)
    a = section(festival, "Open A")
    _open(a.pk, arbiter)
    entry = entry_services.entry_submit(event_id=a.pk, data=EntryData(name="Late, Lou"), now=NOW)
    services.section_rules_set(
        event_id=a.pk, rules=services.Rules(closed=True), user=arbiter, now=NOW
    )
    with pytest.raises(TournamentError, match="closed"):
        entry_services.entry_accept(entry_id=entry.pk, user=arbiter, now=NOW)
    assert Entry.objects.get(pk=entry.pk).state == EntryState.PENDING
    assert not a.players.exists()
