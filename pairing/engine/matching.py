"""Maximum-cardinality matching on general graphs (Edmonds' blossom algorithm).

Knows nothing about chess: vertices are ``0 .. n-1`` and ``adjacent[v]`` lists the
neighbours of ``v``.  Used by the pairing systems to check, before descending into a
branch of their search, that the players still to be paired can all be paired.

Reference: J. Edmonds, "Paths, trees, and flowers", Canadian Journal of Mathematics 17
(1965); this is the usual O(V^3) formulation with breadth-first search for an augmenting
path and contraction of odd cycles (blossoms) through a base array.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Sequence


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
    n = len(adjacent)
    parent = [-1] * n
    base = list(range(n))
    used = [False] * n
    used[root] = True
    queue = deque([root])

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
            if base[v] == base[to] or mate[v] == to:
                continue
            if to == root or (mate[to] != -1 and parent[mate[to]] != -1):
                current_base = lowest_common_ancestor(v, to)
                blossom = [False] * n
                mark_path(v, current_base, to, blossom)
                mark_path(to, current_base, v, blossom)
                for i in range(n):
                    if blossom[base[i]]:
                        base[i] = current_base
                        if not used[i]:
                            used[i] = True
                            queue.append(i)
            elif parent[to] == -1:
                parent[to] = v
                if mate[to] == -1:
                    while to != -1:
                        previous = parent[to]
                        following = mate[previous]
                        mate[to], mate[previous] = previous, to
                        to = following
                    return True
                used[mate[to]] = True
                queue.append(mate[to])
    return False


def bipartite_matching_size(left_adjacent: Sequence[Sequence[int]], right_size: int) -> int:
    """Size of a maximum matching in a bipartite graph (augmenting paths, Kuhn's method)."""
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

    size = sum(matched_left)
    for u in range(len(left_adjacent)):
        if not matched_left[u] and try_left(u, [False] * right_size):
            size += 1
    return size
