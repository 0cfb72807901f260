"""Two players moved the opposite ways between two sections at once (#34 item 1).

Player A goes from Open A to Open B while player B goes from Open B to Open A, each in
its own thread with its own database connection.  A move locks both sections' event
rows; were each move to lock its own section first, each would hold the row the other
waits for and PostgreSQL would end one of them as a deadlock, losing that move.  The
moves lock in id order, so the second waits for the first and both land.

The test holds each move, once it has locked its first section, until the other has
locked one too (or a short wait ran out), so the two overlap on every run rather than
by chance.  Row locks need PostgreSQL: skipped on SQLite, run in CI.
"""

from __future__ import annotations

import contextlib
import threading
from typing import Any

import pytest
from django.contrib.auth.models import User
from django.db import connection, connections

from swissweb.tournament.audit.actions import AuditAction
from swissweb.tournament.core.services import _lock_event
from swissweb.tournament.festivals import moves
from swissweb.tournament.models import AuditEntry, Event, Player
from tests.web.festival_helpers import NOW, make_festival, section

pytestmark = [
    pytest.mark.django_db(transaction=True),
    pytest.mark.skipif(
        connection.vendor != "postgresql", reason="row locks need PostgreSQL (CI runs it)"
    ),
]

OVERLAP_WAIT = 3.0
"""Seconds a move that holds its first lock waits for the other to hold one; with the
locks in id order the other cannot, and the wait runs out (no deadlock to provoke)."""


def test_two_opposite_moves_at_once_both_land_without_a_deadlock(
    arbiter: User, monkeypatch: pytest.MonkeyPatch
) -> None:
    festival = make_festival(arbiter)
    open_a, open_b = section(festival, "Open A"), section(festival, "Open B")
    player_a = open_a.players.order_by("name").first()
    player_b = open_b.players.order_by("name").first()
    assert player_a is not None and player_b is not None
    both_hold_one = threading.Barrier(2)
    mine = threading.local()
    real_lock = _lock_event

    def lock_then_overlap(event_id: int, **kwargs: Any) -> Event:
        event = real_lock(event_id, **kwargs)
        if not getattr(mine, "held", False):
            mine.held = True
            # Broken when the other move waits on this one's lock: nothing to overlap.
            with contextlib.suppress(threading.BrokenBarrierError):
                both_hold_one.wait(timeout=OVERLAP_WAIT)
        return event

    monkeypatch.setattr(moves, "_lock_event", lock_then_overlap)
    start = threading.Barrier(2)
    failures: list[BaseException] = []
    work = [(player_a.pk, open_b.pk), (player_b.pk, open_a.pk)]

    def move(index: int) -> None:
        player_id, target_id = work[index]
        try:
            start.wait()
            moves.player_move(player_id=player_id, target_id=target_id, user=arbiter, now=NOW)
        except Exception as exc:  # noqa: BLE001 -- a deadlock is the failure this test looks for
            failures.append(exc)
        finally:
            connections.close_all()

    threads = [threading.Thread(target=move, args=(i,)) for i in range(2)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()

    assert failures == []
    assert Player.objects.get(pk=player_a.pk).event_id == open_b.pk
    assert Player.objects.get(pk=player_b.pk).event_id == open_a.pk
    assert open_a.players.count() == open_b.players.count() == 4
    assert AuditEntry.objects.filter(action=AuditAction.PLAYER_MOVE).count() == 4
