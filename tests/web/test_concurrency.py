"""Concurrency on PostgreSQL: one round however many arbiters click (issue 10).

Each thread has its own database connection; the event row lock serialises them.  These
tests need PostgreSQL's row locks and run in CI, which always uses PostgreSQL.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable

import pytest
from django.contrib.auth.models import User
from django.db import connection, connections, transaction
from django.utils import timezone

from pairing.engine import pair_round
from swissweb.tournament.audit.actions import AuditAction
from swissweb.tournament.core.errors import (
    ResultsIncomplete,
    RoundAlreadyPaired,
    RoundLocked,
    StaleEdit,
    TournamentError,
)
from swissweb.tournament.events import services as event_services
from swissweb.tournament.models import AuditEntry, CheckIn, Event, Game, Player, Result, Round
from swissweb.tournament.players import check_in
from swissweb.tournament.rounds import engine_adapter
from swissweb.tournament.rounds import results as result_services
from swissweb.tournament.rounds import services as round_services

from .service_helpers import seat_number

pytestmark = [
    pytest.mark.django_db(transaction=True),
    pytest.mark.skipif(
        connection.vendor != "postgresql", reason="row locks need PostgreSQL (CI runs it)"
    ),
]


def run_together(count: int, work: Callable[[int], object]) -> list[object]:
    """Run ``work(i)`` in ``count`` threads released at the same moment."""
    barrier = threading.Barrier(count)
    outcomes: list[object] = [None] * count

    def target(index: int) -> None:
        try:
            barrier.wait()
            outcomes[index] = work(index)
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
    event_services.event_start(event_id=event.pk, user=arbiter, now=timezone.now())
    return event, arbiter


def test_twenty_simultaneous_pair_requests_create_one_round(
    started_event: tuple[Event, User],
) -> None:
    """20 arbiters press "pair round 1" at once: one round, 19 clear refusals."""
    event, arbiter = started_event
    outcomes = run_together(
        20,
        lambda i: round_services.round_pair(
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
    round_ = round_services.round_pair(event_id=event.pk, user=arbiter, now=timezone.now(), seed=1)
    round_services.round_publish(round_id=round_.pk, user=arbiter, now=timezone.now())
    games = list(round_.games.order_by("board"))
    run_together(
        len(games),
        lambda i: result_services.result_record(
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
    round_ = round_services.round_pair(event_id=event.pk, user=arbiter, now=timezone.now(), seed=1)
    round_services.round_publish(round_id=round_.pk, user=arbiter, now=timezone.now())
    game = round_.games.order_by("board").first()
    assert game is not None
    results = [Result.WHITE_WINS, Result.BLACK_WINS]
    outcomes = run_together(
        2,
        lambda i: result_services.result_record(
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


def _completed_round_1(event: Event, arbiter: User) -> Round:
    round_ = round_services.round_pair(event_id=event.pk, user=arbiter, now=timezone.now(), seed=1)
    round_services.round_publish(round_id=round_.pk, user=arbiter, now=timezone.now())
    for game in round_.games.order_by("board"):
        result_services.result_record(
            game_id=game.pk, result=Result.WHITE_WINS, expected_version=0, user=arbiter,
            now=timezone.now(),
        )  # fmt: skip
    return round_


def _correct_while_pairing(
    event: Event, arbiter: User, game: Game, result: str
) -> tuple[object, float, float]:
    """One thread corrects ``game`` and holds its transaction open for a moment; another
    asks to pair round 2 meanwhile.  Returns the pairing's outcome, the time the
    correction committed and the time the pairing returned."""

    locked = threading.Event()
    times: dict[str, float] = {}
    outcome: list[object] = [None]

    def correct() -> None:
        try:
            with transaction.atomic():
                result_services.result_record(
                    game_id=game.pk, result=result, expected_version=game.version,
                    user=arbiter, now=timezone.now(),
                )  # fmt: skip
                locked.set()
                time.sleep(0.5)
                times["committed"] = time.monotonic()
        finally:
            connections.close_all()

    def pair() -> None:
        locked.wait()
        try:
            outcome[0] = round_services.round_pair(
                event_id=event.pk, user=arbiter, now=timezone.now(), seed=2, expected_round=2
            )
        except TournamentError as exc:
            outcome[0] = exc
        finally:
            times["paired"] = time.monotonic()
            connections.close_all()

    threads = [threading.Thread(target=correct), threading.Thread(target=pair)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    return outcome[0], times["committed"], times["paired"]


def test_pairing_waits_for_a_result_correction_and_sees_it(
    started_event: tuple[Event, User],
) -> None:
    """A correction holds the event lock; pairing waits, then pairs on the corrected result."""

    event, arbiter = started_event
    round_1 = _completed_round_1(event, arbiter)
    game = round_1.games.get(board=1)
    outcome, committed, paired = _correct_while_pairing(event, arbiter, game, Result.BLACK_WINS)
    assert isinstance(outcome, Round) and outcome.number == 2
    assert paired >= committed
    game.refresh_from_db()
    assert game.result == Result.BLACK_WINS
    state = engine_adapter.state_for_round(event, 2)
    expected = pair_round(state, event.system, seed=2)
    boards = list(outcome.games.exclude(black=None).order_by("board"))
    assert [(seat_number(g.white), seat_number(g.black)) for g in boards] == [
        (b.white, b.black) for b in expected.boards
    ]


def test_pairing_refuses_when_a_correction_takes_a_result_back(
    started_event: tuple[Event, User],
) -> None:
    """A correction that empties a result of round 1: pairing waits, then refuses clearly."""
    event, arbiter = started_event
    round_1 = _completed_round_1(event, arbiter)
    game = round_1.games.get(board=2)
    outcome, committed, paired = _correct_while_pairing(event, arbiter, game, Result.NOT_PLAYED_YET)
    assert isinstance(outcome, ResultsIncomplete)
    assert "Round 1 still has boards without a result" in str(outcome)
    assert paired >= committed
    assert Round.objects.filter(event=event).count() == 1
    round_1.refresh_from_db()
    assert round_1.state == "published"


def test_correction_waits_for_a_pairing_and_refuses_to_leave_its_draft_stale(
    started_event: tuple[Event, User],
) -> None:
    """Pairing round 2 holds the lock; a correction of round 1 waits, then is refused,
    since the draft was paired on the old result.  Nothing is half applied."""

    event, arbiter = started_event
    round_1 = _completed_round_1(event, arbiter)
    game = round_1.games.get(board=1)
    locked = threading.Event()
    outcome: list[object] = [None]

    def pair() -> None:
        try:
            with transaction.atomic():
                round_services.round_pair(
                    event_id=event.pk, user=arbiter, now=timezone.now(), seed=2
                )
                locked.set()
                time.sleep(0.5)
        finally:
            connections.close_all()

    def correct() -> None:
        locked.wait()
        try:
            outcome[0] = result_services.result_record(
                game_id=game.pk, result=Result.BLACK_WINS, expected_version=1, user=arbiter,
                now=timezone.now(),
            )  # fmt: skip
        except TournamentError as exc:
            outcome[0] = exc
        finally:
            connections.close_all()

    threads = [threading.Thread(target=pair), threading.Thread(target=correct)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert isinstance(outcome[0], RoundLocked)
    assert "delete that draft" in str(outcome[0])
    game.refresh_from_db()
    assert (game.result, game.version) == (Result.WHITE_WINS, 1)
    assert Round.objects.filter(event=event).count() == 2


def test_twenty_simultaneous_check_ins_of_one_player_record_one(
    started_event: tuple[Event, User],
) -> None:
    """The desk and the player's phone check the same player in at once (#34 item 3):
    the event lock lets one through; the others find it done and record nothing."""

    event, arbiter = started_event
    player = event.players.order_by("pk").first()
    assert player is not None
    outcomes = run_together(
        20,
        lambda i: check_in.check_in_set(
            player_id=player.pk, round_number=1, present=True, user=arbiter, now=timezone.now()
        ),
    )
    assert outcomes.count(True) == 1 and outcomes.count(False) == 19, outcomes
    assert CheckIn.objects.filter(player=player).count() == 1
    assert AuditEntry.objects.filter(action=AuditAction.PLAYER_CHECK_IN).count() == 1
