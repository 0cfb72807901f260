"""Gallai-Edmonds' test of perfect matchings with few costly edges
(``matching.exposed_pairs``, #38) and the growth it starts from, against brute force on
small random graphs."""

from __future__ import annotations

import itertools
import random

import pytest

from pairing.engine.matching import grow_exposing, matching_size, perfect_matching_within
from pairing.engine.matching.exposed_pairs import exposed_pairable


def _without(adjacent: list[list[int]], gone: set[int]) -> list[list[int]]:
    return [[] if v in gone else [w for w in ns if w not in gone] for v, ns in enumerate(adjacent)]


def _random_start(rng: random.Random, adjacent: list[list[int]]) -> list[int]:
    """A random matching of the graph, maybe empty, to grow from."""
    mate = [-1] * len(adjacent)
    for v in rng.sample(range(len(adjacent)), len(adjacent)):
        for w in adjacent[v]:
            if mate[v] == -1 and mate[w] == -1 and rng.random() < 0.6:
                mate[v], mate[w] = w, v
    return mate


def _graphs(rng: random.Random) -> tuple[list[list[int]], list[list[int]]]:
    """Cheap and costly edges of a random graph shaped like C13's: a set of vertices whose
    pairs among themselves are the costly ones, the rest joined cheaply at random, so that
    maximum matchings of the cheap edges often leave a few of that set free."""
    count = rng.choice((6, 8, 10, 12, 14))
    inside = set(rng.sample(range(count), rng.randint(2, count - 2)))
    cheap: list[list[int]] = [[] for _ in range(count)]
    costly: list[list[int]] = [[] for _ in range(count)]
    density = rng.choice((0.2, 0.35, 0.5))
    for a, b in itertools.combinations(range(count), 2):
        if a in inside and b in inside:
            if rng.random() < 0.6:
                costly[a].append(b)
                costly[b].append(a)
        elif rng.random() < density:
            cheap[a].append(b)
            cheap[b].append(a)
    return cheap, costly


@pytest.mark.parametrize("seed", range(30))
def test_grow_exposing_grows_a_maximum_matching_and_finds_gallai_edmonds_d(seed: int) -> None:
    """From any matching of the alive vertices, the grown one is maximum and the vertices
    returned are the alive ones whose removal leaves a maximum matching as large (those
    some maximum one misses)."""
    rng = random.Random(seed)
    for _ in range(20):
        cheap, _costly = _graphs(rng)
        alive = [rng.random() < 0.85 for _ in cheap]
        gone = {v for v, live in enumerate(alive) if not live}
        mate = _random_start(rng, _without(cheap, gone))
        found = grow_exposing(cheap, mate, alive)
        size = matching_size(_without(cheap, gone))
        assert sum(1 for m in mate if m != -1) == 2 * size
        assert all(m == -1 or (mate[m] == v and m in cheap[v]) for v, m in enumerate(mate))
        assert all(mate[v] == -1 for v in gone)
        for v in range(len(cheap)):
            alone = matching_size(_without(cheap, gone | {v})) == size
            assert found[v] == (alive[v] and alone)


def _assert_within(
    cheap: list[list[int]],
    costly: list[list[int]],
    found: list[int],
    alive: list[bool],
    budget: int,
) -> None:
    """``found`` pairs every alive vertex along an edge, at most ``budget`` costly ones."""
    for v, w in enumerate(found):
        if not alive[v]:
            assert w == -1
            continue
        assert alive[w]
        assert found[w] == v
        assert w in cheap[v] or w in costly[v]
    dear = sum(1 for v, w in enumerate(found) if alive[v] and v < w and w in costly[v])
    assert dear <= budget


def _compact(adjacent: list[list[int]], keep: list[int]) -> list[list[int]]:
    index = {v: i for i, v in enumerate(keep)}
    return [[index[w] for w in adjacent[v] if w in index] for v in keep]


@pytest.mark.parametrize("seed", range(40))
def test_exposed_pairable_agrees_with_the_exact_search(seed: int) -> None:
    """Whenever it decides, the answer is whether a perfect matching with at most the
    budget of costly edges exists (``perfect_matching_within``, exact); it refuses every
    graph whose cheap maximum matchings leave more than twice the budget free, and
    decides those leaving exactly that many unless they take too many choices.  Asked
    about the alive vertices of a larger graph, it answers as on their own graph."""
    rng = random.Random(seed)
    decided = {True: 0, False: 0}
    for _ in range(60):
        cheap, costly = _graphs(rng)
        budget = rng.choice((1, 2, 2, 3))
        found: list[int] = []
        answer = exposed_pairable(cheap, costly, _random_start(rng, cheap), budget, None, found)
        free = len(cheap) - 2 * matching_size(cheap)
        if free > 2 * budget:
            assert answer is False
        if answer is not None:
            decided[answer] += 1
            assert answer == (perfect_matching_within(cheap, costly, budget) is not None)
        if answer:
            _assert_within(cheap, costly, found, [True] * len(cheap), budget)
        alive = [rng.random() < 0.8 for _ in cheap]
        keep = [v for v, live in enumerate(alive) if live]
        gone = {v for v, live in enumerate(alive) if not live}
        start = _random_start(rng, _without(cheap, gone))
        within = exposed_pairable(cheap, costly, start, budget, alive, found)
        if within is not None:
            alone = perfect_matching_within(_compact(cheap, keep), _compact(costly, keep), budget)
            assert within == (alone is not None)
        if within:
            _assert_within(cheap, costly, found, alive, budget)
    assert decided[False] > 0
    assert decided[True] > 0
