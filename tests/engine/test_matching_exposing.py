"""The Gallai-Edmonds tree kept (``matching.exposing``), as the 1992 Dutch C13 fit reads
it: each outer vertex's matching is read off the failed search's parent links instead
of being searched for, and what is read must be a perfect matching of the right
vertices, for every outer vertex (no search is then needed), on random graphs dense
enough for many blossoms.
"""

from __future__ import annotations

import itertools
import random

import pytest

from pairing.engine.matching import exposable_without, grow_matching
from pairing.engine.matching.exposing import exposing_tree


def _graph(rng: random.Random, count: int, density: float) -> list[list[int]]:
    adjacent: list[list[int]] = [[] for _ in range(count)]
    for a, b in itertools.combinations(range(count), 2):
        if rng.random() < density:
            adjacent[a].append(b)
            adjacent[b].append(a)
    return adjacent


def _is_perfect(adjacent: list[list[int]], mate: list[int], vertices: set[int], count: int) -> bool:
    """Whether ``mate`` pairs exactly ``vertices`` among themselves by edges."""
    for v in range(count):
        w = mate[v]
        if v not in vertices:
            if w in vertices:
                return False
            continue
        if w == -1 or w not in vertices or mate[w] != v or w not in adjacent[v]:
            return False
    return True


@pytest.mark.parametrize("seed", range(30))
def test_dutch1992_c13_fit_witness_is_read_from_the_gallai_edmonds_tree(seed: int) -> None:
    """Dutch C13 (Gallai-Edmonds): for a perfect matching of the live vertices and one of
    them gone, the tree marks the vertices :func:`exposable_without` marks, and for each
    of them turning over the path the tree holds gives a perfect matching of the live
    vertices less the one gone and that vertex, the others' pairs kept; for the others
    nothing is read."""
    rng = random.Random(seed)
    read = 0
    for _ in range(40):
        count = rng.randrange(4, 24)
        adjacent = _graph(rng, count, rng.choice([0.25, 0.5, 0.8]))
        alive = [rng.random() < 0.9 for _ in range(count)]
        for v in range(count):
            if not alive[v]:
                adjacent[v] = []  # the dead vertices' own pairs: none
        mate = [-1] * count
        live = {v for v in range(count) if alive[v]}
        if 2 * grow_matching(adjacent, mate, alive) != len(live):
            continue
        for gone in sorted(live):
            tree = exposing_tree(adjacent, mate, alive, gone)
            assert tree is not None
            assert tree.outer == exposable_without(adjacent, mate, alive, gone)
            for v in range(count):
                found = tree.exposing(v, adjacent)
                if not tree.outer[v] or v == gone:
                    assert found is None
                    continue
                assert found is not None
                assert found[v] == -1 and found[gone] == -1
                assert _is_perfect(adjacent, found, live - {gone, v}, count)
                read += 1
    assert read > 1000
