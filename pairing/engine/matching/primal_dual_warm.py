"""Beginning :mod:`pairing.engine.matching.primal_dual`'s search from an earlier optimum,
and the check that what it finds is optimal.

A pairer asks one matching after another of graphs that share most of their vertices
and whose weights differ in their lowest bits, or by a shift (the steps of an order
imposed one after the other, #38).  The method of Edmonds (J. Edmonds, "Maximum matching
and a polyhedron with 0,1-vertices", J. Res. NBS 69B (1965)) may begin from any matching
and any vertex duals that are feasible (no edge's reduced cost negative) and tight on
the matching's edges; the free vertices' duals may then differ, which the search allows
when it is warm (:meth:`.primal_dual_search.Search.settle_zero`).  :func:`warm_start`
makes such a beginning from the earlier optimum: its blossoms' duals spread over their
vertices, scaled to the new weights, raised where an edge would be short, lowered back
where a matched edge would be slack or a free vertex has room.

Whatever the beginning, the optimum found is proved by its duals
(:func:`proves_optimum`, linear programming duality), and its caller finds it again
from nothing when they do not prove it.
"""

from __future__ import annotations

from .primal_dual_search import Search, heaviest


def _flat_duals(search: Search) -> list[int]:
    """Each vertex's dual plus half the duals of the blossoms holding it: feasible
    vertex duals alone, every matched edge inside a blossom still tight."""
    u, parent, z = search.u, search.parent, search.z
    flat = list(u)
    for v in range(search.n):
        node = v
        while node in parent:
            node = parent[node]
            flat[v] += z[node] // 2
    return flat


def warm_start(
    previous: Search,
    previous_order: list[int],
    order: list[int],
    adjacent: list[dict[int, int]],
    lift: list[int] | None = None,
) -> tuple[list[int], list[int]]:
    """A matching and vertex duals over ``order`` (edges ``adjacent``, twice their
    weights) to begin the search from: feasible and tight on the matching's edges.

    ``lift``, per vertex of ``order`` (twice a weight): the new weights are the old
    ones plus ``lift`` of both ends, a vertex new to the graph bringing its lift
    alone (:func:`_lifted`); otherwise they are taken to be the old ones scaled by
    the power of two between the heaviest weights."""
    n = len(order)
    flat = _flat_duals(previous)
    position = {v: i for i, v in enumerate(order)}
    mate = [-1] * n
    if lift is None:
        shift = heaviest(adjacent).bit_length() - heaviest(previous.adjacent).bit_length()
        y = [0] * n
    else:
        shift = 0
        y = list(lift)
    for k, v in enumerate(previous_order):
        i = position.get(v)
        if i is None:
            continue
        f = flat[k]
        y[i] += f << shift if shift >= 0 else -((-f) >> -shift)
        m = previous.mate[k]
        if m != -1:
            j = position.get(previous_order[m])
            if j is not None and j in adjacent[i]:
                mate[i] = j
    for i in range(n):
        j = mate[i]
        if j != -1 and mate[j] != i:
            mate[i] = -1
    # Feasible: an edge short of its weight raises an end (a free one when it has one).
    for i in range(n):
        for j, w in adjacent[i].items():
            if j > i:
                short = w - y[i] - y[j]
                if short > 0:
                    if mate[i] == -1 or mate[j] != -1:
                        y[i] += short
                    else:
                        y[j] += short
    # Every dual even, as the search keeps them from nothing (all equal there): the
    # reduced cost between two outer vertices is then even, and half of it whole.
    y = [d + (d & 1) for d in y]
    # Tight on the matching: a slack matched edge lowers its ends as far as their other
    # edges allow (by even steps), or leaves the matching.
    for i in range(n):
        j = mate[i]
        if j <= i:
            continue
        excess = y[i] + y[j] - adjacent[i][j]
        for x, other in ((i, j), (j, i)):
            if excess <= 0:
                break
            room = min([y[x], *(y[x] + y[k] - w for k, w in adjacent[x].items() if k != other)])
            drop = min(room, excess) & ~1
            y[x] -= drop
            excess -= drop
        if excess > 0:
            mate[i] = mate[j] = -1
    # A free vertex's dual as low as its edges allow (zero: it stays free).
    for i in range(n):
        if mate[i] == -1 and y[i] > 0:
            y[i] -= min([y[i], *(y[i] + y[k] - w for k, w in adjacent[i].items())]) & ~1
    if lift is not None:
        _lifted(mate, y, adjacent)
    return mate, y


def _lifted(mate: list[int], y: list[int], adjacent: list[dict[int, int]]) -> None:
    """A lifted start (:func:`warm_start`): the vertices new to the graph begin free
    with their lift for a dual, and where the lift is all their edges weigh (as the
    completion field of C4's wider graph, whose pairs below the bracket weigh that
    alone, split between their players, #38), those edges are tight.  Free vertices of
    positive dual are matched along tight edges, first come first matched: each is
    one vertex fewer for the search to begin a tree from, and the matching stays
    tight (complementary slackness)."""
    for i, m in enumerate(mate):
        if m == -1 and y[i] > 0:
            yi = y[i]
            for j, w in adjacent[i].items():
                if mate[j] == -1 and yi + y[j] == w:
                    mate[i], mate[j] = j, i
                    break


def proves_optimum(search: Search) -> bool:
    """Whether the search's matching and duals prove it a matching of greatest weight:
    a matching of the graph's edges; every dual non-negative; every reduced cost (the
    blossoms holding both ends counted) non-negative, zero on the matching's edges; a
    vertex of positive dual matched; a blossom of positive dual holding all but one
    of its vertices matched among themselves.  Then no matching weighs more (linear
    programming duality over the matching polytope)."""
    n, u, mate, z = search.n, search.u, search.mate, search.z
    adjacent, parent = search.adjacent, search.parent
    # Per blossom: how deep it nests, and the duals of it and every blossom holding it,
    # summed: the blossoms holding two vertices are those holding the innermost one
    # holding both.
    depth: dict[int, int] = {}
    held: dict[int, int] = {}

    def settle(b: int) -> None:
        outer = parent.get(b)
        if outer is not None and outer not in depth:
            settle(outer)
        depth[b] = 0 if outer is None else depth[outer] + 1
        held[b] = z[b] + (0 if outer is None else held[outer])

    for b in z:
        if b not in depth:
            settle(b)
    for v in range(n):
        m = mate[v]
        if u[v] < 0 or (u[v] > 0 and m == -1):
            return False
        if m != -1 and (mate[m] != v or m not in adjacent[v]):
            return False
        uv = u[v]
        for w, weight in adjacent[v].items():
            cost = uv + u[w] - weight
            if cost >= 0 and w != m:
                continue  # the blossoms' duals only add
            common = _innermost_common(v, w, parent, depth)
            if common is not None:
                cost += held[common]
            if cost < 0 or (w == m and cost != 0):
                return False
    # A blossom of positive dual full: one of its vertices, no more, matched outside
    # it or free (its vertices are odd in number).
    outside = dict.fromkeys(z, 0)
    for v in range(n):
        m = mate[v]
        stop = None if m == -1 else _innermost_common(v, m, parent, depth)
        holder = parent.get(v)
        while holder is not None and holder != stop:
            outside[holder] += 1
            holder = parent.get(holder)
    return all(dual >= 0 and (dual == 0 or outside[b] == 1) for b, dual in z.items())


def _innermost_common(v: int, w: int, parent: dict[int, int], depth: dict[int, int]) -> int | None:
    """The innermost blossom holding both vertices, None when none does."""
    first, second = parent.get(v), parent.get(w)
    if first is None or second is None:
        return None
    a: int = first
    b: int = second
    while depth[a] > depth[b]:
        a = parent[a]
    while depth[b] > depth[a]:
        b = parent[b]
    while a != b:
        if a not in parent or b not in parent:
            return None
        a, b = parent[a], parent[b]
    return a
