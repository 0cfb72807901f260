"""Rating lists in a real browser (#24): staff load FIDE's zipped list, an arbiter
registers a player found in it, and refreshes the event's ratings from it."""

from __future__ import annotations

import datetime as dt
import io
import zipfile
from collections.abc import Callable
from pathlib import Path

import pytest
from django.contrib.auth.models import User
from playwright.sync_api import Page, expect
from pytest_django.live_server_helper import LiveServer

from swissweb.ratings import samples
from swissweb.ratings.formats import Entry
from swissweb.ratings.loader import load_list
from swissweb.ratings.models import ListKind
from swissweb.tournament.events import services as event_services
from swissweb.tournament.models import Player
from swissweb.tournament.players import services as player_services

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

NOW = dt.datetime(2026, 10, 1, 9, tzinfo=dt.UTC)


def test_register_from_fides_list_and_refresh_ratings(
    live_server: LiveServer, page: Page, tmp_path: Path, screenshot: Callable[[str], Path]
) -> None:
    user = User.objects.create_user("anna", password="anna-secret-pw-1", is_staff=True)
    event = event_services.event_create(user=user, now=NOW, name="Club Rapid", slug="club-rapid",
                                  system="dutch", rounds=5)  # fmt: skip
    player_services.players_add(event_id=event.pk, user=user, now=NOW, rows=[
        {"name": "Carlsen, Anna", "rating": 1000, "fide_id": 100054},
    ])  # fmt: skip
    archive = tmp_path / "players_list_foa.zip"
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as zipped:
        zipped.writestr("players_list_foa.txt", "".join(samples.fide_txt(3000, seed=1)))
    archive.write_bytes(buffer.getvalue())

    page.goto(f"{live_server.url}/accounts/login/")
    page.get_by_label("Username").fill("anna")
    page.get_by_label("Password").fill("anna-secret-pw-1")
    page.get_by_role("button", name="Log in").click()
    page.goto(f"{live_server.url}/ratings/")
    expect(page.get_by_label("ID column:", exact=True)).to_be_hidden()  # a national list's only
    page.get_by_label("File").set_input_files(str(archive))
    page.get_by_role("button", name="Load the list").click()
    expect(page.get_by_text("FIDE: 3000 players loaded.")).to_be_visible()

    page.goto(f"{live_server.url}/events/club-rapid/manage/players/")
    page.get_by_text("Add a player").click()
    page.get_by_label("Find in a rating list").fill("magnus carl")
    result = page.locator(".lookup-results li").first
    expect(result).to_contain_text("Carlsen, Magnus")
    screenshot("rating-list-lookup")
    result.get_by_role("button", name="Use").click()
    form = page.locator("form[data-player-add]")
    expect(form.get_by_label("Name")).to_have_value("Carlsen, Magnus")
    fide_id = form.get_by_label("FIDE ID").input_value()
    assert fide_id.isdigit()
    assert form.get_by_label("Birth year").input_value().isdigit()  # for age prizes
    form.get_by_role("button", name="Add player").click()
    expect(page.get_by_role("cell", name="Carlsen, Magnus", exact=True)).to_be_visible()
    added = Player.objects.get(event=event, name="Carlsen, Magnus")
    assert added.fide_id == int(fide_id) and added.rating > 0

    page.get_by_text("Refresh ratings from a rating list").click()
    page.get_by_label("Rating", exact=True).select_option("standard")
    page.get_by_role("button", name="Refresh ratings").click()
    expect(page.get_by_text("Ratings refreshed:")).to_be_visible()
    expect(page.get_by_text("Carlsen, Anna: 1000 →")).to_be_visible()
    assert Player.objects.get(event=event, name="Carlsen, Anna").rating != 1000


def test_use_from_a_national_list_fills_the_national_fields(
    live_server: LiveServer, page: Page
) -> None:
    """#35 item 1: "Use" on a national list's player fills the national rating (of the
    event's rate of play), the national ID and the list's name, never the FIDE rating."""

    user = User.objects.create_user("anna", password="anna-secret-pw-1")
    event = event_services.event_create(user=user, now=NOW, name="Rapid Open", slug="rapid-open",
                                  system="dutch", rounds=5, rate_of_play="rapid")  # fmt: skip
    load_list(name="DWZ", kind=ListKind.NATIONAL, source="", user=None, now=NOW, entries=[
        Entry(player_id="C0327-297", name="Kern, Kai", federation="GER", standard=1850,
              rapid=1790),
    ])  # fmt: skip
    page.goto(f"{live_server.url}/accounts/login/")
    page.get_by_label("Username").fill("anna")
    page.get_by_label("Password").fill("anna-secret-pw-1")
    page.get_by_role("button", name="Log in").click()
    page.goto(f"{live_server.url}/events/rapid-open/manage/players/")
    page.get_by_text("Add a player").click()
    page.get_by_label("Find in a rating list").fill("kern kai")
    result = page.locator(".lookup-results li").first
    expect(result).to_contain_text("Kern, Kai")
    result.get_by_role("button", name="Use").click()
    form = page.locator("form[data-player-add]")
    expect(form.get_by_label("National rating")).to_have_value("1790")
    expect(form.get_by_label("National list")).to_have_value("DWZ")
    form.get_by_role("button", name="Add player").click()
    expect(page.get_by_role("cell", name="Kern, Kai", exact=True)).to_be_visible()
    added = Player.objects.get(event=event, name="Kern, Kai")
    assert (added.rating, added.national_rating, added.national_id, added.national_list) == (
        0, 1790, "C0327-297", "DWZ",
    )  # fmt: skip
