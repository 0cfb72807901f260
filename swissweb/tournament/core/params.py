"""Numbers read from a request's query string or form: ASCII digits only, bounded.

``str.isdigit`` accepts superscripts and other scripts' digits ("²", "٣"), which
``int()`` then refuses or reads as something else; a page must never answer 500 to a
hand-edited URL.  Anything that is not a plain number in range reads as absent.
"""

from __future__ import annotations

import re

ASCII_DIGITS = re.compile(r"[0-9]+")
"""One or more ASCII digits: the only text ``int()`` is given after a digit check."""

DIGITS = re.compile(r"[0-9]{1,9}")
"""At most nine ASCII digits: far above any round, board or page, far below overflow."""


def positive_number(text: str | None, *, maximum: int = 999_999_999) -> int | None:
    """``text`` as a whole number from 1 to ``maximum``, else ``None``."""
    if text is None or not DIGITS.fullmatch(text):
        return None
    value = int(text)
    return value if 1 <= value <= maximum else None


def ascii_digits(text: str) -> bool:
    """Whether ``text`` is ASCII digits only: the strict ``str.isdigit`` (D9, #31)."""
    return ASCII_DIGITS.fullmatch(text) is not None
