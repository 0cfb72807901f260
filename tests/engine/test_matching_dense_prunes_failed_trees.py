"""Edmonds: no augmenting path enters the Hungarian tree of a failed search.

C4's checks of today's Dutch (FIDE C.04.3 2026, Article 2 C4 and C6) ask for maximum
matchings of brackets whose players meet few others in late rounds (#38): the greedy
pass leaves many vertices free and most searches from them fail, each over the whole
graph.  ``dense_maximum_matching`` now decides a search on the graph less the trees of
the searches that failed before (a vertex with no neighbour left there fails without
one), and searches the whole graph only where that finds a path: the same matching,
with far fewer searches over the whole graph.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence

import pytest

from pairing.engine import NoValidPairing, System
from pairing.engine.generator import tournament_states
from pairing.engine.matching import blossom
from pairing.engine.systems.dutch.entrants import entrants
from pairing.engine.systems.dutch.procedure import RoundProcedure


def _unpruned(n: int, adjacent: Callable[[int, int], bool]) -> list[int]:
    """The matching as it was worked out before: greedy, then every vertex left free
    searched over the whole graph (short paths first)."""
    mate = [-1] * n
    for v in range(n):
        if mate[v] != -1:
            continue
        for w in range(v + 1, n):
            if mate[w] == -1 and adjacent(v, w):
                mate[v], mate[w] = w, v
                break
    free = [v for v in range(n) if mate[v] == -1]
    if len(free) < 2:
        return mate
    rows = blossom.LazyAdjacency(n, adjacent)
    alive = [True] * n
    for root in free:
        if mate[root] == -1 and not blossom._augment_short(root, rows, mate, alive, free):
            blossom._augment(root, rows, mate, alive)
    return mate


def _whole_graph_searches(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """Roots of the searches over the whole graph (short paths and Edmonds' search)."""
    roots: list[int] = []
    short, search = blossom._augment_short, blossom._augment

    def counted_short(
        root: int,
        adjacent: Sequence[Sequence[int]],
        mate: list[int],
        alive: Sequence[bool],
        pool: Sequence[int],
    ) -> bool:
        roots.append(root)
        return short(root, adjacent, mate, alive, pool)

    def counted(
        root: int,
        adjacent: Sequence[Sequence[int]],
        mate: list[int],
        alive: Sequence[bool],
        even: list[bool] | None = None,
        parents: list[int] | None = None,
    ) -> list[int] | None:
        if all(alive):
            roots.append(root)
        return search(root, adjacent, mate, alive, even, parents)

    monkeypatch.setattr(blossom, "_augment_short", counted_short)
    monkeypatch.setattr(blossom, "_augment", counted)
    return roots


def test_matching_dense_searches_once_where_the_rest_meet_only_a_failed_tree(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    roots = _whole_graph_searches(monkeypatch)
    # Vertex 0 meets every other one: greedy pairs 0-1, 2..7 stay free, and the failed
    # search from 2 labels 0, 1 and 2; 3..7 meet no vertex outside that tree.
    mate = blossom.dense_maximum_matching(8, lambda a, b: a == 0 or b == 0)
    assert mate == [1, 0, -1, -1, -1, -1, -1, -1]
    assert roots == [2, 2]  # its short paths and its search, no other


@pytest.mark.parametrize("seed", range(150))
def test_matching_dense_pruned_gives_the_matching_of_the_whole_graph(seed: int) -> None:
    rng = random.Random(seed)
    n = rng.randint(2, 30)
    density = rng.random() * (0.3 if seed % 2 else 1.0)
    edges = [set[int]() for _ in range(n)]
    for a in range(n):
        for b in range(a + 1, n):
            if rng.random() < density:
                edges[a].add(b)
                edges[b].add(a)

    def adjacent(a: int, b: int) -> bool:
        return b in edges[a]

    assert blossom.dense_maximum_matching(n, adjacent) == _unpruned(n, adjacent)


def test_c4_checks_of_a_late_round_search_the_whole_graph_half_as_often(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Round 13 of the 24-player event of seed 10600: C4's and C6's maximum matchings
    searched the whole graph 106 times (45 short-path scans, 61 searches of Edmonds);
    now 52 times."""
    roots = _whole_graph_searches(monkeypatch)
    try:
        for state in tournament_states(System.DUTCH, players=24, rounds=12, seed=10600):
            if state.round_number != 13:
                continue
            players, _ = entrants(state)
            roots.clear()
            RoundProcedure(players, state.rounds_completed).run()
            assert 0 < len(roots) <= 60
            return
    except NoValidPairing:
        pass
    pytest.fail("round 13 was not reached")
