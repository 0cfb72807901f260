"""Picking a draft's swap by clicking pairing numbers (#36 item 1), in Chromium.

On the draft review of the 61-player event, a click on a pairing number fills the swap
form's first field and a second click (here from the keyboard: Tab to the number,
Enter) the other, in place: the page does not reload, the picked numbers are marked,
the form says what is picked, and the focus moves to "Swap players", whose Enter sends
the swap.  A third click starts again; a number typed into a field marks its player
too.  Without JavaScript the same links fill the form through the page's query
(tests/web/test_draft_swap_pick.py).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pytest
from pytest_django.live_server_helper import LiveServer

from swissweb.tournament.models import Game

from .conftest import ARTEFACTS
from .played import SLUG, log_in
from .test_content_security_policy import LISTEN
from .test_draft_review import _draft

if TYPE_CHECKING:  # types only: the fixtures import playwright, or skip without it
    from playwright.sync_api import Locator, Page

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def _number(page: Page, value: int) -> Locator:
    return page.locator("table.draft a", has_text=str(value)).filter(
        has=page.locator(f"xpath=self::*[normalize-space()='{value}']")
    )


def test_two_clicked_numbers_fill_the_swap_form_and_enter_swaps(
    live_server: LiveServer, page: Page
) -> None:
    event = _draft()
    draft = event.round_set.get(number=5)
    games = list(Game.objects.filter(round=draft).select_related("white", "black"))
    boards = sorted((g for g in games if g.black is not None), key=lambda g: g.board)
    # The two black players of the last two boards: the bottom bracket, unlikely to
    # have met each other's opponents (a refused swap would say so, and fail here).
    first = boards[-2].black.pairing_number  # type: ignore[union-attr]  # boards, no bye
    second = boards[-1].black.pairing_number  # type: ignore[union-attr]  # boards, no bye
    assert first and second
    page.add_init_script(LISTEN)
    log_in(page, live_server.url)
    url = f"{live_server.url}/events/{SLUG}/manage/rounds/5/"
    page.goto(url)
    form = page.locator("form#swap")
    first_field, second_field = form.locator("[name=first_no]"), form.locator("[name=second_no]")

    _number(page, first).click()
    assert (first_field.input_value(), second_field.input_value()) == (str(first), "")
    assert _number(page, first).get_attribute("class") == "picked"
    assert f"No. {first} picked" in form.locator(".swap-state").inner_text()
    assert page.url == url  # filled in place, no page loaded

    _number(page, second).focus()
    page.keyboard.press("Enter")
    assert (first_field.input_value(), second_field.input_value()) == (str(first), str(second))
    assert page.locator("table.draft a.picked").count() == 2
    state = form.locator(".swap-state").inner_text()
    assert f"Swap no. {first} with no. {second}" in state
    assert page.evaluate("document.activeElement.textContent") == "Swap players"
    assert page.url == url
    ARTEFACTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(ARTEFACTS / "draft-swap-picked.png"))

    # A third click starts again; a number typed marks its player too.
    _number(page, second).click()
    assert (first_field.input_value(), second_field.input_value()) == (str(second), "")
    assert page.locator("table.draft a.picked").count() == 1
    second_field.fill(str(first))
    assert page.locator("table.draft a.picked").count() == 2
    assert page.evaluate("window.__violations") == []  # the script passes the CSP

    form.get_by_role("button", name="Swap players").press("Enter")
    page.get_by_text("Players swapped.").wait_for()
    swapped = {
        frozenset((g.white.pairing_number, g.black.pairing_number))
        for g in Game.objects.filter(round=draft).select_related("white", "black")
        if g.black is not None
    }
    left = boards[-2].white.pairing_number  # first's opponent, who stayed on the board
    assert frozenset((left, second)) in swapped and frozenset((left, first)) not in swapped
