"""The event the load test reads (``python -m bench.load``, #10): built through the
app's own services, or found again with ``--reuse``."""

from __future__ import annotations

import datetime as dt
import random
import secrets
from dataclasses import dataclass

EVENT_SLUG = "load-open"
ARBITER = "load-arbiter"
TIEBREAKS = "BH-C1,BH,SB,DE,ARO,LOT"
"""A large open's usual order: Buchholz cut-1, Buchholz, Sonneborn-Berger, then the rest."""


# --- The event -------------------------------------------------------------------------


@dataclass(frozen=True, slots=True, kw_only=True)
class Event:
    """What the load needs to know about the event it reads."""

    slug: str
    in_play: int
    """The round whose results the arbiter enters (0 when every round is complete)."""
    completed: int
    arbiter: str
    password: str


def build_event(
    *, players: int, rounds: int, completed: int, seed: int, slug: str = EVENT_SLUG
) -> Event:
    """Create an event through the services: register, start, pair, publish, record.

    Rounds ``1 .. completed`` get every result; the next round is published with half of
    its results (the round in play).  Needs Django set up and an empty event ``slug``.
    """

    from django.contrib.auth import get_user_model  # Django only for this bench
    from django.utils import timezone  # Django only for this bench

    from swissweb.tournament.events import services as event_services  # Django only for this bench
    from swissweb.tournament.management.commands.load_demo import (  # Django only for this bench
        FIRST,
        LAST,
        demo_result,
    )
    from swissweb.tournament.models import Game  # Django only for this bench
    from swissweb.tournament.players import (  # Django only for this bench
        services as player_services,
    )
    from swissweb.tournament.rounds import results as result_services  # Django only for this bench
    from swissweb.tournament.rounds import services as round_services  # Django only for this bench

    rng = random.Random(seed)
    password = secrets.token_urlsafe(16)
    user = get_user_model().objects.create_user(ARBITER, password=password)
    now = timezone.now()
    today = timezone.localdate()
    event = event_services.event_create(
        user=user,
        now=now,
        name=f"Load Open ({players} players)",
        slug=slug,
        rounds=rounds,
        tiebreaks=TIEBREAKS,
        venue="Loopback Hall",
        start_date=today - dt.timedelta(days=completed),
        end_date=today + dt.timedelta(days=rounds - completed),
        public=True,
    )
    rows = [
        {
            "name": f"{LAST[index % 24]}, {FIRST[(index * 7 + index // 24) % 24]} {index + 1}",
            "rating": 0 if index % 20 == 19 else max(1000, 2650 - index * 3 - rng.randrange(60)),
            "federation": rng.choice(["ENG", "GER", "NED", "FRA", "ESP", "IND"]),
            "club": f"Club {index % 37 + 1}",
        }
        for index in range(players)
    ]
    player_services.players_add(event_id=event.pk, rows=rows, user=user, now=now)
    event_services.event_start(event_id=event.pk, user=user, now=now)
    in_play = completed + 1 if completed < rounds else 0
    for number in range(1, min(rounds, completed + 1) + 1):
        round_ = round_services.round_pair(
            event_id=event.pk, user=user, now=now, seed=rng.randrange(2**31)
        )
        round_services.round_publish(round_id=round_.pk, user=user, now=now)
        games = list(
            Game.objects.filter(round=round_, black__isnull=False)
            .select_related("white", "black")
            .order_by("board")
        )
        if number == in_play:
            games = games[: len(games) // 2]
        for game in games:
            assert game.black is not None  # the query above leaves byes out
            result_services.result_record(
                game_id=game.pk,
                result=demo_result(game.white, game.black, rng),
                expected_version=game.version,
                user=user,
                now=now,
            )
    return Event(
        slug=slug, in_play=in_play, completed=completed, arbiter=ARBITER, password=password
    )


def existing_event(slug: str = EVENT_SLUG) -> Event:
    """The event an earlier run built (``--reuse``), with a new password for its arbiter."""
    from django.contrib.auth import get_user_model  # Django only for this bench

    from swissweb.tournament.models import Event as EventRow  # Django only for this bench
    from swissweb.tournament.models import RoundState  # Django only for this bench
    from swissweb.tournament.rounds import engine_adapter  # Django only for this bench

    row = EventRow.objects.get(slug=slug)
    in_play = row.round_set.filter(state=RoundState.PUBLISHED).order_by("number").first()
    password = secrets.token_urlsafe(16)
    user = get_user_model().objects.get(username=ARBITER)
    user.set_password(password)
    user.save()
    return Event(
        slug=slug,
        in_play=in_play.number if in_play else 0,
        completed=engine_adapter.last_completed_round(row),
        arbiter=ARBITER,
        password=password,
    )


def reader_pages(event: Event, players: int = 0) -> dict[str, str]:
    """The public pages the readers load, by the name the report gives them.

    ``players`` > 0 adds the player cards (a reader opens a random player's card, as
    players look themselves up) and the standings CSV.
    """
    base = f"/events/{event.slug}/"
    pages = {"event": base}
    if event.in_play:
        pages[f"pairings r{event.in_play} (in play)"] = f"{base}rounds/{event.in_play}/"
    if event.completed:
        pages[f"pairings r{event.completed}"] = f"{base}rounds/{event.completed}/"
    pages["standings"] = f"{base}standings/"
    pages["crosstable"] = f"{base}crosstable/"
    if players:
        pages["player card"] = f"{base}players/{{player}}/"
        pages["standings.csv"] = f"{base}standings.csv"
    return pages
