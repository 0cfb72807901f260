"""The arbiter's list of entries (#34 item 2): search, filters, and the CSV export."""

from __future__ import annotations

import csv
import io
from decimal import Decimal

from django.db.models import Q, QuerySet

from swissweb.tournament.models import Entry, EntryState, Event
from swissweb.tournament.publishing.cells import text_cell

PAID_FILTERS = ("yes", "no")
"""The paid filter's values: paid (any amount recorded), not paid."""


def entry_list(
    *, event: Event, query: str = "", state: str = "", paid: str = ""
) -> QuerySet[Entry]:
    """The event's entries, oldest first, matching ``query`` (in the name, club, e-mail,
    FIDE ID or national ID), of ``state`` (any when not a state) and paid or not
    (``PAID_FILTERS``, else either)."""
    entries = event.entries.select_related("player").order_by("created_at", "id")
    text = query.strip()[:100]
    if text:
        found = (
            Q(name__icontains=text)
            | Q(club__icontains=text)
            | Q(email__icontains=text)
            | Q(national_id__iexact=text)
        )
        if text.isascii() and text.isdigit():
            found |= Q(fide_id=int(text))
        entries = entries.filter(found)
    if state in EntryState.values:
        entries = entries.filter(state=state)
    if paid == "yes":
        entries = entries.filter(paid_amount__isnull=False)
    elif paid == "no":
        entries = entries.filter(paid_amount__isnull=True)
    return entries


CSV_FIELDS = (
    "name",
    "state",
    "fide_id",
    "national_id",
    "federation",
    "club",
    "birth_year",
    "sex",
    "email",
    "notes",
    "rating",
    "title",
    "fee",
    "fee_label",
    "paid_amount",
    "paid_method",
    "paid_at",
    "created_at",
    "pairing_number",
)
"""Every field of an entry, in the CSV's column order (the header names them so)."""


def _cell(entry: Entry, name: str) -> str:
    if name == "pairing_number":
        return str(entry.player.pairing_number or "") if entry.player is not None else ""
    value = getattr(entry, name)
    if value is None:
        return ""
    if isinstance(value, Decimal):
        return f"{value:.2f}"
    if isinstance(value, int):
        return str(value)
    if hasattr(value, "isoformat"):
        return str(value.isoformat())
    return text_cell(value)


def entries_csv_text(entries: QuerySet[Entry]) -> str:
    """The entries as CSV: every field, text cells formula-escaped (``text_cell``)."""
    out = io.StringIO()
    writer = csv.writer(out)
    writer.writerow(CSV_FIELDS)
    for entry in entries.iterator(chunk_size=500):
        writer.writerow([_cell(entry, name) for name in CSV_FIELDS])
    return out.getvalue()
