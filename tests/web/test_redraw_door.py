"""#33: the ESCA 25 redraw goes through the engine's front door, as pairing does: the
state is validated before the system sees it, and the pairing time limit applies."""

from __future__ import annotations

import pytest
from django.test import Client

from swissweb.tournament.core.errors import PairingFailed
from swissweb.tournament.models import Event, Round
from swissweb.tournament.rounds.redraw import redraw_preview

from .conftest import OverTimeLimit
from .test_systems_web import _form

pytestmark = pytest.mark.django_db

FIELD = "name,school\nAsh,Avon\nBell,Brent\nCole,Clyde\nDunn,Dart\nEve,Exe\n"


def _published(client: Client) -> Round:
    """Round 1 of an ESCA event of five, paired and published."""
    client.post("/events/new/", _form("esca"))
    event = Event.objects.get(slug="esca-weekend")
    base = f"/events/{event.slug}"
    client.post(f"{base}/players/import/", {"text": FIELD})
    client.post(f"{base}/start/")
    client.post(f"{base}/pair/", {"round": 1})
    client.post(f"{base}/rounds/1/publish/")
    return event.round_set.get(number=1)


def test_esca_25_redraw_of_an_invalid_state_is_refused_with_the_validation_message(
    arbiter_client: Client,
) -> None:
    """A player withdrawn before the round cannot also be absent from it: the engine's
    state validation refuses the redraw, and says why, before ESCA 25 is tried."""
    round_ = _published(arbiter_client)
    cole = round_.event.players.get(name="Cole")
    round_.event.players.filter(pk=cole.pk).update(withdrawn_after_round=0)
    message = rf"player {cole.pairing_number} has withdrawn, so a request for the round"
    with pytest.raises(PairingFailed, match=message):
        redraw_preview(round_id=round_.pk, absent_ids=[cole.pk])


def test_esca_25_redraw_is_stopped_by_the_pairing_time_limit(
    arbiter_client: Client, engine_over_time_limit: OverTimeLimit
) -> None:
    """The redraw runs in the pairing's time-limited child (given the published round),
    under PAIRING_TIMEOUT, and a child out of time is reported with nothing saved."""
    round_ = _published(arbiter_client)
    cole = round_.event.players.get(name="Cole")
    engine_over_time_limit.arm()
    with pytest.raises(PairingFailed, match=r"took longer than 0\.001 s; nothing was saved"):
        redraw_preview(round_id=round_.pk, absent_ids=[cole.pk])
    assert engine_over_time_limit.calls == [(0.001, True)]
