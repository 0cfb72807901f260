"""Record 192, the encoded type of tournament, for the FIDE (Dutch) system (#32).

TRF-2026 takes the code from a table of its own, ETT26 (FIDE Handbook C.02.03, Annexure
C).  The table as the Handbook publishes it follows the postponement of the Dutch
system's new text to 1 February 2026: ``FIDE_DUTCH_2017`` is the text in force before,
``FIDE_DUTCH_2026`` the one approved on 28 October 2025 and applied from 1 February 2026
(the one implemented here), and plain ``FIDE_DUTCH`` the one in force on the day the event
started; ``_BAKU`` adds the Baku acceleration (C.04.7).  The Technical Commission's
earlier table spelled the new text ``FIDE_DUTCH_2025`` (cut over on 1 July 2025), and
bbpPairings v6.0.0 reads and writes that spelling and refuses ``FIDE_DUTCH_2026``, so
``_2025`` is read as the same text, and what is written is plain ``FIDE_DUTCH`` where it
names the 2026 text, the Handbook's ``FIDE_DUTCH_2026`` only where it would not.
"""

from __future__ import annotations

import datetime as dt
import re
from dataclasses import dataclass

from .document import TrfDocument, TrfField, TrfRecord, start_date

TOURNAMENT_TYPE_TAGS = ("192", "092")
"""The type's record, and the free-text type that bbpPairings' generator writes it in."""

DUTCH_2026_FROM = dt.date(2026, 2, 1)
"""The day the Dutch text of 28 October 2025 applies from: plain FIDE_DUTCH names it for
an event starting then or later, and the 2017 text for one starting before."""

DUTCH = "dutch"
"""The system implemented here that the 2026 codes name."""

_CODE = re.compile(r"FIDE_DUTCH(?:_(2017|2025|2026))?(_BAKU)?")


@dataclass(frozen=True, slots=True)
class TypeCode:
    """What a 192 record of the Dutch family says."""

    record: TrfRecord
    code: str
    """As written, upper-cased: ``FIDE_DUTCH_2026_BAKU``."""
    system: str | None
    """The system implemented here that it names; None for the 2017 text."""
    baku: bool


def type_code(doc: TrfDocument) -> TypeCode | None:
    """The first 192 (or 092) record naming the Dutch system, read as ETT26 says."""
    for record in doc.records:
        if record.tag not in TOURNAMENT_TYPE_TAGS:
            continue
        code = record.rest.strip().upper()
        match = _CODE.fullmatch(code)
        if match is None:
            continue
        edition = match.group(1) or _edition_by_start(doc)
        system = None if edition == "2017" else DUTCH
        return TypeCode(record=record, code=code, system=system, baku=bool(match.group(2)))
    return None


def _edition_by_start(doc: TrfDocument) -> str:
    """Plain FIDE_DUTCH: the text in force on the 042 start date, today's without one."""
    start = start_date(doc)
    return "2017" if start is not None and start < DUTCH_2026_FROM else "2026"


def tournament_type(doc: TrfDocument) -> tuple[str, bool] | None:
    """The system implemented here and the Baku acceleration a 192 record names, if any."""
    typed = type_code(doc)
    if typed is None or typed.system is None:
        return None
    return typed.system, typed.baku


def type_field(doc: TrfDocument) -> TrfField | None:
    """The system a 192 record names, with where: ``dutch``, or the code as written when
    it names a text not implemented here (``FIDE_DUTCH_2017``), so that it is refused by
    name rather than taken for another system."""
    typed = type_code(doc)
    if typed is None:
        return None
    record = typed.record
    return TrfField(value=typed.system or typed.code, line=record.line, column=5,
                    text=record.text)  # fmt: skip


def tournament_type_line(system: str, *, baku: bool, start: dt.date | None = None) -> str | None:
    """The 192 record for ``system`` (with Baku acceleration), or None if ETT26 has no code
    for it.

    The Dutch system implemented here is the text applied from 1 February 2026: plain
    ``FIDE_DUTCH`` for an event that starts then or later (or whose start is not known),
    which names exactly that text and which bbpPairings v6.0.0 also reads (it refuses
    ``FIDE_DUTCH_2026``); ``FIDE_DUTCH_2026`` for an event that started before, where
    plain ``FIDE_DUTCH`` would name the 2017 text.
    """
    if system != DUTCH:
        return None
    code = "FIDE_DUTCH" if start is None or start >= DUTCH_2026_FROM else "FIDE_DUTCH_2026"
    return f"192 {code}" + ("_BAKU" if baku else "")


__all__ = [
    "DUTCH_2026_FROM",
    "TOURNAMENT_TYPE_TAGS",
    "TypeCode",
    "tournament_type",
    "tournament_type_line",
    "type_code",
    "type_field",
]
