"""Maximum matching on a bipartite graph by augmenting paths (Kuhn's method)."""

from __future__ import annotations

from collections.abc import Sequence


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
