"""Template filters that only format values (STYLE 5.8)."""

from __future__ import annotations

from fractions import Fraction

from django import template

from swissweb.tournament.numbers import points_text

register = template.Library()


@register.filter
def score(value: Fraction | int | None) -> str:
    """A score in points with halves as ``½`` (``numbers.points_text``); empty for None."""
    if value is None:
        return ""
    return points_text(value)
