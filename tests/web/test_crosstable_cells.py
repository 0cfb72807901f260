"""The crosstable's cells, a round without an opponent's shared by outcome (#35), are
those of each player's rounds: opponent's rank, colour and result, and for a round
without an opponent (a bye, an absence) no rank and no colour."""

from __future__ import annotations

import dataclasses

import pytest
from django.contrib.auth.models import User
from django.test import Client

from swissweb.tournament.models import Game, Result
from swissweb.tournament.rounds import engine_adapter
from swissweb.tournament.standings.selectors import (
    COLOUR_MARKS,
    OUTCOME_MARKS,
    CrossCell,
    crosstable_after,
    standings_after,
)
from tests.web.test_standings import played_event

pytestmark = pytest.mark.django_db


def test_crosstable_cells_are_each_rounds_opponent_rank_colour_and_result() -> None:
    event = played_event(9, 3, slug="cells")
    forfeit = Game.objects.filter(round__event=event, black__isnull=False).first()
    assert forfeit is not None
    Game.objects.filter(pk=forfeit.pk).update(result=Result.WHITE_WINS_FORFEIT)
    event.refresh_from_db()
    table = crosstable_after(event=event)
    assert table.after_round == 3 and len(table.lines) == 9
    rank_of = {line.player.pairing_number: line.rank for line in table.lines}
    history = {
        int(p.pairing_number): p.history for p in engine_adapter.completed_state(event).players
    }
    unpaired = 0
    for line in table.lines:
        assert line.player.pairing_number is not None
        expected = []
        for record in history[line.player.pairing_number]:
            opponent = record.opponent
            unpaired += opponent is None
            expected.append(
                CrossCell(
                    opponent_rank=rank_of[opponent] if opponent else None,
                    colour=COLOUR_MARKS[record.colour] if opponent else "",
                    result=OUTCOME_MARKS[record.outcome],
                )
            )
        assert line.cells == tuple(expected)
    assert unpaired == 3  # one bye a round among 9 players
    assert any(cell.result == "+" for line in table.lines for cell in line.cells)


def test_standings_are_the_crosstable_without_its_cells() -> None:
    """The standings' lines are the crosstable's, every value and text the same, without
    the cells no standings page shows (#35); after an earlier round too."""
    event = played_event(11, 4, slug="no-cells")
    event.refresh_from_db()
    for after in (None, 2):
        standings = standings_after(event=event, after_round=after)
        crosstable = crosstable_after(event=event, after_round=after)
        assert standings.after_round == crosstable.after_round
        assert standings.tiebreaks == crosstable.tiebreaks
        assert all(line.cells == () for line in standings.lines)
        assert all(len(line.cells) == crosstable.after_round for line in crosstable.lines)
        assert standings.lines == tuple(
            dataclasses.replace(line, cells=()) for line in crosstable.lines
        )


def test_crosstable_pages_show_each_rounds_cell() -> None:
    """The public and the arbiter's crosstable write every line's cells: rank of the
    opponent, colour letter and result."""
    event = played_event(8, 2, slug="cells-page")
    event.refresh_from_db()
    line = crosstable_after(event=event).lines[0]
    first = line.cells[0]
    assert first.opponent_rank is not None
    text = f'<td class="cell">{first.opponent_rank}{first.colour}{first.result}</td>'
    page = Client().get(f"/events/{event.slug}/crosstable/").content.decode()
    assert text in page
    arbiter = Client()
    arbiter.force_login(User.objects.get(username="arb-cells-page"))
    workspace = arbiter.get(f"/events/{event.slug}/manage/crosstable/").content.decode()
    assert text in workspace
