"""The Lim system's own option (declared in ``RULES.options``)."""

from __future__ import annotations

from pairing.engine.option_kinds import BoolOption

MAXI = BoolOption(
    name="lim_maxi",
    default=False,
    label="Lim: Maxi-tournament",
    help="Lim 10.2, 10.8, 12.7: apply the 100-point rating limits.",
    rule="Lim 10.2",
)
"""Lim 10.2, 10.8, 12.7: the 100-point rating limits of a Maxi-tournament (off by
default: the text applies them to Maxi-tournaments only)."""

OPTIONS = (MAXI,)

__all__ = ["MAXI", "OPTIONS"]
