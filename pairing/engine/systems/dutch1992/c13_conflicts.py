"""Whether a whole level of the penultimate bracket at x > 0 can give a pairing that
Dutch C13 (FIDE Handbook C.04.1, 1992 text) could accept, read with its colour conflicts
(A8, B4): one weighted matching.

:class:`.c13_levels.LevelFit` refuses a level whose graph (the group, the players forced
down, the lowest bracket's residents and the bye, :class:`.level_graphs.LevelGraph`) has
no perfect matching with ``p`` of the group's own pairs within D2's exchanges.  At
x > 0 it does not read the colour conflicts: every own pair serves.  A level can then
pass it while every division has pairings within x and pairings that let the lowest
bracket be paired, but none that does both; :class:`.c13_fit.LowestFit` refuses such a
division only choice by choice.  In round 49 of the 150-player, 148-round, seed-10864
event a remainder of 21 players at p = 8, x = 1 with B6 kept for downfloats walked 367
exchanges so (22,000 matchings of the fit, 1.3 s of the round's 1.4 s).

Any good pairing of the level, with the lowest bracket's pairing, is a perfect matching
of that graph in which exactly ``p`` pairs are pairs of the level, c <= x of them with a
colour conflict (B4) and k <= :data:`EXCHANGES` of them inside the original S2 (the
players after the first ``p``; D2, as in :mod:`.c13_levels`); the group's other players
leave (:func:`.criteria.may_leave`).  Give each edge a value: a pair of the level
1 - conflict - inside, but at least 0 when both its players may leave (it may then be a
pair of the lowest bracket instead); every other edge 0.  The good pairing's matching
is worth at least p - c - k >= p - x - EXCHANGES (Lagrange's relaxation of the three
limits, each priced at one).  When the heaviest perfect matching is worth less, or there
is none, no pairing of the level is good: leaving the level out leaves the first good
candidate, hence the pairing, unchanged.  That level of round 49 is worth 4 < 8 - 1 - 2.
"""

from __future__ import annotations

from collections.abc import Sequence

from pairing.engine.systems.dutch1992.criteria import colour_conflict
from pairing.engine.systems.dutch1992.entrants import Entrant
from pairing.engine.systems.dutch1992.level_graphs import LevelGraph
from pairing.engine.systems.dutch1992.lowest import EXCHANGES
from pairing.engine.systems.dutch1992.optima import warm_matching

Level = tuple[int, int, int]
"""A level's float criteria kept (:class:`FloatRules`' down and up) and x."""


def conflict_values(
    graph: LevelGraph, players: Sequence[Entrant], leaving: frozenset[int], p: int
) -> tuple[dict[tuple[int, int], int], frozenset[tuple[int, int]]]:
    """The value of each edge of the level's graph with the players ``leaving`` free to
    leave (module docstring): -1, 0 or 1; and the pairs of the level raised to 0 because
    both their players may leave."""
    values: dict[tuple[int, int], int] = {}
    raised: set[tuple[int, int]] = set()
    for (v, w), own in graph.edges(leaving):
        value = 0
        if own:
            value = 1 - colour_conflict(players[v], players[w]) - (v >= p)
            if value < 0 and v in leaving and w in leaving:
                value = 0
                raised.add((v, w))
        values[(v, w)] = value
    return values, frozenset(raised)


def heaviest(
    graph: LevelGraph,
    players: Sequence[Entrant],
    leaving: frozenset[int],
    p: int,
    warm: tuple[object, ...],
) -> tuple[int, frozenset[int]] | None:
    """The worth of a heaviest perfect matching of the level's graph by
    :func:`conflict_values`, and the group's players (positions) whose edge in it is
    worth what it is only because they may leave: matched other than by a pair of the
    level, or by one raised to 0.  None when the graph has no perfect matching.
    ``warm`` keys the optimum it begins from (:func:`.optima.warm_matching`)."""
    values, raised = conflict_values(graph, players, leaving, p)
    size = graph.size
    heavy = 2 * size + 2  # more than any matching's values can sum to: a perfect one first
    weights = {edge: heavy + 1 + value for edge, value in values.items()}
    mate = warm_matching(warm, size, weights)
    if len(mate) < size:
        return None
    worth = 0
    left: set[int] = set()
    own = graph.own
    for v, w in mate.items():
        if v < w:
            worth += values[(v, w)]
            if (v, w) not in own or (v, w) in raised:
                left.update(u for u in (v, w) if u < graph.n)
    return worth, frozenset(left)


class ConflictFit:
    """The test of the module docstring for the levels of the groups of one C13 search,
    with its answers remembered for the round.

    A level with stricter float criteria (C9, C10) or more players kept up has a graph
    with fewer edges and fewer players free to leave, so no edge worth more: its
    heaviest matching is worth no more, and a smaller x asks more.  So a level refused
    answers no for every level as strict with as many players kept up and x as small,
    and a matching found answers yes for every level as loose with x as large whose
    players kept up it leaves none of over (:func:`heaviest`'s players).
    """

    def __init__(self) -> None:
        self._refused: dict[tuple[object, ...], list[tuple[Level, frozenset[int]]]] = {}
        """By group, p, players moved in, lowest bracket or not and C13 fit: each level
        refused with its players kept up."""
        self._witnesses: dict[tuple[object, ...], list[tuple[Level, frozenset[int]]]] = {}
        """The same for each level accepted, with the players its matching relies on
        leaving instead of those kept up."""

    def possible(
        self,
        key: tuple[object, ...],
        level: Level,
        kept: frozenset[int],
        graph: LevelGraph,
        players: Sequence[Entrant],
        p: int,
    ) -> bool:
        """Whether the level (``key``: group, p, players moved in, lowest or not, fit;
        ``level``: float criteria and x > 0; ``graph`` its :class:`LevelGraph` at x > 0)
        with the players ``kept`` up passes the test; False only when no pairing of it
        is good."""
        down, up, x = level
        refused = self._refused.setdefault(key, [])
        for (known_down, known_up, known_x), known_kept in refused:
            if down <= known_down and up <= known_up and x <= known_x and known_kept <= kept:
                return False
        witnesses = self._witnesses.setdefault(key, [])
        for (known_down, known_up, known_x), left in witnesses:
            if down >= known_down and up >= known_up and x >= known_x and not left & kept:
                return True
        leaving = graph.leaving(players, kept)
        found = heaviest(graph, players, leaving, p, (*key, "c13 conflicts"))
        if found is None or found[0] < p - x - EXCHANGES:
            refused.append((level, kept))
            return False
        witnesses.append((level, frozenset(players[v].number for v in found[1])))
        return True
