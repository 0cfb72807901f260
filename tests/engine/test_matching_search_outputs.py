"""The weighted matching's search (``primal_dual_search.Search``) gives, graph for graph,
exactly what it gave before it was made faster (#38): the same matching, the same vertex
and blossom duals, the same blossoms.

A pairer reads the optimum the search chooses among equal ones, and its duals (which
vertices every optimum matches, whom a player may meet), so a faster search must choose
the same one.  The digests below were taken from the search as it was before (commit
b4394d8), on random graphs of 1-40 vertices with many ties and with weights of hundreds
of bits, each searched from nothing and then again begun warm from that optimum on a
related graph (:func:`.primal_dual_warm.warm_start`)."""

from __future__ import annotations

import hashlib
import itertools
import random

import pytest

from pairing.engine.matching.primal_dual_search import Search
from pairing.engine.matching.primal_dual_warm import warm_start

Adjacent = list[dict[int, int]]

DIGESTS = [
    "44ad1cd4c25a",
    "ac3eee0c9f6f",
    "6bea1c07bafd",
    "938256dd8033",
    "b305a6cb4de8",
    "da7d72fa92ac",
    "924d678f581e",
    "ebe5f85c4771",
    "8a58a6d0234b",
    "32aba0452840",
]
"""Per seed, from the search before it was made faster (:func:`_digests`)."""


def _adjacent(rng: random.Random, n: int) -> Adjacent:
    """Twice each weight, as the search reads them: tiny (many ties), small, wide, or
    in fields like the Dutch system's, each far above the next."""
    density = rng.choice([0.2, 0.5, 0.8, 1.0])
    kind = rng.choice(["tiny", "small", "wide", "fields"])
    adjacent: Adjacent = [{} for _ in range(n)]
    for a, b in itertools.combinations(range(n), 2):
        if rng.random() >= density:
            continue
        if kind == "tiny":
            w = rng.randint(1, 3)
        elif kind == "small":
            w = rng.randint(1, 40)
        elif kind == "wide":
            w = rng.randint(1, 1 << 300)
        else:
            w = sum(rng.randint(0, 2) << (40 * level) for level in range(8)) or 1
        adjacent[a][b] = adjacent[b][a] = 2 * w
    return adjacent


def _related(rng: random.Random, adjacent: Adjacent, keep: list[int]) -> Adjacent:
    """The graph on ``keep``: some weights' lowest bits changed, as Article 4's steps of
    the Dutch system change them."""
    position = {v: i for i, v in enumerate(keep)}
    found: Adjacent = [{} for _ in keep]
    for a, row in enumerate(adjacent):
        for b, doubled in row.items():
            if a < b and a in position and b in position:
                w = doubled // 2
                if rng.random() < 0.3:
                    w = max(1, w + rng.randint(-2, 2))
                i, j = position[a], position[b]
                found[i][j] = found[j][i] = 2 * w
    return found


def _digest(search: Search) -> str:
    state = (
        search.mate,
        search.u,
        list(search.z.items()),
        list(search.parent.items()),
        list(search.children.items()),
        list(search.base.items()),
        search.top,
        search.warm,
    )
    return hashlib.sha256(repr(state).encode()).hexdigest()[:12]


def _digests(seed: int) -> str:
    """Forty graphs, each searched from nothing and then warm on a related graph: one
    digest of all their outputs."""
    rng = random.Random(seed)
    whole = hashlib.sha256()
    for _ in range(40):
        n = rng.randint(1, 40)
        adjacent = _adjacent(rng, n)
        cold = Search(n, adjacent)
        cold.run()
        whole.update(_digest(cold).encode())
        keep = [v for v in range(n) if rng.random() < 0.85]
        near = _related(rng, adjacent, keep)
        warm = Search(len(keep), near, warm_start(cold, list(range(n)), keep, near))
        warm.run()
        whole.update(_digest(warm).encode())
    return whole.hexdigest()[:12]


@pytest.mark.parametrize("seed", range(len(DIGESTS)))
def test_the_search_gives_what_it_gave_before(seed: int) -> None:
    """Forty graphs a seed, searched cold and warm: matching, duals and blossoms as
    before, digest for digest."""
    assert _digests(seed) == DIGESTS[seed]
