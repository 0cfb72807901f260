"""FIDE Lim system (FIDE Handbook C.04.2, General Pairing Rules 7-13)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from pairing.engine.systems.lim.options import OPTIONS

if TYPE_CHECKING:
    from pairing.engine.rules import SystemRules


def __getattr__(name: str) -> SystemRules:
    """``RULES``, the system's rules, built on first use (PEP 562): the registry lists
    every system, but a process that pairs by another one never loads this one's modules.
    """
    if name == "RULES":
        from pairing.engine.systems.lim.system import RULES  # loaded on first use

        return RULES
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


__all__ = ["OPTIONS", "RULES"]
