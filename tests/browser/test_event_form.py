"""The new-event form in a real browser: each system's defaults and options (#20)."""

from __future__ import annotations

from typing import Any

import pytest
from django.contrib.auth.models import User
from playwright.sync_api import expect

from swissweb.tournament.models import Event

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_new_event_form_follows_the_chosen_system(live_server: Any, page: Any) -> None:
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
