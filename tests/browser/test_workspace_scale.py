"""The workspace at scale (#36 items 3 and 4): a private event's standings inside the
workspace, and a searchable player field used to record a request."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pytest
from pytest_django.live_server_helper import LiveServer

from swissweb.tournament.models import Event, RoundRequest

from .played import SLUG, log_in, played_event

if TYPE_CHECKING:  # types only: the fixtures import playwright, or skip without it
    from playwright.sync_api import Page

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_a_private_events_standings_open_in_the_workspace(
    live_server: LiveServer, page: Page
) -> None:
    played_event(players=12, played=3)
    Event.objects.filter(slug=SLUG).update(public=False)
    log_in(page, live_server.url)
    closed = page.goto(f"{live_server.url}/events/{SLUG}/standings/")
    assert closed is not None and closed.status == 404
    page.goto(f"{live_server.url}/events/{SLUG}/manage/players/")
    page.locator(".nav-links").get_by_role("link", name="Standings", exact=True).click()
    page.wait_for_url(f"**/events/{SLUG}/manage/standings/")
    table = page.locator("table.standings")
    assert table.locator("tbody tr").count() == 12
    assert page.get_by_text("This event is not public").first.is_visible()
    page.get_by_role("button", name="Publish the event").wait_for()
    page.get_by_role("link", name="Crosstable").first.click()
    page.wait_for_url(f"**/events/{SLUG}/manage/crosstable/")
    assert page.locator("table.crosstable tbody tr").count() == 12


def test_a_request_is_recorded_through_the_searchable_player_field(
    live_server: LiveServer, page: Page
) -> None:
    _, event = played_event(players=12, played=3)
    log_in(page, live_server.url)
    page.goto(f"{live_server.url}/events/{SLUG}/manage/requests/")
    field = page.locator('input[name="player_find"]')
    field.fill("bauer")
    choices = page.locator(".picker-choices [data-pick]")
    choices.first.wait_for()
    assert all("Bauer" in text for text in choices.all_inner_texts())
    field.press("ArrowDown")
    field.press("Enter")
    chosen = field.input_value()
    assert "Bauer" in chosen
    number = int(chosen.split(".")[0])
    page.locator('input[name="round_number"]').fill("5")
    page.get_by_role("button", name="Record request").click()
    page.get_by_text("Request recorded.").wait_for()
    wish = RoundRequest.objects.get(player__event=event)
    assert (wish.player.pairing_number, wish.round_number) == (number, 5)


def test_the_players_page_filters_as_the_arbiter_types(live_server: LiveServer, page: Page) -> None:
    played_event(players=30, played=3)
    log_in(page, live_server.url)
    page.goto(f"{live_server.url}/events/{SLUG}/manage/players/")
    rows = page.locator("table.players tbody tr")
    assert rows.count() == 30
    page.locator("#roster-q").fill("bauer")
    page.wait_for_url("**q=bauer**")
    assert 0 < rows.count() < 30
    assert all("Bauer" in text for text in rows.all_inner_texts())
