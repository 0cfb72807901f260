"""The audit log's reader (#33): the Audit page and an import's report read entries here,
each rendered by its action's payload class (``log.read``), as plain values."""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass

from django.core.paginator import Paginator
from django.utils.translation import gettext as _

from swissweb.tournament.audit.actions import AuditAction
from swissweb.tournament.audit.log import Recorded, read
from swissweb.tournament.audit.payloads import EventImported
from swissweb.tournament.audit.stored import Names
from swissweb.tournament.models import AuditEntry, Event

AUDIT_PAGE_SIZE = 50


@dataclass(frozen=True, slots=True, kw_only=True)
class AuditLine:
    """One recorded change as the arbiter reads it: who, when, what, from what to what."""

    entry_id: int
    at: dt.datetime
    user: str
    action: str
    round: int | None
    subject: str
    changes: tuple[str, ...]
    reason: str


def _action_label(action: str) -> str:
    """An action in words: its ``AuditAction`` label, else its own name (a row from a
    newer version read by an older one)."""
    if action in AuditAction.values:
        return str(AuditAction(action).label)
    return action.replace("_", " ")


def audit_line(entry: AuditEntry, names: Names, recorded: Recorded | None = None) -> AuditLine:
    """One audit entry in words: player ids as names, boards as the boards that changed."""
    recorded = recorded if recorded is not None else read(entry)
    rendering = recorded.render(names)
    round_number = entry.round.number if entry.round is not None else recorded.round_number()
    return AuditLine(
        entry_id=entry.pk,
        at=entry.at,
        user=entry.user.get_username() if entry.user is not None else _("(no user)"),
        action=_action_label(entry.action),
        round=round_number,
        subject=rendering.subject,
        changes=rendering.changes,
        reason=entry.reason,
    )


def imported(*, event: Event) -> EventImported | None:
    """What the TRF import of ``event`` recorded: the players it found named twice (as
    it reported them), what it could not read, what the restore changed; None for an
    event not imported."""
    entry = event.audit_entries.filter(action=AuditAction.EVENT_IMPORT).first()
    if entry is None:
        return None
    after = read(entry).after
    return after if isinstance(after, EventImported) else None


@dataclass(frozen=True, slots=True, kw_only=True)
class AuditPage:
    """One page of the audit log, as the Audit page's template reads it: its lines and
    where it stands among the pages (plain values, no paginator or row of the database)."""

    lines: tuple[AuditLine, ...]
    count: int
    """How many entries the log (or the round's part of it) holds, on every page."""
    number: int
    pages: int
    previous: int | None
    """The newer page's number; None on the first."""
    next: int | None
    """The older page's number; None on the last."""
    round_filter: int | None


def audit_page(*, event: Event, page: str | None, round_number: int | None) -> AuditPage:
    """One page of the event's audit log, newest first, optionally of one round only
    (three queries: the count, the page's entries, the names of the players they name)."""

    entries = event.audit_entries.select_related("user", "round").order_by("-at", "-id")
    if round_number is not None:
        entries = entries.filter(round__number=round_number) | entries.filter(
            round__isnull=True, after__round=round_number
        )
    paginator = Paginator(entries, AUDIT_PAGE_SIZE)
    current = paginator.get_page(page)
    rows = [(entry, read(entry)) for entry in current.object_list]
    ids = {pk for _entry, recorded in rows for pk in recorded.player_ids()}
    names = {
        pk: f"{number}. {name}" if number else name
        for pk, number, name in event.players.filter(pk__in=ids).values_list(
            "pk", "pairing_number", "name"
        )
    }
    return AuditPage(
        lines=tuple(audit_line(entry, names, recorded) for entry, recorded in rows),
        count=paginator.count,
        number=current.number,
        pages=paginator.num_pages,
        previous=current.previous_page_number() if current.has_previous() else None,
        next=current.next_page_number() if current.has_next() else None,
        round_filter=round_number,
    )
