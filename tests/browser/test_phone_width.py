"""The public pages fit a phone: nothing scrolls sideways at 375 px but a table's own box (#20).

A wide table (the crosstable, standings with five tie-breaks) scrolls inside its
``.scroll`` box; the page itself, its header and its text, stay within the screen.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING

import pytest
from pytest_django.live_server_helper import LiveServer

from swissweb.tournament.models import Event

from .conftest import ARTEFACTS
from .played import LONG_NAME, SLUG, played_event

if TYPE_CHECKING:  # types only: the fixtures import playwright, or skip without it
    from playwright.sync_api import Browser, Page, ViewportSize

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

PHONE: ViewportSize = {"width": 375, "height": 740}


@pytest.fixture
def phone(chromium_browser: Browser) -> Iterator[Page]:
    """A page in a phone-sized window (an iPhone SE's 375 CSS pixels).

    Not Chromium's mobile emulation: it widens the layout viewport to fit a page that is
    too wide, which would hide the very overflow looked for here.
    """
    context = chromium_browser.new_context(viewport=PHONE)
    page = context.new_page()
    page.set_default_timeout(15_000)
    yield page
    context.close()


def _public_pages(event: Event) -> dict[str, str]:
    long_name = event.players.get(name=LONG_NAME).pairing_number
    return {
        "event-list": "/",
        "event": f"/events/{SLUG}/",
        "round-in-play": f"/events/{SLUG}/rounds/4/",
        "round-complete": f"/events/{SLUG}/rounds/3/",
        "starting-rank": f"/events/{SLUG}/starting-rank/",
        "standings": f"/events/{SLUG}/standings/",
        "crosstable": f"/events/{SLUG}/crosstable/",
        "player-card": f"/events/{SLUG}/players/1/",
        "player-card-long-name": f"/events/{SLUG}/players/{long_name}/",
        "login": "/accounts/login/",
    }


def test_no_public_page_scrolls_sideways_on_a_phone(live_server: LiveServer, phone: Page) -> None:
    _, event = played_event()
    ARTEFACTS.mkdir(parents=True, exist_ok=True)
    wide = []
    for name, path in _public_pages(event).items():
        phone.goto(live_server.url + path)
        page_width, body_width, screen = phone.evaluate(
            "() => [document.documentElement.scrollWidth, document.body.scrollWidth,"
            " window.innerWidth]"
        )
        assert screen == PHONE["width"]
        if max(page_width, body_width) > screen:
            wide.append(f"{name} ({path}): page {page_width}, body {body_width}, screen {screen}")
        phone.screenshot(path=str(ARTEFACTS / f"phone-{name}.png"), full_page=True)
    assert wide == []


def test_a_wide_table_scrolls_in_its_own_box(live_server: LiveServer, phone: Page) -> None:
    """The crosstable is wider than the phone: its box scrolls, the page does not."""
    played_event()
    phone.goto(f"{live_server.url}/events/{SLUG}/crosstable/")
    box = phone.locator(".scroll:has(table.crosstable)")
    widths = box.evaluate("el => [el.scrollWidth, el.clientWidth]")
    assert widths[0] > widths[1]  # the table is wider than its box, which scrolls...
    page_width = phone.evaluate("document.documentElement.scrollWidth")
    assert page_width <= PHONE["width"]  # ...and the page does not
