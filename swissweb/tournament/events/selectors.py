"""Reads for the event pages: the public list, the arbiter's workspace and events."""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass

from django.contrib.auth.models import User
from django.db.models import Count, F, QuerySet

from swissweb.tournament.models import (
    Event,
    Game,
    PairingSystem,
    Round,
    RoundState,
)


@dataclass(frozen=True, slots=True, kw_only=True)
class EventLine:
    """One event as the lists of events show it (the model's names, for the templates)."""

    slug: str
    name: str
    public: bool
    start_date: dt.date | None
    end_date: dt.date | None
    venue: str
    system_name: str
    """The pairing system in words, in the reader's language."""
    rounds: int
    started: bool
    player_count: int


def _event_lines(events: QuerySet[Event]) -> list[EventLine]:
    """``events`` with their player counts, in the queryset's order: one query."""
    labels = dict(PairingSystem.choices)
    rows = events.annotate(player_count=Count("players", distinct=True)).values_list(
        "slug", "name", "public", "start_date", "end_date", "venue", "system", "rounds",
        "started_at", "player_count",
    )  # fmt: skip
    return [
        EventLine(
            slug=slug, name=name, public=public, start_date=start, end_date=end, venue=venue,
            system_name=str(labels.get(system, system)), rounds=rounds,
            started=started_at is not None, player_count=count,
        )
        for slug, name, public, start, end, venue, system, rounds, started_at, count in rows
    ]  # fmt: skip


def public_events() -> tuple[EventLine, ...]:
    """Public events with their player counts (one query)."""
    return tuple(_event_lines(Event.objects.filter(public=True)))


# The arbiter's workspace (#20): one page per task, each reading only what it shows.


@dataclass(frozen=True, slots=True, kw_only=True)
class Workspace:
    """What every page of the arbiter's workspace needs: the rounds, and what is allowed.

    Three small queries whatever the size of the event (rounds, the last round's boards
    without a result, the number of players).
    """

    rounds: tuple[tuple[int, str], ...]
    """Every round paired so far: number and state, in order."""
    last: int
    """The last round paired (a draft included); 0 before round 1."""
    last_state: str
    last_complete: bool
    started: bool
    can_start: bool
    can_pair: bool
    next_round: int | None
    """The round to pair next, ``None`` when every planned round is paired."""

    @property
    def can_edit_numbers(self) -> bool:
        """Pairing numbers move only between the start and round 1."""
        return self.started and self.last == 0


def workspace(*, event: Event) -> Workspace:
    """The state of the event every workspace page shows in its navigation and buttons."""
    rounds = tuple(event.round_set.order_by("number").values_list("number", "state"))
    last, last_state = rounds[-1] if rounds else (0, "")
    last_complete = (
        not rounds
        or not Game.objects.filter(round__event=event, round__number=last, result="").exists()
    )
    started = event.started_at is not None
    next_round = last + 1 if last < event.rounds else None
    return Workspace(
        rounds=rounds,
        last=last,
        last_state=last_state,
        last_complete=last_complete,
        started=started,
        can_start=not rounds and event.players.count() >= 2,
        can_pair=started
        and next_round is not None
        and last_state != RoundState.PAIRED
        and last_complete,
        next_round=next_round,
    )


@dataclass(frozen=True, slots=True, kw_only=True)
class MyEvent:
    """One line of a signed-in arbiter's own events."""

    event: EventLine
    players: int
    last: int
    last_state: str


def my_events(*, user: User) -> tuple[MyEvent, ...]:
    """The events ``user`` is an arbiter of, public or not, newest first (two queries)."""
    mine = Event.objects.filter(arbiters=user)
    events = _event_lines(
        mine.order_by(F("start_date").desc(nulls_last=True), "-created_at", "name")
    )
    last: dict[str, tuple[int, str]] = {}
    rounds = Round.objects.filter(event__in=mine).order_by("number")
    for slug, number, state in rounds.values_list("event__slug", "number", "state"):
        last[slug] = (number, state)
    return tuple(
        MyEvent(
            event=event,
            players=event.player_count,
            last=last.get(event.slug, (0, ""))[0],
            last_state=last.get(event.slug, (0, ""))[1],
        )
        for event in events
    )
