"""The arbiter's navigation fits a phone: the round in play and a menu (#36).

At 375 px the workspace's navigation is one line, the round in play and a collapsed menu
naming the page shown, within the first screen; opening the menu (a ``<details>``, no
script) shows every link. On a laptop's 1,280 px every link is in view at once.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pytest
from pytest_django.live_server_helper import LiveServer

from .conftest import ARTEFACTS
from .played import SLUG, log_in, played_event

if TYPE_CHECKING:  # types only: the fixtures import playwright, or skip without it
    from playwright.sync_api import Locator, Page

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

PHONE = {"width": 375, "height": 740}
LAPTOP = {"width": 1280, "height": 800}
ONE_LINE = 120
"""The navigation's height on a phone, in CSS pixels: a line of links with room to spare
(the nineteen links as pills took several screens' worth of lines)."""


def _all_visible(links: Locator) -> list[str]:
    """The links of ``links`` that are not in view (empty when every one is)."""
    return [
        links.nth(n).inner_text() or str(n)
        for n in range(links.count())
        if not links.nth(n).is_visible()
    ]


def test_on_a_phone_the_round_in_play_comes_first_and_the_menu_collapses(
    live_server: LiveServer, page: Page
) -> None:
    played_event(players=12, played=3)  # round 4 in play, without results
    log_in(page, live_server.url)
    page.set_viewport_size({"width": PHONE["width"], "height": PHONE["height"]})
    page.goto(f"{live_server.url}/events/{SLUG}/manage/players/")
    nav = page.locator("nav.workspace-nav")
    now = nav.locator("a.nav-now")
    assert now.is_visible() and now.inner_text() == "Round 4"
    assert now.get_attribute("href") == f"/events/{SLUG}/manage/rounds/4/"
    summary = nav.locator("details.nav-menu > summary")
    assert summary.is_visible() and " · Players" in summary.inner_text()
    box = nav.bounding_box()
    assert box is not None
    assert box["height"] < ONE_LINE and box["y"] + box["height"] <= PHONE["height"]
    links = nav.locator(".nav-links a")
    assert links.count() > 10 and not links.first.is_visible()
    summary.click()
    assert _all_visible(links) == []
    assert nav.locator('.nav-links a[aria-current="page"]').inner_text() == "Players"
    ARTEFACTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(ARTEFACTS / "phone-workspace-menu-open.png"))

    page.goto(f"{live_server.url}/events/{SLUG}/manage/rounds/4/")
    assert now.get_attribute("aria-current") == "page"
    assert nav.locator('.nav-links a[aria-current="page"]').text_content() == "Round 4"
    assert " · Round 4" in summary.inner_text()
    assert nav.locator(".nav-links a").first.is_visible() is False
    box = nav.bounding_box()
    assert box is not None and box["height"] < ONE_LINE
    page.screenshot(path=str(ARTEFACTS / "phone-workspace-round.png"))


def test_on_a_laptop_every_link_is_in_view_without_opening_anything(
    live_server: LiveServer, page: Page
) -> None:
    played_event(players=12, played=3)
    log_in(page, live_server.url)
    page.set_viewport_size({"width": LAPTOP["width"], "height": LAPTOP["height"]})
    page.goto(f"{live_server.url}/events/{SLUG}/manage/rounds/4/")
    nav = page.locator("nav.workspace-nav")
    links = nav.locator(".nav-links a")
    assert links.count() > 10 and _all_visible(links) == []
    assert nav.locator('.nav-links a[aria-current="page"]').text_content() == "Round 4"
    # The menu's title and the repeated round link would only say twice what is in view.
    assert not nav.locator("details.nav-menu > summary").is_visible()
    assert not nav.locator("a.nav-now").is_visible()
    page.screenshot(path=str(ARTEFACTS / "laptop-workspace-round.png"))
