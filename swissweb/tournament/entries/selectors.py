"""The arbiter's list of entries (#34 item 2): search, filters, and the CSV export.

Plain values from one query: each entry as an ``EntryRow``, every field the CSV writes.
"""

from __future__ import annotations

import csv
import datetime as dt
import io
from dataclasses import dataclass, fields
from decimal import Decimal

from django.db.models import Exists, OuterRef, Q

from swissweb.tournament.models import CheckIn, EntryState, Event, PaymentMethod
from swissweb.tournament.publishing.cells import text_cell

PAID_FILTERS = ("yes", "no")
"""The paid filter's values: paid (any amount recorded), not paid."""

CHECKED_FILTERS = ("yes", "no")
"""The checked-in filter's values: the entrant's player checked in for the round check-in
is for (``check_in.next_round``), or not (an entry with no player yet is not)."""


@dataclass(frozen=True, slots=True)
class EntryRow:
    """One entry as the arbiter's list and the CSV show it (field order: the CSV's)."""

    name: str
    state: str
    fide_id: int | None
    national_id: str
    federation: str
    club: str
    birth_year: int | None
    sex: str
    email: str
    notes: str
    rating: int
    fide_standard: int | None
    fide_rapid: int | None
    fide_blitz: int | None
    national_rating: int
    national_list: str
    title: str
    fee: Decimal | None
    fee_label: str
    paid_amount: Decimal | None
    paid_method: str
    paid_at: dt.datetime | None
    created_at: dt.datetime
    pairing_number: int | None
    player_id: int | None
    pk: int

    @property
    def state_label(self) -> str:
        return str(EntryState(self.state).label) if self.state in EntryState.values else self.state

    @property
    def paid_method_label(self) -> str:
        """How it was paid, in words ("" when not recorded)."""
        if self.paid_method in PaymentMethod.values:
            return str(PaymentMethod(self.paid_method).label)
        return self.paid_method

    @property
    def open(self) -> bool:
        """Whether the arbiter may still accept or refuse it."""
        return self.state in (EntryState.PENDING, EntryState.WAITING)


CSV_FIELDS = tuple(f.name for f in fields(EntryRow) if f.name not in ("player_id", "pk"))
"""Every field of an entry, in the CSV's column order (the header names them so)."""

COLUMNS = tuple(
    "player__pairing_number" if f.name == "pairing_number" else f.name for f in fields(EntryRow)
)
"""The columns an ``EntryRow`` is read from, in its fields' order (``values_list``)."""


def entry_list(
    *, event: Event, query: str = "", state: str = "", paid: str = "", checked: str = "",
    round_number: int = 1,
) -> tuple[EntryRow, ...]:  # fmt: skip
    """The event's entries, oldest first, matching ``query`` (in the name, club, e-mail,
    FIDE ID or national ID), of ``state`` (any when not a state), paid or not
    (``PAID_FILTERS``, else either) and checked in for ``round_number`` or not
    (``CHECKED_FILTERS``, else either)."""
    entries = event.entries.order_by("created_at", "id")
    text = query.strip()[:100]
    if text:
        found = (
            Q(name__icontains=text)
            | Q(club__icontains=text)
            | Q(email__icontains=text)
            | Q(national_id__iexact=text)
        )
        if text.isascii() and text.isdigit() and len(text) <= 15:
            found |= Q(fide_id=int(text))
        entries = entries.filter(found)
    if state in EntryState.values:
        entries = entries.filter(state=state)
    if paid == "yes":
        entries = entries.filter(paid_amount__isnull=False)
    elif paid == "no":
        entries = entries.filter(paid_amount__isnull=True)
    if checked in CHECKED_FILTERS:
        here = Exists(
            CheckIn.objects.filter(player_id=OuterRef("player_id"), round_number=round_number)
        )
        entries = entries.filter(here) if checked == "yes" else entries.exclude(here)
    return tuple(EntryRow(*values) for values in entries.values_list(*COLUMNS))


def state_counts(*, event: Event) -> tuple[tuple[str, int], ...]:
    """Each state's label and how many of the event's entries are in it."""
    counted: dict[str, int] = {}
    for state in event.entries.values_list("state", flat=True):
        counted[state] = counted.get(state, 0) + 1
    return tuple((str(label), counted.get(value, 0)) for value, label in EntryState.choices)


def csv_cell(value: object) -> str:
    """One value as a CSV cell: amounts with two decimals, times to the second, text
    formula-escaped."""
    if value is None:
        return ""
    if isinstance(value, Decimal):
        return f"{value:.2f}"
    if isinstance(value, int):
        return str(value)
    if isinstance(value, dt.datetime):
        return value.isoformat(timespec="seconds")
    return text_cell(value)


def csv_cells(row: EntryRow) -> list[str]:
    """An entry's CSV cells, in ``CSV_FIELDS`` order, text formula-escaped (``text_cell``)."""
    # getattr, not dataclasses.astuple: that deep-copies every value, 80% of the time
    # of a CSV of 1,500 entries.
    return [csv_cell(getattr(row, name)) for name in CSV_FIELDS]


def entries_csv_text(rows: tuple[EntryRow, ...]) -> str:
    """The entries as CSV: every field, text cells formula-escaped (``text_cell``)."""
    out = io.StringIO()
    writer = csv.writer(out)
    writer.writerow(CSV_FIELDS)
    writer.writerows(csv_cells(row) for row in rows)
    return out.getvalue()


PAYMENT_METHODS = tuple((value, str(label)) for value, label in PaymentMethod.choices)
"""How a fee may be paid, as the list's select offers it."""
