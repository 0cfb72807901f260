"""Template filters that only format values (STYLE 5.8)."""

from __future__ import annotations

import re
from fractions import Fraction

from django import template
from django.utils.formats import get_format
from django.utils.translation import gettext

from swissweb.tournament.numbers import points_text

register = template.Library()

DECIMAL = re.compile(r"-?\d+\.\d+")


@register.filter
def local_decimal(value: object) -> str:
    """A decimal written by ``numbers`` ("12.75") with the reader's decimal separator
    ("12,75" in German, #24).  Anything else (points with ``½``, whole numbers, an empty
    cell) is left as it is; files keep the point (``numbers.decimal_text``)."""
    text = "" if value is None else str(value)
    if not DECIMAL.fullmatch(text):
        return text
    return text.replace(".", str(get_format("DECIMAL_SEPARATOR")))


@register.filter
def score(value: Fraction | int | None) -> str:
    """A score in points with halves as ``½`` (``numbers.points_text``); empty for None."""
    if value is None:
        return ""
    return local_decimal(points_text(value))


@register.filter
def result_label(board: int) -> str:
    """The label of a board's result field, "Result of board 3", in the reader's
    language: a filter, because the results table repeats it on every board, where a
    ``{% blocktranslate %}`` costs four times as much (1,000 players: 8 ms a page)."""
    return gettext("Result of board %(board)s") % {"board": board}
