"""The arbiter's guide's walk through a weekend open, in a real browser (issue 37).

The guide (docs/arbiters-guide.md) shows what this test sees: an arbiter creates the
event, imports the players, starts it, pairs and publishes round 1, types the results,
and after the last round gives the rating report's details and downloads FIDE's report;
the public sees the pairings and the standings.  Every step asserts its page, so the
walk the guide describes keeps working.  With ``SWISSWEB_WRITE_SCREENSHOTS=1`` the
pictures are also written to ``docs/img/`` (1200 x 800, the visible part of the page
only, so each stays small); otherwise they go to ``artefacts/screenshots/`` like the
other browser tests' and the committed pictures are left alone.
"""

from __future__ import annotations

import datetime as dt
import os
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from django.contrib.auth.models import User
from playwright.sync_api import Browser, Page, expect
from pytest_django.live_server_helper import LiveServer

from pairing.engine import trf
from pairing.engine.trf import Header
from swissweb.tournament.models import Event, Result
from swissweb.tournament.rounds import results as result_services
from swissweb.tournament.rounds import services as round_services

from .conftest import ARTEFACTS

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

DOCS_IMG = Path(__file__).resolve().parents[2] / "docs" / "img"
WRITE_DOCS = os.environ.get("SWISSWEB_WRITE_SCREENSHOTS") == "1"
"""Set to 1 to refresh the guide's pictures in docs/img/."""

GUIDE_PICTURES = (
    "new-event",
    "players",
    "round-draft",
    "round-results",
    "public-pairings",
    "standings",
    "rating-report",
)
"""The pictures the guide shows, in the order of the walk (docs/img/NAME.png)."""
PICTURE_MAX_BYTES = 150_000
"""Each committed picture stays below this, so the repository stays light."""

PASSWORD = "weekend-arbiter-pw-1"
SLUG = "spring-weekend-open"
ROUNDS = 5
FIRST = ["Alice", "Bruno", "Clara", "Daniel", "Emma", "Felix", "Greta", "Henrik"]
LAST = [
    "Adler", "Berger", "Castro", "Dahl", "Evans", "Fontaine", "Gallo", "Horvat",
    "Ivanova", "Jansen", "Kowalski", "Laurent", "Moreau", "Nielsen", "Okafor", "Petrov",
]  # fmt: skip
TITLES = ["IM", "FM", "", "WFM", "CM", "", "", "", "", "", "", "", "", "", "", ""]
CLUBS = ["Riverside CC", "Kingside", "Rook & Pawn", "Endgame Club"]
PLAYERS_CSV = "name,rating,title,federation,club\n" + "\n".join(
    f'"{LAST[n]}, {FIRST[(n * 3) % 8]}",{2380 - 45 * n},{TITLES[n]},'
    f"{['ENG', 'GER', 'NED', 'FRA'][n % 4]},{CLUBS[n % 4]}"
    for n in range(16)
)
RESULT_KEYS = ["1", "=", "0", "1", "1", "=", "0", "1"]
"""What the arbiter types on boards 1-8 of round 1: white wins, a draw, black wins, ..."""


@pytest.fixture
def guide_page(chromium_browser: Browser) -> Iterator[Page]:
    """A browser page of the size the guide's pictures have."""
    context = chromium_browser.new_context(viewport={"width": 1200, "height": 800}, locale="en-GB")
    page = context.new_page()
    page.set_default_timeout(15_000)
    yield page
    context.close()


@pytest.fixture
def picture(guide_page: Page) -> Callable[..., Path]:
    """Take the visible part of a page (the arbiter's, unless another is given) as the
    guide's picture NAME."""

    def take(name: str, of: Page | None = None) -> Path:
        assert name in GUIDE_PICTURES, name
        path = (DOCS_IMG if WRITE_DOCS else ARTEFACTS / "guide") / f"{name}.png"
        path.parent.mkdir(parents=True, exist_ok=True)
        (of or guide_page).screenshot(path=str(path))
        return path

    return take


def _scroll_to(page: Page, selector: str) -> None:
    """Show the field with its label and a little of what comes before it."""
    page.locator(selector).first.evaluate(
        "e => { e.scrollIntoView({block: 'start'}); window.scrollBy(0, -90); }"
    )


def _play_remaining_rounds(event: Event, user: User) -> None:
    """Rounds 2-5 as the arbiter would play them, through the same services the pages call."""
    now = dt.datetime(2026, 4, 12, 9, tzinfo=dt.UTC)
    outcomes = [Result.WHITE_WINS, Result.DRAW, Result.BLACK_WINS, Result.WHITE_WINS]
    for number in range(2, ROUNDS + 1):
        round_ = round_services.round_pair(event_id=event.pk, user=user, now=now, seed=number)
        round_services.round_publish(round_id=round_.pk, user=user, now=now)
        games = round_.games.exclude(result=Result.PAIRING_BYE).order_by("board")
        for index, game in enumerate(games):
            result_services.result_record(
                game_id=game.pk,
                result=outcomes[(index + number) % len(outcomes)],
                expected_version=game.version,
                user=user,
                now=now,
            )


def test_weekend_open_from_creation_to_rating_report(
    live_server: LiveServer, guide_page: Page, picture: Callable[..., Path], tmp_path: Path
) -> None:
    """The arbiter's guide, step by step: every page it shows is the page an arbiter gets."""
    page, base = guide_page, live_server.url
    user = User.objects.create_user("arbiter", password=PASSWORD)

    page.goto(f"{base}/accounts/login/")
    page.get_by_label("Username").fill("arbiter")
    page.get_by_label("Password").fill(PASSWORD)
    page.get_by_role("button", name="Log in").click()
    page.get_by_role("link", name="My events").first.wait_for()

    # 1. The event: FIDE Dutch is the default; a name, five rounds, public.
    page.goto(f"{base}/events/new/")
    expect(page.get_by_label("Pairing system")).to_have_value("dutch")
    page.locator("#id_name").fill("Spring Weekend Open 2026")
    page.get_by_label("Slug").fill(SLUG)
    page.get_by_label("Rounds").fill(str(ROUNDS))
    page.locator("#id_venue").fill("Riverside Community Hall")
    page.locator("#id_prize_table").fill("Place: 300, 200, 100\nRating below 2000: 60")
    page.get_by_label("Public").check()
    page.evaluate("window.scrollTo(0, 0)")
    picture("new-event")
    page.get_by_role("button", name="Save").click()
    page.get_by_role("heading", name="Spring Weekend Open 2026").wait_for()

    # 2. The players, pasted as CSV; starting the event gives the pairing numbers.
    page.get_by_label("CSV").fill(PLAYERS_CSV)
    page.get_by_role("button", name="Import players").click()
    page.get_by_text("16 players imported.").wait_for()
    page.get_by_role("button", name="Start the event").click()
    page.get_by_text("Pairing numbers assigned.").wait_for()
    picture("players")

    # 3. Round 1: the draft with the engine's reasons, then published.
    page.get_by_role("button", name="Pair round 1").click()
    expect(page.get_by_text("Publish round 1…")).to_be_visible()
    picture("round-draft")
    page.get_by_text("Publish round 1…").click()
    page.get_by_role("button", name="Publish round 1").click()
    page.get_by_text("Round 1 published.").wait_for()

    # 4. The results, typed board by board: the cursor moves on, each board says "saved".
    page.get_by_label("Result of board 1").first.click()
    for board, key in enumerate(RESULT_KEYS, start=1):
        expect(page.get_by_label(f"Result of board {board}").first).to_be_focused()
        page.keyboard.type(key)
        page.keyboard.press("Enter")
    expect(page.get_by_label("Result of board 8").first).to_have_value("1-0")
    expect(page.get_by_label("Result of board 2").first).to_have_value("½-½")
    expect(page.locator("table.results").get_by_text("saved", exact=True)).to_have_count(8)
    picture("round-results")

    # 5. What the players see, without logging in.
    browser = page.context.browser
    assert browser is not None
    reader = browser.new_context(viewport={"width": 1200, "height": 800}, locale="en-GB")
    reader_page = reader.new_page()
    reader_page.goto(f"{base}/events/{SLUG}/rounds/1/")
    expect(reader_page.locator("table.pairings tbody tr")).to_have_count(8)
    expect(reader_page.locator("table.pairings tbody tr").first.locator("td").nth(3)).to_have_text(
        "1-0"
    )
    picture("public-pairings", reader_page)
    reader.close()

    # 6. The other rounds, then the final standings.
    event = Event.objects.get(slug=SLUG)
    _play_remaining_rounds(event, user)
    page.goto(f"{base}/events/{SLUG}/standings/")
    expect(page.get_by_text(f"After round {ROUNDS}.")).to_be_visible()
    expect(page.locator("table.standings tbody tr")).to_have_count(16)
    # A shorter window: with the federation and club columns a full one no longer fits
    # the pictures' size limit, and the top of the table is what the guide shows.
    page.set_viewport_size({"width": 1200, "height": 680})
    picture("standings")
    page.set_viewport_size({"width": 1200, "height": 800})

    # 7. The rating report: its details in the settings, then the file FIDE asks for.
    page.goto(f"{base}/events/{SLUG}/edit/")
    page.get_by_label("Federation:").fill("ENG")
    page.get_by_label("Chief arbiter:", exact=True).fill("IA Jane Doe (1234567)")
    page.get_by_label("Time control:", exact=True).fill("90 min + 30 s from move 1")
    page.get_by_label("Time control, encoded").fill("5400+30")
    page.get_by_label("Round dates").fill(
        "2026-04-11, 2026-04-11, 2026-04-12, 2026-04-12, 2026-04-12"
    )
    _scroll_to(page, "#id_federation")
    picture("rating-report")
    page.get_by_role("button", name="Save").click()
    expect(page.get_by_text("Settings saved.")).to_be_visible()

    page.goto(f"{base}/events/{SLUG}/manage/")
    with page.expect_download() as download:
        page.get_by_role("link", name="Rating report (TRF16)").click()
    path = tmp_path / "report.trf"
    download.value.save_as(path)
    report = trf.read_trf(path.read_text(encoding="utf-8"))
    assert len(report.players) == 16
    assert trf.header_text(report, Header.FEDERATION) == "ENG"
    assert trf.header_text(report, Header.CHIEF_ARBITER) == "IA Jane Doe (1234567)"


def test_the_guide_shows_every_picture_the_walk_takes() -> None:
    """Each picture the walk takes is committed, small, and shown in the arbiter's guide,
    and no picture the guide shows is one the walk no longer takes."""
    guide = (DOCS_IMG.parent / "arbiters-guide.md").read_text(encoding="utf-8")
    shown = {
        line.split("img/")[1].split(".png")[0] for line in guide.splitlines() if "](img/" in line
    }
    assert shown == set(GUIDE_PICTURES)
    for name in GUIDE_PICTURES:
        path = DOCS_IMG / f"{name}.png"
        assert path.is_file(), name
        assert path.stat().st_size < PICTURE_MAX_BYTES, f"{name}.png: make the page part smaller"
