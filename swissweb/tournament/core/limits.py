"""What a player's numbers may be: the fields take any number of their type, and the
files we write (TRF's fixed columns above all) hold fewer."""

from __future__ import annotations

HIGHEST_RATING = 3500
"""The highest rating, FIDE's or national, a player may be given: the bound of the CSV
import and the entry limits, far above any list's best, and within TRF's four rating
columns (30000 broke FIDE's report)."""

BIRTH_YEARS = (1900, 2100)
"""The birth years a player may be given, as the rating lists read them."""

HIGHEST_FIDE_ID = 10**11 - 1
"""The highest FIDE ID: TRF's 001 record gives it eleven columns (58-68), and a
twelve-digit ID broke FIDE's report and the event's TRF export (FIDE's IDs have at
most ten digits)."""

__all__ = ["BIRTH_YEARS", "HIGHEST_FIDE_ID", "HIGHEST_RATING"]
