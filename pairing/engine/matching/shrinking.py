"""Matchings kept or grown by Edmonds' search (:mod:`~pairing.engine.matching.blossom`).

- :class:`ShrinkingMatching`: a maximum matching kept maximum while vertices leave the
  graph, by restarting the search only at the vertices the removal left unmatched.
- :func:`complete_matching`: grows a matching into a perfect one.
- :func:`perfect_matching_within`: a perfect matching with at most ``k`` edges of a costly
  kind (0/1 costs), exactly, by branch and bound between two maximum matchings.
"""

from __future__ import annotations

from collections.abc import Sequence

from .blossom import _augment, _augment_from, _augment_short

SHORT_PATH_TARGETS = 8
"""With at most this many free vertices to reach, short augmenting paths are tried first
(:func:`_augment_short`); with more, Edmonds' search is cheaper."""


class ShrinkingMatching:
    """A maximum matching of a graph, kept maximum while vertices leave it.

    :func:`maximum_matching` computes a matching from scratch.  Here vertices leave a few
    at a time: after vertices are removed from a maximum matching, every augmenting path
    starts at a vertex they left unmatched (Berge's theorem), so one or two searches of
    Edmonds' algorithm restore a maximum matching.  ``adjacent`` as for
    :func:`maximum_matching` (symmetric lists).
    """

    def __init__(self, adjacent: Sequence[Sequence[int]]):
        count = len(adjacent)
        self.adjacent: list[list[int]] = [list(neighbours) for neighbours in adjacent]
        self.alive = [True] * count
        self.mate = [-1] * count
        # Greedy start, fewest neighbours first; then one search per free vertex.  When a
        # search fails its vertices form a Hungarian tree, which no later augmenting path
        # can use (Edmonds 1965): they are left out of the remaining searches.
        for v in sorted(range(count), key=lambda v: (len(self.adjacent[v]), v)):
            if self.mate[v] == -1:
                for w in self.adjacent[v]:
                    if self.mate[w] == -1:
                        self.mate[v], self.mate[w] = w, v
                        break
        self.size = sum(1 for m in self.mate if m != -1) // 2
        unmatched = count - 2 * self.size
        for v in range(count):
            # An augmenting path joins two free vertices: with one left there is none.
            if unmatched < 2:
                break
            if self.mate[v] == -1 and self.alive[v]:
                free = [u for u in range(count) if self.mate[u] == -1 and self.alive[u]]
                if len(free) <= SHORT_PATH_TARGETS + 1 and _augment_short(
                    v, self.adjacent, self.mate, self.alive, free
                ):
                    self.size += 1
                    unmatched -= 2
                    continue
                labelled = _augment(v, self.adjacent, self.mate, self.alive)
                if labelled is None:
                    self.size += 1
                    unmatched -= 2
                else:
                    unmatched -= 1
                    for u in labelled:
                        self.alive[u] = False
        self.alive = [True] * count
        self.free = {v for v in range(count) if self.mate[v] == -1}
        self.maximum = True
        """False when a search stopped at ``at_least``: the next one looks everywhere."""
        self._found: (
            tuple[tuple[int, ...], tuple[int | None, int | None], int, list[int], set[int], bool]
            | None
        ) = None

    def size_without(
        self, gone: Sequence[int], *, bound: int | None = None, at_least: int | None = None
    ) -> int:
        """The size of a maximum matching once the vertices ``gone`` have left.

        ``bound`` is a size known not to be exceeded (for two adjacent vertices leaving,
        one less than now): the search stops when it is reached.  ``at_least`` is the
        size the caller needs: the search stops there too, and the answer is then only
        known to be at least that much (the matching kept may not be maximum; later
        calls search everywhere until it is again).  The matching found is kept, so that
        :meth:`remove` of the same vertices does not search again.
        """
        removed = sorted(set(gone))
        mate = list(self.mate)
        size = self.size
        freed = []
        for v in removed:
            partner = mate[v]
            if partner != -1:
                mate[partner] = mate[v] = -1
                size -= 1
                if partner not in removed:
                    freed.append(partner)
        for v in removed:
            self.alive[v] = False
        pool = sorted((self.free | set(freed)) - set(removed))
        lowest = size
        hungarian: list[int] = []
        enough = min(x for x in (bound, at_least, len(mate)) if x is not None)
        free_alive = [sum(1 for u in pool if mate[u] == -1 and self.alive[u])]
        """The free vertices still in the graph, counted once and then kept up to date:
        an augmentation matches two of them, a failed search leaves out its root only
        (every other vertex of a Hungarian tree is matched)."""

        def grow(v: int) -> bool:
            """Augment from the free vertex ``v``; a failed search's Hungarian tree is left
            out of the later searches of this call (Edmonds 1965)."""
            others = free_alive[0] - 1
            if others <= 0:
                return False
            if others <= SHORT_PATH_TARGETS:
                targets = [u for u in pool if mate[u] == -1 and self.alive[u] and u != v]
                if _augment_short(v, self.adjacent, mate, self.alive, targets):
                    free_alive[0] -= 2
                    return True
            alive = self.alive
            if any(alive[w] for w in self.adjacent[v]):
                labelled = _augment(v, self.adjacent, mate, alive)
                if labelled is None:
                    free_alive[0] -= 2
                    return True
            else:
                labelled = [v]  # no neighbour left: the search would label v alone
            for u in labelled:
                if self.alive[u]:
                    self.alive[u] = False
                    hungarian.append(u)
            free_alive[0] -= 1
            return False

        try:
            # Right after the removal from a maximum matching every augmenting path ends
            # at a freed vertex.
            for v in freed:
                if size >= enough:
                    break
                if mate[v] == -1 and self.alive[v] and grow(v):
                    size += 1
            partial = lowest < size < lowest + len(freed)
            if size < enough and (partial or not self.maximum):
                # One path was used and another may now end elsewhere, or the matching
                # was not maximum: one search from every free vertex (Edmonds).
                for v in pool:
                    if size >= enough:
                        break
                    if self.alive[v] and mate[v] == -1 and grow(v):
                        size += 1
        finally:
            for v in removed:
                self.alive[v] = True
            for v in hungarian:
                self.alive[v] = True
        maximum = size < enough or (bound is not None and size >= bound)
        if size < enough and not self.maximum:
            maximum = True  # the search from every free vertex above
        self._found = (
            tuple(removed),
            (bound, at_least),
            size,
            mate,
            {u for u in pool if mate[u] == -1},
            maximum,
        )
        return size

    def mate_without(self, gone: Sequence[int]) -> list[int]:
        """A maximum matching once the vertices ``gone`` (still in the graph) have left
        (``mate`` as for :func:`maximum_matching`; the vertices ``gone`` are unmatched)."""
        self.size_without(gone)
        assert self._found is not None
        return list(self._found[3])

    def remove(
        self, gone: Sequence[int], *, bound: int | None = None, at_least: int | None = None
    ) -> int:
        """Let the vertices ``gone`` leave for good; returns the new size (see
        :meth:`size_without` for ``bound`` and ``at_least``)."""
        removed = tuple(sorted(set(gone)))
        found = self._found
        if found is None or found[0] != removed or found[1] != (bound, at_least):
            self.size_without(gone, bound=bound, at_least=at_least)
            found = self._found
        assert found is not None
        _, _, self.size, self.mate, self.free, self.maximum = found
        for v in removed:
            self.alive[v] = False
        self._found = None
        return self.size


def complete_matching(
    adjacent: Sequence[Sequence[int]],
    mate: list[int],
    alive: Sequence[bool],
    *,
    greedy: bool = False,
) -> bool:
    """Grow ``mate`` (a matching of the ``alive`` vertices) into a perfect matching of them
    by Edmonds' augmenting paths; False when they have none.

    Berge: when no augmenting path starts at a free vertex, some maximum matching leaves
    it free, so one search per free vertex decides.  ``greedy``: first match each free
    vertex to its first free neighbour (the answer is the same; the searches fewer).
    """
    if greedy:
        for v, neighbours in enumerate(adjacent):
            if alive[v] and mate[v] == -1:
                for w in neighbours:
                    if alive[w] and mate[w] == -1 and w != v:
                        mate[v], mate[w] = w, v
                        break
    for v in range(len(adjacent)):
        if alive[v] and mate[v] == -1 and _augment(v, adjacent, mate, alive) is not None:
            return False
    return True


class SearchTooLong(Exception):
    """:func:`perfect_matching_within` would open more nodes than its caller allows."""


def perfect_matching_within(
    cheap: Sequence[Sequence[int]],
    costly: Sequence[Sequence[int]],
    budget: int,
    *,
    within: frozenset[int] | None = None,
    failed: dict[frozenset[int], int] | None = None,
    nodes: int | None = None,
) -> list[int] | None:
    """A perfect matching with at most ``budget`` edges of ``costly``, or None if none exists.

    Vertices are ``0 .. n-1``; ``cheap[v]`` and ``costly[v]`` list v's neighbours by the
    two kinds of edge (symmetric lists, disjoint).  Returns ``mate`` as
    :func:`maximum_matching` does.  Exact, by branch and bound over the vertex with the
    fewest neighbours, each node bounded on both sides by maximum matchings:

    - below: a perfect matching with at most ``k`` costly edges leaves at most ``2k``
      vertices to the costly edges, so a maximum matching of the cheap edges alone must
      leave no more (and the graph of all edges must have a perfect matching);
    - above: a maximum cheap matching, grown into a perfect matching by Edmonds'
      augmenting paths over all edges (Berge: a search that fails from a free vertex
      fails for good), is a perfect matching whose costly edges can be counted.

    When the two bounds meet, the node is answered without branching, which is what
    happens in dense graphs; the search branches only where they differ.  Its time is
    exponential in the worst case (sparse graphs in which the cheap matching can be grown
    only by giving up cheap edges), but every branch it skips is proven empty.

    ``within``: only these vertices are to be matched (the others are left at -1), so
    that a caller asking about many subsets of one graph passes the graph once.
    ``failed``: the vertex sets of that graph known to need more costly edges than a
    budget (the largest such budget), kept by a caller from call to call: a set that
    failed under one question fails under the next, whatever its vertices' names.
    ``nodes``: raise :class:`SearchTooLong` instead of opening more nodes than that, for
    a caller with another exact way to ask (no answer is given then, never a wrong one).
    """
    n = len(cheap)
    left = frozenset(range(n)) if within is None else within
    if len(left) % 2:
        return None
    dear = [frozenset(row) for row in costly]
    edges = [sorted(set(cheap[v]) | dear[v]) for v in range(n)]
    known: dict[frozenset[int], int] = {} if failed is None else failed
    """Vertex sets known to need more than the budget given (the largest one tried)."""
    opened = 0

    def search(left: frozenset[int], allowed: int) -> list[tuple[int, int]] | None:
        nonlocal opened
        if not left:
            return []
        if known.get(left, -1) >= allowed:
            return None
        opened += 1
        if nodes is not None and opened > nodes:
            raise SearchTooLong
        vertices = sorted(left)
        local = {v: i for i, v in enumerate(vertices)}
        cheap_local = [[local[w] for w in cheap[v] if w in local] for v in vertices]
        mate = ShrinkingMatching(cheap_local).mate
        shortfall = len(vertices) // 2 - sum(1 for m in mate if m != -1) // 2
        if shortfall <= allowed:
            all_local = [[local[w] for w in edges[v] if w in local] for v in vertices]
            for root in range(len(vertices)):
                if mate[root] == -1 and not _augment_from(root, all_local, mate):
                    known[left] = len(vertices)
                    return None
            pairs = [(vertices[i], vertices[m]) for i, m in enumerate(mate) if i < m]
            if sum(1 for a, b in pairs if b in dear[a]) <= allowed:
                return pairs
            first = min(vertices, key=lambda v: (sum(1 for w in edges[v] if w in left), v))
            options = sorted(
                (w for w in edges[first] if w in left), key=lambda w: (w in dear[first], w)
            )
            for other in options:
                price = 1 if other in dear[first] else 0
                if price > allowed:
                    break
                found = search(left - {first, other}, allowed - price)
                if found is not None:
                    return [(first, other), *found]
        known[left] = max(known.get(left, -1), allowed)
        return None

    pairs = search(left, budget)
    if pairs is None:
        return None
    result = [-1] * n
    for a, b in pairs:
        result[a], result[b] = b, a
    return result
