"""The matchings a level's colour bounds found, kept for the levels that come back to it
(Dutch A8, B4, C8, C13, D2).

The C13 sub-searches of a penultimate bracket meet the same level of the same bracket
again and again, each with other players kept up; before working out the level's bounds
(:func:`lowest.least_conflicts`, :func:`lowest.priced_conflicts_within_exchanges`) each
asks whether a matching found before already shows them at most x
(:meth:`LevelSearch._witnessed`).  A late round of a 150-player event finds thousands of
such matchings for one level: they are kept here as bit sets, read a few integers at a
time.
"""

from __future__ import annotations

from collections.abc import Callable

from pairing.engine.systems.dutch1992.bitsets import _positions
from pairing.engine.systems.dutch1992.lowest import EXCHANGES, Witness


class WitnessFront:
    """The :class:`Witness` matchings of one group at one level of float criteria, as bit
    sets of matchings, to answer :meth:`witnessed` with a few operations on integers.

    The question asked of them is whether one leaving none of the players kept up over
    has at most x conflicts, and whether one of those also has at most
    :data:`EXCHANGES` pairs inside the original S2.  Each matching kept (each distinct
    set left over, conflicts and pairs inside) gets a bit; for each player, the bit set
    of the matchings leaving him over; for each number of conflicts, that of the
    matchings having at most so many; and that of the matchings within the exchanges.
    The matchings fitting a question are those having at most x conflicts less those
    leaving over some player kept up: the answers are those of reading every matching.
    """

    __slots__ = ("_at_most", "_holding", "_mask", "_seen", "_within")

    def __init__(self, mask: Callable[[frozenset[int]], int]) -> None:
        self._mask = mask
        """Sets of players as bit sets (:meth:`Feasibility.mask`)."""
        self._seen: dict[tuple[int, int, bool], int] = {}
        """Each matching kept (the players it leaves over as a bit set, its conflicts
        and whether it is within the exchanges) and its bit."""
        self._holding: dict[int, int] = {}
        """By player (his bit in :attr:`_mask`'s sets): the matchings leaving him over."""
        self._at_most: list[int] = []
        """By number of conflicts c: the matchings having at most c."""
        self._within = 0
        """The matchings with at most :data:`EXCHANGES` pairs inside the original S2."""

    def __len__(self) -> int:
        return len(self._seen)

    def add(self, witness: Witness) -> None:
        """Keep ``witness`` (once: the same one found again changes nothing)."""
        within = witness.inside <= EXCHANGES
        entry = (self._mask(witness.left), witness.conflicts, within)
        if entry in self._seen:
            return
        bit = 1 << len(self._seen)
        self._seen[entry] = bit
        for player in _positions(entry[0]):
            self._holding[player] = self._holding.get(player, 0) | bit
        if within:
            self._within |= bit
        at_most = self._at_most
        while len(at_most) <= witness.conflicts:
            at_most.append(at_most[-1] if at_most else 0)
        for conflicts in range(witness.conflicts, len(at_most)):
            at_most[conflicts] |= bit

    def add_all(self, found: list[Witness]) -> None:
        """:meth:`add` each of ``found``, emptying it (a list the bounds record into)."""
        for witness in found:
            self.add(witness)
        found.clear()

    def witnessed(self, kept: frozenset[int], x: int) -> tuple[bool, bool]:
        """Whether some witness leaving none of ``kept`` over has at most ``x`` conflicts
        and at most :data:`EXCHANGES` pairs inside the original S2, and whether some has
        at most ``x`` conflicts (:meth:`LevelSearch._witnessed` reads them)."""
        if not self._at_most or x < 0:
            return False, False
        fits = self._at_most[min(x, len(self._at_most) - 1)]
        if kept:
            holding = self._holding
            for player in _positions(self._mask(kept)):
                fits &= ~holding.get(player, 0)
                if not fits:
                    return False, False
        return bool(fits & self._within), bool(fits)
