"""The FIDE Dutch text an event follows is the one in force when it started (#32): the
text of 1 February 2026, or the July 2025 text for an event that started before."""

from __future__ import annotations

import datetime as dt

import pytest
from django.contrib.auth.models import User

from pairing.engine.floats import Float
from pairing.engine.model import Outcome, System
from pairing.engine.registry import rules_for
from swissweb.tournament.events import services as event_services
from swissweb.tournament.models import Event, Player
from swissweb.tournament.rounds import engine_adapter

from .service_helpers import NOW, _play

pytestmark = pytest.mark.django_db


def test_1_4_3_the_event_start_date_chooses_the_dutch_text(
    event: Event, players: list[Player], arbiter: User
) -> None:
    """FIDE C.04.3 Article 1.4.3: with a PAB worth nothing, the bye of round 1 is a
    downfloat under the text of 1 February 2026 and none under the July 2025 text; the
    card and the next pairing see the text of the event's start date."""
    players[-1].delete()
    Event.objects.filter(pk=event.pk).update(points_pairing_bye=0, start_date=dt.date(2025, 11, 1))
    event_services.event_start(event_id=event.pk, user=arbiter, now=NOW)
    _play(event, arbiter)
    event.refresh_from_db()
    state = engine_adapter.completed_state(event)
    assert state.start_date == dt.date(2025, 11, 1)
    bye = next(
        p.pairing_number
        for p in state.players
        if p.history[0].outcome is Outcome.PAIRING_ALLOCATED_BYE
    )
    assert rules_for(System.DUTCH).float_history(state)[bye] == (None,)
    Event.objects.filter(pk=event.pk).update(start_date=dt.date(2026, 2, 1))
    event.refresh_from_db()
    state = engine_adapter.completed_state(event)
    assert rules_for(System.DUTCH).float_history(state)[bye] == (Float.DOWN,)
