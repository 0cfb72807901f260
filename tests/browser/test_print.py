"""A round to print, in a real Chromium: pairings, result slips, players by name (#20).

The pairings give each player's rating and points before the round; there is one result
slip per board with two players, ten to an A4 page; the players by name are in
alphabetical order with their board and colour; the pages print A4 portrait.
"""

from __future__ import annotations

import math
import re
from typing import TYPE_CHECKING

import pytest
from pytest_django.live_server_helper import LiveServer

from swissweb.tournament.models import Game
from swissweb.tournament.standings import selectors as standing_selectors
from swissweb.tournament.templatetags.tournament_tags import score

from .conftest import ARTEFACTS
from .played import SLUG, log_in, played_event

if TYPE_CHECKING:  # types only: the fixtures import playwright, or skip without it
    from playwright.sync_api import Page

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

SLIPS_PER_PAGE = 10
"""Two across, five down on A4 portrait."""


def _pdf_pages(pdf: bytes) -> list[tuple[float, float]]:
    """The size in points of each page of a PDF Chromium wrote."""
    boxes = re.findall(rb"/MediaBox\s*\[\s*0 0 ([\d.]+) ([\d.]+)\s*\]", pdf)
    return [(float(width), float(height)) for width, height in boxes]


def test_round_prints_pairings_slips_and_players_by_name(
    live_server: LiveServer, page: Page
) -> None:
    _, event = played_event()
    games = list(Game.objects.filter(round__event=event, round__number=4).order_by("board"))
    played = [g for g in games if g.black_id is not None]
    assert len(played) == 30 and len(games) == 31  # 61 players: one bye
    before = {
        line.player.name: score(line.points)
        for line in standing_selectors.standings_after(event=event, after_round=3).lines
    }
    log_in(page, live_server.url)

    page.goto(f"{live_server.url}/events/{SLUG}/manage/rounds/4/")
    page.get_by_role("link", name="all three").click()
    page.locator("article.print-sheet").wait_for()

    rows = page.locator("table.print-pairings tbody tr")
    assert rows.count() == len(games)
    for index in (0, 14, len(games) - 1):
        cells = rows.nth(index).locator("td").all_inner_texts()
        game = games[index]
        assert cells[0] == str(game.board)
        assert cells[2].endswith(game.white.name) and cells[3] == str(game.white.rating)
        assert cells[4] == before[game.white.name]
        if game.black is None:
            assert cells[5] == "bye" and cells[6:] == ["", "", "", ""]
        else:
            assert cells[7].endswith(game.black.name) and cells[8] == str(game.black.rating)
            assert cells[6] == before[game.black.name]

    assert page.locator(".slip").count() == len(played)
    first = page.locator(".slip").first.inner_text()
    assert "Board 1" in first and games[0].white.name in first and "Round 4" in first

    names = page.locator("table.print-names tbody tr td:first-child").all_inner_texts()
    assert len(names) == 61
    assert names == sorted(names, key=str.casefold)

    page.emulate_media(media="print")
    assert page.locator(".site-header").is_hidden()
    assert page.locator(".workspace-head").is_hidden()
    ARTEFACTS.mkdir(parents=True, exist_ok=True)
    pdf = page.pdf(path=str(ARTEFACTS / "print-round-4.pdf"), prefer_css_page_size=True)
    sizes = _pdf_pages(pdf)
    assert all(round(w) == 595 and round(h) == 842 for w, h in sizes), sizes  # A4 portrait

    page.goto(f"{live_server.url}/events/{SLUG}/manage/rounds/4/print/?sheet=slips")
    assert page.locator(".slip").count() == len(played)
    assert page.locator("table.print-pairings").count() == 0
    slips = _pdf_pages(
        page.pdf(path=str(ARTEFACTS / "print-round-4-slips.pdf"), prefer_css_page_size=True)
    )
    assert len(slips) == math.ceil(len(played) / SLIPS_PER_PAGE)
