"""The app in German in a real Chromium (#24): chosen by the browser's language, or by
the header's switch; the arbiter's pages, and what the scripts write, follow it."""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable
from pathlib import Path

import pytest
from django.contrib.auth.models import User
from django.utils import translation
from django.utils.translation import gettext
from playwright.sync_api import Browser, Page, expect
from pytest_django.live_server_helper import LiveServer

from swissweb.tournament.events import services as event_services
from swissweb.tournament.models import Event, Game
from swissweb.tournament.players import services as player_services
from swissweb.tournament.rounds import services as round_services

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

NOW = dt.datetime(2026, 11, 1, 10, tzinfo=dt.UTC)
PASSWORD = "greta-secret-pw-1"


def de(text: str) -> str:
    with translation.override("de"):
        translated = gettext(text)
    assert translated != text, f"{text!r} has no German translation"
    return translated


def _event_in_play() -> Event:
    user = User.objects.create_user("greta", password=PASSWORD)
    event = event_services.event_create(
        user=user, now=NOW, name="Herbstturnier", slug="herbst", system="dutch1992", rounds=5
    )
    Event.objects.filter(pk=event.pk).update(public=True)
    player_services.players_add(
        event_id=event.pk,
        rows=[{"name": f"Spieler {n:02d}", "rating": 2200 - 10 * n} for n in range(10)],
        user=user,
        now=NOW,
    )
    event_services.event_start(event_id=event.pk, user=user, now=NOW)
    round_ = round_services.round_pair(event_id=event.pk, user=user, now=NOW, seed=3)
    round_services.round_publish(round_id=round_.pk, user=user, now=NOW)
    return event


def test_the_switch_turns_the_pages_and_the_scripts_german(
    live_server: LiveServer, page: Page, screenshot: Callable[[str], Path]
) -> None:
    event = _event_in_play()
    base = live_server.url
    page.goto(f"{base}/events/{event.slug}/")
    expect(page.locator("html")).to_have_attribute("lang", "en-gb")
    page.get_by_role("button", name="Deutsch").click()
    expect(page.locator("html")).to_have_attribute("lang", "de")
    expect(page).to_have_url(f"{base}/events/{event.slug}/")
    expect(page.get_by_role("link", name=de("Standings")).first).to_be_visible()
    screenshot("languages-event-de")

    # Django's own login form is German too; then the results table's script.
    page.goto(f"{base}/accounts/login/")
    page.get_by_label(de("Username")).fill("greta")
    page.get_by_label(de("Password")).fill(PASSWORD)
    page.locator("form button[type=submit], form input[type=submit]").last.click()
    page.goto(f"{base}/events/{event.slug}/manage/")
    with translation.override("de"):
        board_label = gettext("Result of board %(board)s") % {"board": 1}
    field = page.get_by_label(board_label, exact=True)
    field.fill("x")
    field.press("Enter")
    expect(page.locator(".save-state").first).to_have_text(
        de("refused: type 1, 0, =, + or - (forfeits), -- (double forfeit)")
    )
    field.fill("1")
    field.press("Enter")
    expect(page.locator(".save-state").first).to_have_text(de("saved"))
    assert Game.objects.get(round__event=event, board=1).result == "1-0"
    screenshot("languages-results-de")

    page.get_by_role("button", name="English").click()
    expect(page.locator("html")).to_have_attribute("lang", "en-gb")


def test_a_german_browser_gets_german_pages(
    live_server: LiveServer, chromium_browser: Browser
) -> None:
    event = _event_in_play()
    context = chromium_browser.new_context(locale="de-DE")
    try:
        page = context.new_page()
        page.goto(f"{live_server.url}/events/{event.slug}/standings/")
        expect(page.locator("html")).to_have_attribute("lang", "de")
        heading = de("%(name)s: standings") % {"name": event.name}
        expect(page.get_by_role("heading", level=1)).to_have_text(heading)
    finally:
        context.close()
