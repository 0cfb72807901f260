"""The app in French in a real Chromium (#36): chosen by the browser's language, or by
the header's switch; the arbiter's pages, and what the scripts write, follow it."""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable
from pathlib import Path

import pytest
from django.contrib.auth.forms import AuthenticationForm
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
PASSWORD = "amelie-secret-pw-1"


def fr(text: str) -> str:
    with translation.override("fr"):
        translated = gettext(text)
    assert translated != text, f"{text!r} has no French translation"
    return translated


def _event_in_play() -> Event:
    user = User.objects.create_user("amelie", password=PASSWORD)
    event = event_services.event_create(
        user=user, now=NOW, name="Open d'automne", slug="automne", system="dutch1992", rounds=5
    )
    Event.objects.filter(pk=event.pk).update(public=True)
    player_services.players_add(
        event_id=event.pk,
        rows=[{"name": f"Joueur {n:02d}", "rating": 2200 - 10 * n} for n in range(10)],
        user=user,
        now=NOW,
    )
    event_services.event_start(event_id=event.pk, user=user, now=NOW)
    round_ = round_services.round_pair(event_id=event.pk, user=user, now=NOW, seed=3)
    round_services.round_publish(round_id=round_.pk, user=user, now=NOW)
    return event


def test_the_switch_turns_the_pages_and_the_scripts_french(
    live_server: LiveServer, page: Page, screenshot: Callable[[str], Path]
) -> None:
    event = _event_in_play()
    base = live_server.url
    page.goto(f"{base}/events/{event.slug}/")
    page.get_by_role("button", name="Français").click()
    expect(page.locator("html")).to_have_attribute("lang", "fr")
    expect(page).to_have_url(f"{base}/events/{event.slug}/")
    expect(page.get_by_role("link", name=fr("Standings")).first).to_be_visible()
    screenshot("languages-event-fr")

    # Django's own login form is French too; then the results table's script.
    page.goto(f"{base}/accounts/login/")
    with translation.override("fr"):
        labels = AuthenticationForm().fields
        username, password = str(labels["username"].label), str(labels["password"].label)
    page.get_by_label(username).fill("amelie")  # "Nom d’utilisateur", Django's own
    page.get_by_label(password).fill(PASSWORD)
    page.locator("form button[type=submit], form input[type=submit]").last.click()
    page.goto(f"{base}/events/{event.slug}/manage/")
    with translation.override("fr"):
        board_label = gettext("Result of board %(board)s") % {"board": 1}
    field = page.get_by_label(board_label, exact=True)
    field.fill("x")
    field.press("Enter")
    expect(page.locator(".save-state").first).to_have_text(
        fr("refused: type 1, 0, =, + or - (forfeits), -- (double forfeit)")
    )
    field.fill("1")
    field.press("Enter")
    expect(page.locator(".save-state").first).to_have_text(fr("saved"))
    assert Game.objects.get(round__event=event, board=1).result == "1-0"
    screenshot("languages-results-fr")

    page.get_by_role("button", name="Deutsch").click()
    expect(page.locator("html")).to_have_attribute("lang", "de")


def test_a_french_browser_gets_french_pages(
    live_server: LiveServer, chromium_browser: Browser
) -> None:
    event = _event_in_play()
    context = chromium_browser.new_context(locale="fr-FR")
    try:
        page = context.new_page()
        page.goto(f"{live_server.url}/events/{event.slug}/standings/")
        expect(page.locator("html")).to_have_attribute("lang", "fr")
        heading = fr("%(name)s: standings") % {"name": event.name}
        expect(page.get_by_role("heading", level=1)).to_have_text(heading)
    finally:
        context.close()
