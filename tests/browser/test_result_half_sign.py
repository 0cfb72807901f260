"""A draw typed as ½ (or 0.5) saves from the keyboard and its field then shows ½-½
(#36 item 6); the keyboard entry (static/js/results.js) no longer refuses those keys."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect
from pytest_django.live_server_helper import LiveServer

from swissweb.tournament.models import Game, Result

from .test_result_entry import _event_in_play, _log_in

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_a_draw_typed_as_a_half_sign_saves_and_shows_half_signs(
    live_server: LiveServer, page: Page
) -> None:
    _event_in_play(players=6)
    _log_in(page, live_server.url)
    page.goto(f"{live_server.url}/events/fast-open/manage/")
    for board, typed in ((1, "½"), (2, "0.5")):
        field = page.get_by_label(f"Result of board {board}", exact=True)
        field.fill(typed)
        field.press("Enter")
        expect(field).to_have_value("½-½")
    expect(page.locator('tr.board[data-save="saved"]')).to_have_count(2)
    games = Game.objects.filter(round__event__slug="fast-open", board__in=(1, 2))
    assert {g.result for g in games} == {Result.DRAW}
    page.reload()
    expect(page.get_by_label("Result of board 1", exact=True)).to_have_value("½-½")
