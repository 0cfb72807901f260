"""The quick refutation of a remainder that must pair all its players (1992 Dutch B4,
C6-C9), against every perfect matching and against the walk of every D2 division."""

from __future__ import annotations

import random

import pytest

from pairing.engine.systems.dutch1992 import feasibility
from pairing.engine.systems.dutch1992.entrants import Entrant
from pairing.engine.systems.dutch1992.feasibility import Feasibility
from pairing.engine.systems.dutch1992.leftover_bound import least_conflicts
from tests.engine.test_dutch1992 import entrant

HISTORIES = ("", "W", "B", "WB", "BW", "WW", "BB", "WBW", "BWB")


def _perfect_matchings(players: list[int]) -> list[list[tuple[int, int]]]:
    if not players:
        return [[]]
    first, rest = players[0], players[1:]
    return [
        [(first, other), *more]
        for other in rest
        for more in _perfect_matchings([p for p in rest if p != other])
    ]


def test_dutch_b4_least_conflicts_of_a_perfect_matching_by_brute_force() -> None:
    rng = random.Random(1992)
    answers = set()
    for _ in range(400):
        n = rng.choice((0, 2, 4, 6, 8, 3))
        density = rng.random()
        costs: list[list[int | None]] = [[None] * n for _ in range(n)]
        for i in range(n):
            for j in range(i + 1, n):
                if rng.random() < density:
                    costs[i][j] = costs[j][i] = rng.randint(0, 1)
        totals = [
            sum(costs[i][j] or 0 for i, j in matching)
            for matching in (_perfect_matchings(list(range(n))) if n % 2 == 0 else [])
            if all(costs[i][j] is not None for i, j in matching)
        ]
        least = least_conflicts(costs)
        assert least == (min(totals) if totals else None)
        answers.add(least)
    assert {None, 0, 1} <= answers


def _group(rng: random.Random, n: int) -> list[Entrant]:
    return [entrant(number, rng.choice(HISTORIES)) for number in range(1, n + 1)]


@pytest.mark.parametrize("seed", [1, 2])
def test_dutch_c8_leftover_sets_as_when_every_division_is_walked(
    seed: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A group of 2p players whose every pairing would break the budget has no set of
    players left over: the same answer as walking the original division and every
    exchange of D2, which it skips."""
    rng = random.Random(seed)
    refuted = paired = 0
    for _ in range(300):
        p = rng.randint(0, 5)
        n = 2 * p + rng.choice((0, 0, 0, 1, 2))
        rest = _group(rng, n)
        density = rng.random()
        allowed = [[i != j and rng.random() < density for j in range(n)] for i in range(n)]
        budget = rng.randint(0, p)
        quick = Feasibility()._remainder_leftovers(rest, p, budget, 0, frozenset(), allowed)
        with monkeypatch.context() as patch:
            patch.setattr(feasibility, "pairing_conflicts", lambda *_: 0)
            walked = Feasibility()._remainder_leftovers(rest, p, budget, 0, frozenset(), allowed)
        assert quick == walked, (n, p, budget)
        if n == 2 * p and p:
            refuted += not walked
            paired += bool(walked)
    assert refuted and paired
