"""What a name or a label may hold: printable text, no invisible controls (#21).

A name is shown on pairings, wall charts and result slips, and written into TRF files.
Control characters (a NUL, a line break) break those files; bidirectional controls
(U+202A-U+202E, U+2066-U+2069, the marks U+200E, U+200F, U+061C) can make a printed
name read as something else ("Trojan Source"); zero-width spaces and joiners (U+200B,
U+2060, U+FEFF) make two names that look the same compare different, which hides a
duplicate entry.  These are refused, with the character named.

Our reading: U+200C and U+200D (zero-width non-joiner and joiner) stay allowed, because
Persian, Indic and other scripts need them inside a correctly written name.
"""

from __future__ import annotations

import unicodedata

from django.core.exceptions import ValidationError
from django.utils.translation import gettext as _

REFUSED = frozenset(
    "\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069\u200e\u200f\u061c\u200b\u2060\ufeff"
)
ALLOWED_FORMAT = frozenset("\u200c\u200d")


def invisible(text: str) -> str | None:
    """The first character of ``text`` a name may not hold, or ``None``."""
    for char in text:
        category = unicodedata.category(char)
        if char in REFUSED or category == "Cc":
            return char
        if category == "Cf" and char not in ALLOWED_FORMAT:
            return char
    return None


def validate_printable(text: str) -> None:
    """Django validator: refuse control, bidirectional and zero-width characters."""
    char = invisible(text)
    if char is not None:
        name = unicodedata.name(char, "").lower() or _("a control character")
        raise ValidationError(
            # Translators: code is like U+200B; name is the character's Unicode name (English).
            _(
                "It holds an invisible character (%(code)s, %(name)s); "
                "type the name again without it."
            )
            % {"code": f"U+{ord(char):04X}", "name": name},
            code="invisible",
        )


def validate_printable_lines(text: str) -> None:
    """Django validator for a list typed one item per line: each line printable."""
    for line in text.splitlines():
        validate_printable(line)
