"""Reading and writing single fields: numbers, number lists, points, and field errors.

Every reader raises :class:`~pairing.engine.errors.TrfError` naming the record's line and
the field's column.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from fractions import Fraction

from pairing.engine.errors import TrfError
from pairing.engine.messages import Message, words
from pairing.engine.model import Points

from .columns import RANK_LIST_STEP, Span
from .document import TrfRecord

NUMBER = re.compile(r"[0-9]+")
"""A whole number field: digits only."""
DECIMAL = re.compile(r"[0-9]+(?:\.[0-9]*)?|\.[0-9]+")
"""A points field: ``4``, ``4.5``, ``.5``."""


def cut(line: str, span: Span) -> str:
    """The text of a field, padding included (empty past the end of the line)."""
    return line[span[0] - 1 : span[1]]


def record_error(record: TrfRecord, problem: Message, column: int) -> TrfError:
    """The error for a field of ``record``, its message after the record's tag."""
    message = words("trf.in_record", tag=record.tag, problem=problem)
    return TrfError(message, line=record.line, column=column, text=record.text)


def decimal(record: TrfRecord, text: str, column: int, what: str) -> Fraction:
    """A points value written at ``column``."""
    if not DECIMAL.fullmatch(text):
        raise record_error(record, words("trf.not_decimal", what=what, text=repr(text)), column)
    return Fraction(text)


def whole(record: TrfRecord, span: Span, what: str) -> int:
    """A whole number written in ``span``."""
    text = cut(record.text, span).strip()
    if not NUMBER.fullmatch(text):
        raise record_error(record, words("trf.not_number", what=what, text=repr(text)), span[0])
    return int(text)


def tokens(record: TrfRecord) -> Iterator[tuple[str, int]]:
    """Words from column 5 on, each with its column."""
    for match in re.finditer(r"\S+", record.text[4:]):
        yield match.group(), match.start() + 5


def number_list(record: TrfRecord) -> list[tuple[int, int]]:
    """XXZ, XXP, SWT: starting ranks separated by spaces, each with its column."""
    numbers = []
    for token, column in tokens(record):
        if not NUMBER.fullmatch(token):
            raise record_error(record, words("trf.not_rank", text=repr(token)), column)
        numbers.append((int(token), column))
    return numbers


def fixed_number_list(record: TrfRecord, first_column: int) -> list[tuple[int, int]]:
    """TRF-2026 240/260: starting ranks in four-column fields from ``first_column``."""
    numbers = []
    for column in range(first_column, len(record.text) + 1, RANK_LIST_STEP):
        text = record.text[column - 1 : column + 3].strip()
        if not text:
            continue
        if not NUMBER.fullmatch(text):
            raise record_error(record, words("trf.not_rank", text=repr(text)), column)
        numbers.append((int(text), column))
    return numbers


def format_points(value: Fraction) -> str:
    """Points as TRF writes them: ``4.5``, ``10.0``; more decimals only when needed.

    :raises ValueError: the value is not a finite decimal.
    """
    for decimals in range(1, 4):
        scaled = value * 10**decimals
        if scaled.denominator == 1:
            whole, part = divmod(int(scaled), 10**decimals)
            return f"{whole}.{part:0{decimals}d}"
    raise ValueError(f"points {value} are not a decimal with at most three places")


def half_points(value: Fraction, record: TrfRecord | None, column: int, what: str) -> Points:
    """Points as the engine counts them, in half-points; refused unless a multiple of 0.5."""
    if (value * 2).denominator != 1:
        raise TrfError(
            words("trf.not_half_point", what=what, points=format_points(value)),
            line=record.line if record else 0,
            column=column,
            text=record.text if record else "",
        )
    return Points(int(value * 2))
