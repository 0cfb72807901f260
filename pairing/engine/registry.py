"""The registry: every pairing system by name, and the one front door to pair a round.

The only module that names the system packages.  Everything else finds a system here
(:func:`rules_for`, :data:`REGISTRY`) and pairs through :func:`pair_round`, which checks
the state once for every system (:mod:`pairing.engine.validation`) before the system
sees it.
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType

from .errors import UnsupportedFeature
from .model import RoundPairing, System, TournamentState
from .rules import SystemRules
from .systems import dutch1992, esca, lim, sb
from .validation import validate_state

REGISTRY: Mapping[System, SystemRules] = MappingProxyType(
    {rules.system: rules for rules in (dutch1992.RULES, lim.RULES, esca.RULES, sb.RULES)}
)
"""Every implemented system, in the order the command line and the app list them."""


def rules_for(system: System | str) -> SystemRules:
    """The system called ``system`` (its enum member or its name, e.g. ``"lim"``).

    :raises UnsupportedFeature: no such system is implemented.
    """
    try:
        return REGISTRY[System(system)]
    except (KeyError, ValueError):
        raise UnsupportedFeature(f"pairing system {str(system)!r} is not implemented") from None


def pair_round(state: TournamentState, system: System | str, *, seed: int) -> RoundPairing:
    """Pair round ``state.round_number`` with ``system``; lots are drawn from ``seed``.

    :raises UnsupportedFeature: the system is not implemented.
    :raises InvalidState: the state is inconsistent (see :mod:`~pairing.engine.validation`).
    :raises NoValidPairing: no pairing satisfies the system's absolute criteria.
    """
    rules = rules_for(system)
    validate_state(state)
    return rules.pair(state, seed=seed)


__all__ = ["REGISTRY", "pair_round", "rules_for"]
