"""The sets of players a small remainder group's pairings could leave over, each with the
fewest colour conflicts of a pairing that leaves it (Dutch B4, C6-C9, D2).

:meth:`Feasibility._remainder_leftovers` is asked about one group at several budgets of
colour conflicts (B4, C9: the budget is relaxed level after level).  A pairing within a
budget is one within every larger budget, so the sets within a budget are those whose
fewest conflicts are at most it: the group is walked once, whatever the budget.
"""

from __future__ import annotations

from collections.abc import Sequence

from pairing.engine.systems.dutch1992.bitsets import _bits
from pairing.engine.systems.dutch1992.criteria import colour_conflict
from pairing.engine.systems.dutch1992.entrants import Entrant
from pairing.engine.systems.dutch1992.exchanges import _division_sides


def leftover_costs(
    rest: Sequence[Entrant],
    p: int,
    allowed: Sequence[Sequence[bool]],
    most: int,
) -> dict[int, int]:
    """For each set of players (bit set of positions in ``rest``) that a pairing of ``p``
    pairs between S1 and S2 of the group's original division or of one of the exchanges
    of D2 leaves over with at most ``most`` colour conflicts (B4), the fewest conflicts
    of such a pairing.  ``allowed[i][j]``: whether the i-th player of S1 may meet the
    j-th of ``rest`` in S2.

    S1's players take their partners in turn; the fewest conflicts are kept by the set of
    S2 players taken so far (costs only add up, so the fewest of a whole pairing are
    reached through the fewest of its first pairs, and a start past ``most`` is left)."""
    n = len(rest)
    everyone = (1 << n) - 1
    partners = [
        [(1 << j, 1 if colour_conflict(a, b) else 0) for j, b in enumerate(rest) if allowed[i][j]]
        for i, a in enumerate(rest)
    ]
    least: dict[int, int] = {}
    for side1 in _division_sides(n, p):
        side2 = everyone & ~_bits(side1)
        spent = {0: 0}
        for i in side1:
            choices = [(bit, cost) for bit, cost in partners[i] if bit & side2]
            taken: dict[int, int] = {}
            for mask, cost in spent.items():
                for bit, conflict in choices:
                    if not mask & bit:
                        total = cost + conflict
                        if total <= most and taken.get(mask | bit, total + 1) > total:
                            taken[mask | bit] = total
            spent = taken
        for mask, cost in spent.items():
            left = side2 & ~mask
            if least.get(left, cost + 1) > cost:
                least[left] = cost
    return least
