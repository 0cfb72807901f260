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
- ``exposed_pairs.exposed_pairable``: whether a perfect matching with at most ``k`` costly
  edges exists when the cheap edges' maximum matchings leave ``2k`` vertices free, from
  the Gallai-Edmonds decomposition (:func:`grow_exposing` finds its D).
- ``primal_dual.certified_matching``: maximum-weight matching (Edmonds' primal-dual
  method, exact integers), with the duals that say what every maximum-weight matching
  shares (who is left over, who may meet whom).
- :func:`lexicographic_assignments`: every assignment of rows to distinct columns within a
  0/1 cost budget, in lexicographic order, each branch checked exactly before it is
  entered.  The cheapest completion is kept as a minimum-cost flow with potentials
  (successive shortest paths, Dijkstra on reduced costs; R. K. Ahuja, T. L. Magnanti and
  J. B. Orlin, *Network Flows*, 1993, ch. 9); forcing one more row onto a column costs one
  shortest-path search for the cheapest residual cycle through that edge, and the reduced
  cost of the edge is a lower bound that usually answers without a search.

The modules: ``blossom`` (Edmonds' search and the maximum matching), ``shrinking`` (the
matchings it keeps or grows), ``bipartite`` (Kuhn's method), ``exposed_pairs`` (the
Gallai-Edmonds test above), ``assignment`` (the assignments under a cost budget),
``assignment_network`` (the min-cost transportation behind them), ``leftovers`` (their
guard on the columns left over), ``leftover_completions`` (its least-cost completions,
kept warm along the search's path), ``primal_dual`` (the weighted matching and its duals)
and ``primal_dual_search`` (its primal-dual search).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .blossom import (
    LazyAdjacency,
    augment,
    dense_maximum_matching,
    exposable_vertices,
    exposable_without,
    exposed_by_some,
    grow_exposing,
    grow_matching,
    has_perfect_matching,
    matching_size,
    maximum_matching,
)

if TYPE_CHECKING:
    from .assignment import least_assignment_cost, lexicographic_assignments
    from .bipartite import bipartite_matching, bipartite_matching_size
    from .shrinking import (
        SHORT_PATH_TARGETS,
        SearchTooLong,
        ShrinkingMatching,
        complete_matching,
        perfect_matching_within,
    )

_ON_FIRST_USE = {
    "least_assignment_cost": "assignment_network",
    "lexicographic_assignments": "assignment",
    "bipartite_matching": "bipartite",
    "bipartite_matching_size": "bipartite",
    "SHORT_PATH_TARGETS": "shrinking",
    "SearchTooLong": "shrinking",
    "ShrinkingMatching": "shrinking",
    "complete_matching": "shrinking",
    "perfect_matching_within": "shrinking",
}
"""The names of ``assignment``, ``bipartite`` and ``shrinking``, each module imported
when one of its names is first asked for: the Dutch system of 2026 uses none of them,
and the command line's ``--dutch -p`` skips their import (with heapq and bisect)."""


def __getattr__(name: str) -> object:
    module = _ON_FIRST_USE.get(name)
    if module is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    from importlib import import_module  # the module named above, loaded on first use

    return getattr(import_module(f"{__name__}.{module}"), name)


__all__ = [
    "LazyAdjacency",
    "SHORT_PATH_TARGETS",
    "SearchTooLong",
    "ShrinkingMatching",
    "augment",
    "bipartite_matching",
    "bipartite_matching_size",
    "complete_matching",
    "dense_maximum_matching",
    "exposable_vertices",
    "exposable_without",
    "exposed_by_some",
    "grow_exposing",
    "grow_matching",
    "has_perfect_matching",
    "least_assignment_cost",
    "lexicographic_assignments",
    "matching_size",
    "maximum_matching",
    "perfect_matching_within",
]
