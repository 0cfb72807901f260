"""A three-section weekend festival run end to end in a real browser (#34's test).

Open A (rated 1900 or more), Open B (1500 to 2099) and Under 1600 (49 places) take 150
online entries; the entrants' ratings come from a loaded FIDE list, never from the form.
In the browser, six entrants go from the festival's page through its entry page to the
section's form and its rating-list look-up (one on a 375 px phone), a seventh goes on
the waiting list of the full Under 1600, a 2200 player is refused by Under 1600's rating
rule, and a form sent after the deadline takes nothing.  The arbiter marks fees paid,
moves a player from Open B to Open A before round 1, starts each section, and checks
Open A's players in at the desk, one of them checking in on the phone with the private
link from their confirmation page; the entries page's filter finds the two who never
came.  Round 1 of Open A asks about them and marks them absent; the phone's player finds
their board on their own page.  Five rounds of each section are paired, published and
given results, and each section's TRF, FIDE rating report and standings CSV are
downloaded and read back.  The festival's page is last, on the phone.

Bulk through HTTP: 143 entries, most paid marks and check-ins, and each round's results
but board 1's are posted with Django's test client to the views the browser uses (the
entry form, the entries page's paid button, the desk's button, the results table's
form), so the run takes two or three minutes rather than a quarter of an hour of typing.
"""

from __future__ import annotations

import csv
import datetime as dt
import io
from collections.abc import Iterator
from decimal import Decimal
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pytest
from django.contrib.auth.models import User
from django.test import Client
from django.utils import timezone
from playwright.sync_api import expect
from pytest_django import Settings

from pairing.engine import trf
from swissweb.ratings.models import ListedPlayer, ListKind, RatingList
from swissweb.tournament.entries import services as entry_services
from swissweb.tournament.entries.services import FeeRowData
from swissweb.tournament.events.schedule import Slot, schedule_set
from swissweb.tournament.festivals import services
from swissweb.tournament.models import (
    DEFAULT_FIELDS,
    CheckIn,
    Entry,
    EntrySettings,
    EntryState,
    Event,
    Festival,
    Game,
    Player,
    RequestKind,
    Result,
    RoundRequest,
)
from swissweb.tournament.players import check_in

from .conftest import ARTEFACTS
from .played import NOW, PASSWORD, log_in

if TYPE_CHECKING:
    from playwright.sync_api import Browser, Page, ViewportSize

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

PHONE: ViewportSize = {"width": 375, "height": 740}
SECTIONS = {
    # name: (slug tag, rating rule, top rating of its entrants, entries)
    "Open A": ("A", services.Rules(min_rating=1900), 2450, 50),
    "Open B": ("B", services.Rules(min_rating=1500, max_rating=2099), 2050, 50),
    "Under 1600": ("U", services.Rules(max_rating=1599), 1590, 49),
}
UNDER_1600_PLACES = 49
BROWSER_ENTRANTS = (1, 2)
"""The entrants of each section who enter in the browser; the rest are posted."""
STRONG_ID, LATE_ID, WAITING_ID = 9_000_001, 9_000_002, 9_000_003
FEES = [
    FeeRowData(label="Juniors", born_from=2008, amount=Decimal("15.00")),
    FeeRowData(label="Everyone", amount=Decimal("30.00")),
]
RESULTS = (Result.WHITE_WINS, Result.BLACK_WINS, Result.DRAW)


def _fide_id(tag: str, n: int) -> int:
    return {"A": 1_000_000, "B": 2_000_000, "U": 3_000_000}[tag] + n


def _name(tag: str, n: int) -> str:
    return f"Entrant {tag}{n:02d}, Pat"


def _birth_year(tag: str, n: int) -> int:
    return {"A": 1960, "B": 1980, "U": 1996}[tag] + n % 15


@pytest.fixture
def phone(chromium_browser: Browser) -> Iterator[Page]:
    context = chromium_browser.new_context(viewport=PHONE, locale="en-GB")
    page = context.new_page()
    page.set_default_timeout(20_000)
    yield page
    context.close()


def _fide_list() -> None:
    """FIDE's list as loaded: every entrant, with the rating the sections pair on."""
    listing = RatingList.objects.create(name="FIDE", kind=ListKind.FIDE, loaded_at=NOW)
    rows = [
        (_fide_id(tag, n), _name(tag, n), top - 9 * (n - 1), _birth_year(tag, n))
        for tag, _rules, top, count in SECTIONS.values()
        for n in range(1, count + 1)
    ]
    rows += [
        (STRONG_ID, "Strong, Sam", 2200, 1990),
        (LATE_ID, "Late, Lou", 1800, 1985),
        (WAITING_ID, "Waiting, Wren", 1400, 2011),
    ]
    ListedPlayer.objects.bulk_create(
        ListedPlayer(rating_list=listing, player_id=str(fide_id), name=name,
                     name_key=name.lower(), federation="ENG", sex="m", birth_year=born,
                     standard=rating)
        for fide_id, name, rating, born in rows
    )  # fmt: skip


def _open_entries(event: Event, user: User, **values: Any) -> None:
    settings = EntrySettings(open=True, auto_accept=True, fields_asked=list(DEFAULT_FIELDS),
                             currency="GBP", **values)  # fmt: skip
    entry_services.entry_settings_set(event_id=event.pk, settings=settings, fees=FEES,
                                      user=user, now=timezone.now())  # fmt: skip


def _festival(user: User) -> Festival:
    festival = services.festival_create(name="Riverside Weekend Festival", slug="weekend",
                                        user=user, now=NOW, public=True)  # fmt: skip
    for name, (_tag, rules, _top, _count) in SECTIONS.items():
        event = services.section_add(festival_id=festival.pk, name=name, user=user, now=NOW,
                                     rounds=5, public=True)  # fmt: skip
        services.section_rules_set(event_id=event.pk, rules=rules, user=user, now=NOW)
        maximum = UNDER_1600_PLACES if name == "Under 1600" else None
        _open_entries(event, user, maximum=maximum)
    return festival


def _section(festival: Festival, name: str) -> Event:
    return festival.sections.get(section_name=name)


def _enter_in_browser(page: Page, base: str, section: str, fide_id: int, born: int) -> str:
    """Enter through the festival's page and the section's form, the look-up filling the
    name; returns the confirmation page's address."""
    page.goto(f"{base}/festivals/weekend/")
    page.get_by_role("link", name="Enter the festival").click()
    page.get_by_label(section).check()
    page.get_by_label("FIDE ID").fill(str(fide_id))
    page.get_by_label("Birth year").fill(str(born))
    page.get_by_role("button", name="Go on to the entry form").click()
    page.get_by_label("FIDE ID").fill(str(fide_id))
    page.get_by_role("button", name="Look up my ID in the rating lists").click()
    expect(page.get_by_text("Found in the rating lists")).to_be_visible()
    page.get_by_label("E-mail").fill(f"{fide_id}@example.org")
    page.get_by_role("button", name="Enter", exact=True).click()
    expect(page.get_by_text("Your entry:")).to_be_visible()
    return page.url


def _post_entry(client: Client, event: Event, tag: str, n: int) -> None:
    data = {"name": _name(tag, n), "fide_id": str(_fide_id(tag, n)),
            "birth_year": str(_birth_year(tag, n)), "email": f"{tag}{n}@example.org",
            "website": ""}  # fmt: skip
    response = client.post(f"/events/{event.slug}/enter/", data)
    assert response.status_code == 302, response.content.decode()[:2000]


def _entries(page: Page, phone: Page, base: str, festival: Festival) -> str:
    """150 entries, the refusals and the waiting list; the phone entrant's own link."""
    client = Client()
    own_link = ""
    for name, (tag, _rules, _top, count) in SECTIONS.items():
        event = _section(festival, name)
        for n in range(1, count + 1):
            if n not in BROWSER_ENTRANTS:
                _post_entry(client, event, tag, n)
                continue
            browser = phone if (tag, n) == ("A", 1) else page
            _enter_in_browser(browser, base, name, _fide_id(tag, n), _birth_year(tag, n))
            expect(browser.get_by_text("Your entry: accepted.")).to_be_visible()
            if browser is phone:
                expect(phone.get_by_text("Entry fee: 30.00 GBP (Everyone).")).to_be_visible()
                own_link = phone.locator("a[href*='/p/']").get_attribute("href") or ""
    under = _section(festival, "Under 1600")
    assert under.players.count() == UNDER_1600_PLACES

    # Under 1600 is full: the next entrant is offered, and put on, the waiting list.
    page.goto(f"{base}/events/{under.slug}/enter/")
    expect(page.get_by_text("The event is full")).to_be_visible()
    _enter_in_browser(page, base, "Under 1600", WAITING_ID, 2011)
    expect(page.get_by_text("you are on the waiting list")).to_be_visible()
    expect(page.get_by_text("Entry fee: 15.00 GBP (Juniors).")).to_be_visible()

    # A 2200 player may not enter Under 1600: the festival's page says why.
    page.goto(f"{base}/festivals/weekend/enter/")
    page.get_by_label("Under 1600").check()
    page.get_by_label("FIDE ID").fill(str(STRONG_ID))
    page.get_by_role("button", name="Go on to the entry form").click()
    expect(page.get_by_role("alert")).to_contain_text("admits players rated 1599 or less")

    # The form was filled while open; it is sent after the deadline and takes nothing.
    open_b = _section(festival, "Open B")
    page.goto(f"{base}/events/{open_b.slug}/enter/")
    page.get_by_label("Name").fill("Late, Lou")
    page.get_by_label("FIDE ID").fill(str(LATE_ID))
    user = User.objects.get(username="anna")
    _open_entries(open_b, user, deadline=timezone.now() - dt.timedelta(minutes=1))
    page.get_by_role("button", name="Enter", exact=True).click()
    expect(page.get_by_text("The entry deadline has passed")).to_be_visible()

    assert Entry.objects.exclude(state=EntryState.REFUSED).count() == 150
    assert Entry.objects.filter(state=EntryState.WAITING).get().name == "Waiting, Wren"
    assert not Entry.objects.filter(fide_id__in=(STRONG_ID, LATE_ID)).exists()
    assert Player.objects.count() == 149
    assert own_link
    return own_link


def _mark_paid(page: Page, base: str, festival: Festival) -> None:
    """Two fees marked in the browser, the rest of Open A's posted; the filter finds
    the one left unpaid."""
    open_a = _section(festival, "Open A")
    log_in(page, base)
    page.goto(f"{base}/events/{open_a.slug}/manage/entries/")
    for n, method in ((2, "card"), (3, "bank transfer")):
        row = page.locator("table.entries tbody tr", has_text=_name("A", n))
        row.get_by_label("Amount paid").fill("30")
        row.get_by_label("Paid by").select_option(label=method)
        row.get_by_role("button", name="Save").click()
        expect(page.get_by_text(f"Payment of {_name('A', n)} recorded.")).to_be_visible()
    arbiter = Client()
    arbiter.force_login(User.objects.get(username="anna"))
    for entry in open_a.entries.filter(paid_amount__isnull=True).exclude(name=_name("A", 4)):
        response = arbiter.post(f"/events/{open_a.slug}/entries/{entry.pk}/paid/",
                                {"amount": "30", "method": "cash"})  # fmt: skip
        assert response.status_code == 302
    page.goto(f"{base}/events/{open_a.slug}/manage/entries/")
    page.get_by_label("Paid", exact=True).select_option(label="not paid")
    page.get_by_role("button", name="Show").click()
    expect(page.locator("table.entries tbody tr")).to_have_count(1)
    expect(page.locator("table.entries tbody tr")).to_contain_text(_name("A", 4))
    paid = Entry.objects.get(name=_name("A", 3))
    assert paid.paid_amount == Decimal("30.00") and paid.paid_method == "transfer"


def _move_and_start(page: Page, base: str, festival: Festival) -> None:
    """Open B's top player moves up to Open A before round 1; each section starts."""
    open_b = _section(festival, "Open B")
    mover = Player.objects.get(name=_name("B", 1))
    page.goto(f"{base}/events/{open_b.slug}/manage/players/{mover.pk}/")
    page.get_by_label("Section", exact=True).select_option(label="Open A")
    page.get_by_role("button", name=f"Move {mover.name}").click()
    expect(page.get_by_text(f"{mover.name} moved to Open A.")).to_be_visible()
    for event in festival.sections.all():
        page.goto(f"{base}/events/{event.slug}/manage/players/")
        page.get_by_role("button", name="Start the event").click()
        expect(page.get_by_text("Pairing numbers assigned.")).to_be_visible()


NO_SHOWS = (_name("A", 49), _name("A", 50))


def _check_in(page: Page, phone: Page, base: str, festival: Festival, own_link: str) -> None:
    """Open A checks in for round 1: one player on the phone inside the window, three
    at the desk by name and Enter, the rest posted to the desk; two never come."""
    open_a = _section(festival, "Open A")
    user = User.objects.get(username="anna")
    start = (timezone.localtime() + dt.timedelta(minutes=30)).replace(tzinfo=None)
    start = start.replace(second=0, microsecond=0)
    schedule_set(event_id=open_a.pk, rows=[Slot(1, start.date(), start.time())], user=user,
                 now=timezone.now())  # fmt: skip
    check_in.check_in_window_set(event_id=open_a.pk, opens=60, closes=0, user=user,
                                 now=timezone.now())  # fmt: skip
    phone.goto(own_link)
    phone.get_by_role("button", name="Check in for round 1").click()
    expect(phone.get_by_text("You are checked in for round 1.").first).to_be_visible()

    page.goto(f"{base}/events/{open_a.slug}/manage/check-in/")
    search = page.get_by_label("Find a player")
    for count, n in enumerate((2, 3, 4), start=2):
        search.fill(f"a{n:02d}")
        expect(page.locator("#ci-list li:not([hidden])")).to_have_count(1)
        search.press("Enter")
        expect(page.locator("#ci-counts")).to_have_text(
            f"{count} checked in, {51 - count} not yet."
        )
    arbiter = Client()
    arbiter.force_login(user)
    here = set(CheckIn.objects.values_list("player_id", flat=True))
    for player in open_a.players.exclude(pk__in=here).exclude(name__in=NO_SHOWS):
        response = arbiter.post(f"/events/{open_a.slug}/check-in/mark/",
                                {"player": player.pk, "round": "1"})  # fmt: skip
        assert response.status_code == 302
    page.reload()
    expect(page.locator("#ci-counts")).to_have_text("49 checked in, 2 not yet.")
    assert CheckIn.objects.get(player__name=_name("A", 1)).way == "link"

    page.goto(f"{base}/events/{open_a.slug}/manage/entries/")
    page.get_by_label("Checked in for round 1").select_option(label="not checked in")
    page.get_by_role("button", name="Show").click()
    rows = page.locator("table.entries tbody tr")
    expect(rows).to_have_count(2)
    for name in NO_SHOWS:
        expect(rows.filter(has_text=name)).to_have_count(1)


def _post_results(client: Client, event: Event, number: int) -> None:
    """Every board of the round without a result, as the results table's form sends it."""
    games = Game.objects.filter(round__event=event, round__number=number, result="")
    data = {f"g{game.pk}v{game.version}": RESULTS[game.board % 3] for game in games}
    response = client.post(f"/events/{event.slug}/rounds/{number}/results/", data)
    assert response.status_code == 302
    assert not Game.objects.filter(round__event=event, round__number=number, result="").exists()


def _play(page: Page, phone: Page, base: str, own_link: str, festival: Festival) -> None:
    """Five rounds in each section: paired, published and board 1 typed in the browser,
    the other boards' results posted; the phone's player finds their board of round 1
    on their own page."""
    arbiter = Client()
    arbiter.force_login(User.objects.get(username="anna"))
    for event in festival.sections.order_by("pk"):
        for number in range(1, 6):
            page.goto(f"{base}/events/{event.slug}/manage/rounds/{number}/")
            page.get_by_role("button", name=f"Pair round {number}").click()
            if number == 1 and event.section_name == "Open A":
                expect(
                    page.get_by_text("2 players have not checked in for round 1.")
                ).to_be_visible()
                page.get_by_role("button", name="Mark 2 absent and pair").click()
            expect(page.get_by_text("Round paired")).to_be_visible()
            page.get_by_text(f"Publish round {number}…").click()
            page.get_by_role("button", name=f"Publish round {number}").click()
            expect(page.get_by_text(f"Round {number} published.")).to_be_visible()
            if number == 1 and event.section_name == "Open A":
                phone.goto(own_link)
                expect(phone.locator(".own-game")).to_contain_text("against")
            board_1 = page.get_by_label("Result of board 1").first
            board_1.click()
            page.keyboard.type("1")
            page.keyboard.press("Enter")
            saved = page.locator("tr[data-save]", has=board_1).locator(".save-state")
            expect(saved).to_have_attribute("data-state", "saved")
            _post_results(arbiter, event, number)
            typed = Game.objects.get(round__event=event, round__number=number, board=1)
            assert typed.result == Result.WHITE_WINS
    absent = RoundRequest.objects.filter(round_number=1, kind=RequestKind.ABSENT)
    assert set(absent.values_list("player__name", flat=True)) == set(NO_SHOWS)
    seated = Game.objects.filter(round__number=1, round__event__section_name="Open A")
    assert not seated.filter(white__name__in=NO_SHOWS).exists()
    assert not seated.filter(black__name__in=NO_SHOWS).exists()


def _download(page: Page, link: str, path: Path) -> str:
    with page.expect_download() as download:
        page.get_by_role("link", name=link, exact=True).click()
    download.value.save_as(path)
    return path.read_bytes().decode()


def _exports(page: Page, base: str, festival: Festival, tmp_path: Path) -> None:
    """Each section's TRF, rating report and standings CSV: its own players, five rounds."""
    scheduled = timezone.localtime().date()
    for event in festival.sections.order_by("pk"):
        players = event.players.count()
        page.goto(f"{base}/events/{event.slug}/manage/")
        for link in ("Export TRF", "Rating report (TRF16)"):
            doc = trf.read_trf(_download(page, link, tmp_path / f"{event.slug}.trf"))
            assert len(doc.players) == players
            assert {player.fide_id for player in doc.players} == {
                str(value) for value in event.players.values_list("fide_id", flat=True)
            }
            assert all(len(player.rounds) == 5 for player in doc.players)
            assert sum(player.points or 0 for player in doc.players) > 0
        if event.section_name == "Open A":
            assert trf.round_dates(doc, scheduled)[1] == scheduled
        text = _download(page, "Standings CSV", tmp_path / f"{event.slug}.csv")
        rows = list(csv.reader(io.StringIO(text)))
        assert len(rows) == players + 1
    assert {event.section_name: event.players.count() for event in festival.sections.all()} == {
        "Open A": 51, "Open B": 49, "Under 1600": 49,
    }  # fmt: skip


def test_a_three_section_festival_from_online_entries_to_exports(
    live_server: Any, page: Page, phone: Page, settings: Settings, tmp_path: Path
) -> None:
    settings.ENTRY_RATE_LIMIT = 0  # 143 entries posted from one address: not a robot
    page.set_default_timeout(20_000)
    user = User.objects.create_user("anna", password=PASSWORD)
    _fide_list()
    festival = _festival(user)
    base = live_server.url
    own_link = _entries(page, phone, base, festival)
    _mark_paid(page, base, festival)
    _move_and_start(page, base, festival)
    _check_in(page, phone, base, festival, own_link)
    _play(page, phone, base, own_link, festival)
    _exports(page, base, festival, tmp_path)

    phone.goto(f"{base}/festivals/weekend/")
    for name in SECTIONS:
        expect(phone.get_by_role("heading", name=name)).to_be_visible()
    expect(phone.get_by_role("link", name="Enter the festival")).to_have_count(0)
    widths = phone.evaluate(
        "() => [document.documentElement.scrollWidth, document.body.scrollWidth]"
    )
    assert max(widths) <= PHONE["width"]
    ARTEFACTS.mkdir(parents=True, exist_ok=True)
    phone.screenshot(path=str(ARTEFACTS / "festival-weekend-phone.png"), full_page=True)
