"""Edmonds' search with each contracted blossom's vertices kept by their base.

``blossom._augment`` looked, at each contraction, through every vertex labelled so far
(sorted) for those whose base lies in the blossom: in the dense level graphs of a
2,000-player ESCA round, thousands of contractions of a tree of hundreds of vertices.
Each base now keeps its vertices.  The search must find the same paths in the same
order, so that every matching built on it (and every pairing built on those) stays the
same: here it is held to the former scan, step by step, on random graphs.
"""

from __future__ import annotations

import random
from collections import deque
from collections.abc import Sequence
from typing import Any

import pytest

from pairing.engine.matching import blossom


def _scanning_augment(
    root: int, adjacent: Sequence[Sequence[int]], mate: list[int], alive: Sequence[bool]
) -> tuple[list[int] | None, list[bool]]:
    """The search as it was: each contraction scans the labelled vertices in order."""
    n = len(adjacent)
    parent, base, used = [-1] * n, list(range(n)), [False] * n
    used[root] = True
    queue, tree = deque([root]), [root]

    def ancestor(a: int, b: int) -> int:
        seen = [False] * n
        while True:
            a = base[a]
            seen[a] = True
            if mate[a] == -1:
                break
            a = parent[mate[a]]
        while not seen[base[b]]:
            b = parent[mate[base[b]]]
        return base[b]

    def mark(v: int, b: int, child: int, flags: list[bool]) -> None:
        while base[v] != b:
            flags[base[v]] = flags[base[mate[v]]] = True
            parent[v], child = child, mate[v]
            v = parent[mate[v]]

    while queue:
        v = queue.popleft()
        for to in adjacent[v]:
            if not alive[to] or base[v] == base[to] or mate[v] == to:
                continue
            if to == root or (mate[to] != -1 and parent[mate[to]] != -1):
                top = ancestor(v, to)
                flags = [False] * n
                mark(v, top, to, flags)
                mark(to, top, v, flags)
                for i in sorted(tree):
                    if flags[base[i]]:
                        base[i] = top
                        if not used[i]:
                            used[i] = True
                            queue.append(i)
            elif parent[to] == -1:
                parent[to] = v
                tree.append(to)
                if mate[to] == -1:
                    while to != -1:
                        previous = parent[to]
                        following = mate[previous]
                        mate[to], mate[previous] = previous, to
                        to = following
                    return None, used
                used[mate[to]] = True
                queue.append(mate[to])
                tree.append(mate[to])
    return tree, used


def _graph(rng: random.Random, n: int, density: float) -> list[list[int]]:
    adjacent: list[list[int]] = [[] for _ in range(n)]
    for a in range(n):
        for b in range(a + 1, n):
            if rng.random() < density:
                adjacent[a].append(b)
                adjacent[b].append(a)
    for row in adjacent:
        rng.shuffle(row)
    return adjacent


@pytest.mark.parametrize("seed", range(40))
def test_blossom_search_finds_the_same_paths_as_the_scan(seed: int) -> None:
    """Edmonds' search from every free vertex in turn, on random graphs dense and
    sparse (odd cycles everywhere): the same path applied, or the same labelled
    vertices and outer vertices when there is none."""
    rng = random.Random(seed)
    adjacent = _graph(rng, rng.randrange(5, 70), rng.choice((0.05, 0.15, 0.5, 0.9)))
    n = len(adjacent)
    alive = [rng.random() > 0.1 for _ in range(n)]
    mate = [-1] * n
    for v in rng.sample(range(n), n):  # a random matching to start from
        if alive[v] and mate[v] == -1:
            free = [w for w in adjacent[v] if alive[w] and mate[w] == -1]
            if free and rng.random() < 0.7:
                w = rng.choice(free)
                mate[v], mate[w] = w, v
    for root in range(n):
        if not alive[root] or mate[root] != -1:
            continue
        old_mate, even = list(mate), [False] * n
        found = blossom._augment(root, adjacent, mate, alive, even)
        expected, used = _scanning_augment(root, adjacent, old_mate, alive)
        assert mate == old_mate
        assert (found is None) == (expected is None)
        if found is not None and expected is not None:
            assert sorted(found) == sorted(expected)
            assert even == used


def test_blossom_search_never_sorts_the_whole_tree(monkeypatch: pytest.MonkeyPatch) -> None:
    """A small blossom far down a large tree: its contraction does not sort every
    vertex labelled so far."""
    # A path 0 - 1 = 2 - 3 = 4 ... (the = edges matched) ending in a triangle.
    n = 41
    adjacent: list[list[int]] = [[] for _ in range(n)]
    for v in range(n - 1):
        adjacent[v].append(v + 1)
        adjacent[v + 1].append(v)
    adjacent[n - 3].append(n - 1)
    adjacent[n - 1].append(n - 3)
    mate = [-1] * n
    for v in range(1, n - 1, 2):
        mate[v], mate[v + 1] = v + 1, v
    sizes: list[int] = []

    def counted(items: Any, **kwargs: Any) -> list[Any]:
        result = sorted(items, **kwargs)
        sizes.append(len(result))
        return result

    monkeypatch.setattr(blossom, "sorted", counted, raising=False)
    even = [False] * n
    assert blossom._augment(0, adjacent, mate, [True] * n, even) is not None
    assert even[n - 2]  # the middle of the triangle turned outer: the blossom contracted
    assert all(size <= 3 for size in sizes)
