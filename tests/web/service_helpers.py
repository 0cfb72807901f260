"""Helpers the service tests of the arbiter's workspace share (issue 20)."""

from __future__ import annotations

import datetime as dt

from django.contrib.auth.models import User

from swissweb.tournament.models import AuditEntry, Event, Player, Result, Round
from swissweb.tournament.rounds import results as result_services
from swissweb.tournament.rounds import services as round_services

NOW = dt.datetime(2026, 5, 1, 10, tzinfo=dt.UTC)


def _pair(event: Event, user: User) -> Round:
    return round_services.round_pair(event_id=event.pk, user=user, now=NOW, seed=3)


def _play(event: Event, user: User, result: str = Result.WHITE_WINS) -> Round:
    """Pair, publish and finish the next round: every board ``result``."""
    round_ = _pair(event, user)
    round_services.round_publish(round_id=round_.pk, user=user, now=NOW)
    for game in round_.games.exclude(result=Result.PAIRING_BYE):
        result_services.result_record(
            game_id=game.pk, result=result, expected_version=game.version, user=user, now=NOW
        )
    round_.refresh_from_db()
    return round_


def _last_audit(action: str) -> AuditEntry:
    entry = AuditEntry.objects.filter(action=action).order_by("-id").first()
    assert entry is not None, action
    return entry


def seat_number(player: Player | None) -> int:
    """The pairing number of a game's player: fails on a bye's empty seat or an
    unnumbered player, which a test reading a board's numbers does not expect."""
    assert player is not None and player.pairing_number is not None, player
    return player.pairing_number
