"""Reading player lists pasted or uploaded as CSV: every line checked before any is kept;
and telling when a file names one player twice (:func:`duplicate_players`).

Columns, by header name (case-insensitive, any order): ``name`` (required), ``rating``,
``title``, ``federation``, ``fide_id``, ``club`` (or ``school``), ``birth_date``
(YYYY-MM-DD, YYYY/MM/DD or a year), ``sex`` (m/w/f), ``area`` (local area, ESCA 27),
``top`` (yes/no: a top player, ESCA 3).  Without a header line the columns
are taken in that order.  Delimiters ``,`` ``;`` and tab are recognised.
"""

from __future__ import annotations

import csv
import datetime as dt
import io
import re
from collections import defaultdict
from collections.abc import Sequence
from dataclasses import dataclass
from itertools import combinations
from typing import Any, Required, TypedDict

from .models import Title
from .text import invisible

COLUMNS = (
    "name", "rating", "title", "federation", "fide_id", "club", "birth_date", "sex", "area", "top",
)  # fmt: skip
ALIASES = {"school": "club", "fed": "federation", "fideid": "fide_id", "id": "fide_id",
           "born": "birth_date", "birthdate": "birth_date", "elo": "rating",
           "top_player": "top"}  # fmt: skip
YES = {"yes", "y", "1", "true", "x", "top"}
NO = {"", "no", "n", "0", "false"}
TITLES = {t.upper(): t for t in Title.values if t}


@dataclass(frozen=True, slots=True, kw_only=True)
class PlayerRow:
    """One valid line of an import."""

    line: int
    name: str
    rating: int = 0
    title: str = ""
    federation: str = ""
    fide_id: int | None = None
    club: str = ""
    birth_date: dt.date | None = None
    sex: str = ""
    area: str = ""
    top_player: bool = False


class _RowFields(TypedDict, total=False):
    """``PlayerRow``'s arguments, gathered column by column."""

    line: Required[int]
    name: Required[str]
    rating: int
    title: str
    federation: str
    fide_id: int
    club: str
    birth_date: dt.date
    sex: str
    area: str
    top_player: bool


@dataclass(frozen=True, slots=True, kw_only=True)
class ImportProblem:
    """What is wrong with one line, in words an arbiter can act on."""

    line: int
    column: str
    message: str

    def __str__(self) -> str:
        return f"line {self.line}, {self.column}: {self.message}"


def _birth_date(value: str) -> dt.date:
    if re.fullmatch(r"\d{4}", value):
        return dt.date(int(value), 1, 1)
    for fmt in ("%Y-%m-%d", "%Y/%m/%d", "%Y.%m.%d", "%d.%m.%Y"):
        try:
            return dt.datetime.strptime(value, fmt).date()
        except ValueError:
            continue
    raise ValueError(f"{value!r} is not a date (use YYYY-MM-DD)")


def _parse_row(line: int, values: dict[str, str]) -> PlayerRow:
    """Check one line; raises ``ValueError`` with ``column: message`` on the first problem."""
    name = values.get("name", "").strip()
    if not name:
        raise ValueError("name: is empty")
    for column in ("name", "club", "area"):
        char = invisible(values.get(column, ""))
        if char is not None:
            raise ValueError(
                f"{column}: holds an invisible character (U+{ord(char):04X}); remove it"
            )
    fields: _RowFields = {"line": line, "name": name[:100]}
    rating = values.get("rating", "").strip()
    if rating:
        if not re.fullmatch(r"[0-9]{1,4}", rating) or not 0 <= int(rating) <= 3500:
            raise ValueError(f"rating: {rating!r} is not a rating between 0 and 3500")
        fields["rating"] = int(rating)
    title = values.get("title", "").strip().upper()
    if title:
        if title not in TITLES:
            raise ValueError(f"title: {title!r} is not one of {', '.join(TITLES)}")
        fields["title"] = TITLES[title]
    federation = values.get("federation", "").strip().upper()
    if federation:
        if not re.fullmatch(r"[A-Z]{3}", federation):
            raise ValueError(f"federation: {federation!r} is not a three-letter code")
        fields["federation"] = federation
    fide_id = values.get("fide_id", "").strip()
    if fide_id:
        if not re.fullmatch(r"[0-9]{1,12}", fide_id):
            raise ValueError(f"fide_id: {fide_id!r} is not a FIDE ID (digits 0-9, at most 12)")
        fields["fide_id"] = int(fide_id)
    fields["club"] = values.get("club", "").strip()[:100]
    birth = values.get("birth_date", "").strip()
    if birth:
        try:
            fields["birth_date"] = _birth_date(birth)
        except ValueError as exc:
            raise ValueError(f"birth_date: {exc}") from None
    sex = values.get("sex", "").strip().lower()
    if sex:
        if sex not in {"m", "w", "f"}:
            raise ValueError(f"sex: {sex!r} is not m or w")
        fields["sex"] = "w" if sex == "f" else sex
    fields["area"] = values.get("area", "").strip()[:100]
    top = values.get("top", "").strip().lower()
    if top not in YES | NO:
        raise ValueError(f"top: {top!r} is not yes or no")
    fields["top_player"] = top in YES
    return PlayerRow(**fields)


CONTROL = re.compile(r"[\x00-\x08\x0b\x0c\x0e-\x1f\x7f]")
"""Control characters other than tab and line ends: never part of a name or a field, and
PostgreSQL refuses NUL in text."""


def parse_players_csv(text: str) -> tuple[list[PlayerRow], list[ImportProblem]]:
    """Read a CSV player list; returns the rows, or every problem found (then no rows)."""
    text = re.sub(r"\r\n?", "\n", text.lstrip("\ufeff"))  # a lone CR ends a line too
    for line_number, line in enumerate(text.split("\n"), start=1):
        control = CONTROL.search(line)
        if control is not None:
            message = (
                f"control character U+{ord(control.group()):04X} at character {control.start() + 1}"
            )
            return [], [ImportProblem(line=line_number, column="line", message=message)]
    lines = [line for line in text.splitlines() if line.strip()]
    if not lines:
        return [], [ImportProblem(line=1, column="file", message="no players in the file")]
    # Only the delimiter is guessed, from the header line; the rest is the spreadsheet
    # convention (a quote inside a quoted cell is doubled), which the sniffer, seeing no
    # doubled quote in the header, used to switch off (#21).
    try:
        delimiter = csv.Sniffer().sniff(lines[0], ",;\t").delimiter
    except csv.Error:
        delimiter = ","
    reader = csv.reader(io.StringIO(text, newline=""), csv.excel, delimiter=delimiter)
    rows: list[PlayerRow] = []
    problems: list[ImportProblem] = []
    header: list[str] | None = None
    records = _records(reader, problems)
    for line_number, record in records:
        if not any(cell.strip() for cell in record):
            continue
        keys = [ALIASES.get(c.strip().lower(), c.strip().lower()) for c in record]
        if header is None and not rows and "name" in keys:
            unknown = [k for k in keys if k and k not in COLUMNS]
            if unknown:
                problems.append(
                    ImportProblem(
                        line=line_number,
                        column="header",
                        message=f"unknown column {unknown[0]!r}; use {', '.join(COLUMNS)}",
                    )
                )
            header = keys
            continue
        columns = header or list(COLUMNS)
        if len(record) > len(columns):
            problems.append(
                ImportProblem(
                    line=line_number,
                    column="line",
                    message=f"{len(record)} values but only {len(columns)} columns",
                )
            )
            continue
        try:
            rows.append(_parse_row(line_number, dict(zip(columns, record, strict=False))))
        except ValueError as exc:
            column, _, message = str(exc).partition(": ")
            problems.append(ImportProblem(line=line_number, column=column, message=message))
    if not rows and not problems:
        problems.append(ImportProblem(line=1, column="file", message="no players in the file"))
    return ([] if problems else rows), problems


def _records(reader: Any, problems: list[ImportProblem]) -> list[tuple[int, list[str]]]:
    """The reader's records with their line numbers; a line the csv module cannot split
    (an unbalanced quote, a NUL) ends the reading with a problem at that line."""
    records = []
    try:
        for record in reader:
            records.append((reader.line_num, record))
    except csv.Error as exc:
        problems.append(ImportProblem(line=reader.line_num, column="line", message=str(exc)))
    return records


@dataclass(frozen=True, slots=True, kw_only=True)
class Entry:
    """A player of an imported file, as far as telling two entries apart needs."""

    line: int
    number: int
    """The player's number in the file (the TRF starting rank)."""
    name: str
    fide_id: int | None
    """``None`` (or 0) when not given."""
    birth_date: str
    """As written; ``""`` when not given."""


def _same_name(name: str) -> str:
    return " ".join(name.split()).casefold()


def duplicate_players(entries: Sequence[Entry], *, source: str) -> list[str]:
    """Every pair of entries that are one player, in words naming both lines.

    The same FIDE ID, or, where one of the two has no FIDE ID, the same name (letter
    case and spacing apart) and the same birth date.  Two entries without a birth date
    or with two different FIDE IDs are never taken for one player.  ``source`` starts
    each message: ``"TRF"`` gives "TRF lines 4 and 9: ...".
    """
    pairs: dict[tuple[int, int], str] = {}
    by_id: dict[int, list[Entry]] = defaultdict(list)
    by_name: dict[tuple[str, str], list[Entry]] = defaultdict(list)
    for entry in sorted(entries, key=lambda e: e.line):
        if entry.fide_id:
            by_id[entry.fide_id].append(entry)
        if entry.birth_date.strip():
            by_name[(_same_name(entry.name), entry.birth_date.strip())].append(entry)
    for fide_id, group in by_id.items():
        for first, second in combinations(group, 2):
            pairs[(first.line, second.line)] = f"{_pair(first, second)} have FIDE ID {fide_id}"
    for (_, born), group in by_name.items():
        for first, second in combinations(group, 2):
            if first.fide_id and second.fide_id:
                continue  # two FIDE IDs: the same one is reported above, else two players
            pairs.setdefault(
                (first.line, second.line),
                f"{_pair(first, second)} have the same name and are both born {born}",
            )
    return [
        f"{source} lines {first} and {second} name one player twice: {text}."
        for (first, second), text in sorted(pairs.items())
    ]


def _pair(first: Entry, second: Entry) -> str:
    return f"{first.number}. {first.name} and {second.number}. {second.name}"
