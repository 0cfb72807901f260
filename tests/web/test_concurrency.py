"""Concurrency on PostgreSQL: one round however many arbiters click (issue 10).

Each thread has its own database connection; the event row lock serialises them.  These
tests need PostgreSQL's row locks and run in CI, which always uses PostgreSQL.
"""

from __future__ import annotations

import threading

import pytest
from django.contrib.auth.models import User
from django.db import connection, connections
from django.utils import timezone

from swissweb.tournament import services
from swissweb.tournament.errors import RoundAlreadyPaired, StaleEdit, TournamentError
from swissweb.tournament.models import Event, Game, Player, Result, Round

pytestmark = [
    pytest.mark.django_db(transaction=True),
    pytest.mark.skipif(
        connection.vendor != "postgresql", reason="row locks need PostgreSQL (CI runs it)"
    ),
]


def run_together(count: int, work: object) -> list[object]:
    """Run ``work(i)`` in ``count`` threads released at the same moment."""
    barrier = threading.Barrier(count)
    outcomes: list[object] = [None] * count

    def target(index: int) -> None:
        try:
            barrier.wait()
            outcomes[index] = work(index)  # type: ignore[operator]
        except TournamentError as exc:
            outcomes[index] = exc
        finally:
            connections.close_all()

    threads = [threading.Thread(target=target, args=(i,)) for i in range(count)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    return outcomes


@pytest.fixture
def started_event() -> tuple[Event, User]:
    arbiter = User.objects.create_user("arb", password="pw-arbiter-1")
    event = Event.objects.create(name="Race", slug="race", rounds=5)
    event.arbiters.add(arbiter)
    for n in range(10):
        Player.objects.create(event=event, name=f"P{n}", rating=2000 - n)
    services.event_start(event_id=event.pk, user=arbiter, now=timezone.now())
    return event, arbiter


def test_twenty_simultaneous_pair_requests_create_one_round(
    started_event: tuple[Event, User],
) -> None:
    """20 arbiters press "pair round 1" at once: one round, 19 clear refusals."""
    event, arbiter = started_event
    outcomes = run_together(
        20,
        lambda i: services.round_pair(
            event_id=event.pk, user=arbiter, now=timezone.now(), expected_round=1
        ),
    )
    rounds = [o for o in outcomes if isinstance(o, Round)]
    refused = [o for o in outcomes if isinstance(o, RoundAlreadyPaired)]
    assert len(rounds) == 1
    assert len(refused) == 19
    assert Round.objects.filter(event=event).count() == 1
    assert Game.objects.filter(round__event=event).count() == 5


def test_simultaneous_results_on_different_boards_all_kept(
    started_event: tuple[Event, User],
) -> None:
    """Five arbiters enter five boards at once: every result is kept."""
    event, arbiter = started_event
    round_ = services.round_pair(event_id=event.pk, user=arbiter, now=timezone.now(), seed=1)
    services.round_publish(round_id=round_.pk, user=arbiter, now=timezone.now())
    games = list(round_.games.order_by("board"))
    run_together(
        len(games),
        lambda i: services.result_record(
            game_id=games[i].pk,
            result=Result.DRAW,
            expected_version=0,
            user=arbiter,
            now=timezone.now(),
        ),  # fmt: skip
    )
    assert set(Game.objects.filter(round=round_).values_list("result", flat=True)) == {"1/2"}
    round_.refresh_from_db()
    assert round_.state == "completed"


def test_simultaneous_results_on_one_board_one_wins(started_event: tuple[Event, User]) -> None:
    """Two arbiters enter the same board from the same page: one wins, one is told it is stale."""
    event, arbiter = started_event
    round_ = services.round_pair(event_id=event.pk, user=arbiter, now=timezone.now(), seed=1)
    services.round_publish(round_id=round_.pk, user=arbiter, now=timezone.now())
    game = round_.games.order_by("board").first()
    assert game is not None
    results = [Result.WHITE_WINS, Result.BLACK_WINS]
    outcomes = run_together(
        2,
        lambda i: services.result_record(
            game_id=game.pk,
            result=results[i],
            expected_version=0,
            user=arbiter,
            now=timezone.now(),
        ),  # fmt: skip
    )
    assert sum(isinstance(o, StaleEdit) for o in outcomes) == 1
    winner = next(o for o in outcomes if isinstance(o, Game))
    game.refresh_from_db()
    assert game.result == winner.result
    assert game.version == 1
