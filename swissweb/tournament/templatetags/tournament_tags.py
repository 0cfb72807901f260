"""Template filters that only format values (STYLE 5.8)."""

from __future__ import annotations

from fractions import Fraction

from django import template

register = template.Library()


@register.filter
def score(value: Fraction | float | int | None) -> str:
    """A score or tie-break value with halves as ½ and other fractions to two decimals."""
    if value is None:
        return ""
    fraction = Fraction(value).limit_denominator(1000)
    if fraction.denominator == 1:
        return str(fraction.numerator)
    if fraction.denominator == 2:
        whole = fraction.numerator // 2
        return f"{whole}½" if whole else "½"
    return f"{float(fraction):.2f}"
