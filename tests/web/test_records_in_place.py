"""The engine's state reads each player's rounds into his list in place (#35): the
records are those the board-by-board path (``paired_rounds``) gives, byes, forfeits
and rounds without a board (absent, FIDE C.04.2 Article 3) included."""

from __future__ import annotations

import pytest

from swissweb.tournament.models import Game, Result, Round
from swissweb.tournament.rounds import engine_adapter
from tests.web.test_standings import played_event

pytestmark = pytest.mark.django_db


def test_state_records_equal_the_board_by_board_records() -> None:
    event = played_event(9, 3, slug="in-place")
    boards = Game.objects.filter(round__event=event, black__isnull=False).order_by("pk")
    first, second, third = boards[0], boards[1], boards[5]
    Game.objects.filter(pk=first.pk).update(result=Result.WHITE_WINS_FORFEIT)
    Game.objects.filter(pk=second.pk).update(result=Result.DOUBLE_FORFEIT)
    Game.objects.filter(pk=third.pk).delete()  # its two players had no board that round
    event.refresh_from_db()
    players = list(event.players.all())
    state = engine_adapter.completed_state(event, players=players)
    assert state.rounds_completed == 3
    expected = engine_adapter.paired_rounds(
        Round.objects.filter(event=event).order_by("number"),
        Game.objects.filter(round__event=event).select_related("round"),
        [],
        {p.pk: p.pairing_number or 0 for p in players},
    )
    by_number = {p.pairing_number: p.pk for p in players}
    histories = {by_number[int(p.pairing_number)]: p.history for p in state.players}
    assert histories == expected
    absent = [r for history in histories.values() for r in history if r.opponent is None]
    assert len(absent) == 3 + 2  # a bye a round, and the deleted board's two players
