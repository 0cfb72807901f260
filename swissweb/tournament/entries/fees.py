"""The entry fee an entrant owes, from the event's fee table (#34 item 2).

The fee table is data, not code: rows in order, each with a label, whom it applies to
(by FIDE title: anyone, titled or untitled players; by birth year: born in or after,
born in or before) and an amount.  The first row that fits the entrant is their fee, so
the organiser lists the special cases first::

    1. Titled players        titled              0.00
    2. Juniors               born 2008 or later  15.00
    3. Seniors               born 1961 or before 20.00
    4. Everyone                                  30.00

A row with a birth-year limit fits no entrant whose birth year is not known.  No row
fitting means no fee is set: the arbiter settles it at the desk.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from decimal import Decimal

from swissweb.tournament.models import FeeRow, FeeTitles, Title


@dataclass(frozen=True, slots=True)
class Fee:
    """What an entrant owes, and the fee table's row that says so."""

    amount: Decimal
    label: str


def fits(row: FeeRow, *, title: str, birth_year: int | None) -> bool:
    """Whether ``row`` applies to an entrant of this title and birth year."""
    titled = title not in ("", Title.NONE)
    if row.titles == FeeTitles.TITLED and not titled:
        return False
    if row.titles == FeeTitles.UNTITLED and titled:
        return False
    if row.born_from is not None and (birth_year is None or birth_year < row.born_from):
        return False
    return not (row.born_until is not None and (birth_year is None or birth_year > row.born_until))


def fee_for(rows: Iterable[FeeRow], *, title: str, birth_year: int | None) -> Fee | None:
    """The fee of the first row (in table order) that fits; None when none does."""
    for row in sorted(rows, key=lambda r: r.position):
        if fits(row, title=title, birth_year=birth_year):
            return Fee(amount=row.amount, label=row.label)
    return None


def row_text(row: FeeRow) -> str:
    """A fee row in one line, as the audit log keeps the table."""
    limits = [str(row.get_titles_display())] if row.titles else []
    if row.born_from is not None:
        limits.append(f">= {row.born_from}")
    if row.born_until is not None:
        limits.append(f"<= {row.born_until}")
    who = f" ({', '.join(limits)})" if limits else ""
    return f"{row.label}{who}: {row.amount}"
