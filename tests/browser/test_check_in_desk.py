"""The check-in desk from the keyboard (#34 item 3): the arbiter types part of a name,
Enter marks the one player left present, and pairing round 1 then asks about the
players who did not check in."""

from __future__ import annotations

import datetime as dt
from typing import Any

import pytest
from django.contrib.auth.models import User
from django.utils import timezone
from playwright.sync_api import expect

from swissweb.tournament.events import services as event_services
from swissweb.tournament.events.schedule import Slot, schedule_set
from swissweb.tournament.models import (
    CheckIn,
    Event,
    Player,
    RequestKind,
    Round,
    RoundRequest,
)
from swissweb.tournament.players import check_in
from swissweb.tournament.players import services as player_services

from .played import NOW, PASSWORD, SLUG, log_in

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

NAMES = ["Adams, Ann", "Baker, Bob", "Clark, Cy", "Dunn, Di", "Ellis, Ed", "Frøst, Fay"]


def _event() -> Event:
    user = User.objects.create_user("anna", password=PASSWORD)
    event = event_services.event_create(user=user, now=NOW, name="Desk Open", slug=SLUG,
                                        system="dutch1992", rounds=5)  # fmt: skip
    rows = [{"name": name, "rating": 2000 - 10 * n} for n, name in enumerate(NAMES)]
    player_services.players_add(event_id=event.pk, rows=rows, user=user, now=NOW)
    event_services.event_start(event_id=event.pk, user=user, now=NOW)
    return event


def test_typing_a_name_and_enter_marks_the_player_present(live_server: Any, page: Any) -> None:
    _event()
    log_in(page, live_server.url)
    page.goto(f"{live_server.url}/events/{SLUG}/manage/check-in/")
    search = page.get_by_label("Find a player")
    expect(page.locator("#ci-counts")).to_have_text("0 checked in, 6 not yet.")
    search.fill("frost")  # accents aside: finds Frøst
    expect(page.locator("#ci-list li:not([hidden])")).to_have_count(1)
    search.press("Enter")
    expect(page.locator("#ci-counts")).to_have_text("1 checked in, 5 not yet.")
    expect(search).to_be_focused()
    expect(search).to_have_value("")
    search.fill("baker")
    search.press("Enter")
    expect(page.locator("#ci-counts")).to_have_text("2 checked in, 4 not yet.")
    frost = Player.objects.get(name="Frøst, Fay")
    expect(page.locator(f"#ci{frost.pk}")).to_have_class("here")
    checked = set(CheckIn.objects.values_list("player__name", flat=True))
    assert checked == {"Frøst, Fay", "Baker, Bob"}

    page.goto(f"{live_server.url}/events/{SLUG}/manage/rounds/1/")
    page.get_by_role("button", name="Pair round 1").click()
    expect(page.get_by_text("4 players have not checked in for round 1.")).to_be_visible()
    page.get_by_role("button", name="Mark 4 absent and pair").click()
    expect(page.get_by_text("Round paired")).to_be_visible()
    assert Round.objects.filter(number=1).exists()
    assert RoundRequest.objects.filter(round_number=1, kind=RequestKind.ABSENT).count() == 4


def test_player_checks_in_from_a_phone_inside_the_window(live_server: Any, page: Any) -> None:
    """Round 1 starts in half an hour, the window opened an hour before: the player's
    own page on a 375 px phone checks them in, and the desk counts them."""
    event = _event()
    user = User.objects.get(username="anna")
    start = (timezone.localtime() + dt.timedelta(minutes=30)).replace(tzinfo=None)
    schedule_set(event_id=event.pk, rows=[Slot(1, start.date(), start.time().replace(
        second=0, microsecond=0))], user=user, now=NOW)  # fmt: skip
    check_in.check_in_window_set(event_id=event.pk, opens=60, closes=0, user=user, now=NOW)
    player = Player.objects.get(name="Clark, Cy")
    page.set_viewport_size({"width": 375, "height": 800})
    page.goto(f"{live_server.url}/p/{player.access_code}/")
    page.get_by_role("button", name="Check in for round 1").click()
    expect(page.get_by_text("You are checked in for round 1.").first).to_be_visible()
    assert CheckIn.objects.get(player=player, round_number=1).way == "link"

    page.set_viewport_size({"width": 1200, "height": 900})
    log_in(page, live_server.url)
    page.goto(f"{live_server.url}/events/{SLUG}/manage/check-in/")
    expect(page.locator("#ci-counts")).to_have_text("1 checked in, 5 not yet.")
    expect(page.locator(f"#ci{player.pk}")).to_have_class("here")
