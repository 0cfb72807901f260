"""1992 Dutch C13, D2: the closed form of the lowest bracket asked of the branch and bound
up to a number of nodes, then of the weighted matching (#38).

``lowest._within_budget`` asks :func:`perfect_matching_within` first in graphs under
:data:`lowest.WEIGHTED_FROM` vertices; past :data:`lowest.BRANCH_NODES` nodes it asks
the weighted matching instead.  Held here to the branch and bound run to its end.
"""

from __future__ import annotations

import random

import pytest

from pairing.engine.matching import SearchTooLong, perfect_matching_within
from pairing.engine.systems.dutch1992 import lowest
from pairing.engine.weighted import max_weight_matching


def _graph(rng: random.Random, n: int) -> tuple[list[list[int]], list[list[int]]]:
    """A random graph whose edges inside its lower half are the costly ones, as in a
    lowest bracket's closed form (pairs inside the original S2)."""
    cheap: list[list[int]] = [[] for _ in range(n)]
    costly: list[list[int]] = [[] for _ in range(n)]
    inside, across = rng.choice(((0.3, 0.1), (0.6, 0.15), (0.8, 0.05), (0.5, 0.3)))
    for i in range(n):
        for j in range(i + 1, n):
            both = i >= n // 2 and j >= n // 2
            if rng.random() < (inside if both else across):
                edges = costly if both else cheap
                edges[i].append(j)
                edges[j].append(i)
    return cheap, costly


def test_dutch_d2_branch_and_bound_stops_past_its_nodes() -> None:
    """The branch and bound either answers within its nodes, as it does without a limit,
    or gives no answer at all."""
    rng = random.Random(38)
    stopped = 0
    for _ in range(200):
        cheap, costly = _graph(rng, rng.choice((8, 12, 16, 20)))
        whole = perfect_matching_within(cheap, costly, 2)
        try:
            found = perfect_matching_within(cheap, costly, 2, nodes=2)
        except SearchTooLong:
            stopped += 1
            continue
        assert (found is None) == (whole is None)
    assert stopped


def test_dutch_c13_closed_form_past_the_nodes_answers_as_the_branch_and_bound(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Dutch C13, D2: with the weighted matching asked past one node of the branch and
    bound, every graph gets the answer of the branch and bound run to its end, and the
    weighted matching answers some of them."""
    rng = random.Random(2034)
    weighted = 0

    def counted(*args: object, **kwargs: object) -> dict[int, int]:
        nonlocal weighted
        weighted += 1
        return max_weight_matching(*args, **kwargs)  # type: ignore[arg-type]  # a spy passes on what it was given

    monkeypatch.setattr(lowest, "BRANCH_NODES", 1)
    monkeypatch.setattr(lowest, "max_weight_matching", counted)
    for _ in range(200):
        cheap, costly = _graph(rng, rng.choice((8, 12, 16, 20, 24)))
        for budget in (0, 1, 2):
            whole = perfect_matching_within(cheap, costly, budget) is not None
            assert lowest._within_budget(cheap, costly, budget) == whole
    assert weighted
