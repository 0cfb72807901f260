"""The matchings a level's colour bounds found, kept for the levels that come back to it
(Dutch A8, B4, C8, C13, D2).

The C13 sub-searches of a penultimate bracket meet the same level of the same bracket
again and again, each with other players kept up; before working out the level's bounds
(:func:`lowest.least_conflicts`, :func:`lowest.priced_conflicts_within_exchanges`) each
asks whether a matching found before already shows them at most x
(:meth:`LevelSearch._witnessed`).  A late round of a 150-player event finds thousands of
such matchings for one level, most of them saying nothing the others do not: only those
are kept here.
"""

from __future__ import annotations

from collections.abc import Callable

from pairing.engine.systems.dutch1992.lowest import EXCHANGES, Witness


class WitnessFront:
    """The :class:`Witness` matchings of one group at one level of float criteria, less
    those another one makes redundant.

    The question asked of them (:meth:`witnessed`) is whether one leaving none of the
    players kept up over has at most x conflicts, and whether one of those also has at
    most :data:`EXCHANGES` pairs inside the original S2.  A witness is redundant when
    another one leaves over only players it leaves over too, has no more conflicts, and
    has few enough pairs inside the original S2 whenever it has: for any players kept up
    and any x, the other one answers yes wherever it does.  So the answers are those of
    every witness found (Pareto's front of the three orders).
    """

    __slots__ = ("_front", "_mask")

    def __init__(self, mask: Callable[[frozenset[int]], int]) -> None:
        self._mask = mask
        """Sets of players as bit sets (:meth:`Feasibility.mask`)."""
        self._front: list[tuple[int, int, bool]] = []
        """Each witness kept: the players it leaves over (a bit set), its conflicts and
        whether it has at most :data:`EXCHANGES` pairs inside the original S2."""

    def __len__(self) -> int:
        return len(self._front)

    def add(self, witness: Witness) -> None:
        """Keep ``witness`` unless another one makes it redundant; drop those it does."""
        left = self._mask(witness.left)
        conflicts = witness.conflicts
        within = witness.inside <= EXCHANGES
        for known, cost, inside in self._front:
            if known & ~left == 0 and cost <= conflicts and (inside or not within):
                return
        self._front = [
            entry
            for entry in self._front
            if not (left & ~entry[0] == 0 and conflicts <= entry[1] and (within or not entry[2]))
        ]
        self._front.append((left, conflicts, within))

    def add_all(self, found: list[Witness]) -> None:
        """:meth:`add` each of ``found``, emptying it (a list the bounds record into)."""
        for witness in found:
            self.add(witness)
        found.clear()

    def witnessed(self, kept: frozenset[int], x: int) -> tuple[bool, bool]:
        """Whether some witness leaving none of ``kept`` over has at most ``x`` conflicts
        and at most :data:`EXCHANGES` pairs inside the original S2, and whether some has
        at most ``x`` conflicts (:meth:`LevelSearch._witnessed` reads them)."""
        mask = self._mask(kept) if kept else 0
        least = False
        for left, conflicts, within in reversed(self._front):  # the latest fit the next best
            if conflicts > x or left & mask:
                continue
            if within:
                return True, True
            least = True
        return False, least
