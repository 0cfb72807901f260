"""Where the searches of C13's fit of the penultimate bracket start (Dutch C13; FIDE
Handbook C.04.1, 1992 text).

:class:`.c13_fit.LowestFit` asks of each S1/S2 division of the penultimate bracket whether
its graph (S1, S2, the players forced down, the lowest bracket's residents and the bye)
has a perfect matching.  Whether one exists does not depend on the matching Edmonds'
search grows (Berge), and the tree of a failed search is a proof whatever it grew from
(:meth:`.fit_proofs.FitProofs.learn`), so the search may start from any matching of the
graph: the answers, hence the pairings, are the same, and only the augmenting paths
searched change.  The divisions C13 walks one after another hold mostly the same players
on each side, so the last perfect matching found, read by the players' numbers, leaves
few vertices of the next one's graph free.
"""

from __future__ import annotations

from collections.abc import Sequence

from pairing.engine.systems.dutch1992.entrants import Entrant


def named_pairs(
    s1: Sequence[Entrant], s2: Sequence[Entrant], mate: Sequence[int]
) -> list[tuple[int, int]]:
    """The pairs of ``mate``, a matching of a division's graph, by name: a player of the
    bracket by his number, a vertex after S1 and S2 (the players forced down, the
    residents, the bye) by its place after them as a negative number (-1 the first)."""
    names = [e.number for e in (*s1, *s2)]
    base = len(names)

    def name(v: int) -> int:
        return names[v] if v < base else base - v - 1

    return [(name(v), name(w)) for v, w in enumerate(mate) if v < w]


def named_start(
    s1: Sequence[Entrant],
    s2: Sequence[Entrant],
    pairs: Sequence[tuple[int, int]],
    graph: Sequence[Sequence[int]],
) -> list[int]:
    """The pairs of ``pairs`` (:func:`named_pairs`, of another division) that the
    division's ``graph`` has, as a matching of it; those of players not in it, or not
    joined in it (other rules, other players staying), are left out."""
    index: dict[int, int] = {int(e.number): v for v, e in enumerate((*s1, *s2))}
    base = len(index)
    size = len(graph)
    mate = [-1] * size
    for a, b in pairs:
        v = index.get(a, -1) if a >= 0 else base - a - 1
        w = index.get(b, -1) if b >= 0 else base - b - 1
        free = 0 <= v < size and 0 <= w < size and mate[v] == -1 and mate[w] == -1
        if free and w in graph[v]:
            mate[v], mate[w] = w, v
    return mate
