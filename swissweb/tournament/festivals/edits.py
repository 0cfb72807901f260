"""Editing a festival (#34 item 1): its name, publication and dates; a section detached
(a standalone event again) or deleted.

As every festival change, each is recorded in the audit log of the sections it touches
(an audit row belongs to an event): a change of the festival in each of its sections,
a detached section in its own log, a deleted section in the log of each section the
festival keeps.  The festival row is locked first, then each section in id order.
"""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass

from django.contrib.auth.models import User
from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from swissweb.tournament.audit.actions import AuditAction
from swissweb.tournament.audit.festival_payloads import (
    FestivalValues,
    SectionDeleted,
    SectionPlace,
    SectionRules,
)
from swissweb.tournament.core.errors import TournamentError
from swissweb.tournament.core.services import _audit, _lock_event
from swissweb.tournament.festivals.rules import section_label
from swissweb.tournament.festivals.services import _lock_festival, _place, _rules
from swissweb.tournament.models import Event, Festival, Game, Result


@dataclass(frozen=True, slots=True, kw_only=True)
class FestivalChange:
    """The festival's own values, as its edit form gives them."""

    name: str
    public: bool
    start_date: dt.date | None = None
    end_date: dt.date | None = None


def _values(festival: Festival) -> FestivalValues:
    return FestivalValues(
        name=festival.name,
        public=festival.public,
        start_date=festival.start_date.isoformat() if festival.start_date else None,
        end_date=festival.end_date.isoformat() if festival.end_date else None,
    )


def _section(festival: Festival, event_id: int, user: User) -> Event:
    """The festival's section ``event_id``, locked; refused unless ``user`` is its arbiter."""
    event = _lock_event(event_id, standings=False)
    if event.festival_id != festival.pk:
        raise TournamentError(_("This event is not a section of this festival."))
    if not event.arbiters.filter(pk=user.pk).exists():
        raise TournamentError(
            _("Only the arbiters of %(section)s may change it.") % {"section": section_label(event)}
        )
    return event


def festival_update(
    *, festival_id: int, change: FestivalChange, user: User, now: dt.datetime
) -> Festival:
    """Rename the festival, publish or unpublish it, set its dates; each section records
    the change.  Publishing the festival does not publish its sections (each is published
    from its own workspace): its public page lists the public ones.

    :raises TournamentError: not one of its arbiters, an empty or unprintable name, or the
        end date before the start date; nothing is changed.
    """
    with transaction.atomic():
        festival = _lock_festival(festival_id, user)
        before = _values(festival)
        festival.name = change.name.strip()
        festival.public = change.public
        festival.start_date, festival.end_date = change.start_date, change.end_date
        try:
            festival.full_clean(exclude=["slug"])
        except ValidationError as exc:
            raise TournamentError(" ".join(exc.messages)) from exc
        festival.save(update_fields=["name", "public", "start_date", "end_date", "modified_at"])
        after = _values(festival)
        if after != before:
            for event_id in festival.sections.order_by("pk").values_list("pk", flat=True):
                event = _lock_event(event_id, standings=False)
                _audit(
                    event=event,
                    user=user,
                    now=now,
                    action=AuditAction.FESTIVAL_CHANGE,
                    before=before,
                    after=after,
                )
        return festival


def sections_outside(festival: Festival) -> tuple[str, ...]:
    """The sections whose dates run outside the festival's (a warning, not a refusal:
    each section keeps its own schedule)."""
    outside = []
    for event in festival.sections.order_by("section_order", "pk"):
        early = festival.start_date and event.start_date and event.start_date < festival.start_date
        late = festival.end_date and event.end_date and event.end_date > festival.end_date
        if early or late:
            outside.append(section_label(event))
    return tuple(outside)


def section_detach(*, festival_id: int, event_id: int, user: User, now: dt.datetime) -> Event:
    """Make a section a standalone event again: it leaves the festival with its players,
    rounds, entries and arbiters (the festival's stay its arbiters).  Its section rules
    are the festival's (set on its page only), so they are cleared, recorded as any
    change of the rules; the other sections keep their places.

    :raises TournamentError: not an arbiter of the festival and of the section, or the
        event is not a section of this festival; nothing is changed.
    """
    with transaction.atomic():
        festival = _lock_festival(festival_id, user)
        event = _section(festival, event_id, user)
        before, rules = _place(event), _rules(event)
        event.festival, event.section_name, event.section_order = None, "", 0
        event.min_rating = event.max_rating = None
        event.min_birth_year = event.max_birth_year = None
        event.closed = False
        event.save(
            update_fields=[
                "festival", "section_name", "section_order", "min_rating", "max_rating",
                "min_birth_year", "max_birth_year", "closed", "modified_at",
            ]
        )  # fmt: skip
        _audit(
            event=event,
            user=user,
            now=now,
            action=AuditAction.SECTION_DETACH,
            before=before,
            after=SectionPlace(),
        )
        _audit(
            event=event,
            user=user,
            now=now,
            action=AuditAction.SECTION_RULES,
            before=rules,
            after=SectionRules(closed=False),
        )
        return event


def _refuse_played(event: Event) -> None:
    """Refuse deleting a section with a result or a paired round (a draft counts)."""
    name = section_label(event)
    if Game.objects.filter(round__event=event).exclude(result=Result.NOT_PLAYED_YET).exists():
        raise TournamentError(
            _(
                "%(section)s has results: it cannot be deleted. Detach it to keep it as an "
                "event of its own."
            )
            % {"section": name}
        )
    if event.round_set.exists():
        raise TournamentError(
            _(
                "Round 1 of %(section)s is paired (a draft counts): delete the draft in its "
                "workspace first, or detach the section to keep it as an event of its own."
            )
            % {"section": name}
        )


def section_delete(*, festival_id: int, event_id: int, user: User, now: dt.datetime) -> str:
    """Delete a section that has played nothing: the event, its players, its entries and
    its own audit log.  The sections the festival keeps each record the deletion.
    Returns the deleted section's name.

    :raises TournamentError: not an arbiter of the festival and of the section; not a
        section of this festival; the section has a paired round (a draft counts) or a
        result; an entry has a payment recorded (clear it once refunded); it is the
        festival's only section (its deletion would be recorded nowhere: detach it
        instead).  Nothing is changed.
    """
    with transaction.atomic():
        festival = _lock_festival(festival_id, user)
        event = _section(festival, event_id, user)
        name = section_label(event)
        _refuse_played(event)
        paid = event.entries.filter(paid_amount__isnull=False).count()
        if paid:
            raise TournamentError(
                ngettext(
                    "%(count)s entry of %(section)s has a payment recorded: refund it and "
                    "clear the amount on the section's entries page first, or detach the "
                    "section.",
                    "%(count)s entries of %(section)s have a payment recorded: refund them "
                    "and clear the amounts on the section's entries page first, or detach "
                    "the section.",
                    paid,
                )
                % {"count": paid, "section": name}
            )
        others = festival.sections.exclude(pk=event.pk).order_by("pk")
        kept = list(others.values_list("pk", flat=True))
        if not kept:
            raise TournamentError(
                _(
                    "%(section)s is the festival's only section: its deletion would be "
                    "recorded nowhere. Detach it instead."
                )
                % {"section": name}
            )
        deleted = SectionDeleted(
            section=name,
            event=event.name,
            players=event.players.count(),
            entries=event.entries.count(),
        )
        event.delete()
        for kept_id in kept:
            _audit(
                event=_lock_event(kept_id, standings=False),
                user=user,
                now=now,
                action=AuditAction.SECTION_DELETE,
                after=deleted,
            )
        return name
