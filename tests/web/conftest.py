"""Fixtures for the web tests: users, an event with arbiters, logged-in clients."""

from __future__ import annotations

import datetime as dt
from collections.abc import Iterator
from dataclasses import dataclass, field

import pytest
from django.contrib.auth.models import User
from django.core.cache import cache
from django.test import Client
from django.utils import timezone, translation
from pytest_django import Settings

from pairing.engine import System
from pairing.engine.model import RoundPairing, TournamentState
from pairing.timed import PairingTimeout
from swissweb.tournament.core import caching
from swissweb.tournament.events import services as event_services
from swissweb.tournament.models import Event, Player, Result
from swissweb.tournament.rounds import engine_door
from swissweb.tournament.rounds import results as result_services
from swissweb.tournament.rounds import services as round_services


@pytest.fixture
def arbiter(db: None) -> User:
    return User.objects.create_user("arbiter", password="pw-arbiter-1")


@pytest.fixture
def stranger(db: None) -> User:
    return User.objects.create_user("stranger", password="pw-stranger-1")


@pytest.fixture
def event(arbiter: User) -> Event:
    event = Event.objects.create(name="Spring Swiss", slug="spring", rounds=5, public=True)
    event.arbiters.add(arbiter)
    return event


@pytest.fixture
def players(event: Event) -> list[Player]:
    names = ["Adams, Ann", "Baker, Bob", "Clark, Cy", "Dunn, Di", "Ellis, Ed", "Frost, Fay"]
    return [
        Player.objects.create(event=event, name=name, rating=2200 - 50 * index)
        for index, name in enumerate(names)
    ]


@pytest.fixture
def arbiter_client(client: Client, arbiter: User) -> Client:
    client.force_login(arbiter)
    return client


@pytest.fixture
def stranger_client(stranger: User) -> Client:
    client = Client()
    client.force_login(stranger)
    return client


@pytest.fixture(autouse=True)
def _default_language() -> Iterator[None]:
    """Each test starts in the default language: a request in German (#24) leaves the
    thread's language German (LocaleMiddleware activates it and nothing resets it)."""

    translation.deactivate()
    yield
    translation.deactivate()


@pytest.fixture(autouse=True)
def _empty_page_cache() -> None:
    """Each test starts without cached fragments of the public pages (#10), nor the
    values player cards keep in the process (#21)."""

    cache.clear()
    caching.clear_process_memo()


@pytest.fixture
def started(event: Event, players: list[Player], arbiter: User) -> Event:
    """The event of ``event``, its ``players`` numbered: ready to pair round 1."""

    event_services.event_start(event_id=event.pk, user=arbiter, now=timezone.now())
    return event


@pytest.fixture
def two_rounds(started: Event, players: list[Player], arbiter: User) -> Event:
    """Round 1 complete (White wins everywhere), round 2 published and in play."""

    now = dt.datetime(2026, 3, 1, 9, 0, tzinfo=dt.UTC)
    first = round_services.round_pair(event_id=started.pk, user=arbiter, now=now, seed=1)
    round_services.round_publish(round_id=first.pk, user=arbiter, now=now)
    for game in first.games.all():
        result_services.result_record(
            game_id=game.pk, result=Result.WHITE_WINS, expected_version=0, user=arbiter, now=now
        )
    second = round_services.round_pair(event_id=started.pk, user=arbiter, now=now, seed=2)
    round_services.round_publish(round_id=second.pk, user=arbiter, now=now)
    return started


@dataclass
class OverTimeLimit:
    """The engine door's time-limited runner, made to run out of time once armed.

    A real child given a tiny limit may still answer first on a fast machine (a round of
    five players takes well under a millisecond), which made the time-limit tests flaky;
    the child's own stopping is tested with a slow state in ``tests/engine/test_timed.py``.
    Armed, the door's runner records the limit it was given and whether a published round
    came with it (an ESCA 25 redraw), then raises the engine's ``PairingTimeout`` as a
    stopped child does.
    """

    monkeypatch: pytest.MonkeyPatch
    settings: Settings
    calls: list[tuple[float, bool]] = field(default_factory=list)

    def arm(self, seconds: float = 0.001) -> None:
        """From now on, every pairing runs out of ``seconds`` (PAIRING_TIMEOUT)."""
        self.settings.PAIRING_TIMEOUT = seconds

        def out_of_time(
            state: TournamentState,
            system: System,
            *,
            seed: int,
            seconds: float,
            published: RoundPairing | None = None,
        ) -> RoundPairing:
            self.calls.append((seconds, published is not None))
            raise PairingTimeout(seconds)

        self.monkeypatch.setattr(engine_door, "pair_round_limited", out_of_time)


@pytest.fixture
def engine_over_time_limit(monkeypatch: pytest.MonkeyPatch, settings: Settings) -> OverTimeLimit:
    """A pairing runner that runs out of time once ``arm()`` is called."""
    return OverTimeLimit(monkeypatch, settings)
