"""A quick refutation of a remainder that must pair all its players (Dutch B4, C6-C9).

:meth:`Feasibility._remainder_leftovers` works out, for each S1/S2 division of a small
remainder (the original and the D2 exchanges), which sets of players its pairings could
leave over.  When the remainder has exactly twice as many players as pairs, the only such
set is the empty one, and most remainders met in a round have none at all: every
division must then be tried before that is known.  Each division's pairing is a perfect
matching of the remainder's players, with the same colour conflicts, on pairs allowed in
one direction or the other.  So when no perfect matching of the whole group, divisions
aside, stays within the budget of colour conflicts, no division can pair the remainder,
and this is known from one small search instead of one per division.
"""

from __future__ import annotations

from collections.abc import Sequence

from pairing.engine.systems.dutch1992.criteria import colour_conflict
from pairing.engine.systems.dutch1992.entrants import Entrant


def pairing_conflicts(rest: Sequence[Entrant], allowed: Sequence[Sequence[bool]]) -> int | None:
    """The fewest colour conflicts (B4) of a perfect matching of ``rest`` on pairs
    ``allowed`` (in either direction), or None when it has none.  When it has none
    within a budget, no division of the group pairs all its players within it."""
    n = len(rest)
    costs = [
        [
            (1 if colour_conflict(rest[i], rest[j]) else 0)
            if allowed[i][j] or allowed[j][i]
            else None
            for j in range(n)
        ]
        for i in range(n)
    ]
    return least_conflicts(costs)


def least_conflicts(costs: Sequence[Sequence[int | None]]) -> int | None:
    """The fewest colour conflicts (B4) of a perfect matching of the group, or None when
    it has none.  ``costs[i][j]`` is 1 for a pair with a colour conflict, 0 for one
    without, None for a pair that may not meet (in either direction).

    The group's first unpaired player is paired in turn with each partner; the least cost
    of the players still unpaired is remembered by their bit set (at most 2^n of them for
    the small groups asked about).
    """
    n = len(costs)
    if n % 2:
        return None
    partners = [
        [(j, c) for j in range(n) if j != i and (c := costs[i][j]) is not None] for i in range(n)
    ]
    known: dict[int, int | None] = {0: 0}

    def least(mask: int) -> int | None:
        if mask in known:
            return known[mask]
        low = (mask & -mask).bit_length() - 1
        rest = mask & ~(1 << low)
        best: int | None = None
        for j, c in partners[low]:
            if rest >> j & 1:
                below = least(rest & ~(1 << j))
                if below is not None and (best is None or below + c < best):
                    best = below + c
        known[mask] = best
        return best

    return least((1 << n) - 1)
