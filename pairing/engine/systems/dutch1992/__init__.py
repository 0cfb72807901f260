"""FIDE Dutch system, 1992 text (FIDE Handbook C.04.1, "Swiss System Based on Rating").

The text approved by the 1992 General Assembly, with its final remarks: not today's
Dutch system, nor what bbpPairings or JaVaFo do.  A module per part of the text:
``entrants`` (A2, A7, B1, B2, F5), ``criteria`` (A5, A8, B4-B6, C9, C10), ``brackets``
(A3, A6), ``exchanges`` (D1, D2), ``levels`` (C6-C8), ``candidates`` (C2-C11, C14),
``procedure`` (C1, C12, C13), ``colours`` (E1-E4), ``explanation``, ``round`` (the entry
point and F1) and ``checks`` (B1, B2 for the checker).  ``feasibility`` and
``level_checks`` hold the checks that let the search pass over parts that cannot succeed,
``lowest`` the closed forms and bounds of a level's matchings, ``optima`` the weighted
matchings begun from the last optimum of the same question.

Where the text leaves a point open, our reading is written next to the code it governs,
citing its rule ("Reading of Dutch C13"), and tested under that rule's name in
``tests/engine/test_dutch1992.py``.  The search finds exactly the pairing the procedure
defines: it is checked against brute force and against a slow literal walk of C1-C14
(``tests/engine/dutch1992_reference.py``) on thousands of random small events.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from pairing.engine.options import OptionSpec

if TYPE_CHECKING:
    from pairing.engine.rules import SystemRules

OPTIONS: tuple[OptionSpec[Any], ...] = ()
"""The system's own options: none."""


def __getattr__(name: str) -> SystemRules:
    """``RULES``, the system's rules, built on first use (PEP 562): the registry lists
    every system, but a process that pairs by another one never loads this one's modules.
    """
    if name == "RULES":
        from pairing.engine.systems.dutch1992.system import RULES  # loaded on first use

        return RULES
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


__all__ = ["OPTIONS", "RULES"]
