"""An arbiter runs a small event in a real browser, and the public pages show it (issue 6)."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest
from django.contrib.auth.models import User
from playwright.sync_api import Page, expect
from pytest_django.live_server_helper import LiveServer

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

PLAYERS_CSV = """name,rating,title,federation,club
"Carlsen, Magnus",2830,GM,NOR,Offerspill
"Caruana, Fabiano",2800,GM,USA,Saint Louis
"Nakamura, Hikaru",2790,GM,USA,Saint Louis
"Firouzja, Alireza",2760,GM,FRA,Paris
"Gukesh, Dommaraju",2750,GM,IND,Chennai
"Giri, Anish",2740,GM,NED,Hilversum
"""


def test_arbiter_runs_two_rounds_and_public_sees_them(
    live_server: LiveServer, page: Page, screenshot: Callable[[str], Path]
) -> None:
    """Log in, create a FIDE-rated event (the default system, FIDE Dutch C.04.3 of 2026),
    import players, pair, publish, type results, pair again."""
    User.objects.create_user("anna", password="anna-secret-pw-1")
    base = live_server.url

    page.goto(f"{base}/accounts/login/")
    page.get_by_label("Username").fill("anna")
    page.get_by_label("Password").fill("anna-secret-pw-1")
    page.get_by_role("button", name="Log in").click()

    page.goto(f"{base}/events/new/")
    system = page.get_by_label("Pairing system")
    expect(system).to_have_value("dutch")  # the default: FIDE-rated events need it
    assert "not for FIDE-rated events" in system.locator("option[value=lim]").inner_text()
    assert "not for FIDE-rated" not in system.locator("option[value=dutch]").inner_text()
    acceleration = page.locator("#id_acceleration")
    system.select_option("sb")
    expect(acceleration).to_be_checked()  # the SB text accelerates rounds 1 and 2
    system.select_option("dutch")
    expect(acceleration).not_to_be_checked()
    page.locator("#id_name").fill("Browser Open")
    page.get_by_label("Slug").fill("browser-open")
    page.get_by_label("Rounds").fill("5")
    page.get_by_label("Initial colour").select_option("white")
    page.get_by_label("Public").check()
    page.get_by_role("button", name="Save").click()
    page.get_by_role("heading", name="Browser Open").wait_for()

    page.get_by_label("CSV").fill(PLAYERS_CSV)
    page.get_by_role("button", name="Import players").click()
    page.get_by_text("6 players imported.").wait_for()
    page.get_by_role("button", name="Start the event").click()
    page.get_by_text("Pairing numbers assigned.").wait_for()
    screenshot("01-players")

    for number in (1, 2):
        page.get_by_role("button", name=f"Pair round {number}").click()
        page.get_by_text(f"Publish round {number}…").click()  # opens the confirmation (#20)
        page.get_by_role("button", name=f"Publish round {number}").click()
        page.get_by_text(f"Round {number} published.").wait_for()
        page.get_by_label("Result of board 1").first.click()
        for board in (1, 2, 3):
            field = page.get_by_label(f"Result of board {board}").first
            expect(field).to_be_focused()
            page.keyboard.type("1")
            page.keyboard.press("Enter")
            expect(page.get_by_label(f"Result of board {board}").first).to_have_value("1-0")
        screenshot(f"0{number + 1}-round-{number}-results")
        page.reload()

    page.goto(f"{base}/events/browser-open/rounds/2/")
    rows = page.locator("table.pairings tbody tr")
    assert rows.count() == 3
    assert rows.first.locator("td").nth(3).inner_text() == "1-0"
    screenshot("04-public-round-2")

    page.goto(f"{base}/events/browser-open/standings/")
    assert "After round 2." in page.content()
    standings = page.locator("table.standings tbody tr")
    assert standings.count() == 6
    assert standings.first.locator("td").nth(7).inner_text() == "2"
    screenshot("05-standings")

    page.goto(f"{base}/events/browser-open/crosstable/")
    assert page.locator("table.crosstable tbody tr").count() == 6
    screenshot("06-crosstable")

    # The arbiter's explanation of round 2: the 2026 rules that decided it.
    page.goto(f"{base}/events/browser-open/manage/rounds/2/why/")
    why = page.content()
    assert "C.04.3" in why and "C6-C21" in why
    screenshot("07-round-2-why")
