"""The app's own pages pass its Content-Security-Policy (#21).

Every public and arbiter page is opened in Chromium with a listener for
``securitypolicyviolation`` installed before any of the page's scripts run; a result is
typed (the keyboard entry's fetch) and a draft swap posted.  No violation may be
reported, and the headers are the ones the settings promise.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pytest
from pytest_django.live_server_helper import LiveServer

from .played import PASSWORD, SLUG, played_event

if TYPE_CHECKING:  # types only: the fixtures import playwright, or skip without it
    from playwright.sync_api import Page

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

LISTEN = """
window.__violations = [];
document.addEventListener("securitypolicyviolation", (event) => {
  window.__violations.push(event.violatedDirective + " " + event.blockedURI);
});
"""


def _violations(page: Page) -> list[str]:
    return list(page.evaluate("window.__violations"))


def test_csp_no_page_of_the_app_breaks_its_policy(live_server: LiveServer, page: Page) -> None:
    _, event = played_event(players=21, played=2)
    page.add_init_script(LISTEN)
    base = live_server.url
    public = [
        "/", f"/events/{SLUG}/", f"/events/{SLUG}/rounds/1/", f"/events/{SLUG}/standings/",
        f"/events/{SLUG}/crosstable/", f"/events/{SLUG}/players/1/", "/accounts/login/",
    ]  # fmt: skip
    seen: dict[str, list[str]] = {}
    for path in public:
        response = page.goto(base + path)
        assert response is not None and response.status == 200, path
        headers = response.headers
        assert "default-src 'self'" in headers["content-security-policy"]
        assert "camera=()" in headers["permissions-policy"]
        seen[path] = _violations(page)
    page.goto(f"{base}/accounts/login/")
    page.get_by_label("Username").fill("anna")
    page.get_by_label("Password").fill(PASSWORD)
    page.get_by_role("button", name="Log in").click()
    page.wait_for_load_state()
    manage = f"/events/{SLUG}/manage"
    for path in (f"{manage}/players/", f"{manage}/rounds/1/", f"{manage}/rounds/1/print/",
                 f"{manage}/rounds/1/why/", f"{manage}/requests/", f"{manage}/audit/",
                 f"/events/{SLUG}/edit/", "/my-events/", "/events/new/"):  # fmt: skip
        response = page.goto(base + path)
        assert response is not None and response.status == 200, path
        seen[path] = _violations(page)
    # The keyboard entry saves with fetch (connect-src) and shows the state it got.
    page.goto(f"{base}{manage}/rounds/3/")
    page.get_by_label("Result of board 1", exact=True).click()
    page.keyboard.type("=")
    page.keyboard.press("Enter")
    page.locator('tr.board[data-save="saved"]').first.wait_for()
    seen["result entry"] = _violations(page)
    assert {path: found for path, found in seen.items() if found} == {}
    assert event.players.count() == 21
