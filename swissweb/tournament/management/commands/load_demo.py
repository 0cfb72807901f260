"""Load the demo events of ``make run``: players, a few played rounds, one in play.

One event per implemented pairing system: "Demo Open" (Dutch 1992, the first one),
"Demo Lim Rapid" (Lim), "Demo Schools Congress" (ESCA: juniors from six schools, top
players marked) and "Demo SB Weekend" (SB-ordered, accelerated).  Idempotent: a second run
keeps the existing demos. The demo arbiter's password is set only when the account is
created, and said only then: a later run never changes a password someone may have
changed since (#37).
"""

from __future__ import annotations

import datetime as dt
import random
from dataclasses import dataclass
from typing import Any

from django.contrib.auth import get_user_model
from django.contrib.auth.models import User
from django.core.management.base import BaseCommand, CommandParser
from django.db import transaction
from django.utils import timezone

from swissweb.ratings import samples
from swissweb.ratings.loader import load_list
from swissweb.ratings.models import ListKind, RatingList
from swissweb.tournament.core.errors import TournamentError
from swissweb.tournament.events import services as event_services
from swissweb.tournament.models import Event, Game, PairingSystem, Player, Result
from swissweb.tournament.rounds import results as result_services
from swissweb.tournament.rounds import services as round_services
from swissweb.tournament.rounds.engine_door import SYSTEMS, System

DEMO_SLUG = "demo-open"
DEMO_USER = "arbiter"
DEMO_PASSWORD = "swiss-demo"  # noqa: S105 - a local demo login, printed for the user
PLAYED_ROUNDS = 3

FIRST = ["Anna", "Boris", "Chloe", "Dmitri", "Elif", "Farid", "Greta", "Hugo", "Ines", "Jonas",
         "Kira", "Luca", "Maya", "Nikolai", "Olga", "Pavel", "Quinn", "Rosa", "Sven", "Tara",
         "Umar", "Vera", "Wim", "Xenia"]  # fmt: skip
LAST = ["Adams", "Bauer", "Costa", "Dubois", "Eriksen", "Fischer", "Garcia", "Horvat", "Ivanova",
        "Jensen", "Kowalski", "Larsen", "Moreau", "Novak", "Olsen", "Petrov", "Quist", "Rossi",
        "Schmidt", "Tanaka", "Ulrich", "Varga", "Weber", "Young"]  # fmt: skip
TITLES = {0: "GM", 1: "IM", 2: "IM", 3: "FM", 5: "WIM", 8: "FM", 12: "CM"}
CLUBS = ["Kingside CC", "Rook & Pawn", "Bishop's Gambit", "Queen's Knight", "Endgame Club"]
SCHOOLS = ["St Aidan's", "Holmwood High", "Kingsbridge", "Oakfield", "Riverside", "Westgate"]


@dataclass(frozen=True)
class Demo:
    """One demo event: its system, size, options and how the players are drawn."""

    slug: str
    name: str
    system: str
    players: int
    rounds: int
    schools: bool = False
    acceleration: bool = False
    tiebreaks: str = ""
    """The event's tie-breaks; empty for the model's default (the 1992 Dutch rules' F10)."""


DEMOS = (
    Demo(slug=DEMO_SLUG, name="Demo Open", system=PairingSystem.DUTCH, players=24, rounds=7),
    Demo(
        slug="demo-1992",
        name="Demo Club Swiss (1992 rules)",
        system=PairingSystem.DUTCH_1992,
        players=18,
        rounds=5,
    ),
    Demo(slug="demo-lim", name="Demo Lim Rapid", system=PairingSystem.LIM, players=20, rounds=6),
    Demo(
        slug="demo-schools",
        name="Demo Schools Congress",
        system=PairingSystem.ESCA,
        players=36,
        rounds=6,
        schools=True,
    ),
    Demo(
        slug="demo-sb",
        name="Demo SB Weekend",
        system=PairingSystem.SB,
        players=22,
        rounds=6,
        acceleration=True,
        tiebreaks="SB,BH,MBH,PROG",
    ),
)


def demo_result(white: Player, black: Player, rng: random.Random) -> str:
    """A result drawn from the rating difference (Elo expectation), with some draws."""
    expected = 1 / (1 + 10 ** ((black.rating - white.rating) / 400))
    draw = 0.3
    roll = rng.random()
    if roll < draw:
        return Result.DRAW
    return Result.WHITE_WINS if rng.random() < expected else Result.BLACK_WINS


class Command(BaseCommand):
    help = "Create the demo event with players and a few played rounds (idempotent)."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument(
            "--base-url",
            default="http://127.0.0.1:8000",
            help="Where the server will answer, for the addresses printed (make run: HOST, PORT).",
        )

    def handle(self, *args: Any, **options: Any) -> None:
        base_url = str(options["base_url"]).rstrip("/")
        user, created = self._arbiter()
        for demo in DEMOS:
            if System(demo.system) not in SYSTEMS:
                continue
            event = Event.objects.filter(slug=demo.slug).first()
            if event is None:
                event = self._create_event(user, demo)
            self.stdout.write(f"{demo.name}: {base_url}/events/{event.slug}/")
        self._rating_list(user, base_url)
        if created:
            self.stdout.write(
                self.style.SUCCESS(
                    f"Arbiter login (also admin), created now: user {DEMO_USER!r}, "
                    f"password {DEMO_PASSWORD!r}"
                )
            )
        else:
            self.stdout.write(
                f"Arbiter login: user {DEMO_USER!r}, with the password it already had "
                f"(unchanged; `manage.py changepassword {DEMO_USER}` sets a new one)."
            )

    def _rating_list(self, user: User, base_url: str) -> None:
        """A made-up FIDE list of 5,000 players, in FIDE's layout, so that registering a
        player can find one (a real list loads with ``load_rating_list``)."""

        if not RatingList.objects.exists():
            entries = samples.entries(5000, seed=1)
            load_list(
                name="FIDE", kind=ListKind.FIDE, source="made-up demo list", entries=entries,
                user=user, now=timezone.now(),
            )  # fmt: skip
        self.stdout.write(f"Rating list (made up, 5,000 players): {base_url}/ratings/")

    def _arbiter(self) -> tuple[User, bool]:
        """The demo arbiter, and whether it was created now: only a new account gets the
        demo password; an existing one keeps whatever its owner set."""
        user_model = get_user_model()
        user, created = user_model.objects.get_or_create(
            username=DEMO_USER, defaults={"is_staff": True, "is_superuser": True}
        )
        if created:
            user.set_password(DEMO_PASSWORD)
            user.save()
        return user, created

    def _create_event(self, user: User, demo: Demo) -> Event:
        rng = random.Random(1992)
        today = timezone.localdate()
        with transaction.atomic():
            event = Event.objects.create(
                name=demo.name,
                slug=demo.slug,
                system=demo.system,
                rounds=demo.rounds,
                venue="Town Hall",
                start_date=today - dt.timedelta(days=PLAYED_ROUNDS),
                end_date=today + dt.timedelta(days=demo.rounds - PLAYED_ROUNDS),
                public=True,
                acceleration=demo.acceleration,
                **({"tiebreaks": demo.tiebreaks} if demo.tiebreaks else {}),
                lots_seed=rng.randrange(2**31),
            )
            event.arbiters.add(user)
            for index in range(demo.players):
                junior = demo.schools
                rating = (
                    (0 if index % 5 == 4 else 1650 - index * 25 - rng.randrange(20))
                    if junior
                    else 2450 - index * 35 - rng.randrange(20)
                )
                Player.objects.create(
                    event=event,
                    name=f"{LAST[index % 24]}, {FIRST[(index * 7 + index // 24) % 24]}",
                    rating=rating,
                    fide_standard=rating or None,  # a standard event's (#35 item 1)
                    title="" if junior else TITLES.get(index, ""),
                    federation="ENG" if junior else rng.choice(["ENG", "GER", "NED", "FRA"]),
                    club=SCHOOLS[index % len(SCHOOLS)] if junior else CLUBS[index % len(CLUBS)],
                    top_player=junior and index < 6,
                )
            now = timezone.now()
            event_services.event_start(event_id=event.pk, user=user, now=now)
        try:
            for _ in range(PLAYED_ROUNDS):
                self._play_round(event, user, rng, finish=True)
            self._play_round(event, user, rng, finish=False)
        except TournamentError as exc:
            self.stdout.write(self.style.WARNING(f"Demo rounds not paired: {exc}"))
        return event

    def _play_round(self, event: Event, user: User, rng: random.Random, *, finish: bool) -> None:
        now = timezone.now()
        round_ = round_services.round_pair(
            event_id=event.pk, user=user, now=now, seed=rng.randrange(2**31)
        )
        round_services.round_publish(round_id=round_.pk, user=user, now=now)
        games = list(Game.objects.filter(round=round_).select_related("white", "black"))
        to_enter = games if finish else games[: len(games) // 2]
        for game in to_enter:
            if game.black is None:
                continue
            result_services.result_record(
                game_id=game.pk,
                result=demo_result(game.white, game.black, rng),
                expected_version=game.version,
                user=user,
                now=now,
            )
