"""FIDE Dutch system as in force from 1 February 2026 (FIDE Handbook C.04.3, approved by
the FIDE Council on 28 October 2025), with the basic and general handling rules (C.04.1,
C.04.2) and Baku acceleration (C.04.7).

The system for FIDE-rated Swiss events.  A module per part of the text: ``entrants``
(1.1-1.2 the order by score and TPN, 1.4-1.8, C1-C3 for one pair), ``acceleration``
(C.04.7), ``criteria`` (C2, C4-C21 as one weight per pair), ``procedure`` (the
brackets from the top down, completion and the bye), ``order`` (one bracket's pairing in
the order of Article 4: moved-down players, the remainder, exchanges, transpositions),
``structured`` (the brackets that need no general matching),
``colours`` (the colour allocation rules), ``round`` (the entry point and the
explanation) and ``checks`` (C1-C3 for the checker).  Articles and criteria are
cited by the numbers of the text of 2026 (criteria [C1]-[C21] in Article 2, the bracket
procedure in Article 3, the remainder in 3.3, the order of transpositions, exchanges
and MDP sets in Article 4, colours in Article 5); ``bench/README.md`` ("FIDE Dutch: the
text of 1 February 2026 against July 2025") says which were read in the Handbook and
which only in public notes of it.

The text decides; the reference program is a check.  bbpPairings v6 pairs the committed
corpus under ``tests/data/dutch/`` the same way, round by round; where this code follows
a reading of the reference rather than a sentence of the text, the reason is written
beside it and listed in ``bench/README.md``.
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
        from pairing.engine.systems.dutch.system import RULES  # loaded on first use

        return RULES
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


__all__ = ["OPTIONS", "RULES"]
