"""English Schools' Chess Association, Rules for Swiss Pairings (rules 1-30)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from pairing.engine.options import OptionSpec
    from pairing.engine.rules import SystemRules
    from pairing.engine.systems.esca.options import OPTIONS


def __getattr__(name: str) -> SystemRules | tuple[OptionSpec[Any], ...]:
    """``RULES``, the system's rules, built on first use (PEP 562): the registry lists
    every system, but a process that pairs by another one never loads this one's modules.
    ``OPTIONS``, the system's own options, likewise: the registry reads them when a
    state sets an option or a TRF file has an SWO line, and pairing a file without
    either by another system (the command line's ``--dutch -p``) does not load them.
    """
    if name == "OPTIONS":
        from pairing.engine.systems.esca.options import OPTIONS  # on first use, as RULES

        return OPTIONS
    if name == "RULES":
        from pairing.engine.systems.esca.system import RULES  # loaded on first use

        return RULES
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


__all__ = ["OPTIONS", "RULES"]
