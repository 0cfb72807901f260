"""Whether the vertices a maximum matching leaves free can be paired by costly edges
(Gallai-Edmonds), a test for perfect matchings with few costly edges.

A graph's edges are cheap or costly.  When a maximum matching of the cheap edges alone
leaves exactly ``2 * k`` vertices free, a perfect matching with at most ``k`` costly
edges has exactly ``k`` of them, and its cheap edges form a maximum matching of the
cheap graph leaving free the ``2 * k`` ends of the costly ones.  So there is one exactly
when some maximum matching of the cheap graph leaves free a set of vertices that ``k``
costly edges pair.

The Gallai-Edmonds decomposition of the cheap graph says which sets those are.  D holds
the vertices some maximum matching leaves free, A their neighbours outside D.  Every
maximum matching matches each vertex of A to a vertex of D, no two in the same
component of D (each component is odd and factor-critical), and leaves free exactly one
vertex of each component that A does not reach; conversely any way of matching A into
distinct components, and any one vertex of each component left, is a maximum matching's
(the rest of each component, and the vertices outside D and A, have perfect matchings).
Reference: L. Lovasz and M. D. Plummer, *Matching Theory*, 1986, theorem 3.2.1.

So the test chooses ``k`` costly edges between distinct components of D and asks
whether A can be matched into the components not chosen.
"""

from __future__ import annotations

from collections.abc import Sequence

from .blossom import grow_exposing
from .shrinking import complete_matching

CHOICES = 64
"""The choices of costly edges between components that :func:`exposed_pairable` tries
(a re-matching of A each) before it gives up: None, not decided."""


def exposed_pairable(
    cheap: Sequence[Sequence[int]],
    costly: Sequence[Sequence[int]],
    start: Sequence[int],
    pairs: int,
    alive: Sequence[bool] | None = None,
    found: list[int] | None = None,
) -> bool | None:
    """Whether some maximum matching of the ``cheap`` graph leaves free vertices that
    ``pairs`` of the ``costly`` edges pair, when maximum matchings leave ``2 * pairs``
    vertices free: whether the graph has a perfect matching with at most ``pairs`` costly
    edges.  False too when they leave more free (then it has none); None when they leave
    fewer (not decided here), or when deciding takes more than :data:`CHOICES` choices.
    ``start``: a matching of ``cheap`` (each vertex's mate or -1) to grow from;
    ``alive``: the vertices of the graph asked about (None: all), the others' edges
    ignored; ``found``, when given and the answer is True: filled with such a perfect
    matching (each alive vertex's mate, -1 for the others)."""
    size = len(cheap)
    live = [True] * size if alive is None else alive
    mate = list(start)
    outer = grow_exposing(cheap, mate, live)
    free = sum(1 for v, m in enumerate(mate) if m == -1 and live[v])
    if free != 2 * pairs:
        return False if free > 2 * pairs else None
    component = [-1] * size
    count = 0
    for v in range(size):
        if outer[v] and component[v] == -1:
            component[v] = count
            stack = [v]
            while stack:
                u = stack.pop()
                for w in cheap[u]:
                    if outer[w] and component[w] == -1:
                        component[w] = count
                        stack.append(w)
            count += 1
    reach: dict[int, set[int]] = {}
    for v in range(size):
        if outer[v]:
            for w in cheap[v]:
                if not outer[w] and live[w]:
                    reach.setdefault(w, set()).add(component[v])
    owner: dict[int, int] = {}
    for a in reach:
        if mate[a] == -1 or not outer[mate[a]]:
            return None  # cannot happen: the matching is maximum (Gallai-Edmonds)
        owner[component[mate[a]]] = a
    links: dict[tuple[int, int], tuple[int, int]] = {}
    for v in range(size):
        if outer[v]:
            for w in costly[v]:
                if outer[w] and component[v] < component[w]:
                    links.setdefault((component[v], component[w]), (v, w))
    between = sorted(links)
    chosen: list[tuple[int, int]] = []
    tries = 0

    def freed(taken: frozenset[int]) -> bool:
        """Whether A can be matched into the components not ``taken``: from ``owner``,
        each player of A matched into them moved out by an augmenting path."""
        return unplaced(taken) == 0

    def unplaced(taken: frozenset[int]) -> int:
        """How many players of A a largest matching of A into the components not
        ``taken`` leaves out (from ``owner``, as :func:`freed`)."""
        held = dict(owner)
        moved = [held.pop(c) for c in taken if c in held]

        def place(a: int, seen: set[int]) -> bool:
            for c in reach[a]:
                if c not in seen:
                    seen.add(c)
                    other = held.get(c)
                    if other is None or place(other, seen):
                        held[c] = a
                        return True
            return False

        return sum(1 for a in moved if not place(a, set(taken)))

    def choose(first: int, taken: frozenset[int], left: int) -> bool | None:
        nonlocal tries
        if not left:
            tries += 1
            return freed(taken)
        undecided = False
        for index in range(first, len(between)):
            if tries >= CHOICES:
                return None
            a, b = between[index]
            if a in taken or b in taken:
                continue
            chosen.append(links[a, b])
            answer = choose(index + 1, taken | {a, b}, left - 1)
            if answer:
                return True
            chosen.pop()
            undecided = undecided or answer is None
        return None if undecided else False

    answer = choose(0, frozenset(), pairs)
    if answer is None:
        cover = _cover(between)
        if len(cover) - unplaced(cover) < pairs:
            return False  # no choice of ``pairs`` links is freed (:func:`_cover`)
    if answer and found is not None:
        completed = _completed(cheap, mate, live, chosen)
        if completed is None:
            return None  # cannot happen (Gallai-Edmonds)
        found[:] = completed
    return answer


def _cover(between: Sequence[tuple[int, int]]) -> frozenset[int]:
    """A vertex cover of the links ``between`` components: greedily, the component on
    most links not yet covered (the lowest first among equals).

    When :func:`exposed_pairable` has more choices than :data:`CHOICES`, it still refuses
    exactly with such a cover X: each of a choice's ``pairs`` links has an end in X and
    the links are disjoint, so a choice that passes leaves ``pairs`` components of X
    unmatched by A at once; a matching of A into the components leaves at most
    |X| - (|A| - m) of X unmatched, m the largest matching of A into the components
    outside X (the rank of X in the dual of A's transversal matroid).  Refusing only what
    the choices would refuse, it leaves every answer the same but a None.  Round 50 of
    the 150-player, 114-round, seed-11275 event of the 1992 Dutch: the 22 conflicts inside
    its lowest bracket's original S2 all meet 4 players of whom A lets at most one go
    unmatched; 114 tests of D2's limit went on to a weighted matching each (0.16 s of
    its 0.45 s of processor, now 0.27 s)."""
    left = list(between)
    cover: set[int] = set()
    while left:
        degree: dict[int, int] = {}
        for a, b in left:
            degree[a] = degree.get(a, 0) + 1
            degree[b] = degree.get(b, 0) + 1
        best = min(degree, key=lambda c: (-degree[c], c))
        cover.add(best)
        left = [(a, b) for a, b in left if best not in (a, b)]
    return frozenset(cover)


def _completed(
    cheap: Sequence[Sequence[int]],
    mate: Sequence[int],
    alive: Sequence[bool],
    chosen: Sequence[tuple[int, int]],
) -> list[int] | None:
    """A perfect matching of the ``alive`` vertices holding the ``chosen`` costly edges
    and cheap edges otherwise: ``mate`` (a maximum matching of the cheap edges) without
    the chosen edges' ends, grown into a perfect matching of the rest, which has one
    when some maximum matching leaves exactly those ends free (None if not)."""
    result = [m if alive[v] else -1 for v, m in enumerate(mate)]
    rest = list(alive)
    for edge in chosen:
        for v in edge:
            rest[v] = False
            if result[v] != -1:
                result[result[v]] = -1
                result[v] = -1
    if not complete_matching(cheap, result, rest):
        return None
    for v, w in chosen:
        result[v], result[w] = w, v
    return result
