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

from .primal_dual_nearest import FREE as _FREE
from .primal_dual_nearest import INNER as _INNER
from .primal_dual_nearest import OUTER as _OUTER
from .primal_dual_nearest import least_toward_outer


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
        n = self.n
        if node < n:
            return [node]
        children = self.children
        out: list[int] = []
        stack = list(children[node])
        while stack:
            b = stack.pop()
            if b < n:
                out.append(b)
            else:
                stack.extend(children[b])
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
        if node < self.n:
            queue.append(node)
        else:
            queue.extend(self.vertices_of(node))

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
        n, top, kind = self.n, self.top, self.kind
        for node in cycle:
            self.parent[node] = blossom
            if node < n:
                top[node] = blossom
                if kind[node] == _INNER:
                    queue.append(node)
            else:
                held = self.vertices_of(node)
                for v in held:
                    top[v] = blossom
                if kind[node] == _INNER:
                    queue.extend(held)
            self.label.pop(node, None)
            kind[node] = _FREE
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
        top = self.top
        for node in cycle:
            del self.parent[node]
            if node < self.n:
                top[node] = node
            else:
                for v in self.vertices_of(node):
                    top[v] = node
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
        n, adjacent, top, label, u = self.n, self.adjacent, self.top, self.label, self.u
        mate, base, via_of, tree_of, kind_of = self.mate, self.base, self.via, self.tree, self.kind
        toward_free, free_key = self.toward_free, self.free_key
        toward_outer, outer_key = self.toward_outer, self.outer_key
        free_get, outer_get = free_key.get, outer_key.get
        vertices_of = self.vertices_of
        while label:
            lowered = self.lowered
            while queue:
                v = queue.pop()
                tv = top[v]
                if kind_of[tv] != _OUTER:
                    continue  # its tree was joined to another and unlabelled
                uv = u[v]
                fixed = uv + lowered
                nearest = outer_get(v)  # only this row's scan changes it
                for w, weight in adjacent[v].items():
                    tw = top[w]
                    if tw == tv:
                        continue
                    # Kept for the next dual change: the least reduced cost from
                    # an outer vertex to each vertex (read while it is free), and
                    # from each outer vertex to another outer node.  A uniform
                    # change keeps their order, so the least stays the least
                    # while its outer end stays outer.
                    key = fixed - weight
                    kept = free_get(w)
                    if kept is None or key < kept:
                        toward_free[w] = v
                        free_key[w] = key
                    kind = kind_of[tw]
                    if kind == _INNER:
                        continue
                    # The reduced cost plus ``lowered``: zero cost where it is ``lowered``.
                    total = key + u[w]
                    if total != lowered:
                        if kind == _OUTER:
                            key = total - uv
                            if nearest is None or key < nearest:
                                toward_outer[v] = w
                                outer_key[v] = nearest = key
                        continue
                    if kind == _FREE:
                        b = tw if tw < n else base[tw]
                        partner = mate[b]
                        if partner == -1:
                            # Warm only: a vertex left free with a zero dual ends an
                            # augmenting path (a tree of its own, then joined).
                            self.make_outer(tw, None, queue, b)
                            self.augment_and_unlabel(v, w)
                            break
                        # Inner, and its mate's node outer (:meth:`make_outer`).
                        label[tw] = kind_of[tw] = _INNER
                        tree = tree_of[tw] = tree_of[tv]
                        via_of[tw] = (v, w)
                        tp = top[partner]
                        label[tp] = kind_of[tp] = _OUTER
                        tree_of[tp] = tree
                        via_of[tp] = (b, partner)
                        if tp < n:
                            queue.append(tp)
                        else:
                            queue.extend(vertices_of(tp))
                    else:
                        # Two trees (each labelled node knows its root): no walk up.
                        same = tree_of[tv] == tree_of[tw]
                        stem = self.meeting_point(tv, tw) if same else None
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
        label = self.label
        first = tree[self.top[v]]
        second = first if w == -1 else tree[self.top[w]]
        joined = [node for node in label if tree[node] == first or tree[node] == second]
        if w == -1:
            self.flip_up(v, -1)
        else:
            self.augment(v, w)
        kind = self.kind
        via = self.via
        n = self.n
        gone: set[int] = set()
        for node in joined:
            del label[node]
            kind[node] = _FREE
            del via[node]
            if node < n:
                gone.add(node)
            else:
                gone.update(self.vertices_of(node))
        # The least reduced costs kept toward the vertices now unlabelled are
        # forgotten (when those vertices are outer again, the order among the kept
        # candidates no longer holds); those who kept them look again when asked.
        stale = self.stale
        toward_free, free_key = self.toward_free, self.free_key
        for x in [x for x, y in toward_free.items() if y in gone]:
            del toward_free[x], free_key[x]
            stale.add(x)
        toward_outer, outer_key = self.toward_outer, self.outer_key
        for x in [x for x, y in toward_outer.items() if x in gone or y in gone]:
            del toward_outer[x], outer_key[x]
            stale.add(x)
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

    def look_again(self, kinds: list[int]) -> None:
        """The vertices whose kept least reduced cost pointed into a tree that lost its
        labels (:meth:`augment_and_unlabel`), looked up afresh, in one pass over the
        edges of each: from an outer vertex, the nearest outer vertex of another node
        and, if it lost that too, the nearest outer vertex; from a free vertex, the
        nearest outer vertex; an inner vertex waits.  ``kinds`` holds each vertex's
        label."""
        u, top, adjacent, lowered = self.u, self.top, self.adjacent, self.lowered
        toward_free, free_key = self.toward_free, self.free_key
        toward_outer, outer_key = self.toward_outer, self.outer_key
        stale = self.stale
        # Each outer vertex's dual, None at the others: one look-up per edge.
        outer_u = [d if kind == _OUTER else None for d, kind in zip(u, kinds, strict=True)]
        for x in list(stale):
            kind = kinds[x]
            if kind == _INNER:
                continue
            stale.discard(x)
            nearest = -1
            closest = 0
            if kind == _OUTER:
                tx = top[x]
                both = x not in toward_free
                best = -1
                least = 0
                for v, weight in adjacent[x].items():
                    d = outer_u[v]
                    if d is None:
                        continue
                    slack = d - weight
                    if both and (nearest == -1 or slack < closest):
                        nearest, closest = v, slack
                    if top[v] != tx and (best == -1 or slack < least):
                        best, least = v, slack
                if best != -1:
                    toward_outer[x] = best
                    outer_key[x] = least + lowered
                if not both:
                    continue
            else:
                edges = iter(adjacent[x].items())
                for v, weight in edges:
                    d = outer_u[v]
                    if d is not None:
                        nearest, closest = v, d - weight
                        break
                for v, weight in edges:
                    d = outer_u[v]
                    if d is not None:
                        slack = d - weight
                        if slack < closest:
                            nearest, closest = v, slack
            if nearest == -1:
                toward_free.pop(x, None)
                free_key.pop(x, None)
            else:
                toward_free[x] = nearest
                free_key[x] = closest + lowered

    def change_duals(self, queue: list[int]) -> bool:
        """The largest uniform change of the duals that keeps every reduced cost
        non-negative; False at the optimum (the free vertices' duals are zero), else
        what it made possible is queued: an outer vertex with a new edge of zero cost,
        or the outer children of an inner blossom undone."""
        n, u, top, label, z, kind_of = self.n, self.u, self.top, self.label, self.z, self.kind
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
        if self.stale:
            self.look_again(kinds)
        toward_free, toward_outer, outer_key = self.toward_free, self.toward_outer, self.outer_key
        lowered = self.lowered
        # Compared as reduced cost plus ``lowered`` (twice the change for an edge
        # between two outer vertices): the same order, one subtraction less each.
        bound = delta + lowered
        for w, key in self.free_key.items():
            if kinds[w] == _FREE:
                total = key + u[w]
                if total < bound:
                    bound, action, target = total, 1, toward_free[w]
        delta = bound - lowered
        bound = 2 * delta + lowered
        dropped: list[int] = []
        # Every v is outer: an outer vertex loses its label only in augment_and_unlabel,
        # which drops its entry.
        for v, w in toward_outer.items():
            if top[v] == top[w]:
                found = least_toward_outer(self.adjacent[v], u, kinds, top, top[v])
                if found is None:
                    dropped.append(v)
                    continue
                toward_outer[v] = found[0]
                outer_key[v] = found[1] + lowered
            total = u[v] + outer_key[v]
            if total < bound:
                delta, action, target = (total - lowered) // 2, 1, v
                bound = 2 * delta + lowered
        for v in dropped:
            del toward_outer[v], outer_key[v]
        # The blossoms are read from ``z`` (often empty), not from every labelled node;
        # among two or more inner ones, in the order of ``label`` (ties to the first).
        bound = 2 * delta
        inner = [b for b in z if kind_of[b] == _INNER]
        if len(inner) > 1:
            inner = [b for b in label if b >= n and kind_of[b] == _INNER]
        for b in inner:
            if z[b] < bound:
                delta, action, target = z[b] // 2, 2, b
                bound = 2 * delta
        if delta:
            self.lowered += delta
            u[:] = [
                d - delta if kind == _OUTER else d + delta if kind == _INNER else d
                for d, kind in zip(u, kinds, strict=True)
            ]
            twice = 2 * delta
            for b in z:
                kind = kind_of[b]
                if kind == _OUTER:
                    z[b] += twice
                elif kind == _INNER:
                    z[b] -= twice
        if action == 0:
            return self.warm and self.settle_zero(kinds, delta)
        if action == 2:
            self.expand_inner(target, queue)
        else:
            queue.append(target)
        return True
