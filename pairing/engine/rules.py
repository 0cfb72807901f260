"""What every pairing system offers the rest of the project: :class:`SystemRules`.

Each system's package (``pairing/engine/systems/NAME/``) builds one ``SystemRules``
named ``RULES``; :mod:`pairing.engine.registry` collects them.  The command line, the
web app and the generator reach a system only through this interface, so nothing
outside a system's package needs its internals, and no code outside the registry asks
which system it is dealing with.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Protocol

from .floats import Float
from .messages import Message
from .model import (
    AcceleratedPoints,
    PairingNumber,
    Player,
    RoundPairing,
    System,
    TournamentState,
)
from .options import OptionSpec

if TYPE_CHECKING:
    # Named by the checker's protocol only: pairing a round needs no legality checks.
    from .legality import Violation


class PairFn(Protocol):
    """A system's pairer: ``pair(state, *, seed) -> RoundPairing`` (lots from ``seed``)."""

    def __call__(self, state: TournamentState, *, seed: int) -> RoundPairing: ...


class OrderFn(Protocol):
    """The system's initial order: the players' present numbers in the order the system
    gives pairing numbers (Dutch A2, Lim 7, ...); lots, if any, from ``seed``."""

    def __call__(self, players: Sequence[Player], *, seed: int) -> tuple[PairingNumber, ...]: ...


class CheckFn(Protocol):
    """The system's own absolute criteria broken by ``pairing`` (structure aside)."""

    def __call__(
        self,
        state: TournamentState,
        pairing: RoundPairing,
        players: Mapping[PairingNumber, Player],
    ) -> list[Violation]: ...


class WarnFn(Protocol):
    """Relative criteria a hand-made pairing breaks, as messages naming the system's rules
    (``str()`` reads each in English)."""

    def __call__(self, state: TournamentState, pairing: RoundPairing) -> list[Message]: ...


class FloatFn(Protocol):
    """Each player's float in each completed round, by the system's meaning of a float."""

    def __call__(self, state: TournamentState) -> dict[PairingNumber, tuple[Float | None, ...]]: ...


class AccelerationFn(Protocol):
    """The imaginary points the pairing of a state uses, for every round they apply to:
    the state's own (``XXA``), else what the system computes when the event asks for
    acceleration."""

    def __call__(self, state: TournamentState) -> tuple[AcceleratedPoints, ...]: ...


class RepairFn(Protocol):
    """Pair again what is left of a published round, keeping what can be kept."""

    def __call__(
        self, state: TournamentState, published: RoundPairing, *, seed: int
    ) -> RoundPairing: ...


@dataclass(frozen=True, slots=True, kw_only=True)
class SystemRules:
    """One pairing system, as the rest of the project sees it."""

    system: System
    title: str
    """What an arbiter calls it, e.g. ``"FIDE Dutch system, 1992 text"``."""
    rule_text: str
    """The published rule text it implements, by name."""
    accelerates_by_default: bool
    """True when the text itself accelerates rounds 1 and 2 (the SB text)."""
    fide_rated: bool = False
    """True for the system FIDE-rated events must be paired by today (C.04.3, 2026); the
    app labels the others "not for FIDE-rated events"."""
    pair: PairFn
    initial_order: OrderFn
    check: CheckFn
    warnings: WarnFn
    float_history: FloatFn
    acceleration: AccelerationFn | None = None
    """The system's own acceleration (Baku, C.04.7, for the Dutch system of 2026); ``None``
    for the SB text's acceleration of rounds 1 and 2 (``pairing.engine.acceleration``)."""
    repair: RepairFn | None = None
    """Re-pairing a published round (ESCA 25); ``None`` where the text has no such rule."""
    options: tuple[OptionSpec[Any], ...] = ()
    """The system's own options, in the order the event form shows them; every system
    also reads :attr:`~pairing.engine.model.PairingOptions.acceleration`."""
    default_tiebreaks: tuple[str, ...] = ()
    """The tie-break codes (``tiebreaks.parse_tiebreaks``) a new event of this system
    starts with, in order: what its rule text, or else FIDE C.07, recommends for it."""


__all__ = [
    "AccelerationFn",
    "CheckFn",
    "FloatFn",
    "OrderFn",
    "PairFn",
    "RepairFn",
    "SystemRules",
    "WarnFn",
]
