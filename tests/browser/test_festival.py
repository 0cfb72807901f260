"""A festival of three sections in the browser (#34 item 1): its public page on a
375 px phone (nothing scrolls sideways, each section's round in play linked), a search
over every section, the entrant's choice of section, and the arbiter moving a player
between sections before round 1 from the player's page.

Not the whole of #34's end-to-end run (150 online entries, five rounds in each section):
this test covers the festival's own pages and the move; entries, check-in and rounds
have their browser tests of their own.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING, Any

import pytest
from django.contrib.auth.models import User
from playwright.sync_api import expect

from swissweb.tournament.entries import services as entry_services
from swissweb.tournament.events import services as event_services
from swissweb.tournament.festivals import services
from swissweb.tournament.models import DEFAULT_FIELDS, AuditEntry, EntrySettings, Festival, Player
from swissweb.tournament.players import services as player_services
from swissweb.tournament.rounds import services as round_services

from .conftest import ARTEFACTS
from .played import NOW, PASSWORD, log_in

if TYPE_CHECKING:
    from playwright.sync_api import Browser, Page, ViewportSize

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

PHONE: ViewportSize = {"width": 375, "height": 740}
PLAYERS = 20


@pytest.fixture
def phone(chromium_browser: Browser) -> Iterator[Page]:
    context = chromium_browser.new_context(viewport=PHONE, locale="en-GB")
    page = context.new_page()
    page.set_default_timeout(15_000)
    yield page
    context.close()


def _festival() -> Festival:
    """Hastings Weekend: Open A (round 1 in play), Open B and Under 1600 (not started),
    ``PLAYERS`` players each; entries open in Under 1600 for players born 2008 or later."""
    user = User.objects.create_user("anna", password=PASSWORD)
    festival = services.festival_create(
        name="Hastings Weekend Festival", slug="hastings", user=user, now=NOW, public=True
    )
    for index, name in enumerate(("Open A", "Open B", "Under 1600")):
        event = services.section_add(
            festival_id=festival.pk, name=name, user=user, now=NOW, rounds=5, public=True
        )
        rows = [
            {"name": f"{name.split()[-1]}-player, Number {n}", "rating": (2300, 1900, 1500)[index]
             - 10 * n, "birth_year": 2000 + n % 12}
            for n in range(1, PLAYERS + 1)
        ]  # fmt: skip
        player_services.players_add(event_id=event.pk, rows=rows, user=user, now=NOW)
    a = festival.sections.get(section_name="Open A")
    event_services.event_start(event_id=a.pk, user=user, now=NOW)
    paired = round_services.round_pair(event_id=a.pk, user=user, now=NOW)
    round_services.round_publish(round_id=paired.pk, user=user, now=NOW)
    junior = festival.sections.get(section_name="Under 1600")
    services.section_rules_set(
        event_id=junior.pk, rules=services.Rules(min_birth_year=2008), user=user, now=NOW
    )
    entry_services.entry_settings_set(
        event_id=junior.pk, settings=EntrySettings(open=True, fields_asked=list(DEFAULT_FIELDS)),
        fees=[], user=user, now=NOW,
    )  # fmt: skip
    return festival


def test_the_festival_page_on_a_phone_lists_sections_and_finds_players(
    live_server: Any, phone: Page
) -> None:
    _festival()
    phone.goto(f"{live_server.url}/festivals/hastings/")
    expect(phone.get_by_role("heading", name="Open A")).to_be_visible()
    expect(phone.get_by_role("heading", name="Under 1600")).to_be_visible()
    widths = phone.evaluate(
        "() => [document.documentElement.scrollWidth, document.body.scrollWidth]"
    )
    assert max(widths) <= PHONE["width"]
    ARTEFACTS.mkdir(parents=True, exist_ok=True)
    phone.screenshot(path=str(ARTEFACTS / "phone-festival.png"), full_page=True)
    phone.get_by_role("link", name="Round 1 (in play)").click()
    expect(phone).to_have_url(f"{live_server.url}/events/hastings-open-a/rounds/1/")

    phone.goto(f"{live_server.url}/festivals/hastings/")
    phone.get_by_label("Find a player in every section").fill("number 13")
    phone.get_by_role("button", name="Find").click()
    found = phone.locator(".found-players li")
    expect(found).to_have_count(3)
    phone.screenshot(path=str(ARTEFACTS / "phone-festival-search.png"), full_page=True)
    found.filter(has_text="Open A").get_by_role("link").click()
    expect(phone.get_by_role("heading", name="A-player, Number 13")).to_be_visible()


def test_entering_a_section_the_rules_refuse_says_why(live_server: Any, phone: Page) -> None:
    _festival()
    phone.goto(f"{live_server.url}/festivals/hastings/enter/")
    phone.get_by_label("Under 1600").check()
    phone.get_by_label("Birth year").fill("1985")
    phone.get_by_role("button", name="Go on to the entry form").click()
    expect(phone.get_by_role("alert")).to_contain_text("born in 2008 or later")
    phone.get_by_label("Birth year").fill("2010")
    phone.get_by_role("button", name="Go on to the entry form").click()
    expect(phone).to_have_url(f"{live_server.url}/events/hastings-under-1600/enter/")


def test_the_arbiter_moves_a_player_between_sections_before_round_1(
    live_server: Any, page: Page
) -> None:
    festival = _festival()
    b = festival.sections.get(section_name="Open B")
    player = Player.objects.get(name="B-player, Number 3")
    log_in(page, live_server.url)
    page.goto(f"{live_server.url}/festivals/hastings/manage/")
    expect(page.get_by_role("link", name="Workspace")).to_have_count(3)
    page.goto(f"{live_server.url}/events/{b.slug}/manage/players/{player.pk}/")
    page.get_by_label("Section", exact=True).select_option(label="Under 1600")
    page.get_by_role("button", name="Move B-player, Number 3").click()
    expect(page.get_by_text("admits players born in 2008 or later")).to_be_visible()
    assert Player.objects.get(pk=player.pk).event_id == b.pk
    page.get_by_label("Section", exact=True).select_option(label="Open A")
    page.get_by_role("button", name="Move B-player, Number 3").click()
    expect(page.get_by_text("Round 1 of Open A is paired")).to_be_visible()
    services.section_rules_set(
        event_id=festival.sections.get(section_name="Under 1600").pk,
        rules=services.Rules(), user=User.objects.get(username="anna"), now=NOW,
    )  # fmt: skip
    page.reload()
    page.get_by_label("Section", exact=True).select_option(label="Under 1600")
    page.get_by_role("button", name="Move B-player, Number 3").click()
    expect(page.get_by_text("B-player, Number 3 moved to Under 1600.")).to_be_visible()
    moved = Player.objects.get(pk=player.pk)
    assert moved.event.section_name == "Under 1600"
    assert AuditEntry.objects.filter(action="player_move").count() == 2
