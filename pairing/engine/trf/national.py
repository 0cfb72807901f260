"""National ratings in a TRF file (#35 item 1): TRF-2026's own records, and ours.

TRF-2026 gives a national rating two places of its own, which FIDE's rating does not
read (their R column is blank):

- record 172, the encoded starting rank method: the federation (columns 5-7) and how
  the players were ranked (9-13): ``FIDE``, ``NRO`` (national rating only), ``FIDON``
  (FIDE rating if defined, otherwise national), ``NIDOF``, ``HBFN`` (the higher of the
  two), ``LBFN``, ``OTHER``; mandatory when the file has NRS records;
- the National Rating Support (NRS) records: the rating federation's three-letter code
  in columns 1-3 instead of ``001``, the starting rank (5-8) linking the player's 001
  record, the national rating (49-52) and the national number (58-68), the other
  columns as in 001 and optional.

TRF-2026 has no place for the national list's name (DWZ, ECF) and eleven columns for
the national number; ``SWV NNNN RRRR list`` (ours, columns as SWC) keeps the rating and
the list's name for the web app's backup, whatever the federation.
"""

from __future__ import annotations

from collections.abc import Iterable

from pairing.engine.messages import words

from .columns import FIDE_ID, RATING, START_RANK, SWC_NAME, SWC_RANK
from .document import TrfDocument, TrfRecord
from .fields import NUMBER, cut, record_error, whole

RANKING_METHODS = ("FIDE", "NRO", "FIDON", "NIDOF", "HBFN", "LBFN", "OTHER")
"""TRF-2026 172's codes of the starting rank method."""


def ranking_method_line(federation: str, method: str) -> str:
    """Record 172: the federation and the coded starting rank method.

    :raises ValueError: not a three-letter federation, or not one of the codes.
    """
    if len(federation) != 3 or not federation.isalpha() or method not in RANKING_METHODS:
        raise ValueError(f"172 needs a federation and one of {RANKING_METHODS}")
    return f"172 {federation.upper()} {method}"


def nrs_line(federation: str, rank: int, rating: int, number: str) -> str:
    """An NRS record: ``federation`` in columns 1-3, the rank, the national rating (0:
    blank) and the national number (blank when longer than its eleven columns)."""
    line = f"{federation.upper()} {rank:>4}".ljust(RATING[0] - 1)
    line += f"{rating:>4}" if rating else "    "
    width = FIDE_ID[1] - FIDE_ID[0] + 1
    if number and len(number) <= width:
        line = line.ljust(FIDE_ID[0] - 1) + number
    return line.rstrip()


def ranking_method(doc: TrfDocument) -> tuple[str, str] | None:
    """The first 172 record's federation and method code, if it has one."""
    for record in doc.records:
        if record.tag == "172":
            federation, _, method = record.rest.strip().partition(" ")
            if len(federation) == 3 and federation.isalpha():
                return federation.upper(), method.strip().upper()
    return None


def nrs_ratings(doc: TrfDocument) -> dict[int, tuple[str, int, str]]:
    """The NRS records' federation, national rating (0: blank) and national number, by
    starting rank.  Only the records of the federation a 172 record names are read
    (TRF-2026 asks for one beside NRS records): another program's three-letter
    records (Tornelo's ``DAT``) are no NRS records, and a record whose rank or rating
    is not a number is left alone rather than misread."""
    method = ranking_method(doc)
    if method is None:
        return {}
    found = {}
    for record in doc.records:
        if record.tag != method[0]:
            continue
        rank = cut(record.text, START_RANK).strip()
        rating = cut(record.text, RATING).strip()
        if NUMBER.fullmatch(rank) and (not rating or NUMBER.fullmatch(rating)):
            found[int(rank)] = (record.tag, int(rating or 0), cut(record.text, FIDE_ID).strip())
    return found


def parse_national_rating(record: TrfRecord) -> tuple[int, int, str]:
    """SWV: the player, the national rating and the list's name."""
    rank = whole(record, SWC_RANK, "player")
    rating, _, name = record.text[SWC_NAME - 1 :].strip().partition(" ")
    if not NUMBER.fullmatch(rating) or int(rating) > 9999:
        raise record_error(record, words("trf.national_rating", text=repr(rating)), SWC_NAME)
    return rank, int(rating), name.strip()


def national_ratings(doc: TrfDocument) -> dict[int, tuple[int, str]]:
    """SWV: each player's national rating and list name, by starting rank."""
    return {
        rank: (rating, name)
        for rank, rating, name in (parse_national_rating(r) for r in doc.records if r.tag == "SWV")
    }


def national_rating_line(rank: int, rating: int, name: str) -> str:
    """SWV: a player's national rating and its list's name (``""`` for none)."""
    return f"SWV {rank:>4} {rating} {name}".rstrip()


def national_rating_lines(rows: Iterable[tuple[int, int, str]]) -> list[str]:
    """SWV lines for (rank, rating, list) rows with a rating or a list."""
    return [national_rating_line(*row) for row in rows if row[1] or row[2]]


__all__ = [
    "RANKING_METHODS",
    "ranking_method",
    "national_rating_line",
    "national_rating_lines",
    "national_ratings",
    "nrs_line",
    "nrs_ratings",
    "parse_national_rating",
    "ranking_method_line",
]
