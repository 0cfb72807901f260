"""The pairing engine: pure Python, no Django, deterministic for (state, system, seed).

Public API:

- :func:`pair_round` pairs the next round of a :class:`TournamentState` with a system,
  after checking the state once for every system (``validation.py``);
  :func:`repair_round` redraws a published round (ESCA 25) through the same check.
- :func:`rules_for` and :data:`SYSTEMS` give each implemented :class:`System`'s
  :class:`~pairing.engine.rules.SystemRules` (``registry.py``): its pairer, initial order,
  options, checks, float history and repair.

Glossary: the Dutch text says "score bracket", Lim and ESCA say "score group" and
"score level"; each system's package uses its own text's word.
"""

from __future__ import annotations

from collections.abc import Mapping

from .errors import EngineError, InvalidState, NoValidPairing, TrfError, UnsupportedFeature
from .model import System
from .registry import REGISTRY, acceleration_of, pair_round, repair_round, rules_for
from .rules import PairFn, SystemRules

SYSTEMS: Mapping[System, SystemRules] = REGISTRY
"""The systems implemented; a system missing here cannot be chosen anywhere."""

__all__ = [
    "SYSTEMS",
    "EngineError",
    "InvalidState",
    "NoValidPairing",
    "PairFn",
    "System",
    "SystemRules",
    "TrfError",
    "UnsupportedFeature",
    "acceleration_of",
    "pair_round",
    "repair_round",
    "rules_for",
]
