"""Whether a heterogeneous level's colour budgets can be met at all (Dutch A8, B4, C10, C11).

FIDE Handbook C.04.1 (1992 text): at one level of a heterogeneous bracket the moved-down
players S1 are paired with S2 within x_h colour conflicts, and the remainder R of S2
pairs p_R pairs within its own x (A8 of R, less j, plus the C11 step k).  R's x depends
on which S2 players S1 takes, so a level can walk thousands of pairings of S1 whose
remainders all need more conflicts than their x allows (round 53 of the 150-player,
139-round, seed-3031 event: 4,438 of them, 17-player remainders).  The whole level is
answered here by a few weighted matchings of one graph.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from pairing.engine.matching.primal_dual import max_weight_matching
from pairing.engine.systems.dutch1992.criteria import (
    FloatRules,
    _colour_class,
    colour_conflict,
    pair_allowed,
)
from pairing.engine.systems.dutch1992.entrants import Entrant

LEVEL_COLOURS_AFTER = 16
"""Remainders of one level that gave nothing before the level is put to the test (most
levels give a pairing at once, and the test costs a few matchings)."""

LISTING_REFUSALS = 256
"""Prefixes of S1's pairings refused by the checks of their remainder, in the listing of
one level, before the level is put to the test (:meth:`LevelColours.watching`)."""

MULTIPLIERS = ((1, 0), (2, 1), (1, 1), (1, 2), (1, 3))
"""Weights (remainder budget, head budget) of the Lagrangian bounds tried, in turn."""

_Edge = tuple[int, int, int]
"""An edge's colour conflict in the remainder, colour conflict in the head, and the
colour class (A7: 0 white, 1 black, 2 none) of the S2 player S1 takes (-1 if none)."""


def level_refuted(
    s1: Sequence[Entrant],
    s2: Sequence[Entrant],
    stay: frozenset[int],
    p_r: int,
    x_h: int,
    j: int,
    k: int,
    rules: FloatRules,
    moved: frozenset[int],
) -> bool:
    """True when no pairing of S1 within ``x_h`` leaves a remainder that can pair
    ``p_r`` pairs within its budget (Dutch A8, B4, C10, C11); False promises nothing.

    Every candidate of the level is a perfect matching M of one graph: S1 to S2 by the
    head's criteria, S2 to S2 by B1 and B2 with B5 and B6 dropped for downfloats (the
    remainder's loosest C9 step), and one stand-in for each player the remainder leaves
    over, joined to the S2 players not in ``stay`` (as :class:`remainder._RemainderGraph`).
    Let C_H be its head conflicts and C_R its remainder conflicts; then C_H <= x_h and
    C_R <= min(p_R, max(0, x(R) - j) + k).  By A8, x(R) = max(0, w_R - q, b_R - q) with
    q = ceil(|R| / 2), and w_R = w - h_w, b_R = b - h_b where w, b count S2's
    preferences for white and black and h_w, h_b those S1 takes (|R| = |S2| - |S1|
    whatever S1 takes).  So one of three linear conditions holds: C_R <= k, or
    C_R + h_w <= w - q - j + k, or C_R + h_b <= b - q - j + k.  For any weights r, h >= 0
    each gives r (C_R + h_colour) + h C_H <= r rhs + h x_h.  When the least such weight over all
    perfect matchings (one maximum-weight matching) exceeds it for some r, h, that
    condition fails for every candidate; when all three fail, the level has none.
    """
    head = len(s1)
    spare = len(s2) - head - 2 * p_r
    if spare < 0:
        return False
    size = head + len(s2) + spare
    loosest = FloatRules(down=2, up=rules.up)
    edges: dict[tuple[int, int], _Edge] = {}
    for i, a in enumerate(s1):
        for t, b in enumerate(s2):
            if pair_allowed(a, b, rules, moved):
                edges[(i, head + t)] = (0, int(colour_conflict(a, b)), _colour_class(b))
    for t, b in enumerate(s2):
        for u in range(t + 1, len(s2)):
            if pair_allowed(b, s2[u], loosest, moved):
                edges[(head + t, head + u)] = (int(colour_conflict(b, s2[u])), 0, -1)
        if t not in stay:
            for leaver in range(head + len(s2), size):
                edges[(head + t, leaver)] = (0, 0, -1)
    counts = [0, 0, 0]
    for b in s2:
        counts[_colour_class(b)] += 1
    q = (len(s2) - head + 1) // 2
    branches = ((-1, k), (0, counts[0] - q - j + k), (1, counts[1] - q - j + k))
    least: dict[tuple[int, int, int], int | None] = {}
    for colour, rhs in branches:
        refuted = False
        for r, h in MULTIPLIERS:
            key = (colour, r, h)
            if key not in least:
                least[key] = _least(edges, size, r, h, colour)
            found = least[key]
            if found is None or found > r * rhs + h * x_h:
                refuted = True
                break
        if not refuted:
            return False
    return True


def _least(
    edges: dict[tuple[int, int], _Edge], size: int, r: int, h: int, colour: int
) -> int | None:
    """The least r (C_R + h_colour) + h C_H of a perfect matching, None when none exists:
    every edge weighs more than any matching's whole cost, so a matching of greatest
    weight has the most edges, and of those the least cost."""
    costs = {
        pair: r * (remainder + (colour >= 0 and taken == colour)) + h * head
        for pair, (remainder, head, taken) in edges.items()
    }
    top = max(costs.values(), default=0)
    big = (size // 2 + 1) * top + 1
    mate = max_weight_matching(range(size), {pair: big - c for pair, c in costs.items()})
    if len(mate) < size:
        return None
    return sum(costs[(v, w)] for v, w in mate.items() if v < w)


class LevelColours:
    """:func:`level_refuted`, remembered for the round: C12 and C13 enter the same levels
    again and again."""

    def __init__(self) -> None:
        self._known: dict[tuple[object, ...], bool] = {}

    def refutes(
        self,
        s1: Sequence[Entrant],
        s2: Sequence[Entrant],
        stay: frozenset[int],
        p_r: int,
        x_h: int,
        j: int,
        k: int,
        rules: FloatRules,
        moved: frozenset[int],
    ) -> bool:
        """:func:`level_refuted`, worked out once for each level and players staying."""
        key = (
            tuple(a.number for a in s1),
            tuple(b.number for b in s2),
            stay,
            p_r,
            x_h,
            j,
            k,
            rules,
            moved,
        )
        known = self._known.get(key)
        if known is None:
            known = self._known[key] = level_refuted(s1, s2, stay, p_r, x_h, j, k, rules, moved)
        return known

    def watching(
        self,
        viable: Callable[[tuple[int, ...]], bool],
        s1: Sequence[Entrant],
        s2: Sequence[Entrant],
        stay: frozenset[int],
        p_r: int,
        x_h: int,
        j: int,
        k: int,
        rules: FloatRules,
        moved: frozenset[int],
    ) -> Callable[[tuple[int, ...]], bool]:
        """``viable`` (the checks of a prefix of S1's pairing against its remainder) that
        puts the level to :meth:`refutes` once it has refused :data:`LISTING_REFUSALS`
        prefixes, and refuses every prefix from then on when the level is refuted.

        Dutch A8, B4, C10, C11.  The checks of each remainder see its pairs and its x
        but not what the colours of all of them share: a level can refuse every pairing
        of S1 one remainder at a time and so give nothing after listing them all, before
        any remainder is tried (round 47 of the 150-player, 135-round, seed-9013 event:
        67,870 prefixes of a 10-player S1 against 23 S2 players, the remainders 13
        players with one who can only meet players of his own colour preference).  When
        the level is refuted no pairing of S1 leaves a remainder that can be paired, so
        refusing all of them changes no candidate; the answer only turns from true to
        false, as :func:`matching.lexicographic_assignments` requires of ``viable``.
        """
        refused = 0
        refuted = False

        def watched(prefix: tuple[int, ...]) -> bool:
            nonlocal refused, refuted
            if refuted:
                return False
            if viable(prefix):
                return True
            refused += 1
            if refused == LISTING_REFUSALS and self.refutes(
                s1, s2, stay, p_r, x_h, j, k, rules, moved
            ):
                refuted = True
            return False

        return watched
