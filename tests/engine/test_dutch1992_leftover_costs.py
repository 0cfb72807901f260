"""1992 Dutch B4, C6-C9, D2: the sets of players a small remainder group's pairings could
leave over, worked out once with their fewest colour conflicts and read at each budget
(``leftover_costs``, ``Feasibility._remainder_leftovers``), against a walk of every
division at each budget."""

from __future__ import annotations

import random
from collections.abc import Sequence

from pairing.engine.systems.dutch1992.bitsets import _bits
from pairing.engine.systems.dutch1992.criteria import colour_conflict
from pairing.engine.systems.dutch1992.entrants import Entrant
from pairing.engine.systems.dutch1992.exchanges import _division_sides
from pairing.engine.systems.dutch1992.feasibility import Feasibility
from pairing.engine.systems.dutch1992.leftover_costs import leftover_costs
from tests.engine.test_dutch1992 import entrant

HISTORIES = ("", "W", "B", "WB", "BW", "WW", "BB", "WBW", "BWB")


def _walk(
    rest: Sequence[Entrant],
    allowed: Sequence[Sequence[bool]],
    side1: Sequence[int],
    side2: Sequence[int],
    taken: int,
    budget: int,
) -> set[int]:
    """The sets of S2 players left over by the pairings of ``side1`` into ``side2`` (the
    ``taken`` ones excepted) within ``budget`` colour conflicts."""
    if budget < 0:
        return set()
    if not side1:
        return {_bits(side2) & ~taken}
    i, later = side1[0], side1[1:]
    family: set[int] = set()
    for j in side2:
        if not taken >> j & 1 and allowed[i][j]:
            cost = 1 if colour_conflict(rest[i], rest[j]) else 0
            family |= _walk(rest, allowed, later, side2, taken | 1 << j, budget - cost)
    return family


def _walked(
    rest: Sequence[Entrant], p: int, budget: int, allowed: Sequence[Sequence[bool]]
) -> frozenset[int]:
    """Every pairing of every division (the original and the D2 exchanges) within the
    budget, by brute force: the sets of S2 players each leaves over."""
    family: set[int] = set()
    for side1 in _division_sides(len(rest), p):
        side2 = [j for j in range(len(rest)) if j not in side1]
        family |= _walk(rest, allowed, side1, side2, 0, budget)
    return frozenset(family)


def test_dutch_c8_leftover_sets_at_every_budget_as_walked() -> None:
    """One group asked at some budgets in any order, or at every budget from 0: each
    answer is the brute force's, though the group is walked at most twice; the fewest
    conflicts worked out up to a budget tell the sets within each smaller budget."""
    rng = random.Random(1992)
    sizes = set()
    for _ in range(150):
        p = rng.randint(0, 4)
        n = 2 * p + rng.choice((0, 1, 2, 3))
        rest = [entrant(number, rng.choice(HISTORIES)) for number in range(1, n + 1)]
        density = rng.random()
        allowed = [[i != j and rng.random() < density for j in range(n)] for i in range(n)]
        feasibility = Feasibility()
        walked = [_walked(rest, p, budget, allowed) for budget in range(p + 1)]
        asked = [rng.randint(0, p) for _ in range(rng.randint(1, 4))]
        if rng.random() < 0.5:
            asked = list(range(p + 1))
        for budget in asked:
            family = feasibility._remainder_leftovers(rest, p, budget, 0, frozenset(), allowed)
            assert family == walked[budget], (n, p, budget)
            sizes.add(len(family))
        for most in range(p + 1):
            costs = leftover_costs(rest, p, allowed, most)
            assert set(costs) == walked[most]
            assert all(
                (cost <= budget) == (left in walked[budget])
                for left, cost in costs.items()
                for budget in range(most + 1)
            )
    assert len(sizes) > 5
