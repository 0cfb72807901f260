"""Matchings for the pairing systems; knows nothing about chess.

- :func:`maximum_matching`: maximum-cardinality matching on general graphs (Edmonds'
  blossom algorithm).  Vertices are ``0 .. n-1`` and ``adjacent[v]`` lists the neighbours
  of ``v``.  Used to check, before descending into a branch of a search, that the
  players still to be paired can all be paired.  Reference: J. Edmonds, "Paths, trees,
  and flowers", Canadian Journal of Mathematics 17 (1965); the usual O(V^3) formulation
  with breadth-first search for an augmenting path and contraction of odd cycles
  (blossoms) through a base array.
- :class:`ShrinkingMatching`: a maximum matching kept maximum while vertices leave the
  graph, by restarting Edmonds' search only at the vertices the removal left unmatched.
- :func:`complete_matching`: grows a matching into a perfect one by Edmonds' search.
- :func:`perfect_matching_within`: a perfect matching with at most ``k`` edges of a costly
  kind (0/1 costs), exactly, by branch and bound between two maximum matchings.
- :func:`bipartite_matching_size`: augmenting paths on a bipartite graph (Kuhn's method).
- :func:`lexicographic_assignments`: every assignment of rows to distinct columns within a
  0/1 cost budget, in lexicographic order, each branch checked exactly before it is
  entered.  The cheapest completion is kept as a minimum-cost flow with potentials
  (successive shortest paths, Dijkstra on reduced costs; R. K. Ahuja, T. L. Magnanti and
  J. B. Orlin, *Network Flows*, 1993, ch. 9); forcing one more row onto a column costs one
  shortest-path search for the cheapest residual cycle through that edge, and the reduced
  cost of the edge is a lower bound that usually answers without a search.
"""

from __future__ import annotations

import bisect
import heapq
import itertools
from collections import deque
from collections.abc import Callable, Iterator, Sequence


def maximum_matching(adjacent: Sequence[Sequence[int]]) -> list[int]:
    """A maximum matching: ``mate[v]`` is v's partner, or -1 when v is unmatched."""
    n = len(adjacent)
    mate = [-1] * n
    # Greedy start: cheap and usually close to maximum.
    for v in range(n):
        if mate[v] == -1:
            for w in adjacent[v]:
                if mate[w] == -1 and w != v:
                    mate[v], mate[w] = w, v
                    break
    for root in range(n):
        if mate[root] == -1:
            _augment_from(root, adjacent, mate)
    return mate


class LazyAdjacency(Sequence[list[int]]):
    """The neighbours of each of ``n`` vertices by a predicate, each list made when
    first read: a search that looks at a few vertices costs a few rows, not the square
    of ``n``."""

    def __init__(self, n: int, adjacent: Callable[[int, int], bool]) -> None:
        self._n = n
        self._adjacent = adjacent
        self._rows: dict[int, list[int]] = {}

    def __len__(self) -> int:
        return self._n

    def __getitem__(self, v: int) -> list[int]:  # type: ignore[override]
        row = self._rows.get(v)
        if row is None:
            row = [w for w in range(self._n) if w != v and self._adjacent(v, w)]
            self._rows[v] = row
        return row


def dense_maximum_matching(n: int, adjacent: Callable[[int, int], bool]) -> list[int]:
    """A maximum matching of a graph given by a predicate, cheap when the graph is dense:
    ``mate[v]`` is v's partner, or -1.

    Each vertex in order is matched to the next free vertex it may meet; a vertex left
    free then looks for an augmenting path of one or three edges, and only when there is
    none for the full search of :func:`maximum_matching`.  Neighbour lists are made only
    for the vertices those searches reach (:class:`LazyAdjacency`)."""
    mate = [-1] * n
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
    rows = LazyAdjacency(n, adjacent)
    alive = [True] * n
    for root in free:
        if mate[root] == -1 and not _augment_short(root, rows, mate, alive, free):
            _augment_from(root, rows, mate)
    return mate


def matching_size(adjacent: Sequence[Sequence[int]]) -> int:
    """The number of edges in a maximum matching."""
    return sum(1 for partner in maximum_matching(adjacent) if partner != -1) // 2


def has_perfect_matching(adjacent: Sequence[Sequence[int]], *, allow_one_unmatched: bool) -> bool:
    """True when every vertex can be matched (or all but one, when allowed)."""
    n = len(adjacent)
    if n % 2 and not allow_one_unmatched:
        return False
    return 2 * matching_size(adjacent) >= n - (1 if allow_one_unmatched else 0)


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
) -> list[int] | None:
    """Search an augmenting path from the free vertex ``root`` over the ``alive`` vertices
    and apply it to ``mate`` (Edmonds: breadth-first search, odd cycles contracted through
    a base array).

    Returns None when a path was found, else the vertices the search labelled (they form
    a Hungarian tree, which no later augmenting path can use); ``even``, when given, is
    then filled with the vertices reached at an even distance (the outer vertices).
    """
    n = len(adjacent)
    parent = [-1] * n
    base = list(range(n))
    used = [False] * n
    used[root] = True
    queue = deque([root])
    tree = [root]
    """The vertices labelled so far: only they can lie in a blossom."""

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

    def mark_path(v: int, b: int, child: int, blossom: list[bool]) -> None:
        while base[v] != b:
            blossom[base[v]] = blossom[base[mate[v]]] = True
            parent[v] = child
            child = mate[v]
            v = parent[mate[v]]

    while queue:
        v = queue.popleft()
        for to in adjacent[v]:
            if not alive[to] or base[v] == base[to] or mate[v] == to:
                continue
            if to == root or (mate[to] != -1 and parent[mate[to]] != -1):
                current_base = lowest_common_ancestor(v, to)
                blossom = [False] * n
                mark_path(v, current_base, to, blossom)
                mark_path(to, current_base, v, blossom)
                for i in sorted(tree):
                    if blossom[base[i]]:
                        base[i] = current_base
                        if not used[i]:
                            used[i] = True
                            queue.append(i)
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
                used[mate[to]] = True
                queue.append(mate[to])
                tree.append(mate[to])
    if even is not None:
        even[:] = used
    return tree


def exposable_vertices(adjacent: Sequence[Sequence[int]]) -> set[int] | None:
    """For a graph whose maximum matchings leave exactly one vertex unmatched: the
    vertices some maximum matching leaves unmatched (Gallai-Edmonds: the outer vertices
    of the search from the one a maximum matching leaves over).  None when maximum
    matchings leave more than one vertex unmatched, or none."""
    mate = maximum_matching(adjacent)
    free = [v for v, m in enumerate(mate) if m == -1]
    if len(free) != 1:
        return None
    even: list[bool] = []
    if _augment(free[0], adjacent, list(mate), [True] * len(adjacent), even) is None:
        return None  # cannot happen: the matching is maximum
    return {v for v, outer in enumerate(even) if outer}


def bipartite_matching(left_adjacent: Sequence[Sequence[int]], right_size: int) -> list[int]:
    """A maximum matching of a bipartite graph (augmenting paths, Kuhn's method): for each
    right vertex its left mate, or -1."""
    match_right = [-1] * right_size
    matched_left = [False] * len(left_adjacent)
    for u, row in enumerate(left_adjacent):
        for v in row:
            if match_right[v] == -1:
                match_right[v] = u
                matched_left[u] = True
                break

    def try_left(u: int, seen: list[bool]) -> bool:
        for v in left_adjacent[u]:
            if not seen[v]:
                seen[v] = True
                if match_right[v] == -1 or try_left(match_right[v], seen):
                    match_right[v] = u
                    return True
        return False

    for u in range(len(left_adjacent)):
        if not matched_left[u]:
            try_left(u, [False] * right_size)
    return match_right


def bipartite_matching_size(left_adjacent: Sequence[Sequence[int]], right_size: int) -> int:
    """Size of a maximum matching in a bipartite graph (:func:`bipartite_matching`)."""
    return sum(1 for mate in bipartite_matching(left_adjacent, right_size) if mate != -1)


# --- Lexicographically first assignments under a cost budget -----------------------------

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

    def initialise(self) -> bool:
        """Find a minimum-cost transportation; False when none exists."""
        if self.n2 < self.n1:
            return False
        for u in range(self.n1):
            costs = self.cost[u]
            for v in self.adj[u]:
                if self.mate_col[v] == -1 and costs[v] == 0:
                    self.mate_row[u] = v
                    self.mate_col[v] = u
                    break
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
    is at most its budget."""
    net = _AssignmentNetwork(options, columns, must_cover)
    return net.total if net.initialise() else None


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
    """
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
    adjacent: Sequence[Sequence[int]], mate: list[int], alive: Sequence[bool]
) -> bool:
    """Grow ``mate`` (a matching of the ``alive`` vertices) into a perfect matching of them
    by Edmonds' augmenting paths; False when they have none.

    Berge: when no augmenting path starts at a free vertex, some maximum matching leaves
    it free, so one search per free vertex decides.
    """
    for v in range(len(adjacent)):
        if alive[v] and mate[v] == -1 and _augment(v, adjacent, mate, alive) is not None:
            return False
    return True


# --- Perfect matchings with few costly edges ---------------------------------------------


def perfect_matching_within(
    cheap: Sequence[Sequence[int]], costly: Sequence[Sequence[int]], budget: int
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
    """
    n = len(cheap)
    if n % 2:
        return None
    dear = [frozenset(row) for row in costly]
    edges = [sorted(set(cheap[v]) | dear[v]) for v in range(n)]
    failed: dict[frozenset[int], int] = {}
    """Vertex sets known to need more than the budget given (the largest one tried)."""

    def search(left: frozenset[int], allowed: int) -> list[tuple[int, int]] | None:
        if not left:
            return []
        if failed.get(left, -1) >= allowed:
            return None
        vertices = sorted(left)
        local = {v: i for i, v in enumerate(vertices)}
        cheap_local = [[local[w] for w in cheap[v] if w in local] for v in vertices]
        mate = ShrinkingMatching(cheap_local).mate
        shortfall = len(vertices) // 2 - sum(1 for m in mate if m != -1) // 2
        if shortfall <= allowed:
            all_local = [[local[w] for w in edges[v] if w in local] for v in vertices]
            for root in range(len(vertices)):
                if mate[root] == -1 and not _augment_from(root, all_local, mate):
                    failed[left] = len(vertices)
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
        failed[left] = max(failed.get(left, -1), allowed)
        return None

    pairs = search(frozenset(range(n)), budget)
    if pairs is None:
        return None
    result = [-1] * n
    for a, b in pairs:
        result[a], result[b] = b, a
    return result
