"""A public event in its fourth round, for the tests that look at whole pages (#20).

61 players (so each round has a bye), three rounds played with a mix of results, round 4
published without results; long names, titles, clubs and five tie-breaks, so that every
table is as wide as a real event makes it.
"""

from __future__ import annotations

import datetime as dt
import random
from typing import TYPE_CHECKING

from django.contrib.auth.models import User

from swissweb.tournament.events import services as event_services
from swissweb.tournament.models import Event, Result
from swissweb.tournament.players import services as player_services
from swissweb.tournament.rounds import results as result_services
from swissweb.tournament.rounds import services as round_services

if TYPE_CHECKING:  # types only: the fixtures import playwright, or skip without it
    from playwright.sync_api import Page

NOW = dt.datetime(2026, 10, 3, 9, tzinfo=dt.UTC)
PASSWORD = "anna-secret-pw-1"
SLUG = "autumn-open"
LONG_NAME = "Wolfeschlegelsteinhausenbergerdorff, Hubert Blaine"
"""A name with a word wider than a phone's column: it must wrap or scroll in its box."""

FIRST = ["Anna", "Boris", "Chloe", "Dmitri", "Elif", "Farid", "Greta", "Hugo", "Ines", "Jonas"]
LAST = ["Adams", "Bauer", "Costa-Pereira", "Dubois", "Eriksen", "Fischer"]
CLUBS = ["Kingside Chess Club", "Rook & Pawn", "Bishop's Gambit Society", "Endgame Club"]
TITLES = ["GM", "IM", "FM", "", "", "", "", "WFM", "", ""]
RESULTS = [Result.WHITE_WINS, Result.BLACK_WINS, Result.DRAW, Result.WHITE_WINS_FORFEIT]


def played_event(players: int = 61, played: int = 3) -> tuple[User, Event]:
    """The arbiter "anna" and her public event: ``played`` rounds complete, the next one
    published without results."""
    user = User.objects.create_user("anna", password=PASSWORD)
    event = event_services.event_create(
        user=user,
        now=NOW,
        name="Riverside Autumn Open 2026",
        slug=SLUG,
        system="dutch1992",
        rounds=7,
        public=True,
        venue="Riverside Community Hall",
        tiebreaks="BH-C1,BH,SB,DE,PROG",
    )
    rows = [
        {
            "name": f"{LAST[n % len(LAST)]}, {FIRST[n % len(FIRST)]} {n:02d}",
            "rating": 2650 - 17 * n,
            "title": TITLES[n % len(TITLES)],
            "federation": ["ENG", "GER", "FRA", "NED"][n % 4],
            "club": CLUBS[n % len(CLUBS)],
        }
        for n in range(players - 1)
    ]
    rows.append({"name": LONG_NAME, "rating": 1500, "club": "Riverside Juniors"})
    player_services.players_add(event_id=event.pk, rows=rows, user=user, now=NOW)
    event_services.event_start(event_id=event.pk, user=user, now=NOW)
    rng = random.Random(20)
    for number in range(1, played + 2):
        round_ = round_services.round_pair(event_id=event.pk, user=user, now=NOW, seed=number)
        round_services.round_publish(round_id=round_.pk, user=user, now=NOW)
        if number > played:
            break
        for game in round_.games.exclude(result=Result.PAIRING_BYE).order_by("board"):
            result_services.result_record(
                game_id=game.pk,
                result=rng.choice(RESULTS),
                expected_version=game.version,
                user=user,
                now=NOW,
            )
    event.refresh_from_db()
    return user, event


def log_in(page: Page, base: str) -> None:
    """Sign in as the event's arbiter."""
    page.goto(f"{base}/accounts/login/")
    page.get_by_label("Username").fill("anna")
    page.get_by_label("Password").fill(PASSWORD)
    page.get_by_role("button", name="Log in").click()
    page.get_by_role("link", name="My events").first.wait_for()
