"""Whether a whole level of the penultimate bracket can give a pairing that Dutch C13
(FIDE Handbook C.04.1, 1992 text) could accept, decided by one weighted matching.

C13 takes the penultimate bracket's first pairing in the procedure's order with which
the lowest bracket can be paired completely.  :class:`.c13_fit.LowestFit` judges one
division's pairings choice by choice; a level with thousands of exchanges (C8, D2), none
of whose pairings lets the lowest bracket be paired, is then proved barren division by
division: 6,414 exchanges, 5 s, in round 54 of the 150-player, 143-round, seed-2869
event (a heterogeneous bracket's remainder at p = 8 with B5 kept for downfloats).  The
level as a whole is answered here instead, before its divisions are tried.

Any good pairing of a group (a homogeneous bracket, or a heterogeneous one's remainder)
at one level, together with the lowest bracket's pairing, is a perfect matching of the
group, the players forced down and the lowest bracket's residents (with a vertex for the
bye when they are odd in number, joined to those who may have it, B1b) in which:

* exactly ``p`` pairs are the group's own pairs ("up" pairs): allowed at the level (B1,
  B2 and the floats kept, :func:`pair_allowed`) and, when x = 0, without a colour
  conflict (A8, B4);
* the group's players left over (matched into the lowest bracket, to each other there,
  or to the bye) may all leave (:func:`may_leave`: moved down, floats kept, not kept up);
  every other pair keeps B1 and B2 (:func:`compatible`);
* at most :data:`EXCHANGES` up pairs lie inside the original S2 (the players after the
  first ``p``): a division exchanging k <= 2 players has k players of the original S2 in
  its S1, and every pair inside the original S2 holds one of them (D2; as
  ``lowest.within_exchange_witness``);
* when the players moved down all enter the lowest bracket's original S1 and leave it
  homogeneous (:func:`.level_graphs.lowest_lower_half`), at most :data:`EXCHANGES` pairs
  lie inside its original S2: the lowest bracket is judged by C13's closed form
  (``lowest.lowest_pairable``, D2 in the lowest bracket), and its S2 is then the same
  residents whichever players move down.

With each up pair weighing ``bonus`` more, and every edge more than all of those
together, a heaviest matching is a perfect one (if any) with the most up pairs and,
among those, the least cost: 1 for each up pair inside the original S2, or, when the
fourth property applies, 3 for each of those and 1 for each pair inside the lowest
bracket's S2 (:data:`COSTS`).  When it has fewer than ``p`` up pairs, or exactly ``p``
with a cost above what :data:`EXCHANGES` pairs of each kind cost, no matching has the
properties, so no pairing of the level is good: the level gives nothing to C13, and
leaving it out leaves the first good candidate, hence the pairing, unchanged.  When it
has more than ``p`` up pairs nothing is concluded (the divisions are tried as before).
Most levels refused have no perfect matching at all: a cardinality matching
(:func:`perfectly_matchable`) says so first, for less than the weighted one, and the
graphs found without one are remembered (:class:`.level_graphs.Unmatchable`).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from functools import cache

from pairing.engine.matching.blossom import has_perfect_matching
from pairing.engine.systems.dutch1992.c13_conflicts import ConflictFit
from pairing.engine.systems.dutch1992.c13_fit import LowestFit
from pairing.engine.systems.dutch1992.criteria import FloatRules
from pairing.engine.systems.dutch1992.entrants import Entrant, compatible
from pairing.engine.systems.dutch1992.exchanges import exchange_order
from pairing.engine.systems.dutch1992.level_graphs import (
    LevelGraph,
    Unmatchable,
    Weighted,
    level_graph,
    lowest_lower_half,
)
from pairing.engine.systems.dutch1992.lowest import EXCHANGES
from pairing.engine.systems.dutch1992.optima import warm_matching

COSTS = ((3, 1),)
"""What a pair inside the group's original S2 and one inside the lowest bracket's cost in
the level's matching when the lowest bracket is judged by its closed form: a good
pairing has at most :data:`EXCHANGES` of each kind, so costs at most 2 * 3 + 2 * 1 = 8,
and one with three pairs inside the group's S2 costs 9 on its own (the refusals of the
test without the lowest bracket's S2 are kept).  A second matching with the costs the
other way round, (1, 3), refused nothing more in round 48 of the 150-player, 139-round,
seed-3103 event and cost 0.3 s there."""

FEW_DIVISIONS = 100
"""A level with fewer divisions than this (the original S1 and S2 and D2's exchanges) is
not asked: its divisions are tried one by one, as before, each answered by
:class:`.c13_fit.LowestFit` with a small matching or two, which costs less than the
weighted matching here.  Round 56 of the 150-player, 131-round, seed-2778 event asked
124 remainders of 15 players at p = 1 (14 divisions each): 0.2 s, and the divisions of
those refused cost next to nothing."""


@cache
def divisions(n: int, p: int) -> int:
    """How many divisions D2 gives a group of ``n`` players at ``p`` pairs: the original
    S1 and S2 and each exchange (Dutch C8, D2)."""
    return 1 + sum(1 for _ in exchange_order(n, p))


class LevelFit:
    """C13's test of whole levels of the penultimate bracket (module docstring), with its
    answers remembered for the round.

    The answer is whether a matching with the properties exists, and such a matching
    stays one when edges are added: keeping fewer players up (a player kept up may not
    leave), dropping more of B5 and B6 (C9, C10: more pairs allowed, more players free
    to leave) or allowing colour conflicts (x > 0 after x = 0) only adds edges, and an
    edge of the group's own that was one left over is then an own pair, which keeps the
    properties (a pair more than ``p``); the pairs inside either S2 depend only on the
    group, ``p`` and the lowest bracket, all in the key.  So a matching found answers yes for every
    level of the group at the same ``p`` with criteria as loose and players kept up
    none of whom it leaves over; and a level refused answers no for every one with
    criteria as strict and the same players kept up or more.  Its levels are asked from
    the strictest, so the matchings found serve the looser ones after them.
    """

    def __init__(self) -> None:
        self._refused: dict[tuple[object, ...], list[tuple[int, int, bool, frozenset[int]]]] = {}
        """By group and p: the float criteria kept (as :class:`FloatRules`' down and up),
        whether x was 0 and the players kept up of each level refused."""
        self._witnesses: dict[tuple[object, ...], list[tuple[int, int, bool, frozenset[int]]]] = {}
        """By group and p: the same of each level accepted, with the players its
        matching left over instead of those kept up."""
        self._met: dict[tuple[int, int], bool] = {}
        self._matchable: dict[tuple[object, ...], bool] = {}
        """Whether each graph asked has a perfect matching (:func:`perfectly_matchable`),
        by group, lowest bracket, own pairs and players free to leave: levels differing
        only in p, or in criteria that change neither, share one."""
        self._graphs: dict[tuple[object, ...], LevelGraph] = {}
        """Each level's :class:`LevelGraph`, shared by every set of players kept up."""
        self._unmatchable: dict[tuple[object, ...], Unmatchable] = {}
        """By group and lowest bracket: the graphs found without a perfect matching."""
        self.conflicts: ConflictFit | None = ConflictFit()
        """The test of the levels at x > 0 by their colour conflicts (:mod:`.c13_conflicts`),
        asked of every level this test passes; None leaves it out (the tests compare)."""

    def possible(
        self,
        players: Sequence[Entrant],
        p: int,
        x: int,
        rules: FloatRules,
        moved: frozenset[int],
        lowest: bool,
        keep: frozenset[int],
        fit: LowestFit,
    ) -> bool:
        """Whether some pairing of ``p`` pairs of the group ``players`` at this level (x,
        float criteria, players moved in and kept up), within D2's exchanges, could let
        the lowest bracket of ``fit`` be paired (Dutch C13); False only when none can.
        Always True for a level of fewer than :data:`FEW_DIVISIONS` divisions.  A level
        at x > 0 that passes is asked by its colour conflicts too (:attr:`conflicts`)."""
        if divisions(len(players), p) < FEW_DIVISIONS:
            return True
        numbers = tuple(e.number for e in players)
        kept = keep.intersection(numbers)
        down, up, strict = rules.down, rules.up, x == 0
        key = (numbers, p, moved, lowest, fit.key)
        refused = self._refused.setdefault(key, [])
        for known_down, known_up, known_strict, known_kept in refused:
            if (
                down <= known_down
                and up <= known_up
                and (strict or not known_strict)
                and known_kept <= kept
            ):
                return False
        if not self._passed(players, p, x, rules, moved, lowest, kept, fit, key):
            return False
        if strict or self.conflicts is None:
            return True
        graph = self._graph(players, False, rules, moved, lowest, fit)
        return self.conflicts.possible(key, (down, up, x), kept, graph, players, p)

    def _passed(
        self,
        players: Sequence[Entrant],
        p: int,
        x: int,
        rules: FloatRules,
        moved: frozenset[int],
        lowest: bool,
        kept: frozenset[int],
        fit: LowestFit,
        key: tuple[object, ...],
    ) -> bool:
        """Whether the level passes the test of the module docstring, from a matching
        remembered or worked out (a refusal remembered is read by :meth:`possible`)."""
        down, up, strict = rules.down, rules.up, x == 0
        witnesses = self._witnesses.setdefault(key, [])
        for known_down, known_up, known_strict, left in witnesses:
            if (
                down >= known_down
                and up >= known_up
                and (known_strict or not strict)
                and not (left & kept)
            ):
                return True
        found = self._witness(players, p, x, rules, moved, lowest, kept, fit)
        if found is None:
            self._refused[key].append((down, up, strict, kept))
            return False
        witnesses.append((down, up, strict, found))
        return True

    def _graph(
        self,
        players: Sequence[Entrant],
        strict: bool,
        rules: FloatRules,
        moved: frozenset[int],
        lowest: bool,
        fit: LowestFit,
    ) -> LevelGraph:
        """The level's :class:`LevelGraph` (x = 0 when ``strict``), built once a round."""
        numbers = tuple(e.number for e in players)
        graph_key = (numbers, strict, rules, moved, lowest, fit.key)
        graph = self._graphs.get(graph_key)
        if graph is None:
            lower = (*fit.forced, *fit.residents)
            graph = level_graph(players, lower, strict, rules, moved, lowest, self._meet)
            self._graphs[graph_key] = graph
        return graph

    def _meet(self, a: Entrant, b: Entrant) -> bool:
        """:func:`compatible`, remembered for the round (B1, B2)."""
        key = (a.number, b.number) if a.number < b.number else (b.number, a.number)
        known = self._met.get(key)
        if known is None:
            known = self._met[key] = compatible(a, b)
        return known

    def _witness(
        self,
        players: Sequence[Entrant],
        p: int,
        x: int,
        rules: FloatRules,
        moved: frozenset[int],
        lowest: bool,
        kept: frozenset[int],
        fit: LowestFit,
    ) -> frozenset[int] | None:
        """The group's players left over by a heaviest matching (module docstring) that
        does not refuse the level, or None when it refuses it."""
        numbers = tuple(e.number for e in players)
        graph = self._graph(players, x == 0, rules, moved, lowest, fit)
        leaving = graph.leaving(players, kept)
        unmatchable = self._unmatchable.setdefault((numbers, fit.key), Unmatchable())
        if unmatchable.refutes(graph.own, leaving):
            return None  # no perfect matching at all, as a graph with more edges
        matchable_key = (numbers, fit.key, graph.own, leaving)  # p changes only the weights
        if self._matchable.get(matchable_key) is False:
            return None
        half = lowest_lower_half(players, p, fit.forced, fit.residents)
        size = graph.size
        if matchable_key not in self._matchable:
            edges = (edge for edge, _ in graph.edges(leaving))
            self._matchable[matchable_key] = perfectly_matchable(size, edges)
        if not self._matchable[matchable_key]:
            unmatchable.add(graph.own, leaving)
            return None  # no perfect matching at all
        left: set[int] = set()
        for costs in COSTS if half is not None else ((1, 0),):
            weighted = Weighted(graph, leaving, p, half, costs)
            # Begun from the last optimum of the same group and p (the sets kept up differ
            # by a few edges): any heaviest matching has the same own pairs and cost, and
            # the players it leaves over answer only what a fresh test would (witnesses).
            warm = (numbers, p, fit.key, costs, "c13 level")
            mate = warm_matching(warm, size, weighted.weights)
            if len(mate) < size:
                return None  # no perfect matching at all
            up, cost = weighted.judge(mate)
            if up < p or (up == p and cost > EXCHANGES * sum(costs)):
                return None
            left |= weighted.left(mate)
        return frozenset(players[v].number for v in left)


def perfectly_matchable(size: int, edges: Iterable[tuple[int, int]]) -> bool:
    """Whether the graph on ``0 .. size-1`` with these edges has a perfect matching.

    Every edge of the level's matching outweighs all the bonuses together, so its
    heaviest matching is a perfect one exactly when one exists; when none does the level
    is refused whatever the weights, and a cardinality matching (Edmonds' blossoms,
    unweighted) says so for a fraction of the weighted matching's cost.  Round 48 of the
    150-player, 139-round, seed-3103 event asked 3,676 levels, 3,300 of them without
    any perfect matching (C13's sub-searches keeping different players up).
    """
    adjacent: list[list[int]] = [[] for _ in range(size)]
    for v, w in edges:
        adjacent[v].append(w)
        adjacent[w].append(v)
    return has_perfect_matching(adjacent, allow_one_unmatched=False)
