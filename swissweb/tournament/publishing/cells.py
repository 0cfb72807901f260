"""Text cells of the CSV files the app writes, safe to open in a spreadsheet.

A cell that starts with ``=``, ``+``, ``-``, ``@``, a tab or a carriage return is read
by spreadsheet programs as a formula, so a player registered as
``=HYPERLINK("http://…")`` would become a live link (CSV injection).  Such a cell gets a
leading apostrophe, which spreadsheets show as text and hide.  Numbers are written by
``numbers.decimal_text`` and never start with one of these.
"""

from __future__ import annotations

FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")


def text_cell(value: object) -> str:
    """``value`` as a CSV text cell that no spreadsheet runs as a formula."""
    text = "" if value is None else str(value)
    return f"'{text}" if text.startswith(FORMULA_STARTS) else text
