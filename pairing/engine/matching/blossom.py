"""Maximum-cardinality matching on general graphs by Edmonds' blossom algorithm.

Vertices are ``0 .. n-1`` and ``adjacent[v]`` lists the neighbours of ``v``.  Used to
check, before descending into a branch of a search, that the players still to be paired
can all be paired.  Reference: J. Edmonds, "Paths, trees, and flowers", Canadian Journal
of Mathematics 17 (1965); the usual O(V^3) formulation with breadth-first search for an
augmenting path and contraction of odd cycles (blossoms) through a base array.  Short
augmenting paths are tried first where few vertices are free.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable, Sequence


def maximum_matching(adjacent: Sequence[Sequence[int]]) -> list[int]:
    """A maximum matching: ``mate[v]`` is v's partner, or -1 when v is unmatched."""
    mate = _greedy(adjacent)
    for root in range(len(adjacent)):
        if mate[root] == -1:
            _augment_from(root, adjacent, mate)
    return mate


def _greedy(adjacent: Sequence[Sequence[int]]) -> list[int]:
    """A greedy start: cheap and usually close to maximum."""
    n = len(adjacent)
    mate = [-1] * n
    for v in range(n):
        if mate[v] == -1:
            for w in adjacent[v]:
                if mate[w] == -1 and w != v:
                    mate[v], mate[w] = w, v
                    break
    return mate


class LazyAdjacency(Sequence[list[int]]):
    """The neighbours of each of ``n`` vertices by a predicate, each list made when
    first read: a search that looks at a few vertices costs a few rows, not the square
    of ``n``."""

    def __init__(
        self,
        n: int,
        adjacent: Callable[[int, int], bool],
        row: Callable[[int], list[int]] | None = None,
    ) -> None:
        self._n = n
        self._adjacent = adjacent
        self._row = row
        self._rows: dict[int, list[int]] = {}

    def __len__(self) -> int:
        return self._n

    def __getitem__(self, v: int) -> list[int]:  # type: ignore[override]  # read by index, never sliced
        row = self._rows.get(v)
        if row is None:
            if self._row is not None:
                row = self._row(v)
            else:
                row = [w for w in range(self._n) if w != v and self._adjacent(v, w)]
            self._rows[v] = row
        return row


def dense_maximum_matching(
    n: int,
    adjacent: Callable[[int, int], bool],
    start: Sequence[int] | None = None,
    row: Callable[[int], list[int]] | None = None,
    *,
    until_unmatched: bool = False,
) -> list[int]:
    """A maximum matching of a graph given by a predicate, cheap when the graph is dense:
    ``mate[v]`` is v's partner, or -1.

    Each vertex in order is matched to the next free vertex it may meet; a vertex left
    free then looks for an augmenting path of one or three edges, and only when there is
    none for the full search of :func:`maximum_matching`.  Neighbour lists are made only
    for the vertices those searches reach (:class:`LazyAdjacency`).

    Once a search has failed, each later one is first decided without the vertices
    the failed searches labelled (their Hungarian trees, which no augmenting path
    enters): a vertex with no neighbour left fails without a search, and the search
    over the whole graph, which finds the path it always found, is made only where a
    path was found.  In late rounds many vertices stay free and nearly every search
    fails (#38): the matching is the same, for a fraction of the searching.

    ``start``, when given, is a matching of the graph (its edges ones ``adjacent``
    accepts) the greedy pass begins from: a caller that asks about sets of vertices
    sharing most of their pairs passes a matching found before, and fewer vertices are
    left to search from.  Any matching grows into a maximum one by one search from each
    vertex it leaves free (Edmonds), so the size found is the same.

    ``row``, when given, makes a vertex's neighbour list (ascending, the list the
    predicate would give) faster than asking the predicate of every vertex: where
    each vertex may meet few others, from a list of those kept by the caller.

    ``until_unmatched``: for a caller that reads only whether every vertex is matched,
    the searches stop at the first free vertex no augmenting path reaches (Edmonds: it
    stays free in every maximum matching grown on), and the matching so far, with that
    vertex free, is returned: not maximum then, but one vertex is -1 in it exactly when
    one is in a maximum matching."""
    mate = [-1] * n if start is None else list(start)
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
    rows = LazyAdjacency(n, adjacent, row)
    alive = [True] * n
    live = [True] * n
    """The vertices outside the Hungarian trees of the searches that failed: an
    augmenting path exists among them exactly when one exists in the whole graph (no
    augmenting path enters such a tree, and none leaves it), so a search there decides
    whether one from the whole graph finds a path, exploring fewer vertices."""
    pruned = False
    for root in free:
        if mate[root] != -1:
            continue
        failed: list[int] | None = [root]  # no neighbour left: no search can succeed
        if any(live[w] for w in rows[root]):
            # Once a search has failed, the graph less its tree decides first (on a copy
            # of the matching); where it finds a path, so does the search of the whole
            # graph, which applies the one it always found.
            failed = _augment(root, rows, list(mate), live) if pruned else None
            if failed is None:
                if _augment_short(root, rows, mate, alive, free):
                    continue
                failed = _augment(root, rows, mate, alive)
        if failed is None:
            continue
        if until_unmatched:
            break
        pruned = True
        for u in failed:
            live[u] = False
    return mate


def grow_matching(
    adjacent: Sequence[Sequence[int]],
    mate: list[int],
    alive: Sequence[bool],
    *,
    prune: bool = False,
) -> int:
    """Grow ``mate``, a matching of the ``alive`` vertices, into a maximum one by one
    search from each free vertex (Edmonds: a vertex with no augmenting path now has none
    after later augmentations); returns its number of edges.

    ``prune``: the vertices of a failed search (a Hungarian tree, which no later
    augmenting path can use) are left out of the searches after it, as
    :class:`ShrinkingMatching` does: the same size, less work where many stay free."""
    live = list(alive) if prune else alive
    for v in range(len(adjacent)):
        if live[v] and mate[v] == -1:
            labelled = _augment(v, adjacent, mate, live)
            if prune and labelled is not None:
                for u in labelled:
                    live[u] = False  # type: ignore[index]  # a list when pruning
    return sum(1 for v, w in enumerate(mate) if w != -1 and alive[v]) // 2


def augment(
    root: int, adjacent: Sequence[Sequence[int]], mate: list[int], alive: Sequence[bool]
) -> bool:
    """Apply an augmenting path from the free vertex ``root`` over the ``alive`` vertices,
    if there is one (one search of Edmonds' algorithm).  A maximum matching of a graph is
    one of the graph with ``root`` added, or grows by such a path: a caller adding
    vertices one at a time keeps a maximum matching with one search per vertex."""
    return _augment(root, adjacent, mate, alive) is None


def exposed_by_some(
    adjacent: Sequence[Sequence[int]], mate: Sequence[int], alive: Sequence[bool]
) -> list[bool]:
    """The alive vertices some maximum matching leaves unmatched (Gallai-Edmonds' D),
    given ``mate``, a maximum matching of the alive vertices: those an even alternating
    path reaches from a vertex ``mate`` leaves free, the outer vertices of the failed
    search from each."""
    found = [False] * len(adjacent)
    for v in range(len(adjacent)):
        if alive[v] and mate[v] == -1 and not found[v]:
            even: list[bool] = []
            _augment(v, adjacent, list(mate), alive, even)
            for w, outer in enumerate(even):
                if outer:
                    found[w] = True
    return found


def grow_exposing(
    adjacent: Sequence[Sequence[int]], mate: list[int], alive: Sequence[bool]
) -> list[bool]:
    """Grow ``mate``, a matching of the ``alive`` vertices, into a maximum one (in place)
    and return the alive vertices some maximum matching leaves unmatched (Gallai-Edmonds'
    D, as :func:`exposed_by_some`): one search from each free vertex, the outer vertices
    of those that fail.  A failed search's tree (Hungarian) is one no later augmenting
    path enters, so it is the same in the maximum matching the searches end with."""
    n = len(adjacent)
    found = [False] * n
    for v in range(n):
        if alive[v] and mate[v] == -1:
            even: list[bool] = []
            if _augment(v, adjacent, mate, alive, even) is not None:
                for w, outer in enumerate(even):
                    if outer:
                        found[w] = True
    return found


def matching_size(adjacent: Sequence[Sequence[int]]) -> int:
    """The number of edges in a maximum matching."""
    return sum(1 for partner in maximum_matching(adjacent) if partner != -1) // 2


def has_perfect_matching(adjacent: Sequence[Sequence[int]], *, allow_one_unmatched: bool) -> bool:
    """True when every vertex can be matched (or all but one, when allowed)."""
    n = len(adjacent)
    if n % 2 and not allow_one_unmatched:
        return False
    return _unmatched_within(adjacent, 1 if allow_one_unmatched else 0)


def _unmatched_within(adjacent: Sequence[Sequence[int]], allowed: int) -> bool:
    """Whether a maximum matching leaves at most ``allowed`` vertices unmatched.

    Edmonds: a free vertex with no augmenting path now has none after any later
    augmentation, so it stays free in the maximum matching the searches end with; each
    failed search is one vertex left unmatched for good.  The answer is known at the
    failure after the allowed ones, without searching from the vertices still free."""
    mate = _greedy(adjacent)
    failed = 0
    for root in range(len(adjacent)):
        if mate[root] == -1 and not _augment_from(root, adjacent, mate):
            failed += 1
            if failed > allowed:
                return False
    return True


def _augment_from(root: int, adjacent: Sequence[Sequence[int]], mate: list[int]) -> bool:
    """Search an augmenting path from the free vertex ``root`` and apply it if found."""
    return _augment(root, adjacent, mate, [True] * len(adjacent)) is None


def _augment_short(
    root: int,
    adjacent: Sequence[Sequence[int]],
    mate: list[int],
    alive: Sequence[bool],
    pool: Sequence[int],
) -> bool:
    """Apply an augmenting path of one or three edges from the free vertex ``root``, if
    there is one; False when there is none (a longer path may still exist).

    ``pool`` holds every free vertex still in the graph (and maybe some matched ones).
    In dense graphs nearly every augmenting path is that short, and finding it costs a
    scan of ``root``'s neighbours instead of a full search with its blossoms.
    """
    neighbours = adjacent[root]
    free = [u for u in pool if mate[u] == -1 and alive[u] and u != root]
    if not free:
        return False
    for u in free:
        if u in neighbours:
            mate[root], mate[u] = u, root
            return True
    # root - y = z - u: y a neighbour of root, z its mate, u a free neighbour of z.
    near = set(neighbours)
    for u in free:
        for z in adjacent[u]:
            y = mate[z]
            if y != -1 and y in near and alive[z] and alive[y]:
                mate[root], mate[y] = y, root
                mate[z], mate[u] = u, z
                return True
    return False


def _augment(
    root: int,
    adjacent: Sequence[Sequence[int]],
    mate: list[int],
    alive: Sequence[bool],
    even: list[bool] | None = None,
    parents: list[int] | None = None,
) -> list[int] | None:
    """Search an augmenting path from the free vertex ``root`` over the ``alive`` vertices
    and apply it to ``mate`` (Edmonds: breadth-first search, odd cycles contracted through
    a base array).

    Returns None when a path was found, else the vertices the search labelled (they form
    a Hungarian tree, which no later augmenting path can use); ``even``, when given, is
    then filled with the vertices reached at an even distance (the outer vertices), and
    ``parents`` with the search's parent of each vertex (-1 where none), from which the
    alternating path to a vertex is read as the augmentation reads it.
    """
    n = len(adjacent)
    parent = [-1] * n
    base = list(range(n))
    used = [False] * n
    used[root] = True
    queue = deque([root])
    tree = [root]
    """The vertices labelled so far: only they can lie in a blossom."""
    members: dict[int, list[int]] = {}
    """The vertices of each base that stands for more than itself (a contracted blossom)."""

    def lowest_common_ancestor(a: int, b: int) -> int:
        seen = [False] * n
        while True:
            a = base[a]
            seen[a] = True
            if mate[a] == -1:
                break
            a = parent[mate[a]]
        while True:
            b = base[b]
            if seen[b]:
                return b
            b = parent[mate[b]]

    def mark_path(v: int, b: int, child: int, blossom: set[int]) -> None:
        while base[v] != b:
            blossom.add(base[v])
            blossom.add(base[mate[v]])
            parent[v] = child
            child = mate[v]
            v = parent[mate[v]]

    popleft = queue.popleft
    while queue:
        v = popleft()
        mate_v = mate[v]  # unchanged until a path is applied (then the search ends)
        base_v = base[v]  # changed only when a blossom is contracted (read again then)
        for to in adjacent[v]:
            if to == mate_v or not alive[to] or base_v == base[to]:
                continue
            mate_to = mate[to]
            if to == root or (mate_to != -1 and parent[mate_to] != -1):
                current_base = lowest_common_ancestor(v, to)
                blossom: set[int] = set()
                mark_path(v, current_base, to, blossom)
                mark_path(to, current_base, v, blossom)
                # The labelled vertices whose base is in the blossom, in the order of
                # their numbers: each base's vertices are kept, not looked for in the tree.
                inside: list[int] = []
                for b in blossom:
                    inside.extend(members.pop(b, (b,)))
                inside.sort()
                for i in inside:
                    base[i] = current_base
                    if not used[i]:
                        used[i] = True
                        queue.append(i)
                if current_base in blossom:
                    members[current_base] = inside  # its own vertices among them
                else:
                    members.setdefault(current_base, [current_base]).extend(inside)
                base_v = base[v]
            elif parent[to] == -1:
                parent[to] = v
                tree.append(to)
                if mate[to] == -1:
                    while to != -1:
                        previous = parent[to]
                        following = mate[previous]
                        mate[to], mate[previous] = previous, to
                        to = following
                    return None
                used[mate_to] = True
                queue.append(mate_to)
                tree.append(mate_to)
    if even is not None:
        even[:] = used
    if parents is not None:
        parents[:] = parent
    return tree


def exposable_without(
    adjacent: Sequence[Sequence[int]], mate: Sequence[int], alive: Sequence[bool], gone: int
) -> list[bool] | None:
    """For each vertex ``v``, whether the ``alive`` vertices less ``gone`` and ``v`` have a
    perfect matching, given ``mate``, a perfect matching of the alive vertices (``gone``
    among them); None when ``mate`` is not one.

    Gallai-Edmonds: without ``gone``, ``mate`` leaves only his partner exposed and is
    maximum; the vertices some maximum matching leaves exposed (D) are the outer
    vertices of the failed search from that partner, and a maximum matching exposing
    one of them pairs all the others.  One search answers for every ``v``, where a
    perfect matching asked for each would fail in full for every ``v`` outside D."""
    partner = mate[gone]
    rest = list(mate)
    rest[gone] = -1
    rest[partner] = -1
    left = list(alive)
    left[gone] = False
    even: list[bool] = []
    if partner == -1 or _augment(partner, adjacent, rest, left, even) is None:
        return None
    return even


def exposable_vertices(
    adjacent: Sequence[Sequence[int]], start: Sequence[int] | None = None
) -> set[int] | None:
    """For a graph whose maximum matchings leave exactly one vertex unmatched: the
    vertices some maximum matching leaves unmatched (Gallai-Edmonds: the outer vertices
    of the search from the one a maximum matching leaves over).  None when maximum
    matchings leave more than one vertex unmatched, or none.

    ``start``, when given, is a matching of the graph to grow the maximum one from (one
    search from each vertex it leaves free): the set is the same whatever maximum
    matching it is read from."""
    if start is not None:
        mate = list(start)
        found = grow_exposing(adjacent, mate, [True] * len(adjacent))
        if sum(1 for m in mate if m == -1) != 1:
            return None
        return {v for v, exposed in enumerate(found) if exposed}
    mate = maximum_matching(adjacent)
    free = [v for v, m in enumerate(mate) if m == -1]
    if len(free) != 1:
        return None
    even: list[bool] = []
    if _augment(free[0], adjacent, list(mate), [True] * len(adjacent), even) is None:
        return None  # cannot happen: the matching is maximum
    return {v for v, outer in enumerate(even) if outer}
