"""Reads for the festival pages (#34 item 1): its sections with the round in play of
each, a search over every player of its public sections, the arbiter's view."""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass

from django.db.models import Count
from django.utils import timezone

from swissweb.ratings.formats import name_key
from swissweb.tournament.core.errors import NotFound
from swissweb.tournament.core.rating_basis import rating_of
from swissweb.tournament.entries.services import refusal
from swissweb.tournament.models import (
    EntrySettings,
    Event,
    Festival,
    PairingSystem,
    Player,
    Round,
    RoundState,
)

SEARCH_LIMIT = 50
"""The most players a search lists (a name of one letter finds half the hall)."""


@dataclass(frozen=True, slots=True, kw_only=True)
class SectionLine:
    """One section as the festival's pages show it."""

    pk: int
    slug: str
    name: str
    event_name: str
    public: bool
    system_name: str
    rounds: int
    players: int
    started: bool
    round_number: int | None
    """The round in view: the last one in play, else the last published; None before."""
    in_play: bool
    paired: int
    """Rounds paired so far, drafts included (a move needs 0 in both sections)."""
    min_rating: int | None
    max_rating: int | None
    min_birth_year: int | None
    max_birth_year: int | None
    closed: bool
    takes_entries: bool
    """Whether its entry form takes an entry now (open, before the deadline and the
    start, the section not closed)."""

    @property
    def has_rules(self) -> bool:
        """Whether the section limits who may enter it."""
        limits = (self.min_rating, self.max_rating, self.min_birth_year, self.max_birth_year)
        return self.closed or any(limit is not None for limit in limits)


@dataclass(frozen=True, slots=True, kw_only=True)
class FestivalView:
    pk: int
    slug: str
    name: str
    public: bool
    start_date: dt.date | None
    end_date: dt.date | None
    sections: tuple[SectionLine, ...]

    @property
    def takes_entries(self) -> bool:
        """Whether any of its sections takes an entry now (the festival's entry page
        leads nowhere else)."""
        return any(section.takes_entries for section in self.sections)


@dataclass(frozen=True, slots=True, kw_only=True)
class FoundPlayer:
    """A player the festival's search found, with the section they play in; ``rating``
    is the one their section pairs and ranks on (``core.rating_basis``), as its
    pairings and standings show it."""

    section_slug: str
    section: str
    name: str
    pairing_number: int | None
    rating: int
    club: str


def _sections(festival: Festival, *, public_only: bool) -> tuple[SectionLine, ...]:
    """The festival's sections in order, with counts, rounds and whether each takes
    entries: four queries."""
    events = festival.sections.all()
    if public_only:
        events = events.filter(public=True)
    rows = list(events.order_by("section_order", "pk"))
    counts = dict(
        Player.objects.filter(event__in=[e.pk for e in rows])
        .values("event_id")
        .annotate(n=Count("pk"))
        .values_list("event_id", "n")
    )
    shown: dict[int, tuple[int, bool]] = {}
    paired: dict[int, int] = {}
    rounds = Round.objects.filter(event__in=[e.pk for e in rows]).order_by("number")
    for event_id, number, state in rounds.values_list("event_id", "number", "state"):
        paired[event_id] = number
        if state == RoundState.PAIRED:
            continue
        current = shown.get(event_id)
        in_play = state == RoundState.PUBLISHED
        if current is None or in_play or not current[1]:
            shown[event_id] = (number, in_play)
    labels = dict(PairingSystem.choices)
    entry_settings = {row.event_id: row for row in EntrySettings.objects.filter(event__in=rows)}
    now = timezone.now()
    return tuple(
        SectionLine(
            pk=e.pk, slug=e.slug, name=e.section_name or e.name, event_name=e.name,
            public=e.public, system_name=str(labels.get(e.system, e.system)), rounds=e.rounds,
            players=counts.get(e.pk, 0),
            started=e.started_at is not None,
            round_number=shown[e.pk][0] if e.pk in shown else None,
            in_play=shown[e.pk][1] if e.pk in shown else False,
            paired=paired.get(e.pk, 0),
            min_rating=e.min_rating, max_rating=e.max_rating,
            min_birth_year=e.min_birth_year, max_birth_year=e.max_birth_year, closed=e.closed,
            takes_entries=refusal(entry_settings.get(e.pk), e, now) is None,
        )
        for e in rows
    )  # fmt: skip


def _view(festival: Festival, *, public_only: bool) -> FestivalView:
    return FestivalView(
        pk=festival.pk,
        slug=festival.slug,
        name=festival.name,
        public=festival.public,
        start_date=festival.start_date,
        end_date=festival.end_date,
        sections=_sections(festival, public_only=public_only),
    )


def public_festival(*, slug: str) -> FestivalView:
    """A public festival and its public sections.

    :raises NotFound: no public festival has this slug.
    """
    festival = Festival.objects.filter(slug=slug, public=True).first()
    if festival is None:
        raise NotFound(slug)
    return _view(festival, public_only=True)


def arbiter_festival(*, festival_id: int) -> FestivalView:
    """A festival and all its sections, public or not, for its arbiters."""
    return _view(Festival.objects.get(pk=festival_id), public_only=False)


def festival_search(*, festival: FestivalView, query: str) -> tuple[FoundPlayer, ...]:
    """The players of the festival's sections shown whose name holds every word of
    ``query``, accents and case aside; at most ``SEARCH_LIMIT``, by name."""
    words = name_key(query).replace(",", " ").split()
    if not words:
        return ()
    names = {s.pk: (s.slug, s.name) for s in festival.sections}
    rows = Player.objects.filter(event_id__in=list(names)).values_list(
        "event_id", "name", "pairing_number", "rating", "national_rating", "club",
        "event__rating_basis",
    )  # fmt: skip
    found = [
        FoundPlayer(
            section_slug=names[event_id][0], section=names[event_id][1], name=name,
            pairing_number=number, rating=rating_of(basis, fide=fide, national=national),
            club=club,
        )
        for event_id, name, number, fide, national, club, basis in rows
        if all(word in name_key(name) for word in words)
    ]  # fmt: skip
    found.sort(key=lambda p: (name_key(p.name), p.section))
    return tuple(found[:SEARCH_LIMIT])


def other_sections(*, event_id: int) -> tuple[SectionLine, ...]:
    """The other sections of ``event_id``'s festival (none outside a festival)."""
    event = Event.objects.select_related("festival").get(pk=event_id)
    if event.festival is None:
        return ()
    return tuple(s for s in _sections(event.festival, public_only=False) if s.pk != event_id)


@dataclass(frozen=True, slots=True, kw_only=True)
class FestivalLine:
    slug: str
    name: str


def my_festivals(*, user_id: int) -> tuple[FestivalLine, ...]:
    """The festivals the user is an arbiter of, by name (one query)."""
    rows = Festival.objects.filter(arbiters=user_id).order_by("name").values_list("slug", "name")
    return tuple(FestivalLine(slug=slug, name=name) for slug, name in rows)
