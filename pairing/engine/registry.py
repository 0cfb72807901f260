"""The registry: every pairing system by name, and the one front door to pair a round.

The only module that names the system packages.  Everything else finds a system here
(:func:`rules_for`, :data:`REGISTRY`, every system's options by :func:`option_specs`)
and pairs through :func:`pair_round`, or redraws a published round through
:func:`repair_round`; both check the state once for every system
(:mod:`pairing.engine.validation`) before the system sees it.

A system's modules are imported the first time its rules are asked for: a package
gives its options and builds its ``RULES`` on first use, so pairing a round by one system
(the command line's ``--dutch -p``) loads no other system, nor, when the state sets no
option, any system's options.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from contextlib import contextmanager
from types import ModuleType
from typing import Any

from . import acceleration as common_acceleration
from .collector import collector_paused
from .errors import UnsupportedFeature
from .messages import words
from .model import AcceleratedPoints, RoundPairing, System, TournamentState
from .options import OptionSpec
from .rules import SystemRules
from .systems import dutch, dutch1992, esca, lim, sb
from .validation import validate_options, validate_state

_PACKAGES: dict[System, ModuleType] = {
    System.DUTCH: dutch,
    System.DUTCH_1992: dutch1992,
    System.LIM: lim,
    System.ESCA: esca,
    System.SB: sb,
}
"""Every implemented system's package, in the order the command line and the app list
them; each has ``OPTIONS`` (cheap) and ``RULES`` (the whole system, built on first use)."""

_SYSTEMS: dict[System, SystemRules] = {}
"""The rules loaded so far, and a test's stand-in while :func:`registered` holds it."""


class _Registry(Mapping[System, SystemRules]):
    """Every implemented system's rules by system, each system imported on first access.

    Membership, iteration and length need no import; ``REGISTRY[system]`` (and
    ``values()``, ``items()``) load the systems they return.
    """

    def __getitem__(self, system: System) -> SystemRules:
        rules = _SYSTEMS.get(system)
        if rules is None:
            loaded: SystemRules = _PACKAGES[system].RULES
            rules = _SYSTEMS.setdefault(system, loaded)
        return rules

    def __contains__(self, system: object) -> bool:
        return system in _PACKAGES

    def __iter__(self) -> Iterator[System]:
        return iter(_PACKAGES)

    def __len__(self) -> int:
        return len(_PACKAGES)

    def __repr__(self) -> str:
        return f"REGISTRY({', '.join(system.value for system in _PACKAGES)})"


REGISTRY: Mapping[System, SystemRules] = _Registry()
"""Every implemented system, in the order the command line and the app list them."""


_DECLARATIONS_CHECKED: list[bool] = []
"""Not empty once every package's declared options were found to share no name or word:
checked when options are first read (:func:`_options`), not at import, as a system
without options (the Dutch of 2026) pairs a state that sets none without reading any."""


def _options(system: System) -> tuple[OptionSpec[Any], ...]:
    """``system``'s own options, without loading the system unless it is loaded."""
    if not _DECLARATIONS_CHECKED:
        _check_unique([spec for other in _PACKAGES for spec in _PACKAGES[other].OPTIONS])
        _DECLARATIONS_CHECKED.append(True)
    rules = _SYSTEMS.get(system)
    if rules is not None:
        return rules.options
    declared: tuple[OptionSpec[Any], ...] = _PACKAGES[system].OPTIONS
    return declared


@contextmanager
def registered(rules: SystemRules) -> Iterator[SystemRules]:
    """``rules`` in the registry in place of its system's own until the block ends (a
    test's stand-in system, say); the system's own afterwards.

    :raises ValueError: an option of ``rules`` has the name or a form/``SWO`` word of
        another system's different option.
    """
    before = REGISTRY[rules.system]
    others = [spec for system in _PACKAGES if system != rules.system for spec in _options(system)]
    _check_unique([*others, *rules.options])
    _SYSTEMS[rules.system] = rules
    try:
        yield rules
    finally:
        _SYSTEMS[rules.system] = before


def option_specs() -> tuple[OptionSpec[Any], ...]:
    """Every system's own options, each once, in registry order: what an event can set
    and a TRF ``SWO`` line carries besides ``acceleration``."""
    specs: dict[str, OptionSpec[Any]] = {}
    for system in _PACKAGES:
        for spec in _options(system):
            specs.setdefault(spec.name, spec)
    return tuple(specs.values())


def _check_unique(specs: Sequence[OptionSpec[Any]]) -> None:
    """Two different options may not share a name or a word."""
    seen: dict[str, OptionSpec[Any]] = {}
    for spec in specs:
        for key in {spec.name, *(flag.word for flag in spec.flags())}:
            if seen.setdefault(key, spec) != spec:
                raise ValueError(f"two options are called {key}")


def rules_for(system: System | str) -> SystemRules:
    """The system called ``system`` (its enum member or its name, e.g. ``"lim"``).

    :raises UnsupportedFeature: no such system is implemented.
    """
    try:
        return REGISTRY[System(system)]
    except (KeyError, ValueError):
        raise UnsupportedFeature(words("unsupported.system", system=repr(str(system)))) from None


def acceleration_of(state: TournamentState, system: System | str) -> tuple[AcceleratedPoints, ...]:
    """The imaginary points ``system`` pairs ``state`` with, for every round they apply to.

    The state's own (``XXA``) when it has any; else the system's acceleration when the
    event asks for it (Baku, C.04.7, for the Dutch system of 2026; the SB text's for the
    others, and by default for the ``sb`` system).
    """
    rules = rules_for(system)
    if rules.acceleration is not None:
        return rules.acceleration(state)
    return common_acceleration.acceleration_in_force(
        state, system_default=rules.accelerates_by_default
    )


def pair_round(state: TournamentState, system: System | str, *, seed: int) -> RoundPairing:
    """Pair round ``state.round_number`` with ``system``; lots are drawn from ``seed``.

    Python's cyclic collector is paused while the system pairs (:mod:`.collector`).

    :raises UnsupportedFeature: the system is not implemented.
    :raises InvalidState: the state is inconsistent (see :mod:`~pairing.engine.validation`).
    :raises NoValidPairing: no pairing satisfies the system's absolute criteria.
    """
    rules = rules_for(system)
    validate_state(state)
    _validate_options(state)
    with collector_paused():
        return rules.pair(state, seed=seed)


def repair_round(
    state: TournamentState, published: RoundPairing, system: System | str, *, seed: int
) -> RoundPairing:
    """Pair again what is left of the ``published`` round ``state.round_number`` with the
    least disturbance (ESCA 25); ``state`` holds the requests the change answers.

    :raises UnsupportedFeature: the system is not implemented, or has no such rule.
    :raises InvalidState: the state is inconsistent (see :mod:`~pairing.engine.validation`).
    :raises NoValidPairing: no pairing satisfies the system's absolute criteria.
    """
    rules = rules_for(system)
    if rules.repair is None:
        raise UnsupportedFeature(words("unsupported.redraw", rules=rules.title))
    validate_state(state)
    _validate_options(state)
    with collector_paused():
        return rules.repair(state, published, seed=seed)


def _validate_options(state: TournamentState) -> None:
    """The state's system options, each declared by some system with a valid value
    (:func:`~pairing.engine.validation.validate_options`); a state that sets none has
    nothing to check, and the declarations are not read for it."""
    if state.options.values:
        validate_options(state.options, option_specs())


__all__ = [
    "REGISTRY",
    "acceleration_of",
    "option_specs",
    "pair_round",
    "registered",
    "repair_round",
    "rules_for",
]
