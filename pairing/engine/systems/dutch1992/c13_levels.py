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
  ``lowest.within_exchange_witness``).

With each up pair weighing ``bonus`` more (one less when inside the original S2), and
every edge more than all of those together, a heaviest matching is a perfect one (if any)
with the most up pairs and, among those, the fewest inside the original S2.  When it has
fewer than ``p`` up pairs, or exactly ``p`` with more than :data:`EXCHANGES` inside, no
matching has the three properties, so no pairing of the level is good: the level gives
nothing to C13, and leaving it out leaves the first good candidate, hence the pairing,
unchanged.  When it has more than ``p`` up pairs nothing is concluded (the divisions are
tried as before).
"""

from __future__ import annotations

from collections.abc import Sequence

from pairing.engine.matching.primal_dual import max_weight_matching
from pairing.engine.systems.dutch1992.c13_fit import LowestFit
from pairing.engine.systems.dutch1992.criteria import (
    FloatRules,
    colour_conflict,
    may_leave,
    pair_allowed,
)
from pairing.engine.systems.dutch1992.entrants import Entrant, compatible

EXCHANGES = 2
"""D2 exchanges one player or two, never more (as ``lowest.EXCHANGES``)."""


class LevelFit:
    """C13's test of whole levels of the penultimate bracket (module docstring), with its
    answers remembered for the round.

    Keeping more players up only takes edges away (a player kept up may not leave), so a
    level refused with some players kept up is refused with any more; and a matching
    found with the three properties leaves over only players who may leave, so it answers
    yes for every set kept up that holds none of them.
    """

    def __init__(self) -> None:
        self._refused: dict[tuple[object, ...], list[frozenset[int]]] = {}
        """By group and level, the sets of its players kept up with which it was refused."""
        self._witnesses: dict[tuple[object, ...], list[frozenset[int]]] = {}
        """By group and level, the players each accepting matching left over."""
        self._met: dict[tuple[int, int], bool] = {}

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
        the lowest bracket of ``fit`` be paired (Dutch C13); False only when none can."""
        numbers = tuple(e.number for e in players)
        kept = keep.intersection(numbers)
        key = (numbers, p, x == 0, rules, moved, lowest, fit.key)
        refused = self._refused.setdefault(key, [])
        if any(known <= kept for known in refused):
            return False
        witnesses = self._witnesses.setdefault(key, [])
        if any(not (left & kept) for left in witnesses):
            return True
        left = self._witness(players, p, x, rules, moved, lowest, kept, fit)
        if left is None:
            refused.append(kept)
            return False
        witnesses.append(left)
        return True

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
        n = len(players)
        lower = (*fit.forced, *fit.residents)
        everyone = (*players, *lower)
        end = len(everyone)
        odd = end % 2
        bonus = n + 1  # more than the pairs inside the original S2 can take away
        heavy = bonus * n + 1  # more than all the bonuses together
        leave = [may_leave(a, rules, moved, lowest, kept) for a in players]
        meet = self._meet
        weights: dict[tuple[int, int], int] = {}
        for i, a in enumerate(players):
            for j in range(i + 1, n):
                b = players[j]
                if pair_allowed(a, b, rules, moved) and not (x == 0 and colour_conflict(a, b)):
                    weights[(i, j)] = heavy + bonus - (1 if i >= p else 0)
                elif leave[i] and leave[j] and meet(a, b):
                    weights[(i, j)] = heavy
            if leave[i]:
                for k, b in enumerate(lower):
                    if meet(a, b):
                        weights[(i, n + k)] = heavy
                if odd and a.bye_allowed:
                    weights[(i, end)] = heavy
        for k, a in enumerate(lower):
            for m in range(k + 1, len(lower)):
                if meet(a, lower[m]):
                    weights[(n + k, n + m)] = heavy
            if odd and a.bye_allowed:
                weights[(n + k, end)] = heavy
        mate = max_weight_matching(range(end + odd), weights)
        if len(mate) < end + odd:
            return None  # no perfect matching at all
        up = inside = 0
        for v, w in mate.items():
            if v < w < n and weights[(v, w)] > heavy:
                up += 1
                inside += v >= p
        if up < p or (up == p and inside > EXCHANGES):
            return None
        return frozenset(
            players[v].number
            for v, w in mate.items()
            if v < n and not (w < n and weights[(min(v, w), max(v, w))] > heavy)
        )
