"""The festival page's weight for ``bench.desk_budgets`` (#34 item 1).

A festival of three public sections of 500 players each, built through the app's
services, round 1 paired and published in each (so each section shows its round in
play); then the festival's public page is read as a visitor does, without and with a
search (``?q=``) that matches many players, and its HTML is weighed.  Before its round 1
each section took ``SECTION_ENTRIES`` online entries (the entry service, a fee due), so
the festival's entries CSV of 1,500 entries is timed too (``csv_timer``).
"""

from __future__ import annotations

import datetime as dt
import random
from collections.abc import Callable
from decimal import Decimal
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from django.contrib.auth.models import User

FESTIVAL_SLUG = "bench-festival"
SECTIONS = ("Open A", "Open B", "Under 1600")
SECTION_PLAYERS = 500
SECTION_ENTRIES = 500
"""Entries taken by each section: the festival's CSV lists 3 x 500."""
SEARCH = "a"
"""A search of one letter: it matches most names, so the list is at its longest."""


def build_festival(*, arbiter_name: str, seed: int) -> None:
    """The festival, its three sections of ``SECTION_PLAYERS`` players, round 1 of
    each paired and published."""
    from django.contrib.auth import get_user_model  # Django only for this bench
    from django.utils import timezone  # Django only for this bench

    from swissweb.tournament.events import services as event_services  # Django only for this bench
    from swissweb.tournament.festivals import services  # Django only for this bench
    from swissweb.tournament.management.commands.load_demo import (  # Django only for this bench
        FIRST,
        LAST,
    )
    from swissweb.tournament.players import (  # Django only for this bench
        services as player_services,
    )
    from swissweb.tournament.rounds import services as round_services  # Django only for this bench

    rng = random.Random(seed)
    user = get_user_model().objects.get(username=arbiter_name)
    now = timezone.now()
    festival = services.festival_create(
        name="Bench Festival", slug=FESTIVAL_SLUG, user=user, now=now, public=True,
        start_date=timezone.localdate(), end_date=timezone.localdate(),
    )  # fmt: skip
    for index, name in enumerate(SECTIONS):
        event = services.section_add(
            festival_id=festival.pk, name=name, user=user, now=now, rounds=9, public=True
        )
        top = (2600, 2000, 1599)[index]
        rows = [
            {
                "name": f"{LAST[n % 24]}, {FIRST[(n * 7 + n // 24) % 24]} {index}-{n + 1}",
                "rating": max(1000, top - n - rng.randrange(30)),
                "club": f"Club {n % 60}",
            }
            for n in range(SECTION_PLAYERS)
        ]
        player_services.players_add(event_id=event.pk, rows=rows, user=user, now=now)
        take_entries(event_id=event.pk, section=index, user=user, now=now)
        event_services.event_start(event_id=event.pk, user=user, now=now)
        round_ = round_services.round_pair(
            event_id=event.pk, user=user, now=now, seed=rng.randrange(2**31)
        )
        round_services.round_publish(round_id=round_.pk, user=user, now=now)


def take_entries(*, event_id: int, section: int, user: User, now: dt.datetime) -> None:
    """Open the section's entries with a fee and take ``SECTION_ENTRIES`` entries, as
    the public form does (``entry_submit``), before its round 1."""
    from swissweb.tournament.entries import services  # Django only for this bench
    from swissweb.tournament.entries.services import (  # Django only for this bench
        EntryData,
        FeeRowData,
    )
    from swissweb.tournament.models import (  # Django only for this bench
        DEFAULT_FIELDS,
        EntrySettings,
    )

    services.entry_settings_set(
        event_id=event_id,
        settings=EntrySettings(open=True, fields_asked=list(DEFAULT_FIELDS)),
        fees=[FeeRowData(label="Everyone", amount=Decimal("30.00"))],
        user=user,
        now=now,
    )
    for n in range(SECTION_ENTRIES):
        services.entry_submit(
            event_id=event_id,
            data=EntryData(
                name=f"Entrant, Eve {section}-{n}", fide_id=None, national_id="",
                federation="NED", club=f"Club {n % 40}", birth_year=1980, sex="",
                email=f"eve{section}-{n}@example.org", notes="=1+1",
            ),
            now=now,
        )  # fmt: skip


def csv_timer(problems: list[str]) -> Callable[[int], None]:
    """One GET of the festival's entries CSV by its arbiter, checked for every entry."""
    from django.contrib.auth import get_user_model  # Django only for this bench
    from django.test import Client  # Django only for this bench

    from bench.load_event import ARBITER  # Django only for this bench

    arbiter = Client()
    arbiter.force_login(get_user_model().objects.get(username=ARBITER))
    expected = len(SECTIONS) * SECTION_ENTRIES

    def run(_: int) -> None:
        response = arbiter.get(f"/festivals/{FESTIVAL_SLUG}/entries.csv")
        lines = response.content.count(b"\n")
        if response.status_code != 200 or lines < expected:
            problems.append(f"festival entries CSV: HTTP {response.status_code}, {lines} lines")

    return run


def page_sizes() -> tuple[dict[str, int], list[str]]:
    """The festival page's HTML in bytes, without and with a search; the problems found."""
    from django.test import Client  # Django only for this bench

    reader = Client()
    sizes: dict[str, int] = {}
    problems: list[str] = []
    for name, query in (("festival page", ""), ("festival page with a search", SEARCH)):
        response = reader.get(f"/festivals/{FESTIVAL_SLUG}/", {"q": query} if query else {})
        if response.status_code != 200 or b"Round 1 (in play)" not in response.content:
            problems.append(f"{name}: HTTP {response.status_code}")
        sizes[name] = len(response.content)
    return sizes, problems
