"""The graph of C13's level test, built once for every set of players kept up (Dutch
C13, FIDE Handbook C.04.1, 1992 text).

:class:`.c13_levels.LevelFit` asks, for one level of a group of the penultimate bracket,
for a perfect matching of the group, the players forced down and the lowest bracket's
residents (and the bye, B1b).  C13's sub-searches ask the same levels again with many
sets of players kept up.  The players kept up change only who may leave the group (A5:
a player kept up is never moved down), so everything else of the graph is worked out
once for the level (:class:`LevelGraph`): the group's own pairs (B1, B2, the floats
kept, and no colour conflict when x = 0), its other pairs allowed by B1 and B2 alone,
and whom each player of the group meets in the lowest bracket.

The graph of one set kept up is then given by the level's own pairs and the players who
may leave (:meth:`LevelGraph.edges`).  Fewer own pairs or fewer players free to leave
only take edges away, so when a graph has no perfect matching, neither has any graph
with a subset of its own pairs and a subset of its players free to leave: such a level
is refused without a matching (:class:`Unmatchable`).  That holds whatever p (p weighs
the edges but adds none), which the sub-searches' levels at other values of p share.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass

from pairing.engine.systems.dutch1992.criteria import (
    FloatRules,
    colour_conflict,
    may_leave,
    pair_allowed,
)
from pairing.engine.systems.dutch1992.entrants import Entrant


@dataclass(frozen=True, slots=True)
class LevelGraph:
    """The parts of one level's graph that do not depend on the players kept up.

    Vertices: the group's players ``0 .. n-1`` in their order, then the lower players
    (forced down, then residents), then the bye's vertex when they are odd in number.
    """

    n: int
    size: int
    own: frozenset[tuple[int, int]]
    """The group's own pairs at the level (i < j < n)."""
    rows: tuple[tuple[tuple[int, bool], ...], ...]
    """For each group player i, the later group players j he may meet, in order, with
    whether (i, j) is an own pair (otherwise only players who both leave may use it)."""
    reach: tuple[tuple[int, ...], ...]
    """For each group player, the lower vertices he may meet (the bye's included)."""
    free: frozenset[int]
    """The group players who may leave when nobody is kept up (A5, B1b, B5, B6)."""
    lower: tuple[tuple[int, int], ...]
    """The edges among the lower vertices."""

    def leaving(self, players: Sequence[Entrant], kept: frozenset[int]) -> frozenset[int]:
        """The group players who may leave with the players ``kept`` kept up."""
        if not kept:
            return self.free
        return frozenset(i for i in self.free if players[i].number not in kept)

    def edges(self, leaving: frozenset[int]) -> Iterator[tuple[tuple[int, int], bool]]:
        """Every edge of the graph with these players free to leave, in the order the
        level test has always built them, with whether it is an own pair."""
        for i, row in enumerate(self.rows):
            for j, own in row:
                if own:
                    yield (i, j), True
                elif i in leaving and j in leaving:
                    yield (i, j), False
            if i in leaving:
                for v in self.reach[i]:
                    yield (i, v), False
        for edge in self.lower:
            yield edge, False


def level_graph(
    players: Sequence[Entrant],
    lower: Sequence[Entrant],
    strict: bool,
    rules: FloatRules,
    moved: frozenset[int],
    lowest: bool,
    meet: Callable[[Entrant, Entrant], bool],
) -> LevelGraph:
    """The :class:`LevelGraph` of a group at one level (x = 0 when ``strict``) above the
    lower players ``lower``; ``meet`` is B1 and B2 (:func:`.entrants.compatible`)."""
    n = len(players)
    end = n + len(lower)
    odd = end % 2
    own: set[tuple[int, int]] = set()
    rows: list[tuple[tuple[int, bool], ...]] = []
    reach: list[tuple[int, ...]] = []
    for i, a in enumerate(players):
        row: list[tuple[int, bool]] = []
        for j in range(i + 1, n):
            b = players[j]
            if pair_allowed(a, b, rules, moved) and not (strict and colour_conflict(a, b)):
                own.add((i, j))
                row.append((j, True))
            elif meet(a, b):
                row.append((j, False))
        rows.append(tuple(row))
        met = [n + k for k, b in enumerate(lower) if meet(a, b)]
        if odd and a.bye_allowed:
            met.append(end)
        reach.append(tuple(met))
    edges: list[tuple[int, int]] = []
    for k, a in enumerate(lower):
        for m in range(k + 1, len(lower)):
            if meet(a, lower[m]):
                edges.append((n + k, n + m))
        if odd and a.bye_allowed:
            edges.append((n + k, end))
    return LevelGraph(
        n=n,
        size=end + odd,
        own=frozenset(own),
        rows=tuple(rows),
        reach=tuple(reach),
        free=frozenset(
            i for i, a in enumerate(players) if may_leave(a, rules, moved, lowest, frozenset())
        ),
        lower=tuple(edges),
    )


class Unmatchable:
    """The graphs of one group above one lowest bracket found without a perfect
    matching, by their own pairs and players free to leave (module docstring)."""

    __slots__ = ("_known",)

    def __init__(self) -> None:
        self._known: list[tuple[frozenset[tuple[int, int]], frozenset[int]]] = []

    def refutes(self, own: frozenset[tuple[int, int]], leaving: frozenset[int]) -> bool:
        """Whether a graph known without a perfect matching has every edge of this one."""
        return any(own <= known_own and leaving <= left for known_own, left in self._known)

    def add(self, own: frozenset[tuple[int, int]], leaving: frozenset[int]) -> None:
        """Remember a graph without a perfect matching."""
        self._known.append((own, leaving))


def lowest_lower_half(
    players: Sequence[Entrant], p: int, forced: Sequence[Entrant], residents: Sequence[Entrant]
) -> frozenset[int] | None:
    """The lowest bracket's residents in its original S2, as vertices of the level's
    graph (``len(players)`` plus their place among ``residents``), when the group's
    pairings at ``p`` pairs leave the lowest bracket to be judged by the closed form
    of Dutch C13 and D2 (``lowest.lowest_pairable``); None when they do not.

    Every pairing of the group at ``p`` pairs moves its c = n - 2p other players down.
    When those and the players forced down all rank above every resident (A2), number
    at most half the lowest bracket, and leave it homogeneous (A3), its original S1
    holds them all, and its original S2 is its last n_low - n_low // 2 residents,
    whichever players move down.  The lowest bracket can then be paired only when some
    perfect matching of it (the bye's vertex joined to those who may have it, B1b) has
    at most two pairs inside that S2.
    """
    if not residents:
        return None
    c = len(players) - 2 * p
    n_low = len(forced) + len(residents) + c
    low = min(e.score for e in residents)
    first = min(e.key for e in residents)
    if any(e.score <= low or e.key >= first for e in (*players, *forced)):
        return None
    if len(forced) + c > n_low // 2:
        return None
    above = len(forced) + c + sum(1 for e in residents if e.score > low)
    if 2 * above < n_low:
        return None
    base = len(players) + len(forced)
    order = sorted(range(len(residents)), key=lambda k: residents[k].key)
    return frozenset(base + k for k in order[len(order) - (n_low - n_low // 2) :])


class Weighted:
    """The weights of one level's matching with given players free to leave (Dutch C13,
    D2): every edge weighs ``heavy``, more than all the rest together; each of the
    group's own pairs ``bonus`` more, more than all the costs together; and less by
    ``costs[0]`` when it lies inside the group's original S2 (its players after the
    first ``p``), by ``costs[1]`` a pair inside the lowest bracket's original S2
    (``half``).  So a heaviest matching is a perfect one (if any) with the most own
    pairs and, among those, the least cost.  With costs (1, 0) and no ``half``, the
    weights the level test has always had."""

    __slots__ = ("bonus", "costs", "heavy", "n", "p", "weights")

    def __init__(
        self,
        graph: LevelGraph,
        leaving: frozenset[int],
        p: int,
        half: frozenset[int] | None,
        costs: tuple[int, int],
    ) -> None:
        n = graph.n
        inside, below = costs
        penalties = inside * n + below * (graph.size - n)  # more than the costs can sum to
        self.n, self.p, self.costs = n, p, costs
        self.bonus = bonus = penalties + 1
        self.heavy = heavy = bonus * n + (penalties if half is not None else 0) + 1
        weights: dict[tuple[int, int], int] = {}
        for (v, w), own in graph.edges(leaving):
            if own:
                weights[(v, w)] = heavy + bonus - (inside if v >= p else 0)
            elif half is not None and v in half and w in half:
                weights[(v, w)] = heavy - below
            else:
                weights[(v, w)] = heavy
        self.weights = weights

    def judge(self, mate: dict[int, int]) -> tuple[int, int]:
        """The own pairs of a perfect matching and its cost."""
        heavy, bonus = self.heavy, self.bonus
        up = cost = 0
        for v, w in mate.items():
            if v < w:
                weight = self.weights[(v, w)]
                if weight > heavy:
                    up += 1
                    cost += heavy + bonus - weight
                else:
                    cost += heavy - weight
        return up, cost

    def left(self, mate: dict[int, int]) -> frozenset[int]:
        """The group's players a perfect matching leaves over (positions)."""
        n, heavy = self.n, self.heavy
        return frozenset(
            v
            for v, w in mate.items()
            if v < n and not (w < n and self.weights[(min(v, w), max(v, w))] > heavy)
        )
