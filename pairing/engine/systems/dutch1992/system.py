"""The FIDE Dutch system's 1992 text as one :class:`~pairing.engine.rules.SystemRules`: what
the package's ``RULES`` gives, imported when the registry first asks for it."""

from __future__ import annotations

from pairing.engine.floats import float_history
from pairing.engine.initial_order import by_rating_title_name
from pairing.engine.model import System
from pairing.engine.rules import SystemRules
from pairing.engine.systems.dutch1992.checks import check, warnings
from pairing.engine.systems.dutch1992.round import pair

RULES = SystemRules(
    system=System.DUTCH_1992,
    title="FIDE Dutch system, 1992 text",
    rule_text="FIDE Handbook C.04.1 (1992 text), Swiss System Based on Rating",
    accelerates_by_default=False,
    pair=pair,
    initial_order=by_rating_title_name,
    check=check,
    warnings=warnings,
    float_history=float_history,
    # FIDE Tie-Break Regulations (C.07, 2023/24) for an individual Swiss: Buchholz cut-1,
    # Buchholz, Sonneborn-Berger, direct encounter (the 1992 text's own F10 is DE1, ARO, lot).
    default_tiebreaks=("BH-C1", "BH", "SB", "DE"),
)

__all__ = ["RULES"]
