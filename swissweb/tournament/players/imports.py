"""Reading player lists pasted or uploaded as CSV: every line checked before any is kept;
and telling when a file names one player twice (:func:`duplicate_players`).

Columns, by header name (case-insensitive, any order): ``name`` (required), ``rating``,
``title``, ``federation``, ``fide_id``, ``club`` (or ``school``), ``birth_date``
(YYYY-MM-DD, YYYY/MM/DD, or a year alone: the birth year, as FIDE's list gives it, never
a date it is not), ``sex`` (m/w/f), ``area`` (local area, ESCA 27),
``top`` (yes/no: a top player, ESCA 3), the national rating's three columns, and FIDE's
three ratings ``fide_standard``, ``fide_rapid``, ``fide_blitz`` (empty: not known).
Without a header line the columns are taken in that order.  Delimiters ``,`` ``;`` and
tab are recognised.
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
from typing import Any, Literal, Required, TypedDict

from django.utils.translation import gettext as _
from django.utils.translation import pgettext

from swissweb.tournament.core.limits import BIRTH_YEARS, HIGHEST_FIDE_ID
from swissweb.tournament.core.text import invisible
from swissweb.tournament.models import Title

COLUMNS = (
    "name", "rating", "title", "federation", "fide_id", "club", "birth_date", "sex", "area", "top",
    "national_rating", "national_id", "national_list", "fide_standard", "fide_rapid",
    "fide_blitz",
)  # fmt: skip
"""The columns in their order when a file has no header: the national ones, then FIDE's
three ratings last, so that a file written before them reads as it did (``rating`` is
FIDE's of the event's rate of play; that rate's own column, when given, wins)."""
ALIASES = {"school": "club", "fed": "federation", "fideid": "fide_id", "id": "fide_id",
           "born": "birth_date", "birthdate": "birth_date", "birth_year": "birth_date",
           "elo": "rating",
           "fide_rating": "rating", "top_player": "top", "nat_rating": "national_rating",
           "nat_id": "national_id", "national_code": "national_id",
           "rating_list": "national_list", "list": "national_list",
           "standard": "fide_standard", "rapid": "fide_rapid", "blitz": "fide_blitz"}  # fmt: skip
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
    birth_year: int | None = None
    """A year given alone in the birth date's column (``birth_date`` is then None)."""
    sex: str = ""
    area: str = ""
    top_player: bool = False
    national_rating: int = 0
    national_id: str = ""
    national_list: str = ""
    fide_standard: int | None = None
    fide_rapid: int | None = None
    fide_blitz: int | None = None


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
    birth_year: int
    sex: str
    area: str
    top_player: bool
    national_rating: int
    national_id: str
    national_list: str
    fide_standard: int
    fide_rapid: int
    fide_blitz: int


@dataclass(frozen=True, slots=True, kw_only=True)
class ImportProblem:
    """What is wrong with one line, in words an arbiter can act on."""

    line: int
    column: str
    message: str

    def __str__(self) -> str:
        # Translators: where a problem of an imported CSV file is (the line, and the column
        # by its header name, e.g. rating), and what it is.
        text = _("line %(line)d, %(column)s: %(message)s")
        return text % {"line": self.line, "column": self.column, "message": self.message}


class _Refused(ValueError):
    """What is wrong with one column of a line."""

    def __init__(self, column: str, message: str) -> None:
        super().__init__(f"{column}: {message}")
        self.column = column
        self.message = message


def _line_column() -> str:
    # Translators: in place of a column name: the problem is the whole line.
    return pgettext("CSV import problem at", "whole line")


def _file_column() -> str:
    # Translators: in place of a column name: the problem is the whole file.
    return pgettext("CSV import problem at", "whole file")


def _birth_date(value: str) -> dt.date:
    for fmt in ("%Y-%m-%d", "%Y/%m/%d", "%Y.%m.%d", "%d.%m.%Y"):
        try:
            return dt.datetime.strptime(value, fmt).date()
        except ValueError:
            continue
    raise ValueError(_("%(value)s is not a date (use YYYY-MM-DD)") % {"value": repr(value)})


def _parse_row(line: int, values: dict[str, str]) -> PlayerRow:
    """Check one line; raises ``_Refused`` (column and message) on the first problem."""
    name = values.get("name", "").strip()
    if not name:
        raise _Refused("name", _("is empty"))
    for column in ("name", "club", "area"):
        char = invisible(values.get(column, ""))
        if char is not None:
            # Translators: %(code)s is a character's code point in hexadecimal, e.g. 202E.
            message = _("holds an invisible character (U+%(code)s); remove it")
            raise _Refused(column, message % {"code": f"{ord(char):04X}"})
    fields: _RowFields = {"line": line, "name": name[:100]}
    ratings: tuple[
        Literal["rating", "national_rating", "fide_standard", "fide_rapid", "fide_blitz"], ...
    ] = ("rating", "national_rating", "fide_standard", "fide_rapid", "fide_blitz")
    for column in ratings:
        rating = values.get(column, "").strip()
        if rating:
            if not re.fullmatch(r"[0-9]{1,4}", rating) or not 0 <= int(rating) <= 3500:
                message = _("%(value)s is not a rating between 0 and 3500")
                raise _Refused(column, message % {"value": repr(rating)})
            fields[column] = int(rating)
    texts: tuple[Literal["national_id", "national_list"], ...] = ("national_id", "national_list")
    for text_column in texts:
        text = values.get(text_column, "").strip()
        char = invisible(text)
        if char is not None:
            message = _("holds an invisible character (U+%(code)s); remove it")
            raise _Refused(text_column, message % {"code": f"{ord(char):04X}"})
        fields[text_column] = text[:20]
    title = values.get("title", "").strip().upper()
    if title:
        if title not in TITLES:
            message = _("%(value)s is not one of %(titles)s")
            raise _Refused("title", message % {"value": repr(title), "titles": ", ".join(TITLES)})
        fields["title"] = TITLES[title]
    federation = values.get("federation", "").strip().upper()
    if federation:
        if not re.fullmatch(r"[A-Z]{3}", federation):
            message = _("%(value)s is not a three-letter code")
            raise _Refused("federation", message % {"value": repr(federation)})
        fields["federation"] = federation
    fide_id = values.get("fide_id", "").strip()
    if fide_id:
        digits = len(str(HIGHEST_FIDE_ID))
        if not re.fullmatch(rf"[0-9]{{1,{digits}}}", fide_id):
            message = _("%(value)s is not a FIDE ID (digits 0-9, at most %(digits)s)")
            raise _Refused("fide_id", message % {"value": repr(fide_id), "digits": digits})
        fields["fide_id"] = int(fide_id)
    fields["club"] = values.get("club", "").strip()[:100]
    birth = values.get("birth_date", "").strip()
    if re.fullmatch(r"[0-9]{4}", birth):
        # A year alone is a birth year: read as 1 January it would reach FIDE's report
        # as a birth date the player does not have.
        low, high = BIRTH_YEARS
        if not low <= int(birth) <= high:
            # Translators: low and high are years, 1900 and 2100.
            message = _("A birth year is from %(low)s to %(high)s.")
            raise _Refused("birth_date", message % {"low": low, "high": high})
        fields["birth_year"] = int(birth)
    elif birth:
        try:
            fields["birth_date"] = _birth_date(birth)
        except ValueError as exc:
            raise _Refused("birth_date", str(exc)) from None
    sex = values.get("sex", "").strip().lower()
    if sex:
        if sex not in {"m", "w", "f"}:
            # Translators: m and w are the values to type; keep them as they are.
            raise _Refused("sex", _("%(value)s is not m or w") % {"value": repr(sex)})
        fields["sex"] = "w" if sex == "f" else sex
    fields["area"] = values.get("area", "").strip()[:100]
    top = values.get("top", "").strip().lower()
    if top not in YES | NO:
        # Translators: yes and no are the values to type; keep them as they are.
        raise _Refused("top", _("%(value)s is not yes or no") % {"value": repr(top)})
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
            # Translators: %(code)s is a character's code point in hexadecimal, e.g. 0000.
            message = _("control character U+%(code)s at character %(position)d") % {
                "code": f"{ord(control.group()):04X}",
                "position": control.start() + 1,
            }
            return [], [ImportProblem(line=line_number, column=_line_column(), message=message)]
    lines = [line for line in text.splitlines() if line.strip()]
    if not lines:
        none = _("no players in the file")
        return [], [ImportProblem(line=1, column=_file_column(), message=none)]
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
                        # Translators: in place of a column name: the header line.
                        column=pgettext("CSV import problem at", "header"),
                        message=_("unknown column %(column)s; use %(columns)s")
                        % {"column": repr(unknown[0]), "columns": ", ".join(COLUMNS)},
                    )
                )
            header = keys
            continue
        columns = header or list(COLUMNS)
        if len(record) > len(columns):
            problems.append(
                ImportProblem(
                    line=line_number,
                    column=_line_column(),
                    message=_("%(values)d values but only %(columns)d columns")
                    % {"values": len(record), "columns": len(columns)},
                )
            )
            continue
        try:
            rows.append(_parse_row(line_number, dict(zip(columns, record, strict=False))))
        except _Refused as exc:
            problems.append(ImportProblem(line=line_number, column=exc.column, message=exc.message))
    if not rows and not problems:
        none = _("no players in the file")
        problems.append(ImportProblem(line=1, column=_file_column(), message=none))
    return ([] if problems else rows), problems


def _records(reader: Any, problems: list[ImportProblem]) -> list[tuple[int, list[str]]]:
    """The reader's records with their line numbers; a line the csv module cannot split
    (an unbalanced quote, a NUL) ends the reading with a problem at that line."""
    records = []
    try:
        for record in reader:
            records.append((reader.line_num, record))
    except csv.Error as exc:
        problems.append(
            ImportProblem(line=reader.line_num, column=_line_column(), message=str(exc))
        )
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
    pairs: dict[tuple[int, int], tuple[Entry, Entry, str, str]] = {}
    by_id: dict[int, list[Entry]] = defaultdict(list)
    by_name: dict[tuple[str, str], list[Entry]] = defaultdict(list)
    for entry in sorted(entries, key=lambda e: e.line):
        if entry.fide_id:
            by_id[entry.fide_id].append(entry)
        if entry.birth_date.strip():
            by_name[(_same_name(entry.name), entry.birth_date.strip())].append(entry)
    for fide_id, group in by_id.items():
        for first, second in combinations(group, 2):
            pairs[(first.line, second.line)] = (first, second, "fide_id", str(fide_id))
    for (__, born), group in by_name.items():
        for first, second in combinations(group, 2):
            if first.fide_id and second.fide_id:
                continue  # two FIDE IDs: the same one is reported above, else two players
            pairs.setdefault((first.line, second.line), (first, second, "born", born))
    return [_twice(source, *pair) for __, pair in sorted(pairs.items())]


def _twice(source: str, first: Entry, second: Entry, why: str, value: str) -> str:
    """The message "TRF lines 4 and 9 name one player twice: ...", saying why."""
    values = {
        "source": source,
        "first_line": first.line,
        "second_line": second.line,
        "first_number": first.number,
        "first_name": first.name,
        "second_number": second.number,
        "second_name": second.name,
        "value": value,
    }
    if why == "fide_id":
        text = _(
            # Translators: %(source)s is the kind of file (TRF); each player is written as
            # "number. name"; %(value)s is the FIDE ID.
            "%(source)s lines %(first_line)d and %(second_line)d name one player twice: "
            "%(first_number)d. %(first_name)s and %(second_number)d. %(second_name)s have "
            "FIDE ID %(value)s."
        )
    else:
        text = _(
            # Translators: %(source)s is the kind of file (TRF); each player is written as
            # "number. name"; %(value)s is the birth date as the file writes it.
            "%(source)s lines %(first_line)d and %(second_line)d name one player twice: "
            "%(first_number)d. %(first_name)s and %(second_number)d. %(second_name)s have "
            "the same name and are both born %(value)s."
        )
    return text % values
