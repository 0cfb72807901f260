"""The schedule of an event's rounds: each round's date and start time (#34 item 4).

The dates are ``Event.round_dates`` (the rating report's dates of the rounds), the
start times ``Event.round_times``, one ``HH:MM`` (or ``None``) per round.  A start time
is the venue's wall-clock time, stored naive beside its date rather than as an aware
datetime: a round "at 14:00 on Saturday" stays at 14:00 when the server's or the
site's time zone (``TIME_ZONE``) changes or a summer-time change falls between the
day it was set and the day it is played, and the rating report needs only the date.
Nothing computes with it across time zones; it is shown as written.

An arbiter sets the whole schedule in one form (:func:`schedule_set`), before or
during the event: a round that starts before an earlier one is refused, a date
outside the event's start and end dates only warns (an event's dates may be set
later, or a round be played on a reserve day).
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Sequence
from dataclasses import dataclass

from django.contrib.auth.models import User
from django.db import transaction
from django.utils.formats import date_format, time_format
from django.utils.translation import gettext as _

from swissweb.tournament.audit.actions import AuditAction
from swissweb.tournament.audit.payloads import ScheduleRows
from swissweb.tournament.core.errors import TournamentError
from swissweb.tournament.core.services import _audit, _lock_event
from swissweb.tournament.models import Event


@dataclass(frozen=True, slots=True)
class Slot:
    """One round's place in the schedule: its date and start time, either unknown."""

    number: int
    date: dt.date | None
    time: dt.time | None


def slots(event: Event) -> list[Slot]:
    """Every planned round's slot, in round order (unknown where nothing was set)."""
    dates = list(event.round_dates or [])
    times = list(event.round_times or [])
    count = max(event.rounds, len(dates), len(times))
    dates += [None] * (count - len(dates))
    times += [None] * (count - len(times))
    return [
        Slot(
            number=index,
            date=dt.date.fromisoformat(day) if day else None,
            time=dt.time.fromisoformat(clock) if clock else None,
        )
        for index, (day, clock) in enumerate(zip(dates, times, strict=True), start=1)
    ]


def slot(event: Event, number: int) -> Slot:
    """Round ``number``'s slot (unknown for a round past the schedule)."""
    found = slots(event)
    return found[number - 1] if 1 <= number <= len(found) else Slot(number, None, None)


def slot_text(found: Slot) -> str:
    """A slot as the pages show it: "Sat 14 Mar, 14:00", "Sat 14 Mar", "14:00" or ""."""
    day = date_format(found.date, "D j M") if found.date else ""
    clock = time_format(found.time, "H:i") if found.time else ""
    if day and clock:
        # Translators: a round's date and start time, as in "Sat 14 Mar, 14:00".
        return _("%(date)s, %(time)s") % {"date": day, "time": clock}
    return day or clock


def round_when(event: Event, number: int) -> str:
    """Round ``number``'s date and start time in words ("" when not scheduled)."""
    return slot_text(slot(event, number))


def schedule_texts(event: Event) -> dict[int, str]:
    """Each scheduled round's date and time in words, by round number."""
    return {s.number: text for s in slots(event) if (text := slot_text(s))}


def _audit_rows(found: Sequence[Slot]) -> list[str]:
    return [
        " ".join(
            part
            for part in (
                f"{s.number}:",
                s.date.isoformat() if s.date else "-",
                s.time.strftime("%H:%M") if s.time else "",
            )
            if part
        )
        for s in found
        if s.date or s.time
    ]


def _check(event: Event, rows: Sequence[Slot]) -> list[str]:
    """Refuse a schedule that cannot be; the warnings of one that can.

    :raises TournamentError: a round not of the event, named twice, a time without a
        date, or a round that starts before an earlier round.
    """
    seen: set[int] = set()
    for row in rows:
        if not 1 <= row.number <= event.rounds:
            raise TournamentError(
                _("Round %(number)s: the event has rounds 1 to %(rounds)s.")
                % {"number": row.number, "rounds": event.rounds}
            )
        if row.number in seen:
            raise TournamentError(_("Round %(number)s is given twice.") % {"number": row.number})
        seen.add(row.number)
        if row.time is not None and row.date is None:
            raise TournamentError(
                _("Round %(number)s: give the date with the start time.") % {"number": row.number}
            )
    earlier: Slot | None = None
    for row in sorted(rows, key=lambda r: r.number):
        if row.date is None:
            continue
        if earlier is not None and earlier.date is not None:
            # A round without a start time is only known to be on its day.
            timed = row.time is not None and earlier.time is not None
            if row.date < earlier.date or (
                timed and (row.date, row.time) <= (earlier.date, earlier.time)
            ):
                raise TournamentError(
                    _("Round %(number)s must start after round %(earlier)s: rounds are "
                      "played in their order.")
                    % {"number": row.number, "earlier": earlier.number}
                )  # fmt: skip
        earlier = row
    warnings = []
    for row in rows:
        if row.date is None:
            continue
        early = event.start_date is not None and row.date < event.start_date
        late = event.end_date is not None and row.date > event.end_date
        if early or late:
            warnings.append(
                _("Round %(number)s is on %(date)s, outside the event's dates.")
                % {"number": row.number, "date": date_format(row.date, "DATE_FORMAT")}
            )
    return warnings


def schedule_set(
    *, event_id: int, rows: Sequence[Slot], user: User | None, now: dt.datetime
) -> list[str]:
    """Set every round's date and start time at once (the rows replace the schedule).

    The dates are the rating report's dates of the rounds (record 132).

    :raises TournamentError: the schedule cannot be (:func:`_check`); nothing changes.
    :returns: warnings: a round outside the event's dates.
    """
    with transaction.atomic():
        event = _lock_event(event_id)
        warnings = _check(event, rows)
        by_number = {row.number: row for row in rows}
        before = _audit_rows(slots(event))
        dates: list[str | None] = []
        times: list[str | None] = []
        for number in range(1, event.rounds + 1):
            row = by_number.get(number, Slot(number, None, None))
            dates.append(row.date.isoformat() if row.date else None)
            times.append(row.time.strftime("%H:%M") if row.time else None)
        while dates and dates[-1] is None:
            dates.pop()
        while times and times[-1] is None:
            times.pop()
        event.round_dates, event.round_times = dates, times
        event.save(update_fields=["round_dates", "round_times", "modified_at"])
        _audit(
            event=event,
            user=user,
            now=now,
            action=AuditAction.SCHEDULE_SET,
            before=ScheduleRows(schedule=tuple(before)),
            after=ScheduleRows(schedule=tuple(_audit_rows(slots(event)))),
        )
        return warnings
