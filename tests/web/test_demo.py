"""``make run``'s demo: one event per implemented system, loaded once."""

from __future__ import annotations

import io

import pytest
from django.core.management import call_command

from pairing.engine import SYSTEMS
from swissweb.tournament.models import Event, RoundState

pytestmark = pytest.mark.django_db


def test_load_demo_makes_one_event_per_system_with_a_round_in_play() -> None:
    """Each demo event has three completed rounds and a fourth published, in play."""
    call_command("load_demo", stdout=io.StringIO())
    events = list(Event.objects.all())
    assert {e.system for e in events} == {s.value for s in SYSTEMS}
    for event in events:
        states = list(event.round_set.order_by("number").values_list("state", flat=True))
        assert states == [RoundState.COMPLETED] * 3 + [RoundState.PUBLISHED], event.name
    # The SB demo breaks ties by the SB text's own tie-breaks, the others by Dutch F10.
    assert {e.system: e.tiebreaks for e in events}["sb"] == "SB,BH,MBH,PROG"
    call_command("load_demo", stdout=io.StringIO())
    assert Event.objects.count() == len(events)
