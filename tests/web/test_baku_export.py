"""Baku acceleration (FIDE C.04.7) as the web app writes and pairs it: the event's TRF
export carries the same group A as the engine pairs with, its last player fixed by
round 1 whatever a late entry brings."""

from __future__ import annotations

import pytest
from django.contrib.auth.models import User

from pairing.engine import acceleration_of
from swissweb.tournament.events import services as event_services
from swissweb.tournament.models import Event, Player, RequestKind
from swissweb.tournament.players import services as player_services
from swissweb.tournament.publishing import exports
from swissweb.tournament.rounds import engine_adapter

from .service_helpers import NOW, _play


@pytest.fixture
def baku(arbiter: User) -> Event:
    """The 2025 Dutch system with Baku acceleration, 12 players, 7 rounds, started."""
    event = Event.objects.create(
        name="Baku Open", slug="baku-open", system="dutch", rounds=7, acceleration=True
    )
    event.arbiters.add(arbiter)
    for index in range(12):
        Player.objects.create(event=event, name=f"Player {index:02d}", rating=2400 - 10 * index)
    event_services.event_start(event_id=event.pk, user=arbiter, now=NOW)
    return event


def _xxa_numbers(event: Event) -> set[int]:
    return {int(line[4:8]) for line in exports.event_trf(event).splitlines() if line[:3] == "XXA"}


def test_c0451_export_keeps_group_a_of_round_1_after_a_late_entry(
    baku: Event, arbiter: User
) -> None:
    """Twelve players in round 1: group A is 2 x ceil(12 / 4) = 6, players 1-6.  A late
    entry (number 13) whose missed round 1 counts as a half-point bye was not paired in
    round 1: group A stays 1-6, in the export's XXA lines as in the pairing of round 2
    (not 2 x ceil(13 / 4) = 8, nor the reference's ceil(13 / 2) = 7)."""
    _play(baku, arbiter)
    (late,) = player_services.players_add(
        event_id=baku.pk, rows=[{"name": "Late, Lou", "rating": 2500}], user=arbiter,
        now=NOW, missed_rounds=RequestKind.HALF_POINT_BYE,
    )  # fmt: skip
    assert late.pairing_number == 13
    assert _xxa_numbers(baku) == set(range(1, 7))
    state = engine_adapter.state_for_round(baku, 2)
    paired_with = {a.pairing_number for a in acceleration_of(state, "dutch")}
    assert paired_with == set(range(1, 7))
