"""The weighted matching begun from an earlier optimum (#38) finds a matching of the
greatest weight, as the search from nothing does (the oracle), and the duals' proof of
optimality accepts exactly the optima.

Edmonds' primal-dual method (J. Edmonds, J. Res. NBS 69B, 1965) may begin from any
feasible duals tight on a matching: :func:`primal_dual_warm.warm_start` makes them from
the optimum of a related graph (some vertices gone, the weights shifted and their lowest
bits changed, as the steps of Article 4 of the Dutch system change them), and
:func:`primal_dual_warm.proves_optimum` checks what the search ends with.
"""

from __future__ import annotations

import random

from pairing.engine.matching import primal_dual, primal_dual_warm
from pairing.engine.matching.primal_dual_search import Search, heaviest
from pairing.engine.systems.dutch.order import Outcome

Weights = dict[tuple[int, int], int]


def _weight(mate: dict[int, int], weights: Weights) -> int:
    return sum(weights.get((a, b), 0) for a, b in mate.items() if a < b)


def _random_graph(rng: random.Random, n: int) -> Weights:
    density = rng.choice((0.2, 0.5, 0.9))
    top = rng.choice((8, 1000))
    return {
        (a, b): rng.randint(1, top) for b in range(n) for a in range(b) if rng.random() < density
    }


def _related(rng: random.Random, weights: Weights, keep: list[int]) -> Weights:
    """The graph on ``keep``: weights shifted, some of their lowest bits changed, a few
    replaced outright."""
    shift = rng.randint(0, 6)
    kept = set(keep)
    found: Weights = {}
    for (a, b), w in weights.items():
        if a in kept and b in kept:
            changed = w << shift
            if rng.random() < 0.3:
                changed += rng.randint(-(1 << shift) + 1, 1 << shift)
            if rng.random() < 0.05:
                changed = rng.randint(1, 1000 << shift)
            if changed > 0:
                found[(a, b)] = changed
    return found


def test_matching_begun_from_an_earlier_optimum_weighs_what_one_from_nothing_weighs() -> None:
    """On 1,500 random pairs of related graphs, the matching begun from the first graph's
    optimum is a matching of the second of the greatest weight, proved by its own duals
    (the search from nothing is never needed)."""
    rng = random.Random(2026)
    proved = 0
    for _ in range(1500):
        n = rng.randint(2, 30)
        first_weights = _random_graph(rng, n)
        first = primal_dual.certified_matching(range(n), first_weights)
        keep = [v for v in range(n) if rng.random() < 0.85]
        weights = _related(rng, first_weights, keep)
        cold = primal_dual.certified_matching(keep, weights)
        order = list(keep)
        index = {v: i for i, v in enumerate(order)}
        adjacent: list[dict[int, int]] = [{} for _ in order]
        for (a, b), w in weights.items():
            adjacent[index[a]][index[b]] = adjacent[index[b]][index[a]] = 2 * w
        start = primal_dual_warm.warm_start(first._search, list(range(n)), order, adjacent)
        search = Search(len(order), adjacent, start)
        mate = search.run()
        assert primal_dual_warm.proves_optimum(search)
        warm = {order[i]: order[m] for i, m in enumerate(mate) if m != -1}
        assert all(warm[warm[v]] == v for v in warm)
        assert _weight(warm, weights) == _weight(cold.mate, weights)
        assert _weight(primal_dual.certified_matching(keep, weights, first).mate, weights) == (
            _weight(cold.mate, weights)
        )
        proved += 1
    assert proved == 1500


def test_the_proof_of_optimality_accepts_optima_and_refuses_a_worse_matching() -> None:
    """Every search from nothing ends proved; the same duals with one matched pair
    undone (a lighter matching, or a positive dual left unmatched) are refused."""
    rng = random.Random(7)
    refused = 0
    for _ in range(300):
        n = rng.randint(2, 20)
        weights = _random_graph(rng, n)
        index = list(range(n))
        adjacent: list[dict[int, int]] = [{} for _ in index]
        for (a, b), w in weights.items():
            adjacent[a][b] = adjacent[b][a] = 2 * w
        search = Search(n, adjacent)
        mate = search.run()
        assert primal_dual_warm.proves_optimum(search)
        matched = [v for v in range(n) if mate[v] > v]
        if matched:
            v = rng.choice(matched)
            search.mate[search.mate[v]] = -1
            search.mate[v] = -1
            assert not primal_dual_warm.proves_optimum(search)
            refused += 1
    assert refused > 100


def test_readings_of_warm_duals_hold_of_the_optimum_found_from_nothing() -> None:
    """Whether the optimum pairs one of some vertices with one of others, read from the
    duals of a warm search and then from nothing (``Outcome.meets_any_of``), holds of
    the matching the search from nothing finds, wherever the duals answer."""
    rng = random.Random(31)
    answered = 0
    for _ in range(600):
        n = rng.randint(4, 24)
        first_weights = _random_graph(rng, n)
        first = primal_dual.certified_matching(range(n), first_weights)
        keep = [v for v in range(n) if rng.random() < 0.9]
        weights = _related(rng, first_weights, keep)
        warm = primal_dual.certified_matching(keep, weights, first)
        cold = primal_dual.certified_matching(keep, weights)

        def again(keep: list[int] = keep, weights: Weights = weights) -> primal_dual.Optimum:
            return primal_dual.certified_matching(keep, weights)

        outcome = Outcome(
            made=[],
            left=[],
            found=cold.mate,
            with_everyone=True,
            view=keep,
            duals=warm,
            cold=again,
        )
        members = rng.sample(keep, len(keep) // 3)
        others = [v for v in keep if v not in members and rng.random() < 0.6]
        meets = outcome.meets_any_of(members, others)
        if meets is not None:
            assert meets == any(cold.mate.get(v) in others for v in members)
            answered += 1
    assert answered > 300


def test_heaviest_is_the_greatest_weight_of_every_edge() -> None:
    """``heaviest`` (each row's greatest, then theirs) is the greatest weight of all
    the edges, as one generator over every edge finds it; 0 without edges."""
    rng = random.Random(77)
    assert heaviest([]) == 0
    assert heaviest([{}, {}]) == 0
    for _ in range(300):
        n = rng.randint(1, 12)
        adjacent: list[dict[int, int]] = [{} for _ in range(n)]
        for b in range(n):
            for a in range(b):
                if rng.random() < 0.3:
                    adjacent[a][b] = adjacent[b][a] = rng.randint(1, 1 << rng.randint(1, 80))
        expected = max((w for row in adjacent for w in row.values()), default=0)
        assert heaviest(adjacent) == expected
