"""The draft review at a glance (#36 item 1): one line per board, every control in view.

A 61-player event with round 5 paired as a draft is opened at a laptop's 1,280 px and a
phone's 375 px: no swap, colour or "why" control may lie outside the window (the colour
swap was clipped at 1,280 px before); the engine's steps of a board and of a bracket
open under its line and close again; after a colour swap the board is marked and its
stale steps are marked where they stand.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pytest
from django.utils import timezone
from pytest_django.live_server_helper import LiveServer

from swissweb.tournament.models import Event, Result
from swissweb.tournament.rounds import results as result_services
from swissweb.tournament.rounds import services as round_services

from .conftest import ARTEFACTS
from .played import SLUG, log_in, played_event
from .test_content_security_policy import LISTEN

if TYPE_CHECKING:  # types only: the fixtures import playwright, or skip without it
    from playwright.sync_api import Page

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

CONTROLS = (
    "table.draft button, table.draft a, form.swap-players input:not([type=hidden]),"
    " form.swap-players button"
)

OUTSIDE = """(selector) => {
  const width = document.documentElement.clientWidth;
  const out = [];
  for (const element of document.querySelectorAll(selector)) {
    const box = element.getBoundingClientRect();
    if (box.width === 0 || box.left < 0 || box.right > width + 0.5) {
      out.push(element.outerHTML.slice(0, 80) + " " + box.left + "-" + box.right);
    }
  }
  return out;
}"""
"""The controls not wholly inside the window's width, or not shown at all."""


def _draft() -> Event:
    """The played event with round 4's results in and round 5 paired, not published."""
    user, event = played_event(players=61, played=3)
    now = timezone.now()
    for game in event.round_set.get(number=4).games.exclude(result=Result.PAIRING_BYE):
        result_services.result_record(
            game_id=game.pk, result=Result.DRAW, expected_version=game.version, user=user,
            now=now,
        )  # fmt: skip
    round_services.round_pair(event_id=event.pk, user=user, now=now, seed=5)
    return event


def _check_controls(page: Page, width: int, name: str) -> None:
    page.set_viewport_size({"width": width, "height": 800})
    page.goto(page.url)
    assert page.evaluate("document.documentElement.scrollWidth") <= width
    assert page.evaluate(OUTSIDE, CONTROLS) == []
    rows = page.locator("table.draft tbody tr:not(.bracket)")
    for index in (0, rows.count() // 2, rows.count() - 1):
        button = rows.nth(index).locator("button")
        if button.count():
            button.scroll_into_view_if_needed()
            box = button.bounding_box()
            assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= width
            # Nothing covers it: the point at its centre is the button itself.
            hit = page.evaluate(
                "([x, y]) => document.elementFromPoint(x, y)?.tagName",
                [box["x"] + box["width"] / 2, box["y"] + box["height"] / 2],
            )
            assert hit == "BUTTON"
    ARTEFACTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(ARTEFACTS / f"draft-review-{name}.png"))


def test_draft_review_controls_are_inside_the_window_at_1280_and_375_px(
    live_server: LiveServer, page: Page
) -> None:
    _draft()
    log_in(page, live_server.url)
    page.goto(f"{live_server.url}/events/{SLUG}/manage/rounds/5/")
    lines = page.locator("table.draft tbody tr:not(.bracket)")
    assert lines.count() == 31  # 61 players: 30 boards and the bye, one line each
    assert page.locator("table.draft tr.bracket").count() >= 2
    _check_controls(page, 1280, "laptop")
    line = lines.first.bounding_box()
    assert line is not None and line["height"] < 60  # one line per board
    _check_controls(page, 375, "phone")


def test_draft_review_opens_a_boards_and_a_brackets_steps_under_the_line(
    live_server: LiveServer, page: Page
) -> None:
    _draft()
    page.add_init_script(LISTEN)
    log_in(page, live_server.url)
    page.goto(f"{live_server.url}/events/{SLUG}/manage/rounds/5/")
    why = page.locator('table.draft a[href="why/?board=1"]')
    why.click()
    panel = page.locator("table.draft tr.why-row")
    assert "Board 1:" in panel.locator(".explanation").inner_text()
    assert why.get_attribute("aria-expanded") == "true"
    why.click()
    assert panel.count() == 0
    page.locator("table.draft tr.bracket a").first.click()
    assert "bracket" in panel.locator(".explanation").inner_text().lower()
    assert page.evaluate("window.__violations") == []  # the script and its fetch pass the CSP


def test_a_colour_swap_marks_the_board_and_its_stale_steps(
    live_server: LiveServer, page: Page
) -> None:
    _draft()
    log_in(page, live_server.url)
    page.goto(f"{live_server.url}/events/{SLUG}/manage/rounds/5/")
    page.locator('table.draft button[value="2"]').click()
    page.get_by_text("Colours of board 2 swapped.").wait_for()
    edited = page.locator("table.draft tr.ed")
    assert edited.count() == 1 and edited.locator("td").first.inner_text().startswith("2")
    edited.locator('a[href="why/?board=2"]').click()
    steps = page.locator("table.draft tr.why-row .explanation li")
    steps.last.wait_for()
    classes = [steps.nth(n).get_attribute("class") or "" for n in range(steps.count())]
    assert "changed" in classes and classes[-1] == "arbiter"
    assert classes.index("changed") < classes.index("arbiter")
