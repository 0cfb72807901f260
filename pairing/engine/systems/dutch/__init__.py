"""FIDE Dutch system as in force from 1 July 2025 (FIDE Handbook C.04.3), with the basic
and general handling rules (C.04.1, C.04.2) and Baku acceleration (C.04.5).

The system for FIDE-rated Swiss events.  A module per part of the text: ``entrants``
(1.2, 1.4-1.8, C.1-C.3 for one pair), ``acceleration`` (C.04.5), ``criteria`` (C.2,
C.4-C.21 as one weight per pair), ``procedure`` (Articles 2-4: the brackets from the
top down, the order of Article 4), ``colours`` (Article 5), ``round`` (the entry point
and the explanation) and ``checks`` (C.1-C.3 for the checker).

The pairing it gives is the endorsed program's: bbpPairings (v6, FIDE-endorsed) pairs
the same rounds the same way; the committed corpus under ``tests/data/dutch/`` keeps the
two in step.
"""

from pairing.engine.floats import float_history
from pairing.engine.initial_order import by_rating_title_name
from pairing.engine.model import System
from pairing.engine.rules import SystemRules
from pairing.engine.systems.dutch.acceleration import acceleration_in_force
from pairing.engine.systems.dutch.checks import check, warnings
from pairing.engine.systems.dutch.round import pair

RULES = SystemRules(
    system=System.DUTCH,
    title="FIDE Dutch system (C.04.3, 2025)",
    rule_text="FIDE Handbook C.04.3, FIDE (Dutch) System, in force from 1 July 2025",
    options=frozenset({"acceleration"}),
    accelerates_by_default=False,
    fide_rated=True,
    pair=pair,
    initial_order=by_rating_title_name,
    check=check,
    warnings=warnings,
    float_history=float_history,
    acceleration=acceleration_in_force,
    # FIDE Tie-Break Regulations (C.07) for an individual Swiss open.
    default_tiebreaks=("BH-C1", "BH", "SB", "DE"),
)

__all__ = ["RULES"]
