"""The ESCA rules as one :class:`~pairing.engine.rules.SystemRules`: what
the package's ``RULES`` gives, imported when the registry first asks for it."""

from __future__ import annotations

from pairing.engine.floats import float_history
from pairing.engine.initial_order import by_rating_title_name
from pairing.engine.model import System
from pairing.engine.rules import SystemRules
from pairing.engine.systems.esca.checks import check, warnings
from pairing.engine.systems.esca.options import OPTIONS
from pairing.engine.systems.esca.procedure import pair
from pairing.engine.systems.esca.repair import repair

RULES = SystemRules(
    system=System.ESCA,
    title="ESCA schools rules",
    rule_text="English Schools' Chess Association, Rules for Swiss Pairings",
    options=OPTIONS,
    accelerates_by_default=False,
    pair=pair,
    initial_order=by_rating_title_name,
    check=check,
    warnings=warnings,
    float_history=float_history,
    repair=repair,
    # The ESCA rules name no tie-breaks: the two a schools congress commonly uses.
    default_tiebreaks=("BH", "SB"),
)

__all__ = ["RULES"]
