"""Whether some division pairs every player of a remainder (Dutch B4, C6-C9, D2).

:meth:`Feasibility._remainder_leftovers` works out, for each S1/S2 division of a small
remainder (the original and the D2 exchanges), which sets of players its pairings could
leave over.  When the remainder has exactly twice as many players as pairs, the only such
set is the empty one, and whether some division gives it is one question: a search over
the perfect matchings of the group within the budget of colour conflicts, divisions
aside, that counts how many players each needs moved between S1 and S2
(:func:`some_division_pairs_all`), instead of one search per division.
"""

from __future__ import annotations

from collections.abc import Sequence

from pairing.engine.systems.dutch1992.entrants import Entrant


def some_division_pairs_all(
    rest: Sequence[Entrant], allowed: Sequence[Sequence[bool]], budget: int
) -> bool:
    """Whether the original S1/S2 division of ``rest`` (an even group of ``2p`` players,
    S1 the first p) or one of its D2 exchanges pairs every player with at most ``budget``
    colour conflicts (B4), S1 player i meeting S2 player j only when ``allowed[i][j]``.

    Dutch A6, D2: an exchange moves one or two players of the upper half, not the first,
    out of S1 and as many of the lower half, not the last, into it (in a group of 2p
    players every such pair of sets is one exchange).  A perfect matching of the group
    is a division's pairing exactly when each pair has one player in S1: a pair within
    the upper half needs one of its players moved out, one within the lower half one
    moved in, and a pair across the halves meets as it stands or with both its players
    moved.  The upper half's inner pairs are as many as the lower half's, so a matching
    is a division's pairing when its pairs need at most two players moved out in all.
    The first open player is paired in turn with each partner, pairs without a colour
    conflict first; the open sets found to fail, with what was left of the budget and
    of the moves, are remembered.
    """
    n = len(rest)
    if n % 2:
        return False
    half = n // 2
    preference = [e.preference for e in rest]
    by_cost: tuple[list[int], list[int]] = ([0] * n, [0] * n)
    """For each player, the later partners without and with a colour conflict, as bit
    sets: bit ``j + n * moves`` for a partner j whose pair needs ``moves`` (0 or 1)."""
    for i in range(n):
        mine = preference[i]
        for j in range(i + 1, n):
            moves = _moves(i, j, half, n, allowed)
            if moves is not None:
                conflict = mine is not None and mine is preference[j]
                by_cost[conflict][i] |= 1 << (j + n * moves)
    everyone = (1 << n) - 1
    failed: set[tuple[int, int, int]] = set()

    def pairs_all(open_: int, spare: int, moves: int) -> bool:
        if not open_:
            return True
        if (open_, spare, moves) in failed:
            return False
        first = (open_ & -open_).bit_length() - 1
        others = open_ & ~(1 << first)
        for cost in range(min(spare, 1) + 1):
            options = by_cost[cost][first]
            for extra in range(min(moves, 1) + 1):
                partners = options >> (n * extra) & others
                while partners:
                    bit = partners & -partners
                    partners ^= bit
                    if pairs_all(others & ~bit, spare - cost, moves - extra):
                        return True
        failed.add((open_, spare, moves))
        return False

    return pairs_all(everyone, budget, 2)


def _moves(i: int, j: int, half: int, n: int, allowed: Sequence[Sequence[bool]]) -> int | None:
    """How many players pair i < j of a group of ``n = 2 * half`` needs moved out of S1
    (Dutch D2) to meet as an S1 and an S2 player, or None when no division lets them."""
    if j < half:  # both in the upper half: one leaves S1, never the first player
        return 1 if allowed[i][j] or (i and allowed[j][i]) else None
    if half <= i:  # both in the lower half: one enters S1, never the last (not counted)
        return 0 if allowed[i][j] or (j < n - 1 and allowed[j][i]) else None
    if allowed[i][j]:
        return 0
    return 1 if i and j < n - 1 and allowed[j][i] else None
