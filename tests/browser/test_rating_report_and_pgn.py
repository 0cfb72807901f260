"""FIDE's rating report and the PGN from the browser (#24): the arbiter gives the
report details in the settings, then downloads TRF16 and TRF-2026 files that read back
whole; anyone downloads the PGN of the published rounds from the public pages."""

from __future__ import annotations

import datetime as dt
from pathlib import Path

import pytest
from playwright.sync_api import Page, expect
from pytest_django.live_server_helper import LiveServer

from pairing.engine import trf
from pairing.engine.trf import Header

from .played import SLUG, log_in, played_event

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_arbiter_sets_report_details_and_downloads_the_rating_report(
    live_server: LiveServer, page: Page, tmp_path: Path
) -> None:
    _, event = played_event(players=21, played=3)
    log_in(page, live_server.url)
    page.goto(f"{live_server.url}/events/{SLUG}/edit/")
    page.get_by_label("Federation:").fill("ENG")
    page.get_by_label("Chief arbiter:", exact=True).fill("IA Jane Doe (1234567)")
    page.get_by_label("Deputy chief arbiters").fill("FA Sam Deputy\nNA Kim Second")
    page.get_by_label("Time control:", exact=True).fill("90 min + 30 s from move 1")
    page.get_by_label("Time control, encoded").fill("90 minutes")
    page.get_by_label("Round dates").fill("2026-10-03, 2026-10-03, 2026-10-04")
    page.get_by_role("button", name="Save").click()
    expect(page.get_by_text("is not an encoded time control")).to_be_visible()
    page.get_by_label("Time control, encoded").fill("5400+30")
    page.get_by_role("button", name="Save").click()
    expect(page.get_by_text("Settings saved.")).to_be_visible()

    page.goto(f"{live_server.url}/events/{SLUG}/manage/")
    texts = {}
    for label, edition in (
        ("Rating report (TRF16)", "trf16"),
        ("Rating report (TRF-2026)", "trf26"),
    ):
        with page.expect_download() as download:
            page.get_by_role("link", name=label).click()
        path = tmp_path / f"{edition}.trf"
        download.value.save_as(path)
        assert download.value.suggested_filename == f"{SLUG}-{edition}.trf"
        texts[edition] = path.read_bytes().decode()
    for edition, text in texts.items():
        doc = trf.read_trf(text)
        assert trf.header_text(doc, Header.FEDERATION) == "ENG"
        assert trf.header_text(doc, Header.CHIEF_ARBITER) == "IA Jane Doe (1234567)"
        assert trf.deputy_arbiters(doc) == ["FA Sam Deputy", "NA Kim Second"]
        assert trf.header_text(doc, Header.PLAYERS) == "21"
        dates = trf.round_dates(doc, dt.date(2026, 10, 3))
        assert [dates[n] for n in (1, 2, 3)] == [
            dt.date(2026, 10, 3), dt.date(2026, 10, 3), dt.date(2026, 10, 4)
        ]  # fmt: skip
        assert 4 in dates  # round 4 was paired: its date is the day of its pairing
        assert len(doc.players) == 21
        assert (trf.time_control_code(doc) == "5400+30") is (edition == "trf26")
    event.refresh_from_db()
    assert event.round_dates == ["2026-10-03", "2026-10-03", "2026-10-04"]


def test_public_page_links_the_pgn_of_every_round(
    live_server: LiveServer, page: Page, tmp_path: Path
) -> None:
    """A broadcast operator finds the PGN on the public pages, without logging in: the
    event's (every published round) and each round's; round 4, in play, gives "*"."""
    played_event(players=21, played=3)

    def pgn(link: str) -> str:
        with page.expect_download() as download:
            page.get_by_role("link", name=link, exact=True).click()
        path = tmp_path / download.value.suggested_filename
        download.value.save_as(path)
        return path.read_text(encoding="utf-8")

    page.goto(f"{live_server.url}/events/{SLUG}/")
    text = pgn("PGN")
    assert text.count('[Event "Riverside Autumn Open 2026"]') == 4 * 10  # 10 boards a round
    assert '[Round "4.1"]' in text and '[Result "*"]' in text
    page.goto(f"{live_server.url}/events/{SLUG}/rounds/2/")
    assert pgn("PGN of round 2").count('[Round "2.') == 10
