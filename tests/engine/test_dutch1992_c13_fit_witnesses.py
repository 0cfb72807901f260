"""1992 Dutch C13: the perfect matching a short choice of S1's partners needs (on which
the lowest bracket's limit of D2 is asked) is read from the Gallai-Edmonds tree of the
choice one shorter when that tree says one exists (``fit_prefixes``,
``matching.exposing``), not searched for again: each such choice cost an augmenting
search before (7,400 in round 48 of the 150-player, 144-round, seed-10743 event).

Held here on random divisions walked as the search walks them: every answer is the
choice's own graph's, and the augmenting searches are few.
"""

from __future__ import annotations

import itertools
import random

import pytest

from pairing.engine.matching import complete_matching
from pairing.engine.systems.dutch1992 import fit_prefixes
from pairing.engine.systems.dutch1992.fit_exchanges import inside_parts, within_exchanges
from pairing.engine.systems.dutch1992.fit_prefixes import LIMITED_PREFIX, prefix_test


def _division(rng: random.Random, p: int, q: int, low: int) -> list[list[int]]:
    """A division's graph: S1 (0..p-1) meets S2 only, S2 and the lowest bracket meet."""
    n = p + q + low
    graph: list[list[int]] = [[] for _ in range(n)]
    for a, b in itertools.combinations(range(n), 2):
        if a < p and not p <= b < p + q:
            continue
        if rng.random() < (0.5 if a < p else 0.75):
            graph[a].append(b)
            graph[b].append(a)
    return graph


def _own(graph: list[list[int]], p: int, inside: frozenset[int], prefix: tuple[int, ...]) -> bool:
    """Whether the graph less the prefix's pairs has a perfect matching, asked from
    nothing (keeping the limit of D2 on the short prefixes)."""
    alive = [True] * len(graph)
    for v in [*range(len(prefix)), *(p + t for t in prefix)]:
        alive[v] = False
    mate = [-1] * len(graph)
    if not complete_matching(graph, mate, alive, greedy=True):
        return False
    if len(prefix) > LIMITED_PREFIX:
        return True
    return within_exchanges(graph, alive, mate, inside, inside_parts(graph, inside)) is not None


@pytest.mark.parametrize("seed", range(6))
def test_dutch_c13_fit_reads_short_choices_matchings_from_the_tree(
    seed: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Dutch C13, D2: walking a division's choices of partners in order, each accepted
    choice's children asked, the test answers as each choice's own graph, and makes
    fewer augmenting searches than a tenth of the short choices it accepts (their sets
    of partners: each set was one search before)."""
    rng = random.Random(38_10743 + seed)
    p, q, low = 5, 9, 10
    graph = _division(rng, p, q, low)
    inside = frozenset(range(p + q + low // 2, p + q + low))
    searches = 0
    complete = complete_matching

    def counted(*args: object, **kwargs: object) -> bool:
        nonlocal searches
        searches += 1
        return complete(*args, **kwargs)  # type: ignore[arg-type]  # a spy passes on what it was given

    monkeypatch.setattr(fit_prefixes, "complete_matching", counted)
    check = prefix_test(p, inside, lambda: False, lambda: graph, lambda: None, lambda: None)
    accepted: set[frozenset[int]] = set()
    stack: list[tuple[int, ...]] = [()]
    while stack:
        prefix = stack.pop()
        answer = check(prefix)
        if answer != _own(graph, p, inside, prefix):
            shorter = range(min(len(prefix), LIMITED_PREFIX) + 1)
            assert not answer and any(not _own(graph, p, inside, prefix[:k]) for k in shorter)
        if answer and len(prefix) < p:
            if 0 < len(prefix) <= LIMITED_PREFIX:
                accepted.add(frozenset(prefix))
            stack.extend((*prefix, t) for t in reversed(range(q)) if t not in prefix)
    assert len(accepted) > 100
    assert 10 * searches < len(accepted)
