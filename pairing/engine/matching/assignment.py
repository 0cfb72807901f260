"""Assignments of rows to distinct columns within a 0/1 cost budget.

:func:`lexicographic_assignments` gives every such assignment in lexicographic order,
each branch checked exactly before it is entered.  The cheapest completion is kept as a
minimum-cost flow with potentials (successive shortest paths, Dijkstra on reduced costs;
R. K. Ahuja, T. L. Magnanti and J. B. Orlin, *Network Flows*, 1993, ch. 9); forcing one
more row onto a column costs one shortest-path search for the cheapest residual cycle
through that edge, and the reduced cost of the edge is a lower bound that usually answers
without a search.
"""

from __future__ import annotations

import bisect
import heapq
import itertools
import math
from collections.abc import Callable, Iterator, Sequence

_T = -2
"""``mate_col`` value of a column left unassigned (matched to the sink T)."""


class _AssignmentNetwork:
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
                    if alive[v] and not cover[v] and mate_col[v] != _T:
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
                self.mate_col[b - n1] = _T
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
                self.mate_col[v] = _T
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

    def snapshot(self) -> tuple[list[int], list[int], list[int], int, int]:
        """The state needed to undo a :meth:`force`."""
        return self.mate_row[:], self.mate_col[:], self.pot[:], self.t_used, self.total

    def restore(
        self, state: tuple[list[int], list[int], list[int], int, int], i: int, j: int
    ) -> None:
        """Undo :meth:`force` of row ``i`` onto column ``j``."""
        self.mate_row, self.mate_col, self.pot, self.t_used, self.total = (
            state[0][:],
            state[1][:],
            state[2][:],
            state[3],
            state[4],
        )
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
    net = _AssignmentNetwork(options, columns, must_cover)
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


def lexicographic_assignments(
    options: Sequence[Sequence[tuple[int, int]]],
    columns: int,
    *,
    budget: int,
    must_cover: frozenset[int] = frozenset(),
    after: tuple[int, ...] | None = None,
    viable: Callable[[tuple[int, ...]], bool] | None = None,
) -> Iterator[tuple[int, ...]]:
    """Assignments of every row to its own column, in lexicographic order, within a budget.

    ``options[r]`` lists the columns row ``r`` may take as ``(column, cost)`` pairs, in
    the order of preference (ascending column numbers give the lexicographic order of the
    tuple of columns).  Costs are 0 or 1.  An assignment is yielded when its total cost is
    at most ``budget`` and no column of ``must_cover`` is left unassigned.  With ``after``
    (one column per row; the options must then be in ascending column order) only the
    assignments coming after it are yielded: the search goes down its path without trying
    the options before it, and never yields it.

    Every branch is checked exactly before it is entered: the cheapest completion of the
    rows still open is kept as a minimum-cost transportation, and trying a column costs
    one shortest-path search.  So the search never enters a dead branch, and the first
    assignment comes after at most (rows x options) such searches.

    ``viable``, when given, is a further condition on the columns of the first rows (a
    prefix of an assignment, ending with the branch about to be entered): a branch
    failing it is not entered, so no assignment through it is yielded.  It must depend
    only on the set of columns the prefix takes, and may turn from true to false over
    time, never back.  The assignments below a prefix then depend only on that set and
    on the cost spent so far: a branch taking the same set of columns as one already
    searched in full without yielding anything, at no lower cost, is not entered.  (The
    rows take the columns in every order, so the same set is reached many times.)

    When the search has asked ``viable`` :data:`GUARD_AFTER` times since its last
    yield, and the sets of columns an assignment can leave over are few
    (:data:`LEFTOVER_SETS`), it is guarded by them (:func:`_leftover_guard`): a prefix
    is refused when every set it leaves open is ruled out or needs more than the budget
    left.  That refuses only branches without a yield, so the assignments yielded are
    the same.
    """
    if viable is None or columns < len(options):
        yield from _lexicographic(
            options, columns, budget=budget, must_cover=must_cover, after=after, viable=viable
        )
        return
    asked = 0
    looked = False
    sets = math.comb(columns, columns - len(options))
    after_asked = GUARD_AFTER if sets <= FEW_SETS else max(GUARD_AFTER, 4 * sets)
    guard: Callable[[tuple[int, ...]], bool] | None = None

    def guarded(prefix: tuple[int, ...]) -> bool:
        nonlocal asked, looked, guard
        if not looked:
            asked += 1
            if asked > after_asked:
                looked = True
                guard = _leftover_guard(options, columns, budget, must_cover, viable)
        if guard is not None and not guard(prefix):
            return False
        return viable(prefix)

    for found in _lexicographic(
        options, columns, budget=budget, must_cover=must_cover, after=after, viable=guarded
    ):
        asked = 0
        yield found


GUARD_AFTER = 2000
"""``viable`` asked this many times since the last yield, :func:`lexicographic_assignments`
looks for the sets of columns its assignments can leave over (a search then usually
spends its time in branches whose every completion within the budget leaves over a set
that ``viable`` refuses: 206,000 checks without a yield in a round of 150 players)."""

FEW_SETS = 1024
"""Beyond this many sets left over, the guard waits for four checks a set (its cost)."""

LEFTOVER_SETS = 16384
"""At most this many sets left over are listed (C(24, 4) = 10,626 in a 1992 Dutch round)."""


def _leftover_guard(
    options: Sequence[Sequence[tuple[int, int]]],
    columns: int,
    budget: int,
    must_cover: frozenset[int],
    viable: Callable[[tuple[int, ...]], bool],
) -> Callable[[tuple[int, ...]], bool] | None:
    """A condition on prefixes refusing only branches without an assignment to yield;
    None when the sets of columns left over are too many to list.

    Every assignment leaves ``columns - rows`` columns over.  A set ``L`` of them can be
    the one an assignment yielded leaves only if ``L`` holds no column of ``must_cover``,
    ``viable`` accepts the other columns as a whole (it depends only on the set of
    columns and never turns back to true, so a set it refuses now it refuses at the
    leaf), and some assignment within the budget takes every column outside ``L`` (the
    least cost of one; before it, the cheapest assignment's cost plus the reduced costs of
    T taking ``L``'s columns is a lower bound, Ahuja et al. 9.3).  An assignment yielded
    below a prefix leaves such an ``L`` untouched and gives the rows after the prefix the
    columns outside both at no more than the budget left: a prefix is refused when no
    open ``L`` has so cheap a completion (:func:`_least_outside`, remembered).
    """
    rows = len(options)
    spare = columns - rows
    if math.comb(columns, spare) > LEFTOVER_SETS:
        return None
    everything = range(columns)
    open_sets: list[int] = []
    root = _AssignmentNetwork(options, columns, must_cover)
    if not root.initialise():
        return lambda prefix: False
    pot, sink = root.pot, root.pot[root.t_node]
    dear = [sink - pot[rows + c] if m != _T else 0 for c, m in enumerate(root.mate_col)]
    for left in itertools.combinations(everything, spare):
        out = frozenset(left)
        if out & must_cover or root.total + sum(dear[c] for c in left) > budget:
            continue
        taken = tuple(c for c in everything if c not in out)
        if not viable(taken):
            continue
        narrowed = [[(c, k) for c, k in row if c not in out] for row in options]
        least = least_assignment_cost(narrowed, columns, must_cover=frozenset(taken))
        if least is not None and least <= budget:
            open_sets.append(sum(1 << c for c in left))

    costs = [dict(row) for row in options]
    least_below: dict[tuple[int, int], int | None] = {}

    def guard(prefix: tuple[int, ...]) -> bool:
        used = 0
        for column in prefix:
            used |= 1 << column
        if any(c not in costs[r] for r, c in enumerate(prefix)):
            return False
        slack = budget - sum(costs[r][c] for r, c in enumerate(prefix))
        for left in open_sets:
            if used & left:
                continue
            least = least_below.get((used, left), -1)
            if least == -1:
                least = least_below[used, left] = _least_outside(
                    options, columns, used | left, len(prefix)
                )
            if least is not None and least <= slack:
                return True
        return False

    return guard


def _least_outside(
    options: Sequence[Sequence[tuple[int, int]]], columns: int, closed: int, first: int
) -> int | None:
    """The least cost of giving the rows from ``first`` on every column outside the bit
    set ``closed``, one each (:func:`least_assignment_cost`), or None when there is none."""
    narrowed = [[(c, k) for c, k in row if not closed >> c & 1] for row in options[first:]]
    outside = frozenset(c for c in range(columns) if not closed >> c & 1)
    return least_assignment_cost(narrowed, columns, must_cover=outside)


def _lexicographic(
    options: Sequence[Sequence[tuple[int, int]]],
    columns: int,
    *,
    budget: int,
    must_cover: frozenset[int] = frozenset(),
    after: tuple[int, ...] | None = None,
    viable: Callable[[tuple[int, ...]], bool] | None = None,
) -> Iterator[tuple[int, ...]]:
    """:func:`lexicographic_assignments` without the guard on the columns left over."""
    net = _AssignmentNetwork(options, columns, must_cover)
    if not net.initialise() or net.total > budget:
        return
    n1 = net.n1
    if n1 == 0:
        if after is None:
            yield ()
        return
    cost = net.cost
    pointer = [0] * n1
    chosen = [-1] * n1
    saved: list[tuple[list[int], list[int], list[int], int, int] | None] = [None] * n1
    used = [0] * (n1 + 1)
    """The columns taken by the rows above each row, as a bit set."""
    spent = [0] * (n1 + 1)
    """The cost of the rows above each row."""
    clean = [True] * (n1 + 1)
    """Whether the search below each row is entered off the path of ``after``."""
    yields_before = [0] * (n1 + 1)
    yielded = 0
    fruitless: dict[int, int] = {}
    """Column sets searched below in full without a yield, with the least cost spent."""
    row = 0
    on_path = after is not None
    """True while every row so far has taken the column ``after`` gives it."""
    if after is not None:
        pointer[0] = _option_index(net.adj[0], after[0])
    clean[0] = not on_path
    while True:
        if row == n1:
            if not on_path:
                yielded += 1
                yield tuple(chosen)
            on_path = False
            row -= 1
            state = saved[row]
            assert state is not None
            net.restore(state, row, chosen[row])
            continue
        advanced = False
        candidates = net.adj[row]
        while pointer[row] < len(candidates):
            column = candidates[pointer[row]]
            pointer[row] += 1
            if not net.alive_col[column]:
                continue
            if viable is not None:
                taken = used[row] | 1 << column
                paid = spent[row] + cost[row][column]
                if fruitless.get(taken, paid + 1) <= paid or not viable((*chosen[:row], column)):
                    on_path = False
                    continue
            state = net.snapshot()
            if net.force(row, column, budget):
                saved[row] = state
                chosen[row] = column
                advanced = True
                break
            on_path = False
        if advanced:
            on_path = on_path and after is not None and chosen[row] == after[row]
            column = chosen[row]
            used[row + 1] = used[row] | 1 << column
            spent[row + 1] = spent[row] + cost[row][column]
            clean[row + 1] = not on_path
            yields_before[row + 1] = yielded
            row += 1
            if row < n1:
                pointer[row] = 0
                if on_path and after is not None:
                    pointer[row] = _option_index(net.adj[row], after[row])
            continue
        if viable is not None and clean[row] and yielded == yields_before[row]:
            known = fruitless.get(used[row])
            if known is None or spent[row] < known:
                fruitless[used[row]] = spent[row]
        on_path = False
        if row == 0:
            return
        row -= 1
        state = saved[row]
        assert state is not None
        net.restore(state, row, chosen[row])


def _option_index(columns: Sequence[int], column: int) -> int:
    """Where ``column`` stands among a row's options, or where it would stand (the options
    are in ascending order); the options before it are the ones ``after`` skips."""
    return bisect.bisect_left(columns, column)
