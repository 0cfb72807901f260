"""One way of writing scores and tie-break values, on every page, in print and in every
file (#36 item 6): the standings CSV writes the very text the page shows.

Points are written as chess players write them, with ``½`` ("5½", "½", "0"). Each
tie-break column has one fixed form (``tiebreak_form``), so that a column lines up and
compares at a glance:

- ``HALVES``, like points ("11½", "20"): the sums of scores, which are always whole or
  half points: Buchholz and its cuts and medians (BH, MBH, FB), Progress, Koya, STD and
  Dutch F10's direct encounter (DE1);
- ``WHOLE`` ("1901", "3"): the ratings (ARO and its cuts, TPR, PTP, APRO, APPO, RTNG),
  which FIDE C.07 Article 10 rounds to whole numbers, the counts (WIN, WON, BPG, BWG,
  REP), the places (DE, LOT) and TPN;
- ``HUNDREDTHS``, two decimals ("12.75", "12.50"): Sonneborn-Berger and its cuts
  multiply a score by a score, so with half points they end in quarters; AOB is an
  average that C.07 8.2 rounds to two decimals. An event that only gives whole points
  (3-1-0, 2-1-0) has whole SB values, written ``WHOLE``.

The page writes the reader's decimal separator ("12,75" in German); files keep the
point, so that the CSV is the same file whoever downloads it. The CSV starts with a
byte order mark so that spreadsheet programs read ``½`` as UTF-8.
"""

from __future__ import annotations

import enum
import functools
import math
from collections.abc import Iterable
from fractions import Fraction

from django.utils.translation import ngettext

from swissweb.tournament.rounds.engine_door import parse_tiebreak


class Form(enum.Enum):
    """How a tie-break column is written (see the module docstring)."""

    HALVES = "halves"
    WHOLE = "whole"
    HUNDREDTHS = "hundredths"


PRODUCTS = frozenset({"SB"})
"""Tie-breaks that multiply scores: quarters with half points, whole with whole points."""
HUNDREDTHS = frozenset({"AOB"})
"""Tie-breaks rounded to two decimals by their rule."""
WHOLE = frozenset(
    {"ARO", "WIN", "LOT", "DE", "WON", "BPG", "BWG", "REP", "TPN", "RTNG", "TPR", "PTP", "APRO",
     "APPO"}
)  # fmt: skip
"""Tie-breaks whose values are whole numbers (counts, places, numbers, ratings)."""


@functools.lru_cache(maxsize=256)
def _base_code(code: str) -> str:
    """The code without its modifiers (``SB-C1`` -> ``SB``, ``MBH`` -> ``BH``)."""
    try:
        return parse_tiebreak(code).code.value
    except ValueError:
        return code


def whole_scores(point_values: Iterable[int]) -> bool:
    """Whether an event whose results are worth ``point_values`` (in half-points, the
    models' unit) only ever gives whole points: 3-1-0 does, 1-½-0 does not."""
    return all(int(value) % 2 == 0 for value in point_values)


def tiebreak_form(code: str, *, whole: bool = False) -> Form:
    """The form of the tie-break ``code``'s column, with any modifier: ``BH-C1`` ->
    HALVES, ``ARO`` -> WHOLE, ``SB-C1`` -> HUNDREDTHS (WHOLE when the event gives only
    whole points, ``whole``)."""
    base = _base_code(code)
    if base in HUNDREDTHS:
        return Form.HUNDREDTHS
    if base in PRODUCTS:
        return Form.WHOLE if whole else Form.HUNDREDTHS
    return Form.WHOLE if base in WHOLE else Form.HALVES


def tiebreak_text(code: str, value: Fraction | int, *, whole: bool = False) -> str:
    """A tie-break value as the standings page, the crosstable, their print and the
    standings CSV all write it (``tiebreak_form``): "11½", "1901", "12.75"."""
    return form_text(tiebreak_form(code, whole=whole), value)


def form_text(form: Form, value: Fraction | int) -> str:
    """A tie-break value in a column's ``form`` (a standings looks each column's form up
    once, then writes thousands of values)."""
    if form is Form.HALVES:
        return points_text(value)
    return decimal_text(value, places=2 if form is Form.HUNDREDTHS else 0)


def points_text(value: Fraction | int) -> str:
    """A score in points with halves as ``½``: 5.5 -> "5½", 0.5 -> "½", 5 -> "5".

    A value that is not a whole or a half (never a score; a quarter of SB) falls back to
    two decimals rather than being rounded silently.
    """
    fraction = value if isinstance(value, Fraction) else Fraction(value)
    return _points_text(fraction.numerator, fraction.denominator)


@functools.lru_cache(maxsize=4096)
def _points_text(numerator: int, denominator: int) -> str:
    """:func:`points_text` of ``numerator / denominator`` (in lowest terms, a positive
    denominator), once per value: a standings writes thousands of scores (#35)."""
    if denominator == 1:
        return str(numerator)
    if denominator == 2:
        if numerator < 0:
            return f"-{_points_text(-numerator, 2)}"
        whole = numerator // 2
        return f"{whole}½" if whole else "½"
    return decimal_text(Fraction(numerator, denominator), places=2)


def half_points_text(half_points: int) -> str:
    """A score stored in half-points (the models' unit): 3 -> "1½"."""
    return points_text(Fraction(int(half_points), 2))


def plural_count(value: Fraction | int) -> int:
    """The number ``ngettext`` chooses the plural form of "point" by: the value itself,
    a half counted up (gettext's plural rules take whole numbers): "½ point",
    "1 point", "1½ points", "2 points"."""
    return math.ceil(Fraction(value))


def points_words(value: Fraction | int) -> str:
    """A score with its word, by the language's plural rules: "1 point", "4½ points"."""
    return ngettext("%(points)s point", "%(points)s points", plural_count(value)) % {
        "points": points_text(value)
    }


def points_short(value: Fraction | int) -> str:
    """A score with its abbreviated word, by the language's plural rules, where a line
    has little room (a board's player on the pairings): "1 pt", "4½ pts"."""
    # Translators: an abbreviation of "point(s)" after a score, e.g. "1 pt", "4½ pts".
    return ngettext("%(points)s pt", "%(points)s pts", plural_count(value)) % {
        "points": points_text(value)
    }


def decimal_text(value: Fraction | int, *, places: int | None = None) -> str:
    """A plain decimal with a point: 21.5 -> "21.5", 51/4 -> "12.75" (money, averages
    and the HUNDREDTHS tie-breaks).

    With ``places`` the value is written with exactly that many decimals, a half rounded
    away from zero; without it, with as few decimals as it needs (at most two).
    """
    if not isinstance(value, int | Fraction):
        value = Fraction(value)
    return _decimal_text(value.numerator, value.denominator, places)


@functools.lru_cache(maxsize=4096)
def _decimal_text(numerator: int, denominator: int, places: int | None) -> str:
    """:func:`decimal_text` of ``numerator / denominator`` (a positive denominator), in
    whole numbers and once per value: a standings writes thousands of values, few of
    them distinct, and Fraction arithmetic for each took a fifth of its time (#35)."""
    if places is None:
        places = 0 if denominator == 1 else 1 if 10 % denominator == 0 else 2
    scale = 10**places
    # abs(value) * scale + 1/2, rounded down: a half rounded away from zero.
    digits = (2 * abs(numerator) * scale + denominator) // (2 * denominator)
    sign = "-" if numerator < 0 and digits else ""
    if places == 0:
        return f"{sign}{digits}"
    whole, part = divmod(digits, scale)
    return f"{sign}{whole}.{part:0{places}d}"
