"""Maximum-weight matching on general graphs by Edmonds' primal-dual blossom method, with
the duals that prove it optimal and what they say about every other optimum.

The search itself (the method, its sources and its departures from the textbook for
speed) is :mod:`pairing.engine.matching.primal_dual_search`; this module is its front
door: :func:`max_weight_matching`, :func:`certified_matching` and :class:`Optimum`, whose
readings of the duals (complementary slackness, linear programming duality) let a
pairer decide without a second matching.
"""

from __future__ import annotations

from collections.abc import Collection, Iterable, Mapping

from .blossom import augment, maximum_matching
from .primal_dual_search import Search
from .primal_dual_warm import proves_optimum, warm_start


def max_weight_matching(
    vertices: Iterable[int], weights: Mapping[tuple[int, int], int]
) -> dict[int, int]:
    """A matching of greatest total weight: ``mate[v]`` for each matched vertex.

    ``weights`` maps a pair of vertices to an integer; pairs that are absent or weigh
    nothing (or less) cannot be matched."""
    return certified_matching(vertices, weights).mate


class Optimum:
    """A matching of greatest weight (``mate``) with the duals that prove it.

    ``same_unmatched`` says whether every matching of greatest weight leaves the same
    vertices unmatched.  The duals say so (complementary slackness): a vertex whose
    dual is positive is matched in every such matching; an unmatched vertex outside
    every blossom whose edges all keep a positive reduced cost is matched in none.
    When every vertex is one or the other, the unmatched set is the same in all of
    them.  False is no promise of the contrary."""

    __slots__ = ("mate", "_same", "_search", "_index", "_tight", "_shrunk", "_nodes")

    @property
    def begun_warm(self) -> bool:
        """Whether the search began from an earlier optimum (other duals than the
        search from nothing may prove the same weight)."""
        return self._search.warm

    def __init__(self, search: Search, order: list[int]) -> None:
        self._search = search
        self._index = {v: i for i, v in enumerate(order)}
        self._tight: dict[int, list[int]] | None = None
        self._shrunk: tuple[list[int], dict[int, set[int]]] | None = None
        self._nodes: _ShrunkMatching | None = None
        mate = search.run()
        self.mate = {order[i]: order[m] for i, m in enumerate(mate) if m != -1}
        self._same: bool | None = None

    @property
    def same_unmatched(self) -> bool:
        """Read from the duals when first asked (a pairer asks it of some optima only)."""
        if self._same is None:
            search = self._search
            u, adjacent, mate = search.u, search.adjacent, search.mate
            self._same = all(
                u[v] > 0
                if m != -1
                else search.top[v] == v and all(u[v] + u[w] > x for w, x in adjacent[v].items())
                for v, m in enumerate(mate)
            )
        return self._same

    def may_meet(self, a: int, b: int) -> bool:
        """Whether some matching of greatest weight may pair ``a`` with ``b``: only an
        edge of zero reduced cost (the blossoms holding both counted) can be in one."""
        if a not in self._index or b not in self._index:
            return True  # not a vertex of this graph: no promise
        return self.reduced_cost(a, b) == 0

    def reduced_cost(self, a: int, b: int) -> int | None:
        """Twice the reduced cost of the edge ``a``-``b`` (the blossoms holding both
        counted), never negative; None when it is no edge of the graph."""
        search = self._search
        i, j = self._index.get(a), self._index.get(b)
        if i is None or j is None:
            return None
        weight = search.adjacent[i].get(j)
        if weight is None:
            return None
        return self._slack(i, j, weight)

    def slack(self, a: int, b: int, weight: int) -> int:
        """Twice the reduced cost that an edge ``a``-``b`` of ``weight`` would have under
        these duals (the blossoms holding both counted), whether or not it is an edge of
        the graph.  The duals bound the weight of every matching of the graph with such
        edges added by the greatest weight plus half the negation of each negative one
        it uses (linear programming duality: without them the duals are feasible)."""
        return self._slack(self._index[a], self._index[b], 2 * weight)

    def _slack(self, i: int, j: int, doubled: int) -> int:
        search = self._search
        cost = search.u[i] + search.u[j] - doubled
        if search.top[i] == search.top[j]:
            around = set()
            node = i
            while node in search.parent:
                node = search.parent[node]
                around.add(node)
            node = j
            while node in search.parent:
                node = search.parent[node]
                if node in around:
                    cost += search.z[node]
        return cost

    def tight_neighbours(self) -> dict[int, list[int]]:
        """Per vertex, its neighbours along edges of zero reduced cost (the blossoms
        holding both ends counted): the only edges any matching of greatest weight
        may use (complementary slackness, whichever optimal duals).  Worked out
        once."""
        if self._tight is not None:
            return self._tight
        search = self._search
        order = list(self._index)
        u, top = search.u, search.top
        tight: dict[int, list[int]] = {v: [] for v in order}
        for i, row in enumerate(search.adjacent):
            a = order[i]
            for j, weight in row.items():
                if j <= i or u[i] + u[j] - weight > 0:
                    continue  # the blossoms' duals only add
                b = order[j]
                if top[i] != top[j] or self.reduced_cost(a, b) == 0:
                    tight[a].append(b)
                    tight[b].append(a)
        self._tight = tight
        return tight

    def held_loss(self, a: int, partners: Iterable[int]) -> int:
        """Twice a weight that every matching in which ``a`` may meet only ``partners``
        (his other edges gone) weighs less than this optimum: the duals stay feasible
        with ``a``'s lowered by the least reduced cost of his edges to them (and not
        below zero), and their sum, the greatest weight, bounds every matching's weight
        (linear programming duality over the matching polytope)."""
        costs = (self.reduced_cost(a, b) for b in partners)
        return min([self._search.u[self._index[a]], *(c for c in costs if c is not None)])

    def leftover_split(self) -> tuple[list[int], list[int]]:
        """The vertices of zero dual, in two lists: those no matching of greatest weight
        matches (unmatched here, outside every blossom, every edge of positive reduced
        cost: ``same_unmatched``'s reading) and the open ones, which some such matching
        may leave over.  Every other vertex (a positive dual) is matched in all of them
        (complementary slackness)."""
        search = self._search
        u, order = search.u, list(self._index)
        sure: list[int] = []
        open_: list[int] = []
        for v in range(search.n):
            if u[v] > 0:
                continue
            if search.top[v] == v and all(u[v] + u[w] > x for w, x in search.adjacent[v].items()):
                sure.append(order[v])
            else:
                open_.append(order[v])
        return sure, open_

    def unmatched_sets(self, limit: int) -> list[set[int]] | None:
        """Sets of vertices among which is the set that any matching of greatest weight
        leaves unmatched: every vertex of zero dual some such matching may leave over
        (an edge of zero reduced cost, or a blossom, at it) with or without each of the
        others, and those none matches always (:meth:`leftover_split`); None when
        more than ``limit`` vertices are open.  Only sets of the parity of the vertices'
        number are given (unmatched vertices come in that parity)."""
        listed, open_ = self.leftover_split()
        if len(open_) > limit:
            return None
        sure = set(listed)
        subsets = [
            [v for k, v in enumerate(open_) if bits >> k & 1] for bits in range(1 << len(open_))
        ]
        parity = (self._search.n - len(sure)) % 2
        return [sure | set(some) for some in subsets if len(some) % 2 == parity]

    def leaves_exactly(self, unmatched: Collection[int]) -> bool:
        """Whether some matching of greatest weight leaves exactly ``unmatched`` (of this
        graph's vertices) unmatched, read from the duals with one unweighted matching.

        Complementary slackness (Edmonds): a matching is of greatest weight exactly when
        it uses only edges of zero reduced cost, matches every vertex of positive dual
        and holds ``(|B| - 1) / 2`` of its edges inside each blossom ``B`` of positive
        dual.  So no vertex of ``unmatched`` may have a positive dual, and each outermost
        blossom of positive dual holds at most one of them: with one, the blossom is
        matched inside around it; with none, exactly one of its vertices is matched
        outside.  Each such blossom shrunk to one vertex, the vertices left must be
        matched perfectly along edges of zero reduced cost between them.  Inside a
        blossom every vertex can be its base (the blossom's tight cycles), so a perfect
        matching of the shrunk graph gives a matching of greatest weight of the whole,
        and every such matching gives one of the shrunk graph."""
        search = self._search
        index, u = self._index, search.u
        left = {index[v] for v in unmatched if v in index}
        if (search.n - len(left)) % 2 or any(u[i] for i in left):
            return False
        if self._nodes is None:
            if self._shrunk is None:
                self._shrunk = _shrunk_tight_graph(self)
            self._nodes = _ShrunkMatching(*self._shrunk)
        nodes = self._nodes
        taken: set[int] = set()
        for i in left:
            at = nodes.at[nodes.group[i]]
            if at in taken:
                return False
            taken.add(at)
        return nodes.perfect_without(taken)

    def possible_partners(self, a: int) -> list[int] | None:
        """Whom ``a`` may meet in some matching of greatest weight, when it is matched
        in every one of them (a positive dual); None when it may be left unmatched."""
        i = self._index.get(a)
        if i is None or self._search.u[i] == 0:
            return None
        order = list(self._index)
        return [order[j] for j in self._search.adjacent[i] if self.may_meet(a, order[j])]


def _shrunk_tight_graph(optimum: Optimum) -> tuple[list[int], dict[int, set[int]]]:
    """For :meth:`Optimum.leaves_exactly`, the same for every set it is asked about:
    per vertex (by index) its node, the outermost blossom of positive dual holding it
    or itself; and per node the other nodes an edge of zero reduced cost joins it to
    (:meth:`Optimum.tight_neighbours`)."""
    search = optimum._search
    index, z, parent = optimum._index, search.z, search.parent
    group = list(range(search.n))
    for i in range(search.n):
        node = i
        while node in parent:
            node = parent[node]
            if z[node] > 0:
                group[i] = node
    links: dict[int, set[int]] = {g: set() for g in group}
    tight = optimum.tight_neighbours()
    for i, a in enumerate(index):
        ga = group[i]
        for b in tight[a]:
            gb = group[index[b]]
            if gb != ga:
                links[ga].add(gb)
    return group, links


class _ShrunkMatching:
    """:func:`_shrunk_tight_graph` by the position of each node (ascending), with one
    maximum matching of all its nodes: each set :meth:`Optimum.leaves_exactly` is asked
    about takes a few nodes out, and the matching without them grows from this one (a
    late round asks up to a hundred sets of one optimum, #38)."""

    __slots__ = ("group", "at", "rows", "mate")

    def __init__(self, group: list[int], links: dict[int, set[int]]) -> None:
        self.group = group
        nodes = sorted(links)
        self.at = {g: k for k, g in enumerate(nodes)}
        self.rows = [sorted(self.at[h] for h in links[g]) for g in nodes]
        self.mate = maximum_matching(self.rows)

    def perfect_without(self, taken: Collection[int]) -> bool:
        """Whether the nodes but ``taken`` (positions) can all be matched along the
        links: the kept maximum matching less the edges at ``taken``, grown by one
        search from each node it leaves free (Edmonds: a node no augmenting path
        reaches stays free in every maximum matching grown on)."""
        n = len(self.rows)
        if (n - len(taken)) % 2:
            return False
        mate = list(self.mate)
        alive = [True] * n
        for k in taken:
            alive[k] = False
            if mate[k] != -1:
                mate[mate[k]] = -1
                mate[k] = -1
        for v in range(n):
            if not alive[v] or mate[v] != -1:
                continue
            # A free neighbour first (a path of one edge), else one search.
            w = next((w for w in self.rows[v] if mate[w] == -1 and alive[w]), -1)
            if w != -1:
                mate[v], mate[w] = w, v
            elif not augment(v, self.rows, mate, alive):
                return False
        return True


def certified_matching(
    vertices: Iterable[int],
    weights: Mapping[tuple[int, int], int],
    warm: Optimum | None = None,
    *,
    near: int = 4,
    lift: Mapping[int, int] | None = None,
) -> Optimum:
    """:func:`max_weight_matching` with its duals (:class:`Optimum`).

    ``warm``: an optimum of an earlier graph (other weights, some vertices the same) to
    begin from (:func:`.primal_dual_warm.warm_start`) when that leaves few vertices to
    search from (at most one in ``near``; 1 takes it always); the optimum found is then
    proved by its duals (:func:`.primal_dual_warm.proves_optimum`), and found again from
    nothing if they do not prove it.  ``lift``: how the weights grew since ``warm``'s
    graph, per vertex (absent: 0): an edge of both graphs weighs its two ends' lifts
    more, an edge at a vertex new to the graph best its ends' lifts alone.  The start
    is made by those sums rather than by a power of two, and proved like any other,
    so the lifts only guide it."""
    order = list(vertices)
    index = {v: i for i, v in enumerate(order)}
    adjacent: list[dict[int, int]] = [{} for _ in order]
    for (a, b), w in weights.items():
        if w > 0 and a != b:
            i, j = index[a], index[b]
            adjacent[i][j] = adjacent[j][i] = 2 * w
    if warm is not None:
        previous = warm._search
        raised = None if lift is None else [2 * lift.get(v, 0) for v in order]
        start = warm_start(previous, list(warm._index), order, adjacent, raised)
        mate, duals = start
        roots = sum(1 for m, d in zip(mate, duals, strict=True) if m == -1 and d > 0)
        # Begun from far (a search from each of many free vertices), the warm search
        # costs as much as one from nothing and more: it is taken only when near.
        if near * roots <= len(order):
            found = Optimum(Search(len(order), adjacent, start), order)
            if proves_optimum(found._search):
                return found
    return Optimum(Search(len(order), adjacent), order)
