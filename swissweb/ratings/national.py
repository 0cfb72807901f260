"""A national rating list as CSV, as federations and spreadsheets write them.

The file's bytes are decoded by what they are: a byte order mark (UTF-8 or UTF-16),
else UTF-8 if they read as such, else Windows-1252 when a byte 0x80-0x9F occurs (its
curly quotes and the euro sign; ISO-8859-1 has only control codes there), else Latin-1
(ISO-8859-1).  The delimiter is the comma, the semicolon (what Excel writes where the
comma is the decimal mark) or the tab, found by ``csv.Sniffer`` and checked against the
header line, else the one of them that line holds most.  What was found is said back
(:meth:`Detected.describe`).

Each of our fields (:data:`MAPPED`) is read from the column the arbiter names; a field
may join several columns with ``+`` ("ZPS+Mgl-Nr": a club's number and the member's
number, the German federation's ID), their values joined by "-"; a name's by ", "
("Surname+Forename" gives "Smith, John").  A line with more or
fewer fields than the header, or without an ID, is refused by its number.  A rating
that is not a number (a "-" for none, or a column mapped by mistake) is read as
unrated and counted, to be said with the first one's line (:func:`unread_note`).
"""

from __future__ import annotations

import codecs
import csv
import io
import re
from collections.abc import Iterator, Mapping
from dataclasses import dataclass

from django.utils.translation import gettext, ngettext, pgettext

from swissweb.ratings.formats import (
    Entry,
    ListError,
    rating_value,
    sex_value,
    title_value,
    year_value,
)

MAPPED = ("player_id", "name", "standard", "rapid", "blitz", "federation", "fide_id",
          "club", "title", "sex", "birth_year")  # fmt: skip
"""The fields a national list's columns can give; ``player_id`` and ``name`` are needed."""

JOINS = {"name": ", "}
"""How the values of several columns make one field, when not by "-": a name from a
surname column and a first-name column is "Surname, First-name", as lists write it."""

DELIMITERS = (",", ";", "\t")
_SAMPLE = 64 * 1024


@dataclass(frozen=True, slots=True)
class Detected:
    """How a CSV list was read: its text, the encoding and the delimiter found."""

    text: str
    encoding: str
    delimiter: str

    def describe(self) -> str:
        """The encoding and delimiter in words, to say what was read."""
        names = {
            # Translators: how the columns of an uploaded CSV file were separated.
            ",": pgettext("delimiter", "commas"),
            ";": pgettext("delimiter", "semicolons"),
            "\t": pgettext("delimiter", "tabs"),
        }
        # Translators: encoding is a character encoding's name (UTF-8, Windows-1252),
        # delimiter one of "commas", "semicolons", "tabs".
        message = gettext("read as %(encoding)s, columns separated by %(delimiter)s")
        return message % {"encoding": self.encoding, "delimiter": names[self.delimiter]}


def decode(data: bytes) -> tuple[str, str]:
    """The text of ``data`` and the name of its encoding (see the module docstring).

    :raises ListError: a NUL byte (no text holds one), by line, or a UTF-16 byte order
        mark on bytes that are not UTF-16.
    """
    if data.startswith((codecs.BOM_UTF16_LE, codecs.BOM_UTF16_BE)):
        try:
            return data.decode("utf-16"), "UTF-16"
        except UnicodeDecodeError:
            raise ListError(gettext("the file says it is UTF-16 but is not")) from None
    if (offset := data.find(b"\x00")) >= 0:
        # Translators: number is a line of the uploaded file.
        message = gettext("line %(number)s: holds a NUL character, which no text may hold")
        raise ListError(message % {"number": data.count(b"\n", 0, offset) + 1})
    if data.startswith(codecs.BOM_UTF8):
        try:
            # Translators: a character encoding: UTF-8 with a byte order mark at its start.
            return data[3:].decode("utf-8"), gettext("UTF-8 with BOM")
        except UnicodeDecodeError:
            data = data[3:]
    try:
        return data.decode("utf-8"), "UTF-8"
    except UnicodeDecodeError:
        pass
    if re.search(rb"[\x80-\x9f]", data):
        try:
            return data.decode("cp1252"), "Windows-1252"
        except UnicodeDecodeError:
            pass  # 0x81, 0x8D, 0x8F, 0x90, 0x9D: not Windows-1252 either
    return data.decode("latin-1"), "Latin-1"


def delimiter(text: str) -> str:
    """The comma, semicolon or tab that separates the columns of ``text``."""
    sample = text[:_SAMPLE]
    header = sample.partition("\n")[0]
    try:
        found = csv.Sniffer().sniff(sample, delimiters="".join(DELIMITERS)).delimiter
    except csv.Error:
        found = ""
    if found in DELIMITERS and found in header:
        return found
    return max(DELIMITERS, key=header.count)


def detect(data: bytes) -> Detected:
    """``data`` decoded, with its encoding and delimiter found.

    :raises ListError: see :func:`decode`.
    """
    text, encoding = decode(data)
    return Detected(text=text, encoding=encoding, delimiter=delimiter(text))


def columns(text: str, delimiter: str = ",") -> list[str]:
    """The header row of a CSV list, to map its columns."""
    return next(csv.reader(io.StringIO(text), delimiter=delimiter), [])


def _columns_of(field: str, spec: str, header: list[str]) -> list[int]:
    """The positions of the column ``spec`` names (several joined by ``+``).

    :raises ListError: a column is not in the header.
    """
    parts = [spec] if spec in header else [p.strip() for p in spec.split("+")]
    for part in parts:
        if part not in header:
            # Translators: field is one of our fields (player_id, name, standard...) as it
            # is, column the name the arbiter typed.
            message = gettext("%(field)s: the file has no column %(column)s")
            raise ListError(message % {"field": field, "column": repr(part)})
    return [header.index(p) for p in parts]


RATINGS = ("standard", "rapid", "blitz")


def read_national_csv(
    text: str,
    mapping: Mapping[str, str],
    *,
    delimiter: str = ",",
    unread: list[tuple[int, str]] | None = None,
) -> Iterator[Entry]:
    """A national list as CSV, each of our fields (:data:`MAPPED`) read from the column
    (or columns joined by ``+``) ``mapping`` names; each rating that is not a number,
    read as unrated, is added to ``unread`` (its line and value) as the lines are read.

    :raises ListError: a mapped column is not in the header, the ID or name column is
        not mapped, or a line does not read, has more or fewer fields than the header or
        no ID (with its line number).
    """
    reader = csv.reader(io.StringIO(text), delimiter=delimiter)
    try:
        header = [c.strip() for c in next(reader, [])]
    except csv.Error as exc:
        raise _bad_line(1, exc) from exc
    needs = {
        "player_id": gettext("choose the column of the player id"),
        "name": gettext("choose the column of the name"),
    }
    for needed, message in needs.items():
        if not mapping.get(needed):
            raise ListError(message)
    places = {f: _columns_of(f, c, header) for f, c in mapping.items() if c}
    while True:
        try:
            row = next(reader)
        except StopIteration:
            return
        except csv.Error as exc:
            raise _bad_line(reader.line_num, exc) from exc
        number = reader.line_num
        if not any(cell.strip() for cell in row):
            continue
        if len(row) != len(header):
            # Translators: number is a line of the uploaded file; found and expected are
            # counts of fields.
            message = gettext("line %(number)s: %(found)s fields where the header has %(expected)s")
            raise ListError(message % {"number": number, "found": len(row),
                                       "expected": len(header)})  # fmt: skip
        values = {
            f: JOINS.get(f, "-").join(c for i in at if (c := row[i].strip()))
            for f, at in places.items()
        }

        player_id = values.get("player_id", "")
        if not player_id:
            # Translators: number is a line of the uploaded file.
            raise ListError(gettext("line %(number)s: no player ID") % {"number": number})
        if unread is not None:
            unread += [
                (number, raw)
                for field in RATINGS
                if (raw := values.get(field, "")) and rating_value(raw) is None
            ]
        yield Entry(
            player_id=player_id[:20],
            name=values.get("name", "")[:100],
            federation=values.get("federation", "").upper()[:3],
            fide_id=values.get("fide_id", "")[:20],
            club=values.get("club", "")[:100],
            title=title_value(values.get("title", ""), ""),
            sex=sex_value(values.get("sex", "")),
            birth_year=year_value(values.get("birth_year", "")),
            standard=rating_value(values.get("standard", "")),
            rapid=rating_value(values.get("rapid", "")),
            blitz=rating_value(values.get("blitz", "")),
        )


def unread_note(unread: list[tuple[int, str]]) -> str | None:
    """The ratings read as unrated for not being numbers, in words (None: none)."""
    if not unread:
        return None
    number, value = unread[0]
    # Translators: count ratings of an uploaded list; number is the line of the first,
    # value what it holds.
    message = ngettext(
        "%(count)d rating is not a number and was read as unrated (line %(number)s: %(value)s).",
        "%(count)d ratings are not numbers and were read as unrated (the first on line "
        "%(number)s: %(value)s).",
        len(unread),
    )
    return message % {"count": len(unread), "number": number, "value": repr(value[:20])}


def _bad_line(number: int, exc: csv.Error) -> ListError:
    # Translators: number is a line of the uploaded file, error Python's message (English).
    message = gettext("line %(number)s: does not read as CSV (%(error)s)")
    return ListError(message % {"number": number, "error": exc})
