"""The records of a FIDE rating report that the pairing does not need.

TRF16 (FIDE Handbook C.04 Annex 2) and TRF-2026 give a rating report its tournament
section: 012 name, 022 city, 032 federation, 042/052 dates, 062 players, 072 rated
players, 092 type, 102 chief arbiter, 112 deputy chief arbiters (one record each), 122
time control, 132 the date of each round.  TRF-2026 adds 222, the time control encoded
(``5400+30``, ``40/6000+30:900+30``, ``W300-B240``).  This module reads and writes the
ones with a format of their own: 112 (repeated), 132 (dates at the round columns) and
222 (a small grammar); the others are one text each (``records.header_text``).
"""

from __future__ import annotations

import contextlib
import re
from collections.abc import Sequence
from datetime import date

from pairing.engine.messages import words

from .columns import ROUND_OPPONENT
from .document import TrfDocument, TrfRecord, round_column
from .fields import record_error

_ROUND_DATE = re.compile(r"([0-9]{2})/([0-9]{2})/([0-9]{2})")
"""A 132 date, ``YY/MM/DD``."""

_PERIOD = r"(?:[0-9]+/)?[0-9]+(?:\+[0-9]+)?"
"""One period of a 222 time control: ``[moves/]seconds[+increment]``."""
_PERIODS = rf"{_PERIOD}(?::{_PERIOD})*"
_TIME_CONTROL = re.compile(rf"{_PERIODS}|W{_PERIODS}-B{_PERIODS}")
"""TRF-2026 222: periods separated by ``:``, or White's and Black's (``W...-B...``)."""


def deputy_arbiters(doc: TrfDocument) -> list[str]:
    """Every 112 record's text, in file order, blank ones left out."""
    return [text.strip() for _, text in doc.tagged("112") if text.strip()]


def deputy_arbiter_lines(names: Sequence[str]) -> list[str]:
    """One 112 record per deputy chief arbiter."""
    return [f"112 {name}" for name in names if name.strip()]


def round_dates_line(dates: Sequence[date | None]) -> str | None:
    """The 132 record: round ``r``'s date (``YY/MM/DD``) at the columns of round ``r``'s
    block in the 001 lines (92-99 for round 1, 102-109 for round 2, ...); a round
    without a date is left blank.  None when no round has a date."""
    if not any(dates):
        return None
    line = "132"
    for number, day in enumerate(dates, start=1):
        column = round_column(number, ROUND_OPPONENT[0])
        if day is not None:
            line = line.ljust(column - 1) + f"{day:%y/%m/%d}"
    return line


def _century(year: int, start: date | None) -> int:
    """A two-digit year read in the century of the start date, else this one."""
    base = (start.year if start else date.today().year) // 100 * 100
    return base + year


def round_date_readable(day: date, start: date | None) -> bool:
    """True when a 132 record can write ``day``: read back with the start date
    ``start``, its two-digit year gives the same year (the start's century, else this
    one's).  A round dated in another century than the event's start cannot be said."""
    return _century(day.year % 100, start) == day.year


def round_dates(doc: TrfDocument, start: date | None = None) -> dict[int, date]:
    """The dates of the rounds from the first 132 record, by round number; two-digit
    years are read in the century of ``start`` (the 042 date).

    :raises TrfError: a round's columns hold something that is not a date.
    """
    found = [r for r in doc.records if r.tag == "132"]
    return parse_round_dates(found[0], start) if found else {}


def parse_round_dates(record: TrfRecord, start: date | None = None) -> dict[int, date]:
    """A 132 record's dates by round number (see :func:`round_dates`).

    :raises TrfError: a round's columns hold something that is not a date.
    """
    dates: dict[int, date] = {}
    number = 1
    while (column := round_column(number, ROUND_OPPONENT[0])) <= len(record.text):
        text = record.text[column - 1 : column + 7].strip()
        if text:
            match = _ROUND_DATE.fullmatch(text)
            day = None
            if match is not None:
                year, month, dom = (int(part) for part in match.groups())
                with contextlib.suppress(ValueError):
                    day = date(_century(year, start), month, dom)
            if day is None:
                problem = words("trf.round_date", round=number, text=repr(text))
                raise record_error(record, problem, column)
            dates[number] = day
        number += 1
    return dates


def time_control_line(code: str) -> str | None:
    """TRF-2026 222, the encoded time control; None without one."""
    return f"222 {code}" if code else None


def rounds_2026_line(rounds: int) -> str:
    """TRF-2026 142: the number of rounds."""
    return f"142 {rounds}"


def initial_colour_2026_line(white: bool) -> str:
    """TRF-2026 152: the initial colour, ``W`` or ``B``."""
    return f"152 {'W' if white else 'B'}"


def valid_time_control_code(text: str) -> bool:
    """Whether ``text`` is a TRF-2026 222 time control: ``5400+30``, ``40/6000+30:900+30``,
    ``W300-B240``."""
    return _TIME_CONTROL.fullmatch(text) is not None


def time_control_code(doc: TrfDocument) -> str:
    """The 222 record's encoded time control, ``""`` without one.

    :raises TrfError: the record does not follow the 222 grammar.
    """
    for record in doc.records:
        if record.tag == "222":
            return _checked_time_control(record)
    return ""


def _checked_time_control(record: TrfRecord) -> str:
    text = record.rest.strip()
    if not valid_time_control_code(text):
        raise record_error(record, words("trf.time_control", text=repr(text)), 5)
    return text


def parse_time_control(record: TrfRecord) -> str:
    """A 222 record's time control, for the document check.

    :raises TrfError: it does not follow the 222 grammar.
    """
    return _checked_time_control(record)


__all__ = [
    "deputy_arbiter_lines",
    "deputy_arbiters",
    "initial_colour_2026_line",
    "rounds_2026_line",
    "time_control_line",
    "parse_round_dates",
    "parse_time_control",
    "round_date_readable",
    "round_dates",
    "round_dates_line",
    "time_control_code",
    "valid_time_control_code",
]
