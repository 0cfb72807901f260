"""The value of a transportation problem, solved again from the plan of a near one.

FIDE Handbook C.04.3 (in force from 1 February 2026), Article 4.4 and 4.2 steps 1 and
2, as :mod:`.structured` pairs them: each moved-down player asks the bound of the
bracket again with himself and one candidate resident taken out, a transportation
problem that differs from the one already solved by a unit or two of supply and demand.

The bound needs only the optimal value, which is unique, so any exact method gives the
same bound.  Here: successive shortest paths (R. K. Ahuja, T. L. Magnanti and J. B.
Orlin, *Network Flows*, 1993, ch. 9.7) with node potentials, each path found by
Dijkstra's search on reduced costs, all in integers.  An optimal plan of a near problem
is a valid start: its residual graph has no negative cycle, and its potentials keep the
reduced costs of that graph non-negative.  The new optimum is that plan plus the
cheapest flow, in its residual graph, that moves the units taken out (or added) back
into balance; a unit or two means a search or two instead of one per unit shipped.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from heapq import heappop, heappush


class Network:
    """Left nodes ``0 .. n_left - 1``, right nodes ``0 .. n_right - 1`` and the weighted
    arcs from left to right, listed by left node once for every problem on them."""

    __slots__ = ("arcs", "n_left", "n_right", "weights")

    def __init__(self, n_left: int, n_right: int, weights: Mapping[tuple[int, int], int]) -> None:
        self.n_left = n_left
        self.n_right = n_right
        self.weights = weights
        self.arcs: list[list[tuple[int, int]]] = [[] for _ in range(n_left)]
        for (i, j), w in weights.items():
            self.arcs[i].append((j, w))


@dataclass(frozen=True, slots=True)
class Plan:
    """An optimal plan of a transportation problem, kept to start a near one from.

    ``flow[j][i]``: the amount shipped from left node ``i`` to right node ``j``.
    ``potential``: left nodes first, then right nodes; every arc ``(i, j)`` of the
    network has ``-w + potential[i] - potential[n + j] >= 0``, with equality when it
    carries flow (``n`` the number of left nodes)."""

    value: int
    network: Network
    flow: tuple[dict[int, int], ...]
    potential: tuple[int, ...]

    def slack(self, i: int, j: int) -> int:
        """``potential[i] - potential[n + j] - w``, never negative, for the arc ``(i, j)``
        of weight ``w``.  The potentials are dual prices (left ``potential[i]``, right
        ``-potential[n + j]``) whose total is ``value``, so a plan for less supply and
        demand that still holds for them weighs at most ``value`` less the prices of
        the units taken out (weak duality)."""
        w = self.network.weights[i, j]
        return self.potential[i] - self.potential[self.network.n_left + j] - w


def ship(
    network: Network,
    supply: Sequence[int],
    demand: Sequence[int],
    start: Plan | None = None,
) -> Plan | None:
    """Ship all of ``supply`` (left nodes) to meet all of ``demand`` (right nodes) along
    the arcs of ``network`` for the greatest total weight; None when it cannot be done.

    ``start``: an optimal plan, for other supply and demand, from which to begin: on the
    same network, or on one as large whose potentials hold for these arcs (otherwise
    the search begins from nothing)."""
    n_left = network.n_left
    assert len(supply) == n_left and len(demand) == network.n_right
    if sum(supply) != sum(demand):
        return None
    weights = network.weights
    begun = _begin(start, network)
    flow, potential, value = _tight_start(network, supply, demand) if begun is None else begun
    # need[x] > 0: x must send that much more into the residual graph; < 0: receive it.
    need = list(supply) + [-n for n in demand]
    for j, column in enumerate(flow):
        for i, amount in column.items():
            need[i] -= amount
            need[n_left + j] += amount
    while any(n > 0 for n in need):
        found = _path(network.arcs, flow, weights, potential, need, n_left)
        if found is None:
            return None
        end, via, distance = found
        amount = -need[end]
        x = end
        steps: list[int] = []
        while via[x] != -1:
            steps.append(x)
            y = via[x]
            if y >= n_left:  # back along an arc that carries flow: right y to left x
                amount = min(amount, flow[y - n_left][x])
            x = y
        amount = min(amount, need[x])
        need[x] -= amount
        need[end] += amount
        for x in steps:
            y = via[x]
            if y < n_left:
                column = flow[x - n_left]
                column[y] = column.get(y, 0) + amount
            else:
                column = flow[y - n_left]
                column[x] -= amount
                if not column[x]:
                    del column[x]
        value -= amount * distance
    return Plan(value=value, network=network, flow=tuple(flow), potential=tuple(potential))


def _tight_start(
    network: Network, supply: Sequence[int], demand: Sequence[int]
) -> tuple[list[dict[int, int]], list[int], int]:
    """Potentials that hold for every arc, each right node priced by its heaviest arc
    and each left node by its best arc at those prices, and a flow shipped greedily
    along the arcs they make tight (the start of the Hungarian method, H. W. Kuhn,
    1955): optimal for what it ships, so the searches only finish the plan."""
    n_left = network.n_left
    potential = [0] * (n_left + network.n_right)
    for (_, j), w in network.weights.items():
        potential[n_left + j] = min(potential[n_left + j], -w)
    rest = [-n for n in demand]
    flow: list[dict[int, int]] = [{} for _ in range(network.n_right)]
    value = 0
    for i, arcs in enumerate(network.arcs):
        if not arcs:
            continue
        best = max(w + potential[n_left + j] for j, w in arcs)
        potential[i] = best
        left = supply[i]
        for j, w in arcs:
            if left and rest[j] and w + potential[n_left + j] == best:
                amount = min(left, -rest[j])
                flow[j][i] = amount
                left -= amount
                rest[j] += amount
                value += amount * w
    return flow, potential, value


def _begin(
    start: Plan | None, network: Network
) -> tuple[list[dict[int, int]], list[int], int] | None:
    """The flow, potentials and value to begin from: ``start``'s, less its flow on arcs
    that ``network`` lacks or weighs otherwise, when its potentials hold for every arc
    of ``network``."""
    if start is None:
        return None
    potential = list(start.potential)
    if start.network is network:
        return [dict(column) for column in start.flow], potential, start.value
    old, weights, n_left = start.network.weights, network.weights, network.n_left
    if (start.network.n_left, start.network.n_right) != (n_left, network.n_right):
        return None
    for (i, j), w in weights.items():
        if old.get((i, j)) != w and -w + potential[i] < potential[n_left + j]:
            return None
    flow: list[dict[int, int]] = []
    value = start.value
    for j, column in enumerate(start.flow):
        kept = dict(column)
        for i, amount in column.items():
            if weights.get((i, j)) != old[i, j]:
                # Taking flow off an arc keeps the residual graph's reduced costs.
                del kept[i]
                value -= amount * old[i, j]
        flow.append(kept)
    return flow, potential, value


def _path(
    arcs: list[list[tuple[int, int]]],
    flow: list[dict[int, int]],
    weights: Mapping[tuple[int, int], int],
    potential: list[int],
    need: list[int],
    n_left: int,
) -> tuple[int, list[int], int] | None:
    """The nearest node that must receive, from the nodes that must send, in the
    residual graph (cost ``-w`` forward, ``w`` back along an arc with flow): that node,
    the search tree and its distance; the potentials move by the distances found."""
    size = len(potential)
    label: list[int | None] = [None] * size
    via = [-1] * size
    done = [False] * size
    heap: list[tuple[int, int]] = []
    for x in range(size):
        if need[x] > 0:
            label[x] = -potential[x]
            heappush(heap, (-potential[x], x))
    settled: list[int] = []
    end = -1
    reach = 0
    while heap:
        k, x = heappop(heap)
        if done[x]:
            continue
        done[x] = True
        settled.append(x)
        if need[x] < 0:
            end, reach = x, k
            break
        px = k + potential[x]
        if x < n_left:
            for j, w in arcs[x]:
                y = n_left + j
                if done[y]:
                    continue
                candidate = px - w - potential[y]
                known = label[y]
                if known is None or candidate < known:
                    label[y] = candidate
                    via[y] = x
                    heappush(heap, (candidate, y))
        else:
            j = x - n_left
            for i in flow[j]:
                if done[i]:
                    continue
                candidate = px + weights[i, j] - potential[i]
                known = label[i]
                if known is None or candidate < known:
                    label[i] = candidate
                    via[i] = x
                    heappush(heap, (candidate, i))
    if end == -1:
        return None
    for x in range(size):
        if done[x]:
            found = label[x]
            assert found is not None
            potential[x] += found
        else:
            potential[x] += reach
    return end, via, potential[end]
