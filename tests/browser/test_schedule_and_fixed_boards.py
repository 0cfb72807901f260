"""The schedule and a fixed board from the browser (#34 items 4 and 5): the arbiter sets
the rounds' dates and start times in one form and gives a player a fixed board on the
player's page; the next round pairs that player's game on that board, and the public
round page shows its date and start time."""

from __future__ import annotations

from typing import Any

import pytest
from django.db.models import Q
from playwright.sync_api import expect

from swissweb.tournament.models import Game, Result

from .played import SLUG, log_in, played_event

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_arbiter_schedules_the_rounds_and_fixes_a_board(live_server: Any, page: Any) -> None:
    _, event = played_event(players=10, played=1)
    Game.objects.filter(round__event=event, round__number=2, result="").update(
        result=Result.WHITE_WINS
    )
    log_in(page, live_server.url)
    page.goto(f"{live_server.url}/events/{SLUG}/manage/schedule/")
    for number, (day, clock) in enumerate(
        [("2026-10-03", "10:00"), ("2026-10-03", "15:00"), ("2026-10-04", "09:30")], start=1
    ):
        page.get_by_label(f"Date of round {number}", exact=True).fill(day)
        page.get_by_label(f"Start time of round {number}", exact=True).fill(clock)
    page.get_by_role("button", name="Save the schedule").click()
    expect(page.get_by_text("Schedule saved.")).to_be_visible()

    lowest = event.players.order_by("-pairing_number").first()
    assert lowest is not None
    page.goto(f"{live_server.url}/events/{SLUG}/manage/players/{lowest.pk}/")
    page.get_by_label("Board", exact=True).fill("1")
    page.get_by_role("button", name="Set the fixed board").click()
    expect(page.get_by_text("board 1 from the next round paired")).to_be_visible()

    page.goto(f"{live_server.url}/events/{SLUG}/manage/rounds/3/")
    page.get_by_role("button", name="Pair round 3").click()
    expect(page.get_by_text("Round paired")).to_be_visible()
    game = Game.objects.get(Q(white=lowest) | Q(black=lowest), round__number=3)
    assert game.board == 1

    page.goto(f"{live_server.url}/events/{SLUG}/rounds/2/")
    expect(page.get_by_role("heading", name="Round 2: Sat 3 Oct, 15:00")).to_be_visible()
