"""Reading rating lists: FIDE's monthly download (TXT or XML, zipped or not); a
national list as CSV is read by ``national``.

FIDE's TXT files (``players_list_foa.txt``, and the single lists such as
``standard_rating_list.txt``) are fixed-width, with a header line naming each column;
every column starts where its name starts, so the columns are read from the header
rather than from positions written here.  The combined list has ``SRtng``, ``RRtng``
and ``BRtng``; a single list has one rating column named after its month (``NOV25``).
FIDE's XML (``players_list_xml_foa.xml``) has one ``<player>`` element per player and
is read as a stream (``defusedxml``, so a hostile file cannot expand entities).

Every reader yields :class:`Entry` rows and raises :class:`ListError` naming the line
(or the player) and what is wrong; nothing is loaded from a file that does not read.
"""

from __future__ import annotations

import io
import re
import unicodedata
import zipfile
import zlib
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from typing import IO

from defusedxml import DefusedXmlException, ElementTree
from django.utils.translation import gettext, ngettext

from swissweb.ratings.folding import LETTERS
from swissweb.tournament.core.params import ascii_digits

TITLES = frozenset({"GM", "IM", "FM", "CM", "WGM", "WIM", "WFM", "WCM"})
"""FIDE's titles as our players hold them (the list writes the women's ones in WTit)."""


class ListError(ValueError):
    """A rating list file that does not read, with the place and what is wrong."""


@dataclass(frozen=True, slots=True)
class Entry:
    """One player of a list."""

    player_id: str
    name: str
    federation: str = ""
    sex: str = ""
    title: str = ""
    birth_year: int | None = None
    standard: int | None = None
    rapid: int | None = None
    blitz: int | None = None
    inactive: bool = False
    fide_id: str = ""
    club: str = ""


def name_key(name: str) -> str:
    """A name as searches compare it: lower case, accents and punctuation other than
    the comma dropped, one space between words (``"Ångström, Åsa"`` -> ``"angstrom,
    asa"``; ``"Frøst"`` -> ``"frost"``)."""
    plain = unicodedata.normalize("NFKD", name.lower().translate(LETTERS))
    plain = "".join(c for c in plain if not unicodedata.combining(c)).lower()
    plain = re.sub(r"[^\w,]+", " ", plain)
    return re.sub(r"\s*,\s*", ", ", " ".join(plain.split())).strip(" ,")


def _small_number(text: str) -> int | None:
    """``text`` as a number when it is ASCII digits, at most nine of them once leading
    zeros are dropped: longer is no rating or year, and past 4,300 digits ``int()``
    refuses it (a 500 on the upload of such a list)."""
    if not ascii_digits(text) or len(text.lstrip("0")) > 9:
        return None
    return int(text)


MAX_ID = 20
"""The longest player ID a list may give (``ListedPlayer.player_id``): FIDE's IDs have
at most ten digits, and PostgreSQL refuses a longer value than its column takes."""


def fide_id_value(text: str) -> bool:
    """Whether ``text`` can be a FIDE ID: ASCII digits, at most :data:`MAX_ID`."""
    return ascii_digits(text) and len(text) <= MAX_ID


def rating_value(text: str) -> int | None:
    """A rating: ASCII digits from 1 to 3999, else none."""
    value = _small_number(text) or 0
    return value if 0 < value < 4000 else None


def year_value(text: str) -> int | None:
    """A birth year: ASCII digits from 1900 to 2100, else none."""
    value = _small_number(text)
    return value if value is not None and 1900 <= value <= 2100 else None


def sex_value(text: str) -> str:
    """``m`` or ``w`` from M, F or W (any case, any word starting so), else empty."""
    return {"M": "m", "F": "w", "W": "w"}.get(text.strip().upper()[:1], "")


def title_value(title: str, women: str) -> str:
    """The first of ``title`` and ``women`` that is a FIDE title (:data:`TITLES`)."""
    for candidate in (title.strip().upper(), women.strip().upper()):
        if candidate in TITLES:
            return candidate
    return ""


# --- FIDE TXT ---------------------------------------------------------------------------

_TXT_COLUMNS = ("ID Number", "Name", "Fed", "Sex", "Tit", "WTit", "OTit", "FOA")
_MONTH = re.compile(r"[A-Z]{3}\d{2}")


def _columns(header: str) -> dict[str, tuple[int, int]]:
    """Each column name of the header line with its (start, end) slice."""
    found = [(m.start(), m.group()) for m in re.finditer(r"ID Number|\S+", header)]
    return {
        label: (start, found[i + 1][0] if i + 1 < len(found) else len(header) + 200)
        for i, (start, label) in enumerate(found)
    }


def _text(field: bytes) -> str:
    """A field's bytes as text: UTF-8, else Windows-1252 (older lists)."""
    try:
        return field.decode("utf-8").strip()
    except UnicodeDecodeError:
        return field.decode("cp1252", errors="replace").strip()


def _as_bytes(line: str | bytes) -> bytes:
    return line.encode("utf-8") if isinstance(line, str) else line


def read_fide_txt(lines: Iterable[str | bytes]) -> Iterator[Entry]:
    """FIDE's fixed-width TXT list, header line first, read by byte columns as FIDE
    writes them (a name with a letter of two bytes in UTF-8 takes two columns).  A line
    with a value across the start of a column (a letter on each side of it) does not
    line up with the header: it is refused rather than read cut.

    :raises ListError: the header lacks a column FIDE's lists have, or a line's ID is
        not a number or its columns do not line up (with its line number).
    """
    rows = iter(lines)
    header = _text(_as_bytes(next(rows, b"")).rstrip(b"\r\n"))
    columns = _columns(header)
    missing = [c for c in ("ID Number", "Name", "Fed") if c not in columns]
    if missing:
        # Translators: columns are the names of the missing columns ("ID Number", "Name",
        # "Fed"), header the start of the file's first line, both as they are in the file.
        message = gettext("line 1: not a FIDE list header (no %(columns)s column): %(header)s")
        raise ListError(message % {"columns": ", ".join(missing), "header": repr(header[:60])})
    single = next((label for label in columns if _MONTH.fullmatch(label)), None)
    starts = [(start, label) for label, (start, _) in columns.items() if start > 0]
    # One pattern finds a value across any column's start: a non-blank on each side.
    across = re.compile(
        "|".join(f"^.{{{start - 1}}}[^ \t][^ \t]" for start, _ in starts).encode(), re.DOTALL
    )

    def cut(line: bytes | str, label: str) -> str:
        span = columns.get(label)
        if span is None:
            return ""
        field = line[span[0] : span[1]]
        return field.strip() if isinstance(field, str) else _text(field)

    for number, raw in enumerate(rows, start=2):
        data = _as_bytes(raw).rstrip(b"\r\n")
        if not data.strip():
            continue
        if across.match(data):
            # The first column whose start a value runs across, to name it.
            start, label = next((a, b) for a, b in starts if across.match(data[: a + 1]))
            # Translators: number is a line of the uploaded file, column the name of a
            # column in its header ("Fed"), line the start of the line.
            message = gettext(
                "line %(number)s: does not line up with the header (a value runs across "
                "the start of column %(column)s): %(line)s"
            )
            text = repr(_text(data[: start + 20]))
            raise ListError(message % {"number": number, "column": label, "line": text})
        # Most lines are ASCII, where a byte is a character: sliced as text, faster.
        line: bytes | str = data.decode("ascii") if data.isascii() else data
        player_id = cut(line, "ID Number")
        if not fide_id_value(player_id):
            # Translators: number is a line of the uploaded file, id the text found there.
            message = gettext("line %(number)s: the ID %(id)s is not a FIDE ID")
            raise ListError(message % {"number": number, "id": repr(player_id[:30])})
        flag = cut(line, "Flag").lower()
        yield Entry(
            player_id=player_id,
            name=cut(line, "Name"),
            federation=cut(line, "Fed").upper()[:3],
            sex=sex_value(cut(line, "Sex")),
            title=title_value(cut(line, "Tit"), cut(line, "WTit")),
            birth_year=year_value(cut(line, "B-day")),
            standard=rating_value(cut(line, single or "SRtng")),
            rapid=None if single else rating_value(cut(line, "RRtng")),
            blitz=None if single else rating_value(cut(line, "BRtng")),
            inactive="i" in flag,
        )


# --- FIDE XML ---------------------------------------------------------------------------


def read_fide_xml(stream: IO[bytes]) -> Iterator[Entry]:
    """FIDE's XML list, read player by player.

    :raises ListError: the XML is malformed (with where), or a player has no FIDE ID.
    """
    count = 0
    try:
        for _, element in ElementTree.iterparse(stream):
            if element.tag != "player":
                continue
            count += 1
            values = {child.tag: (child.text or "").strip() for child in element}
            element.clear()
            player_id = values.get("fideid", "")
            if not fide_id_value(player_id):
                # Translators: count numbers the players of the XML file; fideid is the name
                # of an XML element, keep it.
                message = gettext("player %(count)s: the fideid %(id)s is not a FIDE ID")
                raise ListError(message % {"count": count, "id": repr(player_id[:30])})
            yield Entry(
                player_id=player_id,
                name=values.get("name", ""),
                federation=values.get("country", "").upper()[:3],
                sex=sex_value(values.get("sex", "")),
                title=title_value(values.get("title", ""), values.get("w_title", "")),
                birth_year=year_value(values.get("birthday", "")),
                standard=rating_value(values.get("rating", "")),
                rapid=rating_value(values.get("rapid_rating", "")),
                blitz=rating_value(values.get("blitz_rating", "")),
                inactive="i" in values.get("flag", "").lower(),
            )
    except ElementTree.ParseError as exc:
        # Translators: error is the XML parser's message (in English).
        raise ListError(gettext("the XML does not read: %(error)s") % {"error": exc}) from exc
    except DefusedXmlException as exc:  # an entity, a DTD: what hostile files carry
        # Translators: error is the XML parser's message (in English), such as an entity.
        raise ListError(gettext("the XML is refused: %(error)s") % {"error": exc}) from exc


MAX_UNZIPPED_MB = 1000.0
"""The largest list read out of a zip, in MB, unless the caller says otherwise: FIDE's
TXT list is about 250 MB unzipped, its XML list larger."""


class _Bounded(io.RawIOBase):
    """A zip member read as a stream, counting its bytes: past ``limit`` it stops, for a
    zip's headers can understate the size (D11, #31); a member that does not unzip (bad
    data, a wrong checksum) stops in words too."""

    def __init__(self, member: IO[bytes], *, limit: int, refusal: str) -> None:
        super().__init__()
        self._member = member
        self._left = limit
        self._refusal = refusal

    def readable(self) -> bool:
        return True

    def readinto(self, buffer: memoryview) -> int:  # type: ignore[override]  # io hands it a memoryview
        try:
            data = self._member.read(min(len(buffer), self._left + 1))
        except (zipfile.BadZipFile, zlib.error, EOFError) as exc:
            # Translators: error is Python's message (in English).
            message = gettext("the zip does not unzip (%(error)s)")
            raise ListError(message % {"error": exc}) from exc
        if len(data) > self._left:
            raise ListError(self._refusal)
        self._left -= len(data)
        buffer[: len(data)] = data
        return len(data)


def read_fide_file(
    name: str, data: IO[bytes], *, max_unzipped_mb: float = MAX_UNZIPPED_MB
) -> Iterator[Entry]:
    """A FIDE download as uploaded: ``.zip`` holding one TXT or XML file, or either
    alone (told apart by the first bytes when the name does not say).  The list in a zip
    is read as a stream, never whole, and refused past ``max_unzipped_mb``: a zip of a
    few KB can hold gigabytes.

    :raises ListError: a zip without a list in it, a list larger than the bound, or a
        file that does not read.
    """
    head = data.read(4)
    data.seek(0)
    if head.startswith(b"PK"):
        yield from _read_zip(name, data, max_unzipped_mb)
        return
    yield from _read_plain(name, data, head)


def _read_zip(name: str, data: IO[bytes], max_unzipped_mb: float) -> Iterator[Entry]:
    try:
        archive = zipfile.ZipFile(data)
    except zipfile.BadZipFile as exc:
        # Translators: file is the uploaded file's name, error Python's message (English).
        message = gettext("%(file)s: not a zip file (%(error)s)")
        raise ListError(message % {"file": name, "error": exc}) from exc
    inner = [i for i in archive.infolist() if i.filename.lower().endswith((".txt", ".xml"))]
    if len(inner) != 1:
        # Translators: file is the uploaded file's name; the count is never 1.
        message = ngettext(
            "%(file)s: the zip holds %(count)d TXT or XML list, not one",
            "%(file)s: the zip holds %(count)d TXT or XML lists, not one",
            len(inner),
        )
        raise ListError(message % {"file": name, "count": len(inner)})
    info = inner[0]
    limit = int(max_unzipped_mb * 1024 * 1024)
    # Translators: file is the uploaded file's name, limit a number of megabytes.
    refusal = gettext(
        "%(file)s: unzipped it is over %(limit)s MB, more than a rating list is read; "
        "load it with manage.py load_rating_list"
    ) % {"file": name, "limit": f"{max_unzipped_mb:g}"}
    if info.file_size > limit:
        raise ListError(refusal)
    with archive.open(info) as member:
        stream = io.BufferedReader(_Bounded(member, limit=limit, refusal=refusal))
        yield from _read_plain(info.filename, stream, stream.peek(4)[:4])


def _read_plain(name: str, data: IO[bytes], head: bytes) -> Iterator[Entry]:
    if name.lower().endswith(".xml") or head.startswith(b"<"):
        yield from read_fide_xml(io.BufferedReader(_Markup(data)))
        return
    yield from read_fide_txt(_lines(data))


MAX_LINE = 4096
"""The longest line a TXT list may have, in bytes (FIDE's are about 160): a file of
one endless line would otherwise be held whole in memory."""

MAX_TEXT = 64 * 1024
"""The longest run of an XML list without markup, in bytes (a value is a few characters):
an endless text or tag would otherwise be held whole in memory."""


def _lines(data: IO[bytes]) -> Iterator[bytes]:
    """The lines of ``data``, each read up to ``MAX_LINE`` bytes.

    :raises ListError: a longer line, or one holding a NUL (which PostgreSQL cannot
        store in text), by its number.
    """
    number = 0
    while line := data.readline(MAX_LINE + 1):
        number += 1
        if len(line.rstrip(b"\r\n")) > MAX_LINE:
            # Translators: number is a line of the uploaded file, limit a number.
            message = gettext("line %(number)s: over %(limit)s characters, not a list's line")
            raise ListError(message % {"number": number, "limit": MAX_LINE})
        if b"\x00" in line:
            # Translators: number is a line of the uploaded file.
            message = gettext("line %(number)s: holds a NUL character, which no text may hold")
            raise ListError(message % {"number": number})
        yield line


class _Markup(io.RawIOBase):
    """An XML list as a stream that stops where ``MAX_TEXT`` bytes pass without a ``<``
    or ``>``: the parser holds a text or a tag whole until it ends."""

    def __init__(self, stream: IO[bytes]) -> None:
        super().__init__()
        self._stream = stream
        self._run = 0

    def readable(self) -> bool:
        return True

    def readinto(self, buffer: memoryview) -> int:  # type: ignore[override]  # io hands it a memoryview
        data = self._stream.read(len(buffer))
        last = max(data.rfind(b"<"), data.rfind(b">"))
        self._run = self._run + len(data) if last < 0 else len(data) - 1 - last
        if self._run > MAX_TEXT:
            # Translators: limit is a number of kilobytes.
            message = gettext("the XML holds a text or tag of over %(limit)s KB")
            raise ListError(message % {"limit": MAX_TEXT // 1024})
        buffer[: len(data)] = data
        return len(data)
