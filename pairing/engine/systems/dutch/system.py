"""The FIDE Dutch system of 2026 as one :class:`~pairing.engine.rules.SystemRules`: what
the package's ``RULES`` gives, imported when the registry first asks for it."""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING

from pairing.engine.initial_order import by_rating_title_name
from pairing.engine.model import PairingNumber, Player, RoundPairing, System, TournamentState
from pairing.engine.rules import SystemRules
from pairing.engine.systems.dutch.acceleration import acceleration_in_force
from pairing.engine.systems.dutch.entrants import float_history
from pairing.engine.systems.dutch.round import pair

if TYPE_CHECKING:
    from pairing.engine.legality import Violation
    from pairing.engine.messages import Message


def check(
    state: TournamentState, pairing: RoundPairing, players: Mapping[PairingNumber, Player]
) -> list[Violation]:
    """C1-C3 broken by ``pairing`` (``checks.check``), for the checker."""
    from pairing.engine.systems.dutch import checks  # the checker's only: pairing skips it

    return checks.check(state, pairing, players)


def warnings(state: TournamentState, pairing: RoundPairing) -> list[Message]:
    """The relative criteria a hand-made pairing breaks (``checks.warnings``)."""
    from pairing.engine.systems.dutch import checks  # the checker's only, as above

    return checks.warnings(state, pairing)


RULES = SystemRules(
    system=System.DUTCH,
    title="FIDE Dutch system (C.04.3, 2026)",
    rule_text="FIDE Handbook C.04.3, FIDE (Dutch) System, in force from 1 February 2026",
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
