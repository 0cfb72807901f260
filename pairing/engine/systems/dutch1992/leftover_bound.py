"""Whether some division pairs every player of a remainder (Dutch B4, C6-C9, D2).

:meth:`Feasibility._remainder_leftovers` works out, for each S1/S2 division of a small
remainder (the original and the D2 exchanges), which sets of players its pairings could
leave over.  When the remainder has exactly twice as many players as pairs, the only such
set is the empty one, and whether some division gives it is one question: a search over
the perfect matchings of the group within the budget of colour conflicts, divisions
aside, that counts the pairs each has inside the upper half
(:func:`some_division_pairs_all`), instead of one search per division.
"""

from __future__ import annotations

from collections.abc import Sequence


def some_division_pairs_all(
    meets: Sequence[int],
    conflicts: Sequence[int],
    group: int,
    budget: int,
    failed: set[tuple[int, int, int, int]] | None = None,
) -> bool:
    """Whether the original S1/S2 division of ``group`` (a bit set of an even number 2p
    of players, S1 the first p in bit order) or one of its D2 exchanges pairs all of them
    with at most ``budget`` colour conflicts (B4).  ``meets[t]`` and ``conflicts[t]`` are
    the bit sets of the players t may meet (a symmetric relation) and of those t has a
    colour conflict with.

    Dutch A6, D2: in a group of 2p players an exchange moves any one or two players of
    the upper half but the first out of S1 and as many of the lower half but the last
    into it.  A perfect matching of the group is a division's pairing exactly when each
    pair has one player in S1.  Who may meet does not depend on who is in S1, so a pair
    across the halves meets as it stands, a pair inside the upper half needs one of its
    players moved out (one of them is not the first) and a pair inside the lower half
    one moved in (one is not the last).  Both halves have as many inner pairs, so a
    matching is a division's pairing when it has at most two pairs inside the upper
    half.  The first open player is paired in turn with each partner; the open sets found
    to fail, with those of them in the upper half and what was left of the budget and of
    the two pairs, are remembered in ``failed``: all that the answer depends on, so a
    caller may share it between groups of the same ``meets`` and ``conflicts``.
    """
    if group.bit_count() % 2:
        return False
    upper = 0
    rest = group
    for _ in range(group.bit_count() // 2):
        low = rest & -rest
        upper |= low
        rest ^= low
    if failed is None:
        failed = set()

    def pairs_all(open_: int, spare: int, inner: int) -> bool:
        if not open_:
            return True
        key = (open_, open_ & upper, spare, inner)
        if key in failed:
            return False
        low = open_ & -open_
        t = low.bit_length() - 1
        others = open_ ^ low
        in_upper = low & upper
        options = meets[t] & others
        if in_upper and not inner:
            options &= ~upper
        cheap = options & ~conflicts[t]
        costly = options & conflicts[t] if spare else 0
        for choices, cost in ((cheap, 0), (costly, 1)):
            while choices:
                bit = choices & -choices
                choices ^= bit
                used = 1 if in_upper and bit & upper else 0
                if pairs_all(others ^ bit, spare - cost, inner - used):
                    return True
        failed.add(key)
        return False

    return pairs_all(group, budget, 2)
