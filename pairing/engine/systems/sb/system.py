"""The SB-ordered Swiss as one :class:`~pairing.engine.rules.SystemRules`: what
the package's ``RULES`` gives, imported when the registry first asks for it."""

from __future__ import annotations

from pairing.engine.floats import float_history
from pairing.engine.initial_order import by_rating_title_name
from pairing.engine.model import System
from pairing.engine.rules import SystemRules

from .checks import check, warnings
from .procedure import pair

RULES = SystemRules(
    system=System.SB,
    title="SB-ordered Swiss",
    rule_text="Swiss with score groups ordered by Sonneborn-Berger (SB text)",
    accelerates_by_default=True,
    pair=pair,
    initial_order=by_rating_title_name,
    check=check,
    warnings=warnings,
    float_history=float_history,
    # SB 2: the SB text orders a score group by Sonneborn-Berger, Buchholz, Median-Buchholz.
    default_tiebreaks=("SB", "BH", "MBH"),
)

__all__ = ["RULES"]
