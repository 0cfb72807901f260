"""The festival's entries for its arbiters (#34 items 1 and 2): every entry of every
section in one list, the fees due and paid per section and overall, and its CSV.

Each entry is read as the section's own entries page reads it (``entries.selectors``'s
``EntryRow``), with its section and whether its player has checked in for the section's
next round (the one its check-in desk is for).  Four queries, whatever the number of
sections and entries.

The fees: **due** is the fee of each entry accepted or waiting for the arbiter (a
waiting-list or refused entry owes nothing); **paid** is every amount recorded, whatever
the entry's state (a refused entrant who paid is owed a refund).  A section without
entry settings counts in euros, as its settings form starts; totals of several
currencies are kept apart.
"""

from __future__ import annotations

import csv
import io
from dataclasses import dataclass
from decimal import Decimal

from django.db.models import Max, Q

from swissweb.tournament.entries.selectors import (
    CHECKED_FILTERS,
    COLUMNS,
    CSV_FIELDS,
    PAID_FILTERS,
    EntryRow,
    csv_cells,
)
from swissweb.tournament.models import CheckIn, Entry, EntrySettings, EntryState, Festival
from swissweb.tournament.publishing.cells import text_cell

DEFAULT_CURRENCY = "EUR"
"""The currency of a section whose entry settings were never saved (the form's start)."""

OWING = frozenset({EntryState.ACCEPTED.value, EntryState.PENDING.value})
"""The states whose fee is due."""


@dataclass(frozen=True, slots=True, kw_only=True)
class Section:
    """A section as the list's filter and fee table name it."""

    pk: int
    slug: str
    name: str
    currency: str
    check_in_round: int | None
    """The round its desk checks in for (the first not paired); None after the last."""
    rating_basis: str
    """The rating it pairs on (``Event.rating_basis``), the one its entries show."""


@dataclass(frozen=True, slots=True, kw_only=True)
class FestivalEntry:
    """One entry of the festival: its section, the entry, and whether its player has
    checked in (None: not a player, or no round left to check in for)."""

    section: Section
    entry: EntryRow
    checked_in: bool | None


@dataclass(frozen=True, slots=True, kw_only=True)
class Fees:
    """The entries and fees of one section, or of the festival in one currency."""

    label: str
    currency: str
    entries: int
    due: Decimal
    paid: Decimal


@dataclass(frozen=True, slots=True, kw_only=True)
class FestivalEntries:
    """Every entry of the festival, the sections, and the fee table (of every entry,
    whatever a filter shows)."""

    rows: tuple[FestivalEntry, ...]
    sections: tuple[Section, ...]
    by_section: tuple[Fees, ...]
    overall: tuple[Fees, ...]
    """One line per currency, in the order the sections first use them."""

    def shown(
        self,
        *,
        section: int | None = None,
        state: str = "",
        query: str = "",
        paid: str = "",
        checked: str = "",
    ) -> tuple[FestivalEntry, ...]:
        """The entries of ``section`` (any when None) in ``state`` (any when not a state),
        matching ``query`` as a section's own list does (name, club or e-mail contain
        it, or it is the FIDE or national ID), paid or not and checked in or not
        (``PAID_FILTERS``, ``CHECKED_FILTERS``; else either)."""
        text = query.strip()[:100].casefold()
        return tuple(
            row
            for row in self.rows
            if (section is None or row.section.pk == section)
            and (state not in EntryState.values or row.entry.state == state)
            and (not text or _matches(row.entry, text))
            and (paid not in PAID_FILTERS or (row.entry.paid_amount is not None) == (paid == "yes"))
            and (checked not in CHECKED_FILTERS or bool(row.checked_in) == (checked == "yes"))
        )


def _matches(entry: EntryRow, text: str) -> bool:
    """Whether the casefolded ``text`` is in the entry's name, club or e-mail, or is its
    FIDE or national ID."""
    return (
        any(text in value.casefold() for value in (entry.name, entry.club, entry.email))
        or text == entry.national_id.casefold()
        or (entry.fide_id is not None and text == str(entry.fide_id))
    )


def _sections(festival: Festival) -> tuple[Section, ...]:
    """The festival's sections in order, each with its currency and desk round: two
    queries."""
    rows = list(
        festival.sections.order_by("section_order", "pk")
        .annotate(last=Max("round_set__number"))
        .values_list("pk", "slug", "section_name", "name", "rounds", "last", "rating_basis")
    )
    currencies = dict(
        EntrySettings.objects.filter(event__in=[row[0] for row in rows]).values_list(
            "event_id", "currency"
        )
    )
    return tuple(
        Section(
            pk=pk,
            slug=slug,
            name=section_name or name,
            currency=currencies.get(pk) or DEFAULT_CURRENCY,
            check_in_round=(last or 0) + 1 if (last or 0) < rounds else None,
            rating_basis=basis,
        )
        for pk, slug, section_name, name, rounds, last, basis in rows
    )


def _present(sections: tuple[Section, ...]) -> set[tuple[int, int]]:
    """(player id, round) of each check-in for a section's desk round: one query."""
    rounds = Q(pk__in=[])
    for section in sections:
        if section.check_in_round is not None:
            rounds |= Q(player__event=section.pk, round_number=section.check_in_round)
    return set(CheckIn.objects.filter(rounds).values_list("player_id", "round_number"))


def _fees(label: str, currency: str, entries: list[EntryRow]) -> Fees:
    return Fees(
        label=label,
        currency=currency,
        entries=len(entries),
        due=sum((e.fee or Decimal(0) for e in entries if e.state in OWING), Decimal(0)),
        paid=sum((e.paid_amount or Decimal(0) for e in entries), Decimal(0)),
    )


def festival_entries(*, festival: Festival) -> FestivalEntries:
    """Every entry of the festival's sections, by section (in the festival's order) then
    oldest first, with the fee table."""
    sections = _sections(festival)
    by_pk = {section.pk: section for section in sections}
    values = (
        Entry.objects.filter(event__in=list(by_pk))
        .order_by("created_at", "id")
        .values_list("event_id", *COLUMNS)
    )
    read = [(by_pk[event_id], EntryRow(*row)) for event_id, *row in values]
    present = _present(sections)
    order = {section.pk: place for place, section in enumerate(sections)}
    read.sort(key=lambda pair: order[pair[0].pk])
    rows = tuple(
        FestivalEntry(
            section=section,
            entry=entry,
            checked_in=None
            if entry.player_id is None or section.check_in_round is None
            else (entry.player_id, section.check_in_round) in present,
        )
        for section, entry in read
    )
    by_section = tuple(
        _fees(s.name, s.currency, [r.entry for r in rows if r.section.pk == s.pk]) for s in sections
    )
    currencies = list(dict.fromkeys(s.currency for s in sections))
    overall = tuple(
        _fees(currency, currency, [r.entry for r in rows if r.section.currency == currency])
        for currency in currencies
    )
    return FestivalEntries(rows=rows, sections=sections, by_section=by_section, overall=overall)


CSV_HEADER = ("section", *CSV_FIELDS, "check_in_round", "checked_in")
"""The festival CSV's columns: the section, every field of the section's own entries
CSV, the round its desk checks in for and whether the entrant's player has."""


def festival_entries_csv(rows: tuple[FestivalEntry, ...]) -> str:
    """The entries as CSV (``CSV_HEADER``), text cells formula-escaped."""
    out = io.StringIO()
    writer = csv.writer(out)
    writer.writerow(CSV_HEADER)
    for row in rows:
        checked = "" if row.checked_in is None else ("yes" if row.checked_in else "no")
        round_number = row.section.check_in_round
        writer.writerow(
            [
                text_cell(row.section.name),
                *csv_cells(row.entry),
                "" if round_number is None else str(round_number),
                checked,
            ]
        )
    return out.getvalue()
