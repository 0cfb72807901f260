"""The FIDE Lim system as one :class:`~pairing.engine.rules.SystemRules`: what
the package's ``RULES`` gives, imported when the registry first asks for it."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from pairing.engine.initial_order import by_rating_title_name
from pairing.engine.model import PairingNumber, Player, System
from pairing.engine.rules import SystemRules
from pairing.engine.systems.lim.checks import check, warnings
from pairing.engine.systems.lim.floats import float_record
from pairing.engine.systems.lim.numbers import lim_7_order
from pairing.engine.systems.lim.options import OPTIONS
from pairing.engine.systems.lim.procedure import pair


def initial_order(players: Sequence[Player], *, seed: int) -> tuple[PairingNumber, ...]:
    """Lim 7: rating, then title, then lot; the lot drawn in the Dutch A2 order."""
    a2 = by_rating_title_name(players, seed=seed)
    by_number = {p.pairing_number: p for p in players}
    numbered = [
        replace(by_number[old], pairing_number=PairingNumber(new))
        for new, old in enumerate(a2, start=1)
    ]
    return tuple(a2[new - 1] for new in lim_7_order(numbered, seed=seed))


RULES = SystemRules(
    system=System.LIM,
    title="FIDE Lim system",
    rule_text="FIDE Handbook C.04.2, General Pairing Rules 7-13 (Lim)",
    options=OPTIONS,
    accelerates_by_default=False,
    pair=pair,
    initial_order=initial_order,
    check=check,
    warnings=warnings,
    float_history=float_record,
    # The Lim text names no tie-breaks: FIDE C.07 (2023/24) for an individual Swiss.
    default_tiebreaks=("BH-C1", "BH", "SB", "DE"),
)

__all__ = ["RULES"]
