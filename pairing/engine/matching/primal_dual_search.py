"""The search of :mod:`pairing.engine.matching.primal_dual`: Edmonds' primal-dual blossom
method for a maximum-weight matching on a general graph.

Written for this project from the method's published description (J. Edmonds, "Maximum
matching and a polyhedron with 0,1-vertices", J. Res. NBS 69B (1965); Z. Galil,
"Efficient algorithms for finding maximum matching in graphs", ACM Computing Surveys 18
(1986), section 3): vertex duals ``u`` and odd-set (blossom) duals ``z``, an alternating
forest grown from every unmatched vertex over edges of zero reduced cost, blossoms shrunk
when two outer vertices of one tree meet, a path augmented when two trees meet, and
otherwise a uniform dual change of the largest size that keeps every reduced cost
non-negative.  Weights are integers (of any size: the Dutch system's have hundreds of
bits), and every quantity stays an integer: a reduced cost is ``u[a] + u[b] - 2 w(a, b)``
plus the ``z`` of the blossoms holding both ends, and ``z`` moves by twice the change.

Not of maximum cardinality: the free vertices' duals (always equal) reaching zero ends
the search.  Two departures from the textbook's stages, for speed in Python at the
20-100 vertices of a Swiss bracket: after an augmentation only the two trees it joined
lose their labels, the others growing on (they are still alternating trees of free roots
over edges of zero reduced cost); and the least reduced cost toward each vertex and from
each outer vertex is kept as the edges are scanned (a uniform dual change keeps their
order) and looked up again only where a tree it pointed into lost its labels.
"""

from __future__ import annotations

_FREE, _OUTER, _INNER = 0, 1, 2


def heaviest(adjacent: list[dict[int, int]]) -> int:
    """The greatest weight in ``adjacent`` (0 without edges): each row's greatest, then
    theirs, rather than one generator step per edge."""
    return max([max(row.values()) for row in adjacent if row], default=0)


class Search:
    """One run of the method on vertices ``0 .. n-1``; blossoms are numbered from n."""

    def __init__(
        self,
        n: int,
        adjacent: list[dict[int, int]],
        start: tuple[list[int], list[int]] | None = None,
    ) -> None:
        self.n = n
        # Twice each edge's weight, the form every reduced cost reads (big integers:
        # one multiplication less per edge looked at).
        self.adjacent = adjacent
        top = heaviest(adjacent) // 2
        self.u: list[int] = [top] * n
        self.first_dual = top
        """Every vertex's dual at the start of a search from nothing: each free vertex's
        is this less every dual change so far (``lowered``), see :meth:`change_duals`."""
        self.mate: list[int] = [-1] * n
        # Warm: begun from a matching and vertex duals (see :meth:`run`), not from
        # nothing; the free vertices' duals then differ.
        self.warm = start is not None
        if start is not None:
            self.mate, self.u = list(start[0]), list(start[1])
        # Per blossom (index >= n) and, where it makes sense, per vertex:
        self.top: list[int] = list(range(n))  # outermost blossom holding each vertex
        self.parent: dict[int, int] = {}  # the blossom directly holding a node
        self.children: dict[int, list[int]] = {}  # the odd cycle, its base's node first
        self.links: dict[int, list[tuple[int, int]]] = {}  # links[b][k] joins child k, k+1
        self.base: dict[int, int] = {}
        self.z: dict[int, int] = {}
        self.spare: list[int] = list(range(2 * n - 1, n - 1, -1))
        # Per labelled outermost node: its label, and the edge (a vertex of its tree
        # parent, a vertex of its own) by which it joined its tree (None at a root).
        self.label: dict[int, int] = {}
        self.kind: list[int] = [_FREE] * (2 * n)  # the same labels by node, _FREE if none
        self.tree: list[int] = [-1] * (2 * n)  # per labelled node: its tree's root vertex
        self.via: dict[int, tuple[int, int] | None] = {}
        # The outer vertex nearest each vertex, the outer vertex of another outermost
        # node nearest each outer vertex, and those to look up again.
        self.toward_free: dict[int, int] = {}
        self.toward_outer: dict[int, int] = {}
        # With each, the reduced cost of its edge plus the sum of every dual change so
        # far (``lowered``): that sum stays fixed while the outer end stays outer, so
        # a candidate is compared with the kept one without working the latter out.
        self.free_key: dict[int, int] = {}
        self.outer_key: dict[int, int] = {}
        self.lowered = 0
        self.stale: set[int] = set()

    # -- small helpers -------------------------------------------------------------------

    def vertices_of(self, node: int) -> list[int]:
        if node < self.n:
            return [node]
        out: list[int] = []
        stack = [node]
        while stack:
            b = stack.pop()
            if b < self.n:
                out.append(b)
            else:
                stack.extend(self.children[b])
        return out

    def base_of(self, node: int) -> int:
        return node if node < self.n else self.base[node]

    def child_holding(self, node: int, v: int) -> int:
        """The child of ``node`` that holds vertex ``v``."""
        c = v
        while self.parent[c] != node:
            c = self.parent[c]
        return c

    # -- labels -------------------------------------------------------------------------

    def make_outer(
        self, node: int, via: tuple[int, int] | None, queue: list[int], tree: int
    ) -> None:
        self.label[node] = self.kind[node] = _OUTER
        self.tree[node] = tree
        self.via[node] = via
        queue.extend(self.vertices_of(node))

    def make_inner(self, node: int, via: tuple[int, int], queue: list[int]) -> None:
        self.label[node] = self.kind[node] = _INNER
        tree = self.tree[node] = self.tree[self.top[via[0]]]
        self.via[node] = via
        b = self.base_of(node)
        partner = self.mate[b]
        self.make_outer(self.top[partner], (b, partner), queue, tree)

    def tree_parent(self, node: int) -> int | None:
        """The outer node above outer ``node`` in its tree, or None at a root."""
        via = self.via[node]
        if via is None:
            return None
        inner = self.top[via[0]]
        up = self.via[inner]
        assert up is not None
        return self.top[up[0]]

    # -- blossoms -----------------------------------------------------------------------

    def meeting_point(self, first: int, second: int) -> int | None:
        """The outer node where the tree paths up from two outer nodes first meet, or
        None when they lie in different trees."""
        seen: set[int] = set()
        a: int | None = first
        b: int | None = second
        while a is not None or b is not None:
            if a is not None:
                if a in seen:
                    return a
                seen.add(a)
                a = self.tree_parent(a)
            if b is not None:
                if b in seen:
                    return b
                seen.add(b)
                b = self.tree_parent(b)
        return None

    def path_up(self, node: int, stop: int) -> list[int]:
        """Nodes from ``node`` up the tree to ``stop`` (excluded), outer and inner."""
        out: list[int] = []
        while node != stop:
            out.append(node)
            via = self.via[node]
            assert via is not None
            node = self.top[via[0]]
        return out

    def shrink(self, a: int, b: int, stem: int, queue: list[int]) -> None:
        """Shrink the odd cycle closed by the edge (a, b) between two outer vertices of
        one tree, whose paths up meet at the outer node ``stem``."""
        left = self.path_up(self.top[a], stem)
        right = self.path_up(self.top[b], stem)
        cycle = [stem, *reversed(left), *right]
        links: list[tuple[int, int]] = []
        for node in reversed(left):
            via = self.via[node]
            assert via is not None
            links.append(via)
        links.append((a, b))
        for node in right:
            via = self.via[node]
            assert via is not None
            links.append((via[1], via[0]))
        blossom = self.spare.pop()
        self.children[blossom] = cycle
        self.links[blossom] = links
        self.base[blossom] = self.base_of(stem)
        self.z[blossom] = 0
        for node in cycle:
            self.parent[node] = blossom
            if self.kind[node] == _INNER:
                queue.extend(self.vertices_of(node))
            self.label.pop(node, None)
            self.kind[node] = _FREE
        for v in self.vertices_of(blossom):
            self.top[v] = blossom
        self.label[blossom] = self.kind[blossom] = _OUTER
        self.via[blossom] = self.via[stem]
        self.tree[blossom] = self.tree[stem]

    def release(self, blossom: int) -> list[int]:
        """Undo one blossom: its children become outermost; they are returned."""
        cycle = self.children.pop(blossom)
        del self.links[blossom], self.base[blossom], self.z[blossom]
        self.label.pop(blossom, None)
        self.kind[blossom] = _FREE
        self.via.pop(blossom, None)
        for node in cycle:
            del self.parent[node]
            for v in self.vertices_of(node):
                self.top[v] = node
        self.spare.append(blossom)
        return cycle

    def expand_inner(self, blossom: int, queue: list[int]) -> None:
        """An inner blossom whose dual reached zero, undone during the search: the even
        path through it from where the tree enters to its base keeps the tree's
        alternation; the other children lose their labels."""
        via = self.via[blossom]
        assert via is not None
        cycle = list(self.children[blossom])
        links = list(self.links[blossom])
        entry = self.child_holding(blossom, via[1])
        tree = self.tree[blossom]
        self.release(blossom)
        k = cycle.index(entry)
        size = len(cycle)
        self.label[entry] = self.kind[entry] = _INNER
        self.tree[entry] = tree
        self.via[entry] = via
        if k % 2 == 0:
            # Backwards from the entry to the base.
            steps = [(cycle[j - 1], (links[j - 1][1], links[j - 1][0])) for j in range(k, 0, -1)]
        else:
            steps = [(cycle[(j + 1) % size], links[j]) for j in range(k, size)]
        for index, (node, edge) in enumerate(steps):
            if index % 2 == 0:
                # The matched edge: the node is outer.
                self.label[node] = self.kind[node] = _OUTER
                self.tree[node] = tree
                self.via[node] = edge
                queue.extend(self.vertices_of(node))
            else:
                self.label[node] = self.kind[node] = _INNER
                self.tree[node] = tree
                self.via[node] = edge
        # Nodes of the cycle off the path stay unlabelled: the next scan of reduced
        # costs finds any outer vertex that now reaches them.

    def release_spent(self, nodes: list[int]) -> list[int]:
        """Undo the blossoms among ``nodes`` (unlabelled outermost nodes) whose dual is
        zero, and the same again for their children; the outermost nodes that result."""
        out: list[int] = []
        stack = list(nodes)
        while stack:
            node = stack.pop()
            if node >= self.n and self.z[node] == 0:
                stack.extend(self.release(node))
            else:
                out.append(node)
        return out

    # -- augmenting ---------------------------------------------------------------------

    def rotate(self, node: int, v: int) -> None:
        """Re-match the inside of ``node`` so that vertex ``v`` becomes its base (the
        even path from v's child to the base flipped), recursively."""
        if node < self.n:
            return
        child = self.child_holding(node, v)
        self.rotate(child, v)
        cycle = self.children[node]
        links = self.links[node]
        k = cycle.index(child)
        size = len(cycle)
        # An even path from the child to the base, backwards or forwards round the
        # cycle; every other link on it becomes matched.
        flips = range(k - 2, -1, -2) if k % 2 == 0 else range(k + 1, size, 2)
        for j in flips:
            x, y = links[j]
            self.rotate(cycle[j], x)
            self.rotate(cycle[(j + 1) % size], y)
            self.mate[x] = y
            self.mate[y] = x
        self.children[node] = cycle[k:] + cycle[:k]
        self.links[node] = links[k:] + links[:k]
        self.base[node] = v

    def augment(self, a: int, b: int) -> None:
        """Flip the path root ... a - b ... root between two trees."""
        self.flip_up(a, b)
        self.flip_up(b, a)

    def flip_up(self, start: int, partner: int) -> None:
        """Flip the even path from outer vertex ``start`` up to its tree's root, ``start``
        matched to ``partner`` (-1: left free)."""
        v, w = start, partner
        while True:
            node = self.top[v]
            self.rotate(node, v)
            self.mate[v] = w
            via = self.via[node]
            if via is None:
                break
            inner = self.top[via[0]]
            up = self.via[inner]
            assert up is not None
            self.rotate(inner, up[1])
            self.mate[up[1]] = up[0]
            v, w = up[0], up[1]

    # -- the method ---------------------------------------------------------------------

    def run(self) -> list[int]:
        """Grow the forest, augmenting whenever two trees meet, until the free
        vertices' duals reach zero or no free vertex is left.

        After an augmentation only the two trees it joined lose their labels (their
        blossoms of zero dual undone); the other trees stay as they are, still
        alternating trees of free roots with every reduced cost non-negative, so the
        search goes on from them instead of starting again from every free vertex."""
        queue: list[int] = []
        for v in range(self.n):
            if self.mate[v] == -1 and self.top[v] not in self.label and self.u[v] > 0:
                self.make_outer(self.top[v], None, queue, v)
        adjacent = self.adjacent
        top = self.top
        label = self.label
        u = self.u
        toward_free = self.toward_free
        toward_outer = self.toward_outer
        free_key = self.free_key
        outer_key = self.outer_key
        free_get = free_key.get
        outer_get = outer_key.get
        kind_of = self.kind
        while label:
            lowered = self.lowered
            while queue:
                v = queue.pop()
                tv = top[v]
                if kind_of[tv] != _OUTER:
                    continue  # its tree was joined to another and unlabelled
                fixed = u[v] + lowered
                row = adjacent[v]
                for w, weight in row.items():
                    tw = top[w]
                    if tw == tv:
                        continue
                    kind = kind_of[tw]
                    key = fixed - weight
                    # Kept for the next dual change: the least reduced cost from
                    # an outer vertex to each vertex (read while it is free), and
                    # from each outer vertex to another outer node.  A uniform
                    # change keeps their order, so the least stays the least
                    # while its outer end stays outer.
                    kept = free_get(w)
                    if kept is None or key < kept:
                        toward_free[w] = v
                        free_key[w] = key
                    slack = key - lowered + u[w]
                    if kind == _OUTER and slack:
                        key = u[w] + lowered - weight
                        kept = outer_get(v)
                        if kept is None or key < kept:
                            toward_outer[v] = w
                            outer_key[v] = key
                    if slack or kind == _INNER:
                        continue
                    if kind == _FREE:
                        if self.mate[self.base_of(tw)] == -1:
                            # Warm only: a vertex left free with a zero dual ends an
                            # augmenting path (a tree of its own, then joined).
                            self.make_outer(tw, None, queue, self.base_of(tw))
                            self.augment_and_unlabel(v, w)
                            break
                        self.make_inner(tw, (v, w), queue)
                    else:
                        stem = self.meeting_point(tv, tw)
                        if stem is None:
                            self.augment_and_unlabel(v, w)
                            break
                        self.shrink(v, w, stem, queue)
                        tv = top[v]
            if label and not self.change_duals(queue):
                break
        return self.mate

    def augment_and_unlabel(self, v: int, w: int) -> None:
        """Augment along the path through the edge (v, w) between two trees, then take
        the labels off those two trees."""
        tree = self.tree
        first = tree[self.top[v]]
        second = first if w == -1 else tree[self.top[w]]
        joined = [node for node in self.label if tree[node] == first or tree[node] == second]
        if w == -1:
            self.flip_up(v, -1)
        else:
            self.augment(v, w)
        for node in joined:
            del self.label[node]
            self.kind[node] = _FREE
            del self.via[node]
        # The least reduced costs kept toward the vertices now unlabelled are
        # forgotten (when those vertices are outer again, the order among the kept
        # candidates no longer holds); those who kept them look again when asked.
        gone = {x for node in joined for x in self.vertices_of(node)}
        for w, v in list(self.toward_free.items()):
            if v in gone:
                del self.toward_free[w], self.free_key[w]
                self.stale.add(w)
        for v, w in list(self.toward_outer.items()):
            if v in gone or w in gone:
                del self.toward_outer[v], self.outer_key[v]
                self.stale.add(v)
        self.release_spent(joined)

    def settle_zero(self, kinds: list[int], delta: int) -> bool:
        """Warm only (the free vertices' duals differ): an outer vertex whose dual the
        last change brought to zero.  At a root, the root may stay free: its tree loses
        its labels.  Elsewhere, the even path from it up to its root is flipped, the
        root matched and that vertex left free (a zero dual allows it), and the tree
        loses its labels.  Either way one tree fewer; True while trees are left."""
        u = self.u
        target = next(v for v in range(self.n) if kinds[v] == _OUTER and u[v] == 0)
        self.augment_and_unlabel(target, -1)
        return bool(self.label)

    def least_toward_outer(self, v: int, kinds: list[int]) -> tuple[int, int] | None:
        """The outer vertex of another outermost blossom nearest to outer ``v`` by
        reduced cost, looked up afresh (a shrink can make a kept edge internal);
        ``kinds`` holds each vertex's label."""
        top = self.top
        u = self.u
        tv = top[v]
        best: int | None = None
        least = 0
        for w, weight in self.adjacent[v].items():
            if kinds[w] == _OUTER and top[w] != tv:
                slack = u[w] - weight
                if best is None or slack < least:
                    best, least = w, slack
        return None if best is None else (best, least + self.lowered)

    def least_toward_free(self, w: int, kinds: list[int]) -> None:
        """Look up afresh the outer vertex nearest to ``w``; ``kinds`` holds each
        vertex's label."""
        u = self.u
        best: int | None = None
        least = 0
        for v, weight in self.adjacent[w].items():
            if kinds[v] == _OUTER:
                slack = u[v] - weight
                if best is None or slack < least:
                    best, least = v, slack
        if best is None:
            self.toward_free.pop(w, None)
            self.free_key.pop(w, None)
        else:
            self.toward_free[w] = best
            self.free_key[w] = least + self.lowered

    def change_duals(self, queue: list[int]) -> bool:
        """The largest uniform change of the duals that keeps every reduced cost
        non-negative; False at the optimum (the free vertices' duals are zero), else
        what it made possible is queued: an outer vertex with a new edge of zero cost,
        or the outer children of an inner blossom undone."""
        n = self.n
        u = self.u
        top = self.top
        label = self.label
        kind_of = self.kind
        kinds = [kind_of[t] for t in top]
        if self.warm:
            delta = min([d for d, kind in zip(u, kinds, strict=True) if kind == _OUTER])
        else:
            # From nothing, the least dual of an outer vertex is a free vertex's, with no
            # pass over the vertices: the free ones are roots, outer at every change, and
            # begin with every other at ``first_dual``, while any vertex is lowered only
            # when outer.  A tree is left while ``label`` is, so a free vertex is.
            delta = self.first_dual - self.lowered
        action = 0
        target = -1
        toward_free = self.toward_free
        toward_outer = self.toward_outer
        stale = self.stale
        free_key = self.free_key
        outer_key = self.outer_key
        for x in list(stale):
            if kinds[x] == _FREE:
                self.least_toward_free(x, kinds)
                stale.discard(x)
            elif kinds[x] == _OUTER:
                found = self.least_toward_outer(x, kinds)
                if found is not None:
                    toward_outer[x], outer_key[x] = found
                if x not in toward_free:
                    self.least_toward_free(x, kinds)
                stale.discard(x)
        lowered = self.lowered
        for w, key in free_key.items():
            if kinds[w] == _FREE:
                slack = key - lowered + u[w]
                if slack < delta:
                    delta, action, target = slack, 1, toward_free[w]
        for v, w in list(toward_outer.items()):
            if kinds[v] != _OUTER:
                continue
            if top[v] == top[w]:
                found = self.least_toward_outer(v, kinds)
                if found is None:
                    del toward_outer[v], outer_key[v]
                    continue
                toward_outer[v], outer_key[v] = found
            slack = (u[v] + outer_key[v] - lowered) // 2
            if slack < delta:
                delta, action, target = slack, 1, v
        for b, kind in label.items():
            if kind == _INNER and b >= n and self.z[b] // 2 < delta:
                delta, action, target = self.z[b] // 2, 2, b
        if delta:
            self.lowered += delta
            u[:] = [
                d - delta if kind == _OUTER else d + delta if kind == _INNER else d
                for d, kind in zip(u, kinds, strict=True)
            ]
            for b, kind in label.items():
                if b >= n:
                    self.z[b] += 2 * delta if kind == _OUTER else -2 * delta
        if action == 0:
            return self.warm and self.settle_zero(kinds, delta)
        if action == 2:
            self.expand_inner(target, queue)
        else:
            queue.append(target)
        return True
