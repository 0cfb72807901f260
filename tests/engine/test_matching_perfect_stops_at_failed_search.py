"""Edmonds: a free vertex without an augmenting path keeps none after later augmentations.

``has_perfect_matching`` grew a whole maximum matching, searching from every vertex the
greedy start left free, before comparing its size.  In the 1992 Dutch's C13 level test
(round 48 of the 150-player, 139-round, seed-3103 event) most graphs asked have no
perfect matching and leave many vertices free.  The first failed search (the second when
one vertex may stay unmatched) already decides the answer.
"""

from __future__ import annotations

import itertools
import random
from collections.abc import Sequence

import pytest

from pairing.engine.matching import blossom


def _star(n: int) -> list[list[int]]:
    """Vertex 0 meets every other vertex; no other edges."""
    return [list(range(1, n))] + [[0] for _ in range(1, n)]


def _counting(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    calls: list[int] = []
    search = blossom._augment_from

    def counted(root: int, adjacent: Sequence[Sequence[int]], mate: list[int]) -> bool:
        calls.append(root)
        return search(root, adjacent, mate)

    monkeypatch.setattr(blossom, "_augment_from", counted)
    return calls


def test_matching_perfect_matching_refused_at_the_first_failed_search(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    calls = _counting(monkeypatch)
    # Greedy pairs 0-1 and leaves 2..7 free: no search from them can succeed.
    assert not blossom.has_perfect_matching(_star(8), allow_one_unmatched=False)
    assert calls == [2]


def test_matching_one_unmatched_refused_at_the_second_failed_search(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    calls = _counting(monkeypatch)
    assert not blossom.has_perfect_matching(_star(7), allow_one_unmatched=True)
    assert calls == [2, 3]


def _brute_size(n: int, edges: list[tuple[int, int]]) -> int:
    best = 0
    for k in range(1, n // 2 + 1):
        for chosen in itertools.combinations(edges, k):
            ends = [v for e in chosen for v in e]
            if len(set(ends)) == 2 * k:
                best = k
                break
        else:
            break
    return best


@pytest.mark.parametrize("seed", range(40))
def test_matching_perfect_answer_as_a_full_maximum_matching(seed: int) -> None:
    rng = random.Random(seed)
    n = rng.randint(2, 9)
    edges = [(v, w) for v in range(n) for w in range(v + 1, n) if rng.random() < 0.3]
    adjacent: list[list[int]] = [[] for _ in range(n)]
    for v, w in edges:
        adjacent[v].append(w)
        adjacent[w].append(v)
    size = _brute_size(n, edges)
    assert blossom.has_perfect_matching(adjacent, allow_one_unmatched=False) == (2 * size == n)
    assert blossom.has_perfect_matching(adjacent, allow_one_unmatched=True) == (2 * size >= n - 1)
