"""A min-cost transportation of rows onto columns with 0/1 costs, kept with potentials.

:class:`AssignmentNetwork` is the minimum-cost flow behind
:func:`~pairing.engine.matching.assignment.lexicographic_assignments` (successive
shortest paths, Dijkstra on reduced costs; R. K. Ahuja, T. L. Magnanti and J. B. Orlin,
*Network Flows*, 1993, ch. 9): forcing one more row onto a column costs one
shortest-path search for the cheapest residual cycle through that edge.
:func:`least_assignment_cost` asks it (or, for a few rows, the assignments themselves)
for the least cost of any assignment.
"""

from __future__ import annotations

import heapq
import itertools
from collections.abc import Sequence

T_MATE = -2
"""``mate_col`` value of a column left unassigned (matched to the sink T)."""


class AssignmentNetwork:
    """Rows, columns and a sink T as a min-cost transportation problem with 0/1 costs.

    Every row takes one column; T takes the ``columns - rows`` columns left over, but never
    a column in ``must_cover``.  The current transportation is kept of minimum cost, with
    potentials that make every residual reduced cost non-negative (successive shortest
    paths; Ahuja, Magnanti and Orlin, *Network Flows*, 1993, ch. 9).  Node numbers: row
    ``u`` is ``u``, column ``v`` is ``rows + v``, T is ``rows + columns``.
    """

    def __init__(
        self,
        options: Sequence[Sequence[tuple[int, int]]],
        columns: int,
        must_cover: frozenset[int],
    ) -> None:
        self.n1 = len(options)
        self.n2 = columns
        self.adj = [[column for column, _ in row] for row in options]
        self.cost = [dict(row) for row in options]
        self.cover = [v in must_cover for v in range(columns)]
        self.mate_row = [-1] * self.n1
        self.mate_col = [-1] * columns
        self.alive_row = [True] * self.n1
        self.alive_col = [True] * columns
        self.pot = [0] * (self.n1 + columns + 1)
        self.t_node = self.n1 + columns
        self.t_used = 0
        self.total = 0

    # Residual graph ---------------------------------------------------------------------

    def _shortest(
        self, source: int, target: int | None, limit: float
    ) -> tuple[int, dict[int, int], dict[int, int], set[int]] | None:
        """Dijkstra on reduced costs from ``source`` to ``target`` (or to any free column).

        Returns the node reached, distances, predecessors and the settled nodes; None when
        nothing is reached within reduced distance ``limit``.  Ties are taken first in
        first out, and the search stops as soon as the target is labelled at the current
        distance (reduced costs are non-negative, so no label can beat it).
        """
        pot = self.pot
        dist = {source: 0}
        prev: dict[int, int] = {}
        settled: set[int] = set()
        heap = [(0, 0, source)]
        counter = 1
        n1, t_node = self.n1, self.t_node
        mate_row, mate_col = self.mate_row, self.mate_col
        alive, cover, adj, cost = self.alive_col, self.cover, self.adj, self.cost
        push, pop = heapq.heappush, heapq.heappop
        while heap:
            d, _, x = pop(heap)
            if x in settled:
                continue
            if d > limit:
                return None
            settled.add(x)
            if x == target:
                return x, dist, prev, settled
            if x < n1:
                base = d + pot[x]
                mate = mate_row[x]
                costs = cost[x]
                for v in adj[x]:
                    if alive[v] and v != mate:
                        y = n1 + v
                        nd = base + costs[v] - pot[y]
                        if y not in dist or nd < dist[y]:
                            dist[y] = nd
                            prev[y] = x
                            if nd == d and target is None and mate_col[v] == -1:
                                settled.add(y)
                                return y, dist, prev, settled
                            push(heap, (nd, counter, y))
                            counter += 1
            elif x < t_node:
                v = x - n1
                m = mate_col[v]
                if m == -1:
                    if target is None:
                        return x, dist, prev, settled
                    continue
                y, c = (m, -cost[m][v]) if m >= 0 else (t_node, 0)
                nd = d + pot[x] + c - pot[y]
                if y not in dist or nd < dist[y]:
                    dist[y] = nd
                    prev[y] = x
                    if nd == d and y == target:
                        settled.add(y)
                        return y, dist, prev, settled
                    push(heap, (nd, counter, y))
                    counter += 1
            else:
                base = d + pot[x]
                for v in range(self.n2):
                    if alive[v] and not cover[v] and mate_col[v] != T_MATE:
                        y = n1 + v
                        nd = base - pot[y]
                        if y not in dist or nd < dist[y]:
                            dist[y] = nd
                            prev[y] = x
                            push(heap, (nd, counter, y))
                            counter += 1
        return None

    def _apply(
        self,
        source: int,
        reached: int,
        dist: dict[int, int],
        prev: dict[int, int],
        settled: set[int],
    ) -> int:
        """Flip the path source → reached, update potentials; returns the path's cost."""
        n1, t_node = self.n1, self.t_node
        path = [reached]
        while path[-1] != source:
            path.append(prev[path[-1]])
        path.reverse()
        real = 0
        for a, b in itertools.pairwise(path):
            if a < n1:  # row a takes column b
                v = b - n1
                self.mate_row[a] = v
                self.mate_col[v] = a
                real += self.cost[a][v]
            elif a == t_node:  # T takes column b
                self.mate_col[b - n1] = T_MATE
                self.t_used += 1
            elif b == t_node:  # T releases column a
                self.t_used -= 1
            else:  # row b releases column a
                real -= self.cost[b][a - n1]
        limit = dist[reached]
        pot = self.pot
        for x in range(len(pot)):
            pot[x] += dist[x] if x in settled else limit
        return real

    # Building a first transportation --------------------------------------------------

    def initialise(self, *, free_first: bool = False) -> bool:
        """Find a minimum-cost transportation; False when none exists.

        ``free_first``: start from a maximum matching of the rows on columns that cost
        nothing rather than a greedy one (fewer shortest-path searches after it; the
        least cost is the same, the transportation found may differ)."""
        if self.n2 < self.n1:
            return False
        for u in range(self.n1):
            costs = self.cost[u]
            for v in self.adj[u]:
                if self.mate_col[v] == -1 and costs[v] == 0:
                    self.mate_row[u] = v
                    self.mate_col[v] = u
                    break
        if free_first:
            self._free_matching()
        capacity = self.n2 - self.n1
        for v in range(self.n2):
            if self.t_used == capacity:
                break
            if self.mate_col[v] == -1 and not self.cover[v]:
                self.mate_col[v] = T_MATE
                self.t_used += 1
        sources = [u for u in range(self.n1) if self.mate_row[u] == -1]
        sources += [self.t_node] * (capacity - self.t_used)
        for source in sources:
            found = self._shortest(source, None, float("inf"))
            if found is None:
                return False
            reached, dist, prev, settled = found
            self.total += self._apply(source, reached, dist, prev, settled)
        return True

    def _free_matching(self) -> None:
        """Grow the rows' matching on columns that cost nothing into a maximum one (Kuhn's
        augmenting paths from each unmatched row); a matching that costs nothing is of
        least cost for its size, as successive shortest paths require of a start."""
        free = [[v for v in self.adj[u] if self.cost[u][v] == 0] for u in range(self.n1)]
        mate_row, mate_col = self.mate_row, self.mate_col

        def take(u: int, seen: list[bool]) -> bool:
            for v in free[u]:
                if not seen[v]:
                    seen[v] = True
                    if mate_col[v] == -1 or take(mate_col[v], seen):
                        mate_row[u], mate_col[v] = v, u
                        return True
            return False

        for u in range(self.n1):
            if mate_row[u] == -1:
                take(u, [False] * self.n2)

    # Forcing one row onto one column ---------------------------------------------------

    def force(self, i: int, j: int, budget: int) -> bool:
        """Give column ``j`` to row ``i`` if the rest can still be completed within budget.

        On success row ``i`` and column ``j`` leave the problem and the transportation of
        the rest stays of minimum cost.  The cheapest completion with edge (i, j) is the
        current one plus the cheapest residual cycle through i → j (a path from j to i).
        """
        n1 = self.n1
        c = self.cost[i][j]
        if self.mate_row[i] == j:
            if self.total > budget:
                return False
        else:
            slack = budget - self.total - c
            source, target = n1 + j, i
            # Dual bound: every residual cycle through i -> j costs at least the reduced
            # cost of that edge, because all other reduced costs are non-negative.
            if c + self.pot[i] - self.pot[source] > budget - self.total:
                return False
            found = self._shortest(source, target, slack + self.pot[source] - self.pot[target])
            if found is None:
                return False
            reached, dist, prev, settled = found
            real = self._apply(source, reached, dist, prev, settled)
            self.total += c + real
            self.mate_row[i] = j
            self.mate_col[j] = i
        self.alive_row[i] = False
        self.alive_col[j] = False
        return True

    def force_sink(self, j: int, budget: int) -> bool:
        """Leave column ``j`` over (T takes it) if the rest can still be completed within
        budget.

        On success column ``j`` leaves the problem held by T, so T has one column fewer
        to take, and the transportation of the rest stays of minimum cost: as in
        :meth:`force`, the cheapest completion with edge T → j is the current one plus
        the cheapest residual cycle through it (a path from j to T).
        """
        if self.cover[j]:
            return False
        source, target = self.n1 + j, self.t_node
        if self.mate_col[j] != T_MATE:
            slack = budget - self.total + self.pot[source] - self.pot[target]
            # Dual bound: the edge T -> j costs nothing, its reduced cost bounds the cycle.
            found = self._shortest(source, target, slack) if slack >= 0 else None
            if found is None:
                return False
            reached, dist, prev, settled = found
            self.total += self._apply(source, reached, dist, prev, settled)
            self.mate_col[j] = T_MATE
            self.t_used += 1
        elif self.total > budget:
            return False
        self.alive_col[j] = False
        return True

    def sink_may_take(self, j: int, budget: int) -> bool:
        """Whether :meth:`force_sink` of column ``j`` would succeed, without changing
        anything (the last column of a set left over needs no more)."""
        if self.cover[j]:
            return False
        if self.mate_col[j] == T_MATE:
            return self.total <= budget
        source, target = self.n1 + j, self.t_node
        slack = budget - self.total + self.pot[source] - self.pot[target]
        # Dual bound: the edge T -> j costs nothing, its reduced cost bounds the cycle.
        return slack >= 0 and self._shortest(source, target, slack) is not None

    def keep_from_sink(self, j: int, budget: int) -> bool:
        """Have the rows take column ``j`` (T may no longer take it) if the rest can still
        be completed within budget; undone by :meth:`restore_cover`.

        When T holds ``j`` it lets it go and takes another column instead: the cheapest
        completion is the current one plus the cheapest residual path from T to ``j``
        (the cycle through the edge T -> j taken back), found as in :meth:`force_sink`;
        otherwise forbidding the edge T -> j leaves the transportation as it is."""
        if self.cover[j]:
            return self.total <= budget
        source, target = self.t_node, self.n1 + j
        if self.mate_col[j] != T_MATE:
            self.cover[j] = True
            return self.total <= budget
        slack = budget - self.total + self.pot[source] - self.pot[target]
        if slack < 0:
            return False
        self.mate_col[j] = -1
        self.t_used -= 1
        self.cover[j] = True
        found = self._shortest(source, target, slack)
        if found is None:
            self.mate_col[j] = T_MATE
            self.t_used += 1
            self.cover[j] = False
            return False
        reached, dist, prev, settled = found
        self.total += self._apply(source, reached, dist, prev, settled)
        return True

    def restore_sink(self, state: tuple[list[int], list[int], list[int], int, int], j: int) -> None:
        """Undo :meth:`force_sink` of column ``j``."""
        self._reset(state)
        self.alive_col[j] = True

    def restore_cover(
        self, state: tuple[list[int], list[int], list[int], int, int], kept: Sequence[int]
    ) -> None:
        """Undo :meth:`keep_from_sink` of the columns ``kept`` (none of ``must_cover``)
        since ``state``."""
        self._reset(state)
        for j in kept:
            self.cover[j] = False

    def undo_forced(
        self,
        state: tuple[list[int], list[int], list[int], int, int],
        forced: Sequence[tuple[int, int]],
    ) -> None:
        """Undo the :meth:`force` of every row onto its column in ``forced`` since
        ``state`` (the snapshot before the first of them)."""
        self._reset(state)
        for i, j in forced:
            self.alive_row[i] = True
            self.alive_col[j] = True

    def _reset(self, state: tuple[list[int], list[int], list[int], int, int]) -> None:
        """Put back the matching, potentials and totals of a :meth:`snapshot` (copies: the
        snapshot may be put back again)."""
        self.mate_row, self.mate_col, self.pot, self.t_used, self.total = (
            state[0][:],
            state[1][:],
            state[2][:],
            state[3],
            state[4],
        )

    def snapshot(self) -> tuple[list[int], list[int], list[int], int, int]:
        """The state needed to undo a :meth:`force`."""
        return self.mate_row[:], self.mate_col[:], self.pot[:], self.t_used, self.total

    def restore(
        self, state: tuple[list[int], list[int], list[int], int, int], i: int, j: int
    ) -> None:
        """Undo :meth:`force` of row ``i`` onto column ``j``."""
        self._reset(state)
        self.alive_row[i] = True
        self.alive_col[j] = True


def least_assignment_cost(
    options: Sequence[Sequence[tuple[int, int]]],
    columns: int,
    *,
    must_cover: frozenset[int] = frozenset(),
) -> int | None:
    """The least total cost of an assignment of every row to its own column covering
    ``must_cover`` (``options`` as for :func:`lexicographic_assignments`), or None when
    there is none: :func:`lexicographic_assignments` yields something exactly when this
    is at most its budget.  With at most :data:`FEW_ROWS` rows, by
    :func:`_few_rows_least` instead of the network."""
    if len(options) <= FEW_ROWS:
        return _few_rows_least(options, columns, must_cover)
    net = AssignmentNetwork(options, columns, must_cover)
    return net.total if net.initialise(free_first=True) else None


FEW_ROWS = 3
"""Up to this many rows :func:`least_assignment_cost` tries the assignments themselves
(:func:`_few_rows_least`): the 1992 Dutch asks it thousands of times a round of two rows
(the players moved down) against fifteen columns, where building the network costs more
than the answer."""


def _few_rows_least(
    options: Sequence[Sequence[tuple[int, int]]], columns: int, must_cover: frozenset[int]
) -> int | None:
    """:func:`least_assignment_cost` by trying the assignments of a few rows.

    A row need only be tried on the columns of ``must_cover`` it may take and on its
    ``k`` cheapest others (``k`` rows in all): in a cheapest assignment giving a row
    another column, one of those ``k`` is left free by the other rows (they take at
    most ``k - 1``), costs no more and covers what the other covered (nothing that must
    be), so the row may take it instead.  The least cost found among these is the
    least of all."""
    rows = len(options)
    if columns < rows or len(must_cover) > rows:
        return None
    choices: list[list[tuple[int, int]]] = []
    for row in options:
        if must_cover:
            needed = [vc for vc in row if vc[0] in must_cover]
            others = [vc for vc in row if vc[0] not in must_cover]
        else:
            needed, others = [], list(row)
        free = [vc for vc in others if not vc[1]][:rows]
        if len(free) < rows:
            free += [vc for vc in others if vc[1]][: rows - len(free)]
        choices.append(needed + free)
    best: int | None = None

    def walk(r: int, used: frozenset[int], cost: int, open_: int) -> None:
        nonlocal best
        if best is not None and cost >= best:
            return
        if open_ > rows - r:
            return
        if r == rows:
            best = cost
            return
        for v, c in choices[r]:
            if v not in used:
                walk(r + 1, used | {v}, cost + c, open_ - (v in must_cover))

    walk(0, frozenset(), 0, len(must_cover))
    return best
