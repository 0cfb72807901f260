"""The public pages as a player uses them on a phone (#24): the round in play first with
ratings and points, a name search leading to the player card, and the printed
pairings' QR code leading to the round."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest
from playwright.sync_api import Page, expect
from pytest_django.live_server_helper import LiveServer

from .played import SLUG, log_in, played_event

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_player_finds_their_board_and_card_on_a_phone(
    live_server: LiveServer, page: Page, screenshot: Callable[[str], Path]
) -> None:
    _, event = played_event(players=21, played=3)
    page.set_viewport_size({"width": 390, "height": 844})
    page.goto(f"{live_server.url}/events/{SLUG}/")
    headings = page.locator("h2").all_inner_texts()
    assert headings[0] == "Round 4 (in play)"  # the round in play first
    first_board = page.locator("#round-4-pairings tbody tr").first
    expect(first_board).to_contain_text(" pt")
    screenshot("public-event-phone")

    player = event.players.get(pairing_number=7)
    last_name = player.name.split(",")[0]
    page.get_by_label("Find a player").fill(last_name.upper())
    page.get_by_role("button", name="Find").click()
    page.get_by_role("link", name=player.name).click()
    expect(page.get_by_role("heading", name=player.name)).to_be_visible()
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= 390, "the card fits the phone's width"


def test_a_phone_reader_goes_from_round_to_round_and_prints_the_starting_rank(
    live_server: LiveServer, page: Page
) -> None:
    """#34 item 6: the event's page holds one round's boards, each round has its own
    page with the rounds before and after it, and the starting rank prints alone."""
    played_event(players=21, played=3)
    page.set_viewport_size({"width": 390, "height": 844})
    page.goto(f"{live_server.url}/events/{SLUG}/")
    expect(page.locator("table.pairings")).to_have_count(1)
    page.get_by_role("navigation", name="Rounds").get_by_role("link", name="Round 3").click()
    expect(page.get_by_role("heading", name="Round 3")).to_be_visible()
    page.get_by_role("link", name="← Round 2").click()
    expect(page).to_have_url(f"{live_server.url}/events/{SLUG}/rounds/2/")
    page.get_by_role("link", name="Round 3 →").click()
    page.get_by_role("link", name="Round 4 →").click()
    expect(page.locator("#round-4-pairings")).to_be_visible()
    expect(page.get_by_role("link", name="Round 5 →")).to_have_count(0)  # not published

    page.goto(f"{live_server.url}/events/{SLUG}/")
    page.get_by_role("link", name="Starting rank").click()
    rows = page.locator("table.entrants tbody tr")
    expect(rows).to_have_count(21)
    page.emulate_media(media="print")
    expect(page.locator("table.entrants")).to_be_visible()
    expect(page.locator("header.site-header")).to_be_hidden()
    expect(page.get_by_role("link", name="Back to the event")).to_be_hidden()


def test_printed_pairings_show_a_qr_code_of_the_round(live_server: LiveServer, page: Page) -> None:
    played_event(players=21, played=3)
    log_in(page, live_server.url)
    page.goto(f"{live_server.url}/events/{SLUG}/manage/rounds/4/print/?sheet=pairings")
    qr = page.locator("figure.print-qr svg")
    expect(qr).to_be_visible()
    caption = page.locator("figure.print-qr figcaption").inner_text()
    assert caption.endswith(f"/events/{SLUG}/rounds/4/")
    page.goto(caption.removeprefix("Pairings and results: "))
    expect(page.get_by_role("heading", name="Round 4")).to_be_visible()


def test_arbiter_turns_on_team_standings_and_the_public_reads_them(
    live_server: LiveServer, page: Page
) -> None:
    """The clubs of the event ranked by their best three totals (#24)."""
    played_event(players=21, played=3)
    log_in(page, live_server.url)
    page.goto(f"{live_server.url}/events/{SLUG}/edit/")
    page.get_by_label("Team standings: scores counted").fill("3")
    page.get_by_label("Team standings: best scores of").select_option("total")
    page.get_by_role("button", name="Save").click()
    expect(page.get_by_text("Settings saved.")).to_be_visible()
    page.goto(f"{live_server.url}/events/{SLUG}/")
    page.get_by_role("link", name="Teams", exact=True).click()
    rows = page.locator("table.teams tbody tr")
    expect(rows).to_have_count(5)  # four clubs and the juniors' one-player club
    first = rows.first.locator("td").all_inner_texts()
    assert first[0] == "1" and first[6] in ("4", "5", "6")


def test_arbiter_writes_the_prize_table_and_prints_the_prize_list(
    live_server: LiveServer, page: Page
) -> None:
    """Place and rating prizes, shared equally among players level on points (#24)."""
    played_event(players=21, played=3)
    log_in(page, live_server.url)
    page.goto(f"{live_server.url}/events/{SLUG}/edit/")
    page.get_by_label("Prize table").fill("Place: 300, 200, 100\nRating lowest: 50")
    page.get_by_role("button", name="Save").click()
    expect(page.get_by_text("'Rating lowest' is not a group")).to_be_visible()
    page.get_by_label("Prize table").fill("Place: 300, 200, 100\nRating below 2500: 50")
    page.get_by_label("Players level on points").select_option("split")
    page.get_by_role("button", name="Save").click()
    expect(page.get_by_text("Settings saved.")).to_be_visible()
    page.goto(f"{live_server.url}/events/{SLUG}/")
    page.get_by_role("link", name="Prizes", exact=True).click()
    expect(page.get_by_role("heading", name="Riverside Autumn Open 2026: prizes")).to_be_visible()
    total = page.locator("table.prizes tfoot th").last.inner_text()
    assert total == "650.00"  # every prize handed out, shares adding up
    with page.expect_download() as download:
        page.get_by_role("link", name="Download CSV").click()
    assert download.value.suggested_filename == f"{SLUG}-prizes.csv"


def test_player_asks_for_a_bye_and_the_arbiter_approves(
    live_server: LiveServer, page: Page
) -> None:
    """The player's card, printed by the arbiter, leads the player to their page (#31:
    never the slips); the bye waits for the arbiter, who approves it in the workspace;
    the player's page says so (#24)."""
    _, event = played_event(players=21, played=3)
    board = event.round_set.get(number=4).games.exclude(black=None).order_by("board").first()
    assert board is not None
    player = board.white
    log_in(page, live_server.url)
    page.goto(f"{live_server.url}/events/{SLUG}/manage/rounds/4/print/?sheet=slips")
    assert f"/p/{player.access_code}/" not in page.content()
    page.goto(f"{live_server.url}/events/{SLUG}/manage/players/{player.pk}/link/")
    assert f"/p/{player.access_code}/" in page.content()
    page.get_by_role("button", name="Log out").click()

    page.goto(f"{live_server.url}/p/{player.access_code}/")
    page.get_by_label("A half-point bye in round").select_option("6")
    page.get_by_role("button", name="Ask for a bye").click()
    expect(page.get_by_text("Your request is with the arbiter")).to_be_visible()
    expect(page.get_by_text("waiting for the arbiter")).to_be_visible()

    log_in(page, live_server.url)
    page.goto(f"{live_server.url}/events/{SLUG}/manage/requests/")
    page.get_by_role("button", name=f"Approve {player.name}'s request").click()
    expect(
        page.get_by_text(f"{player.name}'s request (a half-point bye) approved.")
    ).to_be_visible()
    assert player.requests.filter(round_number=6, kind="H").exists()
    page.goto(f"{live_server.url}/p/{player.access_code}/")
    expect(page.get_by_text("a half-point bye (round 6): approved")).to_be_visible()
