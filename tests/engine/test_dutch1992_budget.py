"""1992 Dutch: C13's closed form asked of the project's own weighted matching (#38).

:func:`_within_budget` (a perfect matching with at most two pairs inside the lower half,
Dutch C13, D2) answers from the two bounds of a branch and bound's first node and, when
they differ, from one minimum-cost perfect matching; the colour bounds of a level
(Dutch B4) are minimum-cost perfect matchings too.  Held here to the branch and bound,
and to not asking NetworkX.
"""

from __future__ import annotations

import random
from collections.abc import Mapping

import networkx as nx
import pytest

from pairing.engine.matching import perfect_matching_within
from pairing.engine.matching.primal_dual import max_weight_matching
from pairing.engine.systems.dutch1992 import lowest
from pairing.engine.systems.dutch1992.lowest import (
    WEIGHTED_FROM,
    _budget_matching,
    _within_budget,
    least_conflicts,
    priced_conflicts_within_exchanges,
)

from .test_dutch1992_bitsets import RULES, _random_bracket, _symmetric


def _graph(rng: random.Random, size: int) -> tuple[list[list[int]], list[list[int]]]:
    cheap: list[list[int]] = [[] for _ in range(size)]
    costly: list[list[int]] = [[] for _ in range(size)]
    density, dear = rng.uniform(0.03, 0.4), rng.uniform(0.1, 0.9)
    for v in range(size):
        for w in range(v + 1, size):
            if rng.random() < density:
                edges = costly if rng.random() < dear else cheap
                edges[v].append(w)
                edges[w].append(v)
    return cheap, costly


def test_dutch_c13_within_budget_as_branch_and_bound_on_every_path(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """From :data:`WEIGHTED_FROM` vertices on, the bounds and the weighted matching answer
    as :func:`perfect_matching_within` does, and each of them decides some graphs."""
    weighted = max_weight_matching
    asked = []

    def counted(vertices: range, weights: Mapping[tuple[int, int], int]) -> dict[int, int]:
        asked.append(len(vertices))
        return weighted(vertices, weights)

    monkeypatch.setattr(lowest, "max_weight_matching", counted)
    rng = random.Random(2034)
    answers = {True: 0, False: 0}
    for _ in range(400):
        size = rng.randint(WEIGHTED_FROM, 32)
        cheap, costly = _graph(rng, size)
        budget = rng.randint(0, 3)
        expected = perfect_matching_within(cheap, costly, budget) is not None
        assert _within_budget(cheap, costly, budget) == expected
        answers[expected] += 1
    assert min(answers.values()) > 30
    assert 10 < len(asked) < 400
    assert WEIGHTED_FROM <= 16


def test_dutch_b4_bounds_and_c13_ask_no_networkx(monkeypatch: pytest.MonkeyPatch) -> None:
    """The level's colour bounds and C13's closed form use the project's primal-dual
    matching: NetworkX is not imported for them (its import costs a round about 0.15 s)."""

    def refused(*_: object, **__: object) -> object:
        raise AssertionError("NetworkX asked")

    monkeypatch.setattr(nx, "max_weight_matching", refused)
    rng = random.Random(1992)
    found = 0
    for _ in range(60):
        n = rng.randint(6, 16)
        p = rng.randint(1, n // 2)
        players = _symmetric(_random_bracket(rng, n), rng)
        group = (players, p, rng.choice(RULES), frozenset[int](), rng.random() < 0.5)
        found += least_conflicts(*group, frozenset()) is not None
        priced_conflicts_within_exchanges(*group, frozenset(), 2)
    for _ in range(40):
        cheap, costly = _graph(rng, 2 * rng.randint(20, 24))
        _within_budget(cheap, costly, 2)
    assert found > 10


def test_dutch_d2_within_exchanges_asks_the_closed_form(monkeypatch: pytest.MonkeyPatch) -> None:
    """Whether a level can be paired within D2's two exchanges is the same question as
    C13's closed form (at most two pairs inside the original S2): asked of
    :func:`_budget_matching` (:func:`_within_budget`'s matching), it answers as the
    branch and bound does."""
    asked: list[bool] = []

    def checked(
        cheap: list[list[int]],
        costly: list[list[int]],
        budget: int,
        warm: tuple[object, ...] | None = None,
    ) -> list[int] | None:
        mate = _budget_matching(cheap, costly, budget, warm)
        answer = mate is not None
        assert answer == (perfect_matching_within(cheap, costly, budget) is not None)
        if mate is not None:  # a perfect matching of the graph within the budget
            assert all(mate[mate[v]] == v and mate[v] != v for v in range(len(mate)))
            assert all(mate[v] in (*cheap[v], *costly[v]) for v in range(len(mate)))
            assert sum(1 for v in range(len(mate)) if mate[v] in costly[v]) <= 2 * budget
        asked.append(answer)
        return mate

    monkeypatch.setattr(lowest, "_budget_matching", checked)
    rng = random.Random(2052)
    for _ in range(120):
        n = rng.randint(8, 18)
        p = rng.randint(1, n // 2)
        players = _symmetric(_random_bracket(rng, n), rng)
        group = (players, p, rng.choice(RULES), frozenset[int](), rng.random() < 0.5)
        kept = frozenset(e.number for e in players if rng.random() < 0.2)
        assert lowest.within_exchanges(*group, kept) == asked[-1]
    assert len(asked) == 120 and len(set(asked)) == 2
