"""The new-event form in a real browser: each system's defaults and options (#20)."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest
from django.contrib.auth.models import User
from playwright.sync_api import Page, expect
from pytest_django.live_server_helper import LiveServer

from swissweb.tournament.models import Event
from swissweb.tournament.standings import selectors as standing_selectors

from .played import SLUG, log_in, played_event

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_new_event_form_follows_the_chosen_system(live_server: LiveServer, page: Page) -> None:
    """Choosing a system shows only its options and its tie-breaks (until the arbiter
    types his own); the slug follows the name until the arbiter types a slug."""
    User.objects.create_user("anna", password="anna-secret-pw-1")
    base = live_server.url
    page.goto(f"{base}/accounts/login/")
    page.get_by_label("Username").fill("anna")
    page.get_by_label("Password").fill("anna-secret-pw-1")
    page.get_by_role("button", name="Log in").click()
    page.goto(f"{base}/events/new/")

    system = page.get_by_label("Pairing system")
    tiebreaks = page.locator("#id_tiebreaks")
    lim_maxi = page.locator("#id_lim_maxi")
    esca_random = page.locator("#id_esca_random")
    expect(tiebreaks).to_have_value("BH-C1,BH,SB,DE")
    expect(lim_maxi).to_be_hidden()
    expect(esca_random).to_be_hidden()
    expect(page.locator("#id_acceleration")).to_be_visible()

    system.select_option("lim")
    expect(lim_maxi).to_be_visible()
    expect(esca_random).to_be_hidden()
    system.select_option("esca")
    expect(esca_random).to_be_visible()
    expect(lim_maxi).to_be_hidden()
    expect(tiebreaks).to_have_value("BH,SB")
    system.select_option("sb")
    expect(tiebreaks).to_have_value("SB,BH,MBH")
    tiebreaks.fill("BH,LOT")
    system.select_option("esca")
    expect(tiebreaks).to_have_value("BH,LOT")  # typed by the arbiter: kept

    name = page.locator("#id_name")
    slug = page.get_by_label("Slug")
    name.fill("Ünder-16 Congress 2026!")
    expect(slug).to_have_value("under-16-congress-2026")
    slug.fill("u16")
    name.fill("Under-16 Congress")
    expect(slug).to_have_value("u16")
    page.get_by_label("Rounds").fill("6")
    page.get_by_role("button", name="Save").click()
    page.get_by_role("heading", name="Under-16 Congress").wait_for()
    event = Event.objects.get()
    assert (event.slug, event.system, event.tiebreaks) == ("u16", "esca", "BH,LOT")


def test_arbiter_picks_and_orders_fide_tiebreaks(
    live_server: LiveServer, page: Page, screenshot: Callable[[str], Path]
) -> None:
    """FIDE C.07 lets the organiser choose any tie-break, in any order, with the
    modifiers its definition allows: the picker reorders and removes the event's codes,
    offers each code only its own modifiers, and the standings show the columns chosen."""
    _, event = played_event(players=21, played=3)
    log_in(page, live_server.url)
    page.goto(f"{live_server.url}/events/{SLUG}/edit/")
    field = page.locator("#id_tiebreaks")
    field.fill("BH-C1,BH,SB,DE")
    field.dispatch_event("input")
    chosen = page.locator("[data-chosen] li > span")
    expect(chosen).to_have_text(["BH-C1", "BH", "SB", "DE"])

    page.get_by_role("button", name="Remove BH", exact=True).click()
    page.get_by_role("button", name="Move DE up").click()
    expect(chosen).to_have_text(["BH-C1", "DE", "SB"])

    code = page.get_by_label("Tie-break", exact=True)
    modifier = page.get_by_label("Modifier")
    code.select_option("SB")
    expect(modifier.locator("option[value=M1]")).to_be_disabled()
    expect(modifier.locator("option[value=C1]")).to_be_enabled()
    code.select_option("ARO")
    modifier.select_option("M1")
    page.get_by_role("button", name="Add tie-break").click()
    code.select_option("KS")
    modifier.select_option("L40")
    page.get_by_role("button", name="Add tie-break").click()
    code.select_option("TPR")
    expect(modifier).to_have_value("")  # L40 is Koya's alone
    page.get_by_role("button", name="Add tie-break").click()
    expect(field).to_have_value("BH-C1,DE,SB,ARO-M1,KS-L40,TPR")
    screenshot("event-form-tiebreak-picker")

    page.get_by_role("button", name="Save").click()
    page.get_by_role("heading", name=event.name).wait_for()
    event.refresh_from_db()
    assert event.tiebreaks == "BH-C1,DE,SB,ARO-M1,KS-L40,TPR"

    page.goto(f"{live_server.url}/events/{SLUG}/standings/")
    # The standings table, not the tie-break legend under it (#35 item 5).
    headers = page.locator("table").first.locator("thead th").all_inner_texts()
    assert headers[-6:] == ["BH-C1", "DE", "SB", "ARO-M1", "KS-L40", "TPR"]
    expected = standing_selectors.standings_after(event=event).lines[0]
    first = page.locator("table tbody tr").first.locator("td").all_inner_texts()
    assert first[-6:] == list(expected.texts)
