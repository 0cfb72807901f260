"""A look-up of :mod:`pairing.engine.matching.primal_dual_search` done afresh: the outer
vertex of another outermost node nearest an outer vertex by reduced cost (Edmonds'
primal-dual method, Galil 1986, section 3: the least reduced cost between two outer
vertices bounds a dual change by half of it).  Also the search's labels."""

from __future__ import annotations

FREE, OUTER, INNER = 0, 1, 2
"""A node's label in the search's forest: none (free), outer or inner."""


def least_toward_outer(
    row: dict[int, int], u: list[int], kinds: list[int], top: list[int], tv: int
) -> tuple[int, int] | None:
    """Over ``row`` (an outer vertex's edges, each twice its weight), the outer vertex
    not in outermost node ``tv`` nearest by reduced cost, the first in row order among
    equals, and that cost less the row's own vertex's dual; None if there is none.
    ``kinds`` holds each vertex's label, ``top`` its outermost node."""
    best: int | None = None
    least = 0
    for w, weight in row.items():
        if kinds[w] == OUTER and top[w] != tv:
            slack = u[w] - weight
            if best is None or slack < least:
                best, least = w, slack
    return None if best is None else (best, least)
