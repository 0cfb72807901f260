"""The pairing engine: pure Python, no Django, deterministic for (state, system, seed).

Public API:

- :func:`pair_round` pairs the next round of a :class:`TournamentState` with a system.
- :data:`SYSTEMS` maps each implemented :class:`System` to its ``pair`` function.

Glossary: the Dutch text says "score bracket", Lim and ESCA say "score group" and
"score level"; each system module uses its own text's word.
"""

from __future__ import annotations

import enum
from collections.abc import Mapping
from types import MappingProxyType
from typing import Protocol

from .errors import EngineError, InvalidState, NoValidPairing, TrfError, UnsupportedFeature
from .model import RoundPairing, TournamentState


class System(enum.StrEnum):
    """The pairing systems, by the names the command line and TRF ``SWY`` lines use."""

    DUTCH_1992 = "dutch1992"
    LIM = "lim"
    ESCA = "esca"
    SB = "sb"


class PairFn(Protocol):
    """Type of a system's entry point: ``pair(state, *, seed) -> RoundPairing``."""

    def __call__(self, state: TournamentState, *, seed: int) -> RoundPairing: ...


_systems: dict[System, PairFn] = {}

SYSTEMS: Mapping[System, PairFn] = MappingProxyType(_systems)
"""The systems implemented so far; a system missing here cannot be chosen anywhere."""


def _register() -> None:
    """Fill :data:`SYSTEMS` with the systems whose modules exist."""
    import importlib

    modules = {
        System.DUTCH_1992: "dutch1992",
        System.LIM: "lim",
        System.ESCA: "esca",
        System.SB: "sb_ordered",
    }
    for system, module_name in modules.items():
        try:
            module = importlib.import_module(f"{__name__}.{module_name}")
        except ModuleNotFoundError as exc:
            if exc.name != f"{__name__}.{module_name}":
                raise
            continue
        _systems[system] = module.pair


def pair_round(state: TournamentState, system: System, *, seed: int) -> RoundPairing:
    """Pair round ``state.round_number`` with ``system``; lots are drawn from ``seed``.

    :raises UnsupportedFeature: the system is not implemented.
    :raises NoValidPairing: no pairing satisfies the system's absolute criteria.
    :raises InvalidState: the state is inconsistent.
    """
    try:
        pair = SYSTEMS[system]
    except KeyError:
        raise UnsupportedFeature(f"pairing system {system.value!r} is not implemented") from None
    return pair(state, seed=seed)


_register()

__all__ = [
    "SYSTEMS",
    "EngineError",
    "InvalidState",
    "NoValidPairing",
    "PairFn",
    "System",
    "TrfError",
    "UnsupportedFeature",
    "pair_round",
]
