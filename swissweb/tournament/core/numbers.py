"""One way of writing scores and tie-break values, on every page and in every file.

Pages write points as chess players do, with ``½`` ("5½", "½"); files (CSV), read by
spreadsheets that do not know ``½``, write them as plain decimals ("5.5").

Each tie-break has a fixed number of decimals (``tiebreak_places``), the same on the
pages and in the CSV (#35), so that a column lines up, compares at a glance and reads
the same in a spreadsheet as on the page (the page writes the reader's decimal
separator, "12,75" in German; files keep the point):

- two decimals: Sonneborn-Berger (and its cuts) multiplies scores by halves, so it can
  end in a quarter, and AOB is an average that FIDE C.07 rounds to two decimals
  ("12.75", "12.50");
- none: the ratings (ARO and its cuts, TPR, PTP, APRO, APPO, RTNG) are whole numbers as
  FIDE C.07 Article 10 rounds them, and so are the counts (WIN, WON, BPG, BWG, REP),
  the places (DE, LOT) and TPN ("1901", "3");
- one decimal: the others (Buchholz, Fore Buchholz and their cuts, Progress, Koya, STD,
  DE1) are sums of scores, whole or half points ("21.5", "20.0").
"""

from __future__ import annotations

import functools
from fractions import Fraction

from swissweb.tournament.rounds.engine_door import parse_tiebreak

QUARTERS = frozenset({"SB", "AOB"})
"""Tie-breaks written with two decimals, with any modifier: SB can end in a quarter, AOB
is rounded so."""
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


def points_text(value: Fraction | int) -> str:
    """A score in points with halves as ``½``: 5.5 -> "5½", 0.5 -> "½", 5 -> "5".

    A value that is not a whole or a half (never a score; a quarter of SB) falls back to
    two decimals rather than being rounded silently.
    """
    fraction = Fraction(value)
    if fraction.denominator == 1:
        return str(fraction.numerator)
    if fraction.denominator == 2:
        whole = fraction.numerator // 2
        if fraction < 0:
            return f"-{points_text(-fraction)}"
        return f"{whole}½" if whole else "½"
    return decimal_text(fraction, places=2)


def half_points_text(half_points: int) -> str:
    """A score stored in half-points (the models' unit): 3 -> "1½"."""
    return points_text(Fraction(int(half_points), 2))


def tiebreak_places(code: str) -> int:
    """The decimals of the tie-break ``code``, with any modifier (see the module
    docstring): ``SB-C1`` -> 2, ``ARO`` -> 0, ``BH-C1`` -> 1."""
    base = _base_code(code)
    if base in QUARTERS:
        return 2
    return 0 if base in WHOLE else 1


def tiebreak_text(code: str, value: Fraction | int) -> str:
    """A tie-break value as the standings page and the standings CSV both write it:
    a plain decimal with the tie-break's fixed decimals (``tiebreak_places``)."""
    return decimal_text(value, places=tiebreak_places(code))


def decimal_text(value: Fraction | int, *, places: int | None = None) -> str:
    """A plain decimal with a point, for files: 21.5 -> "21.5", 51/4 -> "12.75".

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
