"""A withdrawal in the export other programs pair from: SWW is ours alone, so the 001
line of a withdrawn player says ``0000 - Z`` in the round to pair, how bbpPairings and
JaVaFo leave a player out (FIDE C.04.2 3.2: a withdrawn player is not paired); the
backup reads back as it was."""

from __future__ import annotations

import pytest
from django.contrib.auth.models import User

from pairing.engine import pair_round
from pairing.engine.model import RequestKind as EngineRequestKind
from pairing.engine.trf import read_trf, state_from_trf
from swissweb.tournament.events import services as event_services
from swissweb.tournament.models import Event, Player, RequestKind, RoundRequest
from swissweb.tournament.players import requests as request_services
from swissweb.tournament.players import services as player_services
from swissweb.tournament.publishing import exports

from .backup_helpers import restore_lost, restored
from .service_helpers import NOW, _play


@pytest.fixture
def withdrawals(arbiter: User) -> Event:
    """Six players, round 1 played; player 3 withdrawn, player 5 withdrawn after asking
    for a half-point bye in round 2."""
    event = Event.objects.create(name="Club Open", slug="club-open", system="dutch", rounds=5)
    event.arbiters.add(arbiter)
    for index in range(6):
        Player.objects.create(event=event, name=f"Player {index:02d}", rating=2400 - 10 * index)
    event_services.event_start(event_id=event.pk, user=arbiter, now=NOW)
    _play(event, arbiter)
    third, fifth = (event.players.get(pairing_number=n) for n in (3, 5))
    request_services.round_request_set(
        player_id=fifth.pk, round_number=2, kind=RequestKind.HALF_POINT_BYE, user=arbiter, now=NOW
    )
    for player in (third, fifth):
        player_services.player_withdraw(player_id=player.pk, user=arbiter, now=NOW)
    event.refresh_from_db()
    return event


def _line(text: str, number: int) -> str:
    return next(line for line in text.splitlines() if line.startswith(f"001 {number:>4}"))


def test_export_says_a_withdrawn_player_is_not_paired_in_the_round_to_pair(
    withdrawals: Event,
) -> None:
    """Player 3's line says Z in round 2; player 5's bye is its 240 record, as before.  A
    program that reads no SW record (the file without them) leaves both out of round 2."""
    text = exports.event_trf(withdrawals)
    assert _line(text, 3)[101:109] == "0000 - Z"
    assert len(_line(text, 5).rstrip()) <= 99
    assert "240 H 002    5" in text.splitlines()
    theirs = "\r\n".join(line for line in text.splitlines() if not line.startswith("SW"))
    state = state_from_trf(read_trf(theirs))
    assert {(r.pairing_number, r.kind) for r in state.requests} == {
        (3, EngineRequestKind.ABSENT), (5, EngineRequestKind.HALF_POINT_BYE)}  # fmt: skip
    paired = pair_round(state, "dutch", seed=1)
    assert {n for b in paired.boards for n in (b.white, b.black)} == {1, 2, 4, 6}


def test_backup_with_a_withdrawal_restores_without_a_request_it_never_had(
    withdrawals: Event, arbiter: User
) -> None:
    """The Z written for other programs is not read back as an absence asked for: the
    restored event has player 5's bye and nothing for player 3, and exports the same
    text."""
    text, copy = restore_lost(withdrawals, user=arbiter, now=NOW)
    asked = RoundRequest.objects.filter(player__event=copy)
    assert sorted(asked.values_list("player__pairing_number", "round_number", "kind")) == [
        (5, 2, RequestKind.HALF_POINT_BYE)
    ]
    assert exports.event_trf(copy) == restored(text)
