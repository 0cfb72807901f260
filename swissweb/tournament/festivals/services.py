"""Festivals (#34 item 1): create one, add or attach sections, name and order them, set
a section's rules, add an arbiter to every section.

A festival's changes are recorded in the audit log of each section they touch (an audit
row belongs to an event); every section is locked with ``_lock_event`` and the festival
row with ``select_for_update``.  The festival's arbiters are given to each section as it
joins, so every view of a section keeps checking only the event's arbiters.
"""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass
from typing import Any

from django.contrib.auth.models import User
from django.core.exceptions import ValidationError
from django.db import IntegrityError, transaction
from django.utils.translation import gettext as _

from swissweb.tournament.audit.actions import AuditAction
from swissweb.tournament.audit.festival_payloads import SectionPlace, SectionRules
from swissweb.tournament.core.errors import TournamentError
from swissweb.tournament.core.services import _audit, _lock_event, _problems
from swissweb.tournament.events import services as event_services
from swissweb.tournament.events.slugs import RESERVED_SLUGS, unique_slug
from swissweb.tournament.festivals.rules import rule_problems
from swissweb.tournament.models import Event, Festival


@dataclass(frozen=True, slots=True, kw_only=True)
class Rules:
    """A section's rules as the arbiter's form gives them."""

    min_rating: int | None = None
    max_rating: int | None = None
    min_birth_year: int | None = None
    max_birth_year: int | None = None
    closed: bool = False


def _place(event: Event) -> SectionPlace | None:
    if event.festival is None:
        return None
    return SectionPlace(
        festival=event.festival.name, section=event.section_name, order=event.section_order
    )


def _rules(event: Event) -> SectionRules:
    return SectionRules(
        min_rating=event.min_rating,
        max_rating=event.max_rating,
        min_birth_year=event.min_birth_year,
        max_birth_year=event.max_birth_year,
        closed=event.closed,
    )


def _lock_festival(festival_id: int, user: User) -> Festival:
    """The festival, locked; refused unless ``user`` is one of its arbiters."""
    festival = Festival.objects.select_for_update().get(pk=festival_id)
    if not festival.arbiters.filter(pk=user.pk).exists():
        raise TournamentError(_("Only the festival's arbiters may change it."))
    return festival


def _join(festival: Festival, event: Event, *, name: str, user: User, now: dt.datetime) -> None:
    """Make the locked ``event`` a section of ``festival``, last, with the festival's
    arbiters among its own."""
    before = _place(event)
    last = festival.sections.exclude(pk=event.pk).order_by("-section_order").first()
    event.festival = festival
    event.section_name = (name or event.section_name or event.name)[:60]
    event.section_order = last.section_order + 1 if last is not None else 1
    try:
        event.full_clean(validate_unique=False, validate_constraints=False)
    except ValidationError as exc:
        raise TournamentError(_problems(exc)) from exc
    event.save(update_fields=["festival", "section_name", "section_order", "modified_at"])
    event.arbiters.add(*festival.arbiters.all())
    _audit(
        event=event,
        user=user,
        now=now,
        action=AuditAction.FESTIVAL_SECTION,
        before=before,
        after=_place(event),
    )


def festival_create(
    *,
    name: str,
    slug: str,
    user: User,
    now: dt.datetime,
    event_ids: list[int] | None = None,
    public: bool = False,
    start_date: dt.date | None = None,
    end_date: dt.date | None = None,
) -> Festival:
    """Create a festival run by ``user``, with the events named as its first sections
    (each recorded in its audit log).

    :raises TournamentError: the name or slug is not valid or taken, or an event is not
        one of ``user``'s or is a section of a festival already.
    """
    if slug in RESERVED_SLUGS:
        raise TournamentError(_("This slug is the address of another page; choose another."))
    with transaction.atomic():
        festival = Festival(
            name=name.strip(), slug=slug, public=public, start_date=start_date, end_date=end_date
        )
        try:
            festival.full_clean()
        except ValidationError as exc:
            raise TournamentError(_problems(exc)) from exc
        try:
            with transaction.atomic():
                festival.save()
        except IntegrityError as exc:
            raise TournamentError(_("A festival has this slug already.")) from exc
        festival.arbiters.add(user)
        for event_id in sorted(set(event_ids or [])):
            _attach(festival, event_id, name="", user=user, now=now)
        return festival


def _attach(festival: Festival, event_id: int, *, name: str, user: User, now: dt.datetime) -> None:
    event = _lock_event(event_id, standings=False)
    if not event.arbiters.filter(pk=user.pk).exists():
        raise TournamentError(
            _("You are not an arbiter of %(event)s: only its arbiters may add it to a festival.")
            % {"event": event.name}
        )
    if event.festival_id is not None:
        raise TournamentError(
            _("%(event)s is a section of a festival already.") % {"event": event.name}
        )
    _join(festival, event, name=name, user=user, now=now)


def section_attach(
    *, festival_id: int, event_id: int, user: User, now: dt.datetime, name: str = ""
) -> Event:
    """Make an existing event (of the same arbiter) a section of the festival, last.

    :raises TournamentError: ``user`` is not an arbiter of both, or the event is in a
        festival already.
    """
    with transaction.atomic():
        festival = _lock_festival(festival_id, user)
        _attach(festival, event_id, name=name, user=user, now=now)
        return Event.objects.get(pk=event_id)


def section_add(
    *, festival_id: int, name: str, user: User, now: dt.datetime, **fields: Any
) -> Event:
    """Create a new event as the festival's last section named ``name``; ``fields``
    are the event's, as ``event_create`` takes them (its name defaults to the
    festival's and the section's, its slug to a free one).

    :raises TournamentError: a value is not valid.
    """
    if not name.strip():
        raise TournamentError(_("A section needs a name."))
    with transaction.atomic():
        festival = _lock_festival(festival_id, user)
        fields.setdefault("name", f"{festival.name}: {name.strip()}"[:200])
        if not fields.get("slug"):
            fields["slug"] = unique_slug(f"{festival.slug} {name}")
        fields.setdefault("start_date", festival.start_date)
        fields.setdefault("end_date", festival.end_date)
        fields.setdefault("public", festival.public)
        try:
            event = event_services.event_create(user=user, now=now, **fields)
        except ValidationError as exc:
            raise TournamentError(_problems(exc)) from exc
        event = _lock_event(event.pk, standings=False)
        _join(festival, event, name=name.strip(), user=user, now=now)
        return event


def sections_arrange(
    *, festival_id: int, names: dict[int, str], order: list[int], user: User, now: dt.datetime
) -> None:
    """Rename the festival's sections (``names`` by event id) and put them in ``order``
    (event ids, first to last); a section whose name and place do not change records
    nothing.

    :raises TournamentError: ``order`` is not the festival's sections, or a name is empty.
    """
    with transaction.atomic():
        festival = _lock_festival(festival_id, user)
        ids = set(festival.sections.values_list("pk", flat=True))
        if set(order) != ids or len(order) != len(ids):
            raise TournamentError(_("Give every section of the festival its place, once."))
        for place, event_id in enumerate(order, start=1):
            event = _lock_event(event_id, standings=False)
            before = _place(event)
            new_name = names.get(event_id, event.section_name).strip()
            if not new_name:
                raise TournamentError(_("A section needs a name."))
            event.section_name, event.section_order = new_name[:60], place
            try:
                event.full_clean(validate_unique=False, validate_constraints=False)
            except ValidationError as exc:
                raise TournamentError(_problems(exc)) from exc
            event.save(update_fields=["section_name", "section_order", "modified_at"])
            _audit(
                event=event,
                user=user,
                now=now,
                action=AuditAction.FESTIVAL_SECTION,
                before=before,
                after=_place(event),
            )


def section_rules_set(*, event_id: int, rules: Rules, user: User, now: dt.datetime) -> Event:
    """Set who the section admits; the players already in it stay.

    :raises TournamentError: a limit is above its other end.
    """
    problem = rule_problems(
        min_rating=rules.min_rating,
        max_rating=rules.max_rating,
        min_year=rules.min_birth_year,
        max_year=rules.max_birth_year,
    )
    if problem is not None:
        raise TournamentError(problem)
    with transaction.atomic():
        event = _lock_event(event_id, standings=False)
        before = _rules(event)
        event.min_rating, event.max_rating = rules.min_rating, rules.max_rating
        event.min_birth_year, event.max_birth_year = rules.min_birth_year, rules.max_birth_year
        event.closed = rules.closed
        event.save(
            update_fields=[
                "min_rating", "max_rating", "min_birth_year", "max_birth_year", "closed",
                "modified_at",
            ]
        )  # fmt: skip
        _audit(
            event=event,
            user=user,
            now=now,
            action=AuditAction.SECTION_RULES,
            before=before,
            after=_rules(event),
        )
        return event


def festival_arbiter_add(*, festival_id: int, arbiter: User, user: User, now: dt.datetime) -> None:
    """Make ``arbiter`` an arbiter of the festival and of each of its sections (each
    section records it as ``event_add_arbiter`` does)."""
    with transaction.atomic():
        festival = _lock_festival(festival_id, user)
        festival.arbiters.add(arbiter)
        for event_id in festival.sections.order_by("pk").values_list("pk", flat=True):
            event_services.event_add_arbiter(event_id=event_id, arbiter=arbiter, user=user, now=now)
