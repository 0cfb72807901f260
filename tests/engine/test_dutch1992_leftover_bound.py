"""The one search that tells whether some division pairs every player of a remainder of
2p players (1992 Dutch B4, C6-C9, D2), against the walk of every D2 division."""

from __future__ import annotations

import random

import pytest

from pairing.engine.systems.dutch1992.bitsets import _bits
from pairing.engine.systems.dutch1992.criteria import colour_conflict
from pairing.engine.systems.dutch1992.entrants import Entrant
from pairing.engine.systems.dutch1992.exchanges import _division_sides
from pairing.engine.systems.dutch1992.feasibility import Feasibility
from pairing.engine.systems.dutch1992.leftover_bound import some_division_pairs_all
from tests.engine.test_dutch1992 import entrant

HISTORIES = ("", "W", "B", "WB", "BW", "WW", "BB", "WBW", "BWB")


def _group(rng: random.Random, n: int) -> list[Entrant]:
    return [entrant(number, rng.choice(HISTORIES)) for number in range(1, n + 1)]


def _walked(rest: list[Entrant], p: int, budget: int, allowed: list[list[bool]]) -> frozenset[int]:
    """The sets left over by each division's pairings within the budget, division by
    division: S1 players given S2 players in turn, the fewest conflicts of each set."""
    n = len(rest)
    family: set[int] = set()
    for side1 in _division_sides(n, p):
        side2 = [j for j in range(n) if j not in side1]
        spent = {0: 0}
        for i in side1:
            taken: dict[int, int] = {}
            for mask, cost in spent.items():
                for j in side2:
                    if mask >> j & 1 or not allowed[i][j]:
                        continue
                    total = cost + colour_conflict(rest[i], rest[j])
                    if total <= budget and taken.get(mask | 1 << j, budget + 1) > total:
                        taken[mask | 1 << j] = total
            spent = taken
        family.update(_bits(side2) & ~mask for mask in spent)
    return frozenset(family)


@pytest.mark.parametrize("symmetric", [True, False])
def test_dutch_d2_some_division_pairs_all_as_when_every_division_is_walked(
    symmetric: bool,
) -> None:
    """A perfect matching needing at most two players moved out of S1 is a division's
    pairing: the same answer as walking the original division and every exchange."""
    rng = random.Random(1992 + symmetric)
    answers = set()
    for _ in range(600):
        p = rng.randint(0, 6)
        rest = _group(rng, 2 * p)
        density = rng.random()
        allowed = [[i != j and rng.random() < density for j in range(2 * p)] for i in range(2 * p)]
        if symmetric:
            allowed = [[allowed[min(i, j)][max(i, j)] for j in range(2 * p)] for i in range(2 * p)]
        budget = rng.randint(0, p)
        answer = some_division_pairs_all(rest, allowed, budget)
        assert answer == (0 in _walked(rest, p, budget, allowed)), (p, budget)
        answers.add(answer)
    assert answers == {True, False}


@pytest.mark.parametrize("seed", [1, 2])
def test_dutch_c8_leftover_sets_as_when_every_division_is_walked(seed: int) -> None:
    """The sets of players a remainder's pairings could leave over are those of the
    walk of the original division and every exchange of D2, whether or not the group
    has exactly twice as many players as pairs."""
    rng = random.Random(seed)
    paired = refuted = 0
    for _ in range(300):
        p = rng.randint(0, 5)
        n = 2 * p + rng.choice((0, 0, 0, 1, 2))
        rest = _group(rng, n)
        density = rng.random()
        allowed = [[i != j and rng.random() < density for j in range(n)] for i in range(n)]
        budget = rng.randint(0, p)
        quick = Feasibility()._remainder_leftovers(rest, p, budget, 0, frozenset(), allowed)
        assert quick == _walked(rest, p, budget, allowed), (n, p, budget)
        if n == 2 * p and p:
            paired += bool(quick)
            refuted += not quick
    assert paired and refuted
