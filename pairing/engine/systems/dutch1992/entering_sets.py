"""Which players of S2 entering S1 leave a level unpaired within x colour conflicts,
whatever leaves S1 with them (Dutch B4, C8, D2).

FIDE Handbook C.04.1 (1992 text).  Every pairing of an exchange whose players entering
S1 are E is a perfect matching of the group (the players left over matched to
stand-ins, the two highest S1 players left over by one vertex of their own when D2
keeps them from leaving together) whose pairs inside the original S2 N each hold a
player of E: a matching of the group without the pairs inside N that hold none of E
(:func:`group_graph`).  When that graph has no perfect matching within x conflicts, no
exchange bringing E (or part of it) into S1 pairs the level at x, with any players kept
up (they only take edges away).  This is :func:`entering.entering_witness`'s question
asked for one set E, the level's whole walk of exchanges sharing its answers: in round
52 of the 150-player, 143-round, seed-10198 event, levels whose first pairing comes
after 1,300 to 3,900 exchanges asked each of those exchanges its own fewest conflicts.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from pairing.engine.matching.primal_dual import certified_matching
from pairing.engine.systems.dutch1992.criteria import (
    FloatRules,
    colour_conflict,
    may_leave,
    pair_allowed,
)
from pairing.engine.systems.dutch1992.entrants import Entrant
from pairing.engine.systems.dutch1992.lowest import EXCHANGES


@dataclass(frozen=True)
class GroupGraph:
    """A level's group as a graph (Dutch A5, B4, D2): vertices 0..n-1 the players, then
    the stand-ins of those left over, then (``tops``) the top pair's vertex and the one
    taking a stand-in when it is used.  ``weights``: each pair outside N weighs ``heavy``
    less its colour conflict, a player's pair with a stand-in ``heavy``; ``inside``: the
    allowed pairs inside N (i, j, conflict)."""

    size: int
    heavy: int
    weights: dict[tuple[int, int], int]
    inside: list[tuple[int, int, bool]]


def group_graph(
    players: Sequence[Entrant],
    p: int,
    rules: FloatRules,
    moved: frozenset[int],
    lowest: bool,
    keep: frozenset[int],
    tops: tuple[int, int] | None,
) -> GroupGraph | None:
    """The level's :class:`GroupGraph` (None when no perfect matching can have the
    shape: fewer S2 than S1 players, or an odd count); ``tops``: whether
    :func:`entering.top_pair` names the two highest S1 players."""
    n = len(players)
    spare = n - 2 * p
    size = n + spare
    if spare < 0 or size % 2:
        return None
    hub = size  # the top pair's stand-in, and the vertex taking a stand-in when it is used
    if tops is not None:
        size += 2
    heavy = size + 2  # more than all the conflicts together: the heaviest is a largest
    weights: dict[tuple[int, int], int] = {}
    inside: list[tuple[int, int, bool]] = []
    for i, a in enumerate(players):
        for j in range(i + 1, n):
            b = players[j]
            if pair_allowed(a, b, rules, moved):
                conflict = colour_conflict(a, b)
                if i >= p:
                    inside.append((i, j, conflict))
                else:
                    weights[(i, j)] = heavy - conflict
        if may_leave(a, rules, moved, lowest, keep):
            if tops is not None and i < 2:
                weights[(i, hub)] = heavy
                continue
            for stand_in in range(n, n + spare):
                weights[(i, stand_in)] = heavy
    if tops is not None:
        weights[(hub, hub + 1)] = heavy
        for stand_in in range(n, n + spare):
            weights[(stand_in, hub + 1)] = heavy
    return GroupGraph(size, heavy, weights, inside)


class EnteringSets:
    """For one level's group, p and float criteria with no player kept up: whether the
    players entering S1 (positions in N) leave it without a pairing within x
    (:meth:`barren`), by the duals of one weighted matching of the group without any
    pair inside N (Dutch B4, D2), as :func:`entering.entering_witness` bounds its sets
    E.  The matching does not depend on x: the levels raising x (C11) share it."""

    def __init__(
        self,
        players: Sequence[Entrant],
        p: int,
        rules: FloatRules,
        moved: frozenset[int],
        lowest: bool,
        tops: tuple[int, int] | None,
    ) -> None:
        self._open = True
        """Whether nothing is decided here (every set answers False)."""
        self._twice_least = 0
        """Twice the fewest conflicts of a largest matching without pairs inside N (each
        vertex short of a mate counting as ``heavy``)."""
        self._gain: dict[int, int] = {}
        """By position in N: the largest negated slack of its pairs inside N."""
        graph = group_graph(players, p, rules, moved, lowest, frozenset(), tops)
        if graph is None:
            return
        optimum = certified_matching(range(graph.size), graph.weights)
        weight = sum(graph.weights[(v, w)] for v, w in optimum.mate.items() if v < w)
        self._twice_least = 2 * (graph.size // 2 * graph.heavy - weight)
        self._open = False
        for i, j, conflict in graph.inside:
            gain = -optimum.slack(i, j, graph.heavy - conflict)
            for v in (i, j):
                self._gain[v] = max(self._gain.get(v, 0), gain)

    def barren(self, entering: Sequence[int], x: int) -> bool:
        """Whether no perfect matching of the group without the pairs inside N that hold
        none of ``entering`` (at most :data:`EXCHANGES` positions of N) has at most ``x``
        colour conflicts, by the duals: the matching's pairs inside N are a matching,
        each at a player of ``entering``, so they add at most that player's largest
        gain each.  False when this does not show it."""
        if self._open or len(entering) > EXCHANGES:
            return False
        gain = sum(self._gain.get(v, 0) for v in entering)
        return self._twice_least - gain > 2 * x
