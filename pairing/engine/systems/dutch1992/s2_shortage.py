"""How many players of the original S2 no matching pairs into S1 or over (Dutch A5, B1,
B2, D2): a quick necessary test for :func:`lowest.within_exchange_witness`.

FIDE Handbook C.04.1 (1992 text).  Every pairing of a division within D2's exchanges is a
perfect matching of the level's group (the players left over matched to stand-ins, one
for each, joined to the players who may leave) with at most :data:`lowest.EXCHANGES`
pairs inside the original S2 N.  Its other players of N are matched with players of the
original S1 T or with stand-ins: a matching of N into T and the stand-ins, which leaves
at most twice :data:`lowest.EXCHANGES` players of N over.  So when the largest such
matching leaves more over, no division within D2's exchanges pairs the level, at any x.
One bipartite matching on bit sets, read from the group's partner masks, instead of the
weighted graph of the whole group.
"""

from __future__ import annotations

from collections.abc import Sequence

from pairing.engine.systems.dutch1992.divisions import Matching, _augment


def s2_shortage(allowed: Sequence[int], p: int, leavers: int) -> int:
    """How many players of N (positions p to n - 1 of ``allowed``, each position's
    allowed partners as a bit set) a largest matching into T (positions 0 to p - 1) and
    the n - 2p stand-ins leaves over; ``leavers``: the positions of the players who may
    be left over (joined to every stand-in), as a bit set."""
    n = len(allowed)
    spare = n - 2 * p
    top = (1 << p) - 1
    stand_ins = ((1 << spare) - 1) << n if spare > 0 else 0
    rows = [0] * n
    for j in range(p, n):
        rows[j] = allowed[j] & top | (stand_ins if leavers >> j & 1 else 0)
    matching = Matching([-1] * (n + max(spare, 0)), 0)
    right = top | stand_ins
    return sum(1 for j in range(p, n) if not _augment(j, rows, right, matching, [0]))
