"""FIDE Dutch system, 1992 text (FIDE Handbook C.04.1, "Swiss System Based on Rating").

The text approved by the 1992 General Assembly, with its final remarks: not today's
Dutch system, nor what bbpPairings or JaVaFo do.  A module per part of the text:
``entrants`` (A2, A7, B1, B2, F5), ``criteria`` (A5, A8, B4-B6, C9, C10), ``brackets``
(A3, A6), ``exchanges`` (D1, D2), ``levels`` (C6-C8), ``candidates`` (C2-C11, C14),
``procedure`` (C1, C12, C13), ``colours`` (E1-E4), ``explanation``, ``round`` (the entry
point and F1) and ``checks`` (B1, B2 for the checker).  ``feasibility`` holds the checks
that let the search pass over parts that cannot succeed.

Where the text leaves a point open, our reading is written next to the code it governs,
citing its rule ("Reading of Dutch C13"), and tested under that rule's name in
``tests/engine/test_dutch1992.py``.  The search finds exactly the pairing the procedure
defines: it is checked against brute force and against a slow literal walk of C1-C14
(``tests/engine/dutch1992_reference.py``) on thousands of random small events.
"""

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
