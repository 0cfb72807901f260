"""The backup writes the point values once, without contradiction (#31 D3).

With "win = 3" and the forfeit win and full-point bye left at 1, the backup wrote
``XXS ... FW=1 FPB=1`` and then bbpPairings' ``BBW 3.0``, which sets the win, the
forfeit win and the full-point bye at once; read later, BBW won, and the restored event
scored forfeit wins and byes as 3.
"""

from __future__ import annotations

import datetime as dt
from fractions import Fraction

import pytest
from django.contrib.auth.models import User

from pairing.engine import trf
from swissweb.tournament.events import services as event_services
from swissweb.tournament.models import Event, Game, Result
from swissweb.tournament.players import requests as request_services
from swissweb.tournament.players import services as player_services
from swissweb.tournament.publishing import exports
from swissweb.tournament.rounds import engine_adapter
from swissweb.tournament.rounds import results as result_services
from swissweb.tournament.rounds import services as round_services
from swissweb.tournament.standings import selectors as standing_selectors

pytestmark = pytest.mark.django_db

T0 = dt.datetime(2026, 3, 1, 9, 0, tzinfo=dt.UTC)


@pytest.fixture
def three_one_zero(arbiter: User) -> Event:
    """FIDE Dutch 2025 (its backup writes the BB records), win 3, draw 1, forfeit win and
    full-point bye 1; seven players, two rounds with forfeits and a full-point bye."""
    event = event_services.event_create(
        user=arbiter, now=T0, name="Three One Zero", slug="three-one-zero", system="dutch",
        rounds=5, points_win=6, points_draw=2, points_forfeit_win=2, points_full_bye=2,
    )  # fmt: skip
    rows = [{"name": f"Player, No {n}", "rating": 2000 - 20 * n} for n in range(7)]
    player_services.players_add(event_id=event.pk, rows=rows, user=arbiter, now=T0)
    event_services.event_start(event_id=event.pk, user=arbiter, now=T0)
    last = event.players.get(pairing_number=7)
    request_services.round_request_set(
        player_id=last.pk, round_number=2, kind="F", user=arbiter, now=T0
    )
    for number in (1, 2):
        round_ = round_services.round_pair(event_id=event.pk, user=arbiter, now=T0, seed=number)
        round_services.round_publish(round_id=round_.pk, user=arbiter, now=T0)
        for game in Game.objects.filter(round=round_, black__isnull=False).order_by("board"):
            result = Result.WHITE_WINS_FORFEIT if game.board == 1 else Result.WHITE_WINS
            result_services.result_record(
                game_id=game.pk, result=result, expected_version=0, user=arbiter, now=T0
            )
    event.refresh_from_db()
    return event


def _points(event: Event) -> dict[object, Fraction]:
    table = standing_selectors.standings_after(event=event)
    return {line.player.pairing_number: line.points for line in table.lines}


def test_d3_backup_point_values_round_trip_with_equal_standings(
    three_one_zero: Event, stranger: User
) -> None:
    """The backup's point records all read as the event's values, and the restored
    event counts the same points for every player (forfeit wins and byes at 1)."""
    text = exports.event_trf(three_one_zero)
    assert trf.point_system(trf.read_trf(text)) == engine_adapter.point_system(three_one_zero)
    copy = event_services.event_import_trf(text=text, user=stranger, now=T0)
    assert (copy.points_win, copy.points_forfeit_win, copy.points_full_bye) == (6, 2, 2)
    assert _points(copy) == _points(three_one_zero)


def test_d3_backup_writes_bb_records_only_when_they_agree(three_one_zero: Event) -> None:
    """bbpPairings' BBW also sets the forfeit win and the full-point bye, BBD the
    half-point bye: with those different, no BB record is written (bbpPairings cannot
    hold such a point system); with them equal, the BB records are there for it."""
    assert not [t for t in exports.event_trf(three_one_zero).splitlines() if t.startswith("BB")]
    Event.objects.filter(pk=three_one_zero.pk).update(
        points_forfeit_win=6, points_full_bye=6, points_half_bye=2
    )
    three_one_zero.refresh_from_db()
    lines = exports.event_trf(three_one_zero).splitlines()
    assert "BBW  3.0" in lines and "BBD  1.0" in lines
