"""Maximum-weight matching on general graphs, for systems that state their criteria as
edge weights.

A thin front to NetworkX's implementation of Edmonds' weighted blossom algorithm (Z.
Galil, "Efficient algorithms for finding maximum matching in graphs", ACM Computing
Surveys 18 (1986)), which works in exact integer arithmetic when every weight is an
integer: the weights of the Dutch system of 2026 are integers of hundreds of bits whose
bit fields rank its criteria, so no floating point may touch them.  NetworkX is
imported on first use, so the command line does not pay for it when no system needs it.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any


def max_weight_matching(
    vertices: Sequence[int], weights: Mapping[tuple[int, int], int]
) -> dict[int, int]:
    """A matching of greatest total weight: ``mate[v]`` for each matched vertex.

    ``weights`` maps a pair of vertices to a positive integer; pairs that are absent (or
    weigh nothing) cannot be matched.  Not necessarily of maximum cardinality: a system
    that wants that puts it in the weights' highest bits.
    """
    import networkx as nx  # here, not at the top: a pairing that needs no matching skips its import

    graph: Any = _plain_graph()()
    graph.add_nodes_from(vertices)
    graph.add_weighted_edges_from((a, b, w) for (a, b), w in weights.items() if w > 0)
    mate: dict[int, int] = {}
    for a, b in nx.max_weight_matching(graph, maxcardinality=False):
        mate[a] = b
        mate[b] = a
    return mate


_PLAIN_GRAPH: list[type[Any]] = []


def _plain_graph() -> type[Any]:
    """A NetworkX graph whose ``graph[v]`` is the adjacency dictionary itself rather
    than a read-only view made afresh at each access: the matching reads an edge's
    weight that way hundreds of thousands of times in a large bracket, and the views
    cost it a third of its time.  The algorithm, its order of visits and so its answer
    among matchings of equal weight are NetworkX's, unchanged."""
    if not _PLAIN_GRAPH:
        import networkx as nx  # imported on first use, as above

        class PlainGraph(nx.Graph):  # type: ignore[type-arg]  # nodes are ints; stubs want a parameter
            def __getitem__(self, n: int) -> Any:
                # The stubs leave out the graph's own adjacency dictionary.
                return self._adj[n]  # type: ignore[attr-defined]  # not in the stubs

        _PLAIN_GRAPH.append(PlainGraph)
    return _PLAIN_GRAPH[0]


__all__ = ["max_weight_matching"]
