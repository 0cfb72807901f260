"""A festival of three sections for the festival tests (#34 item 1)."""

from __future__ import annotations

import datetime as dt

from django.contrib.auth.models import User

from swissweb.tournament.festivals import services
from swissweb.tournament.models import Event, Festival, Player

NOW = dt.datetime(2026, 3, 1, 9, 0, tzinfo=dt.UTC)
SECTIONS = ("Open A", "Open B", "Under 1600")


def make_festival(arbiter: User, *, players: int = 4, public: bool = True) -> Festival:
    """Hastings 2026: three public sections of ``players`` players each (ratings
    2300 down in Open A, 1900 down in Open B, 1500 down in Under 1600)."""
    festival = services.festival_create(
        name="Hastings 2026", slug="hastings", user=arbiter, now=NOW, public=public
    )
    for index, name in enumerate(SECTIONS):
        event = services.section_add(
            festival_id=festival.pk, name=name, user=arbiter, now=NOW, rounds=5, public=public
        )
        top = (2300, 1900, 1500)[index]
        Player.objects.bulk_create(
            Player(event=event, name=f"{name} player, No {n}", rating=top - 20 * n,
                   birth_year=1990 + n)
            for n in range(1, players + 1)
        )  # fmt: skip
    return festival


def section(festival: Festival, name: str) -> Event:
    return festival.sections.get(section_name=name)
