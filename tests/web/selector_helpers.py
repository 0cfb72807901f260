"""Events of two sizes for the selectors' query counts (#33): the same reads must cost
the same queries at 6 players and 1 round as at 20 players and 3 rounds."""

from __future__ import annotations

import datetime as dt
import random
from collections.abc import Callable

from django.contrib.auth.models import User
from django.core.cache import cache
from django.db import connection
from django.test.utils import CaptureQueriesContext

from swissweb.tournament.core import caching
from swissweb.tournament.events import services as event_services
from swissweb.tournament.models import Event, ForbiddenPair, Player, Result, RoundRequest
from swissweb.tournament.rounds import results as result_services
from swissweb.tournament.rounds import services as round_services

NOW = dt.datetime(2026, 4, 1, 9, tzinfo=dt.UTC)

SIZES = ((6, 1), (20, 3))
"""Players and completed rounds of the small and the large event."""


def sized_event(players: int, rounds: int) -> tuple[Event, User]:
    """A public event of ``players`` with ``rounds`` completed rounds, the next one
    published and in play (a half-point bye keeps one player out of it), and a
    forbidden pair."""
    slug = f"size-{players}-{rounds}"
    arbiter = User.objects.create_user(f"arb-{slug}", password="pw-arbiter-1")
    event = Event.objects.create(
        name=f"Size {players}", slug=slug, rounds=9, public=True, team_size=2,
        prize_table="Place: 100, 50\nRating below 2350: 30",
    )  # fmt: skip
    event.arbiters.add(arbiter)
    for n in range(players):
        Player.objects.create(
            event=event, name=f"Player {n:02d}", rating=2400 - 7 * n, club=f"Club {n % 3}"
        )
    event_services.event_start(event_id=event.pk, user=arbiter, now=NOW)
    rng = random.Random(players)
    ordered = list(event.players.order_by("pk"))
    ForbiddenPair.objects.create(event=event, first=ordered[0], second=ordered[-1])
    for number in range(rounds + 1):
        if number == rounds:
            # A half-point bye keeps the last player out of the round in play.
            RoundRequest.objects.create(player=ordered[-1], round_number=number + 1, kind="H")
        round_ = round_services.round_pair(event_id=event.pk, user=arbiter, now=NOW, seed=1)
        round_services.round_publish(round_id=round_.pk, user=arbiter, now=NOW)
        if number == rounds:
            break  # the round in play
        for game in round_.games.exclude(result=Result.PAIRING_BYE):
            result = rng.choice([Result.WHITE_WINS, Result.BLACK_WINS, Result.DRAW])
            result_services.result_record(
                game_id=game.pk, result=result, expected_version=0, user=arbiter, now=NOW
            )
    event.refresh_from_db()
    return event, arbiter


def queries_of(read: Callable[[], object]) -> int:
    """The queries ``read()`` costs on an empty cache."""
    cache.clear()
    caching.clear_process_memo()
    with CaptureQueriesContext(connection) as captured:
        read()
    return len(captured)
