"""A lower bound on the colour conflicts of each exchange of a level, on bit sets
(Dutch A8, B4, C8, D2).

FIDE Handbook C.04.1 (1992 text).  Every pairing of an S1/S2 division has at least as
many colour conflicts as S1 players that a maximum matching of its conflict-free allowed
pairs leaves over (``LevelSearch._conflict_bound``).  By König and Ore, that number is
the largest deficiency, over the sets T of S1 players, of T's conflict-free partners in
S2 against T's size.  Late in an event a level often has thousands of exchanges, each
ruled out by that bound.  One set, found once for the original division, bounds them
all: what is left of it in the new S1 has at least its count less its partners in the
new S2 as deficiency.  This asks a few bit operations an exchange instead of a matching.
"""

from __future__ import annotations

from collections.abc import Sequence

from pairing.engine.model import Colour
from pairing.engine.systems.dutch1992.bitsets import _bits, _positions
from pairing.engine.systems.dutch1992.divisions import Matching, _augment
from pairing.engine.systems.dutch1992.entrants import Entrant


def free_masks(players: Sequence[Entrant], allowed: Sequence[int]) -> list[int]:
    """Each player's allowed partners (``allowed``, bit sets of positions) with whom he
    has no colour conflict: both prefer the same colour (Dutch A8, B4)."""
    white = _bits(i for i, e in enumerate(players) if e.preference is Colour.WHITE)
    black = _bits(i for i, e in enumerate(players) if e.preference is Colour.BLACK)
    same = {Colour.WHITE: white, Colour.BLACK: black, None: 0}
    return [row & ~same[e.preference] for row, e in zip(allowed, players, strict=True)]


def deficient_set(rows: Sequence[int], side1: int, side2: int) -> int:
    """A set of ``side1`` positions with the largest deficiency of partners in ``side2``
    (``rows``: the partners of each position, bit sets): by König, those reached by
    alternating paths from the positions a maximum matching leaves over.  Their partners
    in ``side2`` are all matched, to members of the set, so the set outnumbers them by as
    many as the matching leaves over."""
    matching = Matching([-1] * len(rows), 0)
    for u in _positions(side1):
        _augment(u, rows, side2, matching, [0])
    mate = matching.mate
    stack = [u for u in _positions(side1) if mate[u] == -1]
    reached = 0
    while stack:
        u = stack.pop()
        if reached >> u & 1:
            continue
        reached |= 1 << u
        for v in _positions(rows[u] & side2):
            w = mate[v]
            if w != -1 and not reached >> w & 1:
                stack.append(w)
    return reached


class ExchangeDeficits:
    """The deficient set of a level's original division and a lower bound from it on the
    colour conflicts of each exchange (see the module's doc)."""

    __slots__ = ("_everyone", "_short", "exchanges", "loose")

    def __init__(self, free: Sequence[int], p: int, loose: tuple[Sequence[int], int]) -> None:
        """``free``: the conflict-free allowed partners of each position in the bracket
        (:func:`free_masks`); ``p``: the size of the original S1 (positions 0..p-1);
        ``loose``: the partner masks with every float criterion dropped and the players
        who may not be left unpaired even then, kept for the exchanges' readers."""
        self.loose = loose
        self.exchanges: dict[int, tuple[int, int, int]] = {}
        """By index in D2 order, each exchange listed: its S1 and the players leaving
        and entering S1, as bit sets of positions."""
        self._everyone = (1 << len(free)) - 1
        side1 = (1 << p) - 1
        short = deficient_set(free, side1, self._everyone & ~side1)
        self._short = [(1 << u, free[u]) for u in _positions(short)]

    def at_least(self, side1: int) -> int:
        """A lower bound on the colour conflicts of any pairing of the division whose S1
        is ``side1`` (a bit set of positions): the deficiency of the original set's
        members still in S1 against their conflict-free partners now in S2."""
        count = 0
        reach = 0
        for bit, row in self._short:
            if side1 & bit:
                count += 1
                reach |= row
        return count - (reach & self._everyone & ~side1).bit_count()
