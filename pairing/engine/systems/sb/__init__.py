"""The SB-ordered Swiss: score groups ordered by Sonneborn-Berger, rounds 1-2 accelerated."""

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
        from pairing.engine.systems.sb.system import RULES  # loaded on first use

        return RULES
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


__all__ = ["OPTIONS", "RULES"]
