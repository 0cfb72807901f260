"""The backup and the rating reports do not read each round's explanation per game (#31 D1).

A round's ``explanation`` is the engine's JSON account of its pairing: tens of kB per
round at 1,000 players.  ``select_related("round")`` on the games repeated it on every
game row (1.6 GB for a 272 KB file at 1,000 players x 7 rounds).  The export needs each
round's number only.  The memory this costs at 1,000 x 9 is measured in the bench
(``python -m bench.workspace --only-export``, bench/README.md).
"""

from __future__ import annotations

import datetime as dt

import pytest
from django.contrib.auth.models import User
from django.db import connection
from django.test.utils import CaptureQueriesContext

from swissweb.tournament.models import Event, Player, Result, Round
from swissweb.tournament.publishing import exports
from swissweb.tournament.publishing.rating_report import Edition, rating_report
from swissweb.tournament.rounds import results as result_services
from swissweb.tournament.rounds import services as round_services

pytestmark = pytest.mark.django_db

T0 = dt.datetime(2026, 3, 1, 9, 0, tzinfo=dt.UTC)


@pytest.fixture
def three_rounds(started: Event, players: list[Player], arbiter: User) -> Event:
    """Three rounds paired and played, each with an explanation of its pairing."""
    for number in range(1, 4):
        round_ = round_services.round_pair(event_id=started.pk, user=arbiter, now=T0, seed=number)
        round_services.round_publish(round_id=round_.pk, user=arbiter, now=T0)
        for game in round_.games.exclude(black=None):
            result_services.result_record(
                game_id=game.pk, result=Result.DRAW, expected_version=0, user=arbiter, now=T0
            )
    assert all(r.explanation for r in Round.objects.filter(event=started))
    started.refresh_from_db()
    return started


def _explanation_reads(queries: list[dict[str, str]]) -> list[str]:
    return [q["sql"] for q in queries if "explanation" in q["sql"]]


@pytest.mark.parametrize("export", ["backup", "trf16", "trf26"])
def test_d1_export_reads_no_explanation_with_the_games(three_rounds: Event, export: str) -> None:
    """No query of the export joins the rounds' explanation to the games; a query that
    reads the explanation at all reads it from the rounds alone, once per round."""
    with CaptureQueriesContext(connection) as captured:
        if export == "backup":
            exports.event_trf(three_rounds)
        else:
            rating_report(three_rounds, Edition(export))
    reads = _explanation_reads(captured.captured_queries)
    assert not [sql for sql in reads if "tournament_game" in sql], reads
    assert len(reads) <= 1, reads
