"""Edmonds' primal-dual method from nothing (``pairing.engine.matching.primal_dual``):
the free vertices' duals are the least of the outer vertices', so a dual change reads
its first bound (the free vertices' duals reaching zero) as ``first_dual - lowered``
without a pass over the vertices.  Checked at every dual change of random graphs
against that pass, and the matching against NetworkX's total."""

from __future__ import annotations

import itertools
import random

import networkx as nx

from pairing.engine.matching import primal_dual_search
from pairing.engine.matching.primal_dual_search import Search

_OUTER = 1


class _Checked(Search):
    changes = 0

    def change_duals(self, queue: list[int]) -> bool:
        kinds = [self.kind[t] for t in self.top]
        least = min(self.u[v] for v in range(self.n) if kinds[v] == _OUTER)
        assert self.first_dual - self.lowered == least
        free = [v for v in range(self.n) if self.mate[v] == -1]
        assert free and all(self.u[v] == least for v in free)
        _Checked.changes += 1
        return super().change_duals(queue)


def test_matching_cold_free_duals_are_the_least_outer_duals() -> None:
    for seed in range(60):
        _check(random.Random(seed))
    assert _Checked.changes > 100


def _check(rng: random.Random) -> None:
    count = rng.randint(2, 16)
    density = rng.choice([0.2, 0.5, 1.0])
    wide = rng.random() < 0.5
    adjacent: list[dict[int, int]] = [{} for _ in range(count)]
    graph: nx.Graph[int] = nx.Graph()
    for a, b in itertools.combinations(range(count), 2):
        if rng.random() < density:
            w = rng.randint(1, 1 << 200) if wide else rng.randint(1, 6)
            adjacent[a][b] = adjacent[b][a] = 2 * w
            graph.add_edge(a, b, weight=w)
    mate = _Checked(count, adjacent).run()
    total = sum(adjacent[v][m] // 2 for v, m in enumerate(mate) if v < m)
    best = nx.max_weight_matching(graph)
    assert total == sum(graph[a][b]["weight"] for a, b in best)
    assert primal_dual_search.heaviest(adjacent) // 2 == Search(count, adjacent).first_dual
