"""Online entries (#34 item 2): settings, a submitted entry, and the arbiter's decisions.

Every change locks the event row (``_lock_event``), so two entries sent at the same
moment for the last place cannot both take it, and is recorded in the audit log; an
entrant's submission is recorded with no user.  An accepted entry becomes a player
through ``players_add``, so every rule of registering holds for it too (at most 9,999
players, pairing numbers given at the start or the next free one).
"""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass, field
from decimal import Decimal

from django.contrib.auth.models import User
from django.core.exceptions import ValidationError
from django.db import IntegrityError, transaction
from django.utils.translation import gettext as _

from swissweb.ratings.models import ListedPlayer, ListKind
from swissweb.tournament.audit.actions import AuditAction
from swissweb.tournament.audit.entry_payloads import EntryOptions, EntryValues
from swissweb.tournament.core import fide_ratings
from swissweb.tournament.core.errors import TournamentError
from swissweb.tournament.core.rating_basis import pairing_rating
from swissweb.tournament.core.services import _audit, _lock_event, plain_integrity_error
from swissweb.tournament.entries.fees import fee_for, row_text
from swissweb.tournament.festivals.rules import closed_refusal, eligible
from swissweb.tournament.models import (
    Entry,
    EntrySettings,
    EntryState,
    Event,
    FeeRow,
    PaymentMethod,
    RateOfPlay,
)
from swissweb.tournament.players.services import players_add


@dataclass(frozen=True, slots=True, kw_only=True)
class FeeRowData:
    """One row of the fee table as the arbiter's form gives it."""

    label: str
    titles: str = ""
    born_from: int | None = None
    born_until: int | None = None
    amount: Decimal = Decimal(0)


@dataclass(frozen=True, slots=True, kw_only=True)
class EntryData:
    """What an entrant typed on the public form (the lists fill the rest)."""

    name: str
    fide_id: int | None = None
    national_id: str = ""
    federation: str = ""
    club: str = ""
    birth_year: int | None = None
    sex: str = ""
    email: str = ""
    notes: str = ""


@dataclass(frozen=True, slots=True, kw_only=True)
class Listed:
    """What the loaded rating lists know of an entrant: FIDE's rating from FIDE's list,
    the national rating from a national one (never one for the other)."""

    rating: int = 0
    fide_standard: int | None = None
    fide_rapid: int | None = None
    fide_blitz: int | None = None
    national_rating: int = 0
    national_list: str = ""
    title: str = ""
    federation: str = ""
    birth_year: int | None = None
    sex: str = ""
    names: tuple[str, ...] = field(default=())


def _problems(exc: ValidationError) -> str:
    return "; ".join(" ".join(errors) for errors in exc.message_dict.values())


def listed_facts(
    *, fide_id: int | None, national_id: str, rate_of_play: str = RateOfPlay.STANDARD
) -> Listed | None:
    """What FIDE's list (by FIDE ID) and a national list (by national ID) say of an
    entrant: each list's rating of ``rate_of_play`` (FIDE's as the FIDE rating, the
    national list's as the national rating, with the list's name), FIDE's three ratings
    (#35 item 1), FIDE's title,
    federation, birth year and sex; None when no loaded list knows them."""
    fide = (
        ListedPlayer.objects.filter(player_id=str(fide_id), rating_list__kind=ListKind.FIDE).first()
        if fide_id
        else None
    )
    national = (
        ListedPlayer.objects.filter(player_id=national_id, rating_list__kind=ListKind.NATIONAL)
        .select_related("rating_list")
        .first()
        if national_id
        else None
    )
    if fide is None and national is None:
        return None
    rows = [row for row in (fide, national) if row is not None]
    return Listed(
        rating=(getattr(fide, rate_of_play) or 0) if fide is not None else 0,
        **(fide_ratings.listed_columns(fide) if fide is not None else {}),
        national_rating=(getattr(national, rate_of_play) or 0) if national is not None else 0,
        national_list=national.rating_list.name[:20] if national is not None else "",
        title=fide.title if fide is not None else "",
        federation=next((row.federation for row in rows if row.federation), ""),
        birth_year=next((row.birth_year for row in rows if row.birth_year), None),
        sex=next((row.sex for row in rows if row.sex in ("m", "w")), ""),
        names=tuple(row.name for row in rows),
    )


def entry_settings_set(
    *,
    event_id: int,
    settings: EntrySettings,
    fees: list[FeeRowData],
    user: User,
    now: dt.datetime,
) -> EntrySettings:
    """Save the event's entry settings and replace its fee table, in one transaction.

    ``settings`` is an unsaved row holding the new values (its ``event`` is ignored).

    :raises TournamentError: a value or a fee row is not valid.
    """
    with transaction.atomic():
        event = _lock_event(event_id, standings=False)
        current = EntrySettings.objects.filter(event=event).first()
        before = _options(current, list(event.fee_rows.all())) if current is not None else None
        settings.pk = current.pk if current is not None else None
        settings.event = event
        if current is not None:
            settings.created_at = current.created_at
        rows = [
            FeeRow(
                event=event,
                position=index,
                label=row.label,
                titles=row.titles,
                born_from=row.born_from,
                born_until=row.born_until,
                amount=row.amount,
            )
            for index, row in enumerate(fees, start=1)
        ]
        try:
            settings.full_clean(exclude=["event"], validate_unique=False)
            for row in rows:
                row.full_clean(exclude=["event"], validate_unique=False)
        except ValidationError as exc:
            raise TournamentError(_problems(exc)) from exc
        settings.save()
        event.fee_rows.all().delete()
        FeeRow.objects.bulk_create(rows)
        _audit(
            event=event,
            user=user,
            now=now,
            action=AuditAction.ENTRY_SETTINGS,
            before=before,
            after=_options(settings, rows),
        )
        return settings


def _options(settings: EntrySettings, rows: list[FeeRow]) -> EntryOptions:
    deadline = settings.deadline.isoformat(timespec="minutes") if settings.deadline else None
    return EntryOptions(
        open=settings.open,
        deadline=deadline,
        maximum=settings.maximum,
        min_rating=settings.min_rating,
        max_rating=settings.max_rating,
        auto_accept=settings.auto_accept,
        fields=tuple(settings.fields_asked),
        fees=tuple(row_text(row) for row in rows),
        currency=settings.currency,
    )


def refusal(settings: EntrySettings | None, event: Event, now: dt.datetime) -> str | None:
    """Why the event takes no entry now (closed, past the deadline, started, a closed
    section), or None."""
    if settings is None or not settings.open:
        return _("Entries to this event are closed.")
    if settings.deadline is not None and now > settings.deadline:
        return _("The entry deadline has passed: no more entries are taken.")
    if event.started_at is not None:
        return _("The event has started: ask the arbiter at the venue.")
    return closed_refusal(event)


def ineligible(settings: EntrySettings, rating: int) -> str | None:
    """Why a player of ``rating`` (0: unrated) may not enter, or None.

    The rating is the one the event pairs on (``core.rating_basis``) as the loaded
    lists give it, never one typed on the form."""
    low, high = settings.min_rating, settings.max_rating
    if low is not None and rating < low:
        if not rating:
            return _(
                "Only players rated %(low)s or more may enter: no rating was found for you."
            ) % {"low": low}
        return _("Your rating %(rating)s is below %(low)s, the lowest this event admits.") % {
            "rating": rating,
            "low": low,
        }
    if high is not None and rating > high:
        return _("Your rating %(rating)s is above %(high)s, the highest this event admits.") % {
            "rating": rating,
            "high": high,
        }
    return None


def is_full(settings: EntrySettings, event: Event) -> bool:
    """Whether the event has its maximum: its players and the entries waiting for the
    arbiter (a new entry then goes to the waiting list)."""
    if settings.maximum is None:
        return False
    taken = event.players.count() + event.entries.filter(state=EntryState.PENDING).count()
    return taken >= settings.maximum


def _duplicate(event: Event, data: EntryData) -> bool:
    """Whether the entrant has entered already: the same FIDE ID among the players or
    the entries not refused, or the same name and birth year among those entries."""
    entries = event.entries.exclude(state=EntryState.REFUSED)
    if data.fide_id is not None and (
        entries.filter(fide_id=data.fide_id).exists()
        or event.players.filter(fide_id=data.fide_id).exists()
    ):
        return True
    return entries.filter(name__iexact=data.name, birth_year=data.birth_year).exists()


def entry_submit(*, event_id: int, data: EntryData, now: dt.datetime) -> Entry:
    """Take an entry made on the public form: on the list of entries, or on the waiting
    list when the event is full; registered as a player at once when the settings say so.

    The lists fill what they know (``listed_facts``): the rating always (an entrant does
    not type one), the title, and the federation, birth year and sex left blank.

    :raises TournamentError: entries are closed or past the deadline, the entrant's
        rating is outside the limits, they have entered already, or a value is not valid.
    """
    with transaction.atomic():
        event = _lock_event(event_id, standings=False)
        settings = EntrySettings.objects.filter(event=event).first()
        closed = refusal(settings, event, now)
        if closed is not None or settings is None:
            raise TournamentError(closed or "")
        listed = listed_facts(
            fide_id=data.fide_id, national_id=data.national_id, rate_of_play=event.rate_of_play
        )
        listed = listed or Listed()
        rating = pairing_rating(event.rating_basis, listed)
        problem = ineligible(settings, rating) or eligible(
            event, rating=rating, birth_year=data.birth_year or listed.birth_year
        )
        if problem is not None:
            raise TournamentError(problem)
        if _duplicate(event, data):
            raise TournamentError(
                _("You have entered this event already: your confirmation page has your entry.")
            )
        full = is_full(settings, event)
        birth_year = data.birth_year or listed.birth_year
        fee = fee_for(event.fee_rows.all(), title=listed.title, birth_year=birth_year)
        entry = Entry(
            event=event,
            state=EntryState.WAITING if full else EntryState.PENDING,
            name=data.name.strip(),
            fide_id=data.fide_id,
            national_id=data.national_id,
            federation=(data.federation or listed.federation).upper(),
            club=data.club,
            birth_year=birth_year,
            sex=data.sex or listed.sex,
            email=data.email,
            notes=data.notes,
            rating=listed.rating,
            fide_standard=listed.fide_standard,
            fide_rapid=listed.fide_rapid,
            fide_blitz=listed.fide_blitz,
            national_rating=listed.national_rating,
            national_list=listed.national_list if listed.national_rating else "",
            title=listed.title,
            fee=fee.amount if fee is not None else None,
            fee_label=fee.label if fee is not None else "",
        )
        try:
            entry.full_clean(exclude=["event"], validate_unique=False, validate_constraints=False)
        except ValidationError as exc:
            raise TournamentError(_problems(exc)) from exc
        try:
            with transaction.atomic():
                entry.save()
        except IntegrityError as exc:
            raise TournamentError(plain_integrity_error(exc)) from exc
        _audit(
            event=event,
            user=None,
            now=now,
            action=AuditAction.ENTRY_SUBMIT,
            after=EntryValues(entry=entry.name, state=entry.state, fee=_money(entry.fee)),
        )
        if settings.auto_accept and entry.state == EntryState.PENDING:
            _accept(entry, user=None, now=now)
        return entry


def _money(amount: Decimal | None) -> str | None:
    return None if amount is None else f"{amount:.2f}"


def _entry(entry_id: int) -> tuple[Event, Entry]:
    """The entry's event, locked, and the entry."""
    event_id = Entry.objects.values_list("event_id", flat=True).get(pk=entry_id)
    event = _lock_event(event_id)
    return event, Entry.objects.get(pk=entry_id)


def _accept(entry: Entry, *, user: User | None, now: dt.datetime) -> None:
    """Register the entry as a player, if its section's rules admit them (a section's
    rules may have changed since the entry was made)."""
    rating = pairing_rating(entry.event.rating_basis, entry)
    problem = eligible(entry.event, rating=rating, birth_year=entry.birth_year)
    if problem is not None:
        raise TournamentError(problem)
    row = {
        "name": entry.name,
        "rating": entry.rating,
        "fide_standard": entry.fide_standard,
        "fide_rapid": entry.fide_rapid,
        "fide_blitz": entry.fide_blitz,
        "national_rating": entry.national_rating,
        "national_list": entry.national_list,
        "title": entry.title,
        "federation": entry.federation,
        "fide_id": entry.fide_id,
        "national_id": entry.national_id,
        "birth_year": entry.birth_year,
        "sex": entry.sex,
        "club": entry.club,
    }
    (player,) = players_add(event_id=entry.event_id, rows=[row], user=user, now=now)
    entry.player = player
    entry.state = EntryState.ACCEPTED
    entry.decided_by = user
    entry.save(update_fields=["player", "state", "decided_by", "modified_at"])
    _audit(
        event=entry.event,
        user=user,
        now=now,
        action=AuditAction.ENTRY_ACCEPT,
        after=EntryValues(entry=entry.name, state=entry.state),
    )


def entry_accept(*, entry_id: int, user: User, now: dt.datetime) -> Entry:
    """Accept an entry waiting for the arbiter or on the waiting list: it becomes a
    player (``players_add``).  The arbiter may accept past the maximum or the deadline.

    :raises TournamentError: the entry is decided already, the section's rules refuse
        it (``festivals.rules.eligible``), or the player is refused.
    """
    with transaction.atomic():
        _event, entry = _entry(entry_id)
        if entry.state not in (EntryState.PENDING, EntryState.WAITING):
            raise TournamentError(
                _("The entry of %(name)s is %(state)s already.")
                % {"name": entry.name, "state": entry.get_state_display()}
            )
        _accept(entry, user=user, now=now)
        return entry


def entry_refuse(*, entry_id: int, user: User, now: dt.datetime, reason: str = "") -> Entry:
    """Refuse an entry not accepted yet (an accepted one is a player: withdraw them).

    :raises TournamentError: the entry is accepted or refused already.
    """
    with transaction.atomic():
        event, entry = _entry(entry_id)
        if entry.state not in (EntryState.PENDING, EntryState.WAITING):
            raise TournamentError(
                _("The entry of %(name)s is %(state)s: it cannot be refused now.")
                % {"name": entry.name, "state": entry.get_state_display()}
            )
        before = EntryValues(entry=entry.name, state=entry.state)
        entry.state = EntryState.REFUSED
        entry.decided_by = user
        entry.save(update_fields=["state", "decided_by", "modified_at"])
        _audit(
            event=event,
            user=user,
            now=now,
            action=AuditAction.ENTRY_REFUSE,
            before=before,
            after=EntryValues(entry=entry.name, state=entry.state),
            reason=reason,
        )
        return entry


def entry_mark_paid(
    *, entry_id: int, amount: Decimal | None, method: str, user: User, now: dt.datetime
) -> Entry:
    """Record what an entrant paid and how (``amount`` None: not paid, clearing it).

    :raises TournamentError: the amount is negative or too large, or the method unknown.
    """
    if amount is not None and not Decimal(0) <= amount < Decimal(1_000_000):
        raise TournamentError(_("An amount paid is from 0 to 999,999.99."))
    if amount is not None and method not in PaymentMethod.values:
        raise TournamentError(_("Choose how the fee was paid from the list."))
    with transaction.atomic():
        event, entry = _entry(entry_id)
        before = EntryValues(
            entry=entry.name, paid=_money(entry.paid_amount), method=entry.paid_method or None
        )
        entry.paid_amount = amount.quantize(Decimal("0.01")) if amount is not None else None
        entry.paid_method = method if amount is not None else ""
        entry.paid_at = now if amount is not None else None
        entry.save(update_fields=["paid_amount", "paid_method", "paid_at", "modified_at"])
        _audit(
            event=event,
            user=user,
            now=now,
            action=AuditAction.ENTRY_PAID,
            before=before,
            after=EntryValues(
                entry=entry.name, paid=_money(entry.paid_amount), method=entry.paid_method or None
            ),
        )
        return entry
