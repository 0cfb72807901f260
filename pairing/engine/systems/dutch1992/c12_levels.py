"""Whether a whole level of the previous bracket can move down players that Dutch C12
(FIDE Handbook C.04.1, 1992 text) could take, bounded by one priced matching or a few.

C12 takes the previous bracket's first candidate, at the same p, whose players moved
down (with those forced down, C1) can each meet a resident of this bracket of their own
(B1, B2).  Its sub-searches, each keeping other players up, walk level after level of
the previous bracket, and most of the candidates they find move down players who cannot
all be placed: in round 65 of the 150-player, 127-round, seed-2796 event, 200
sub-searches of a 40-player bracket at p = 14 walked the levels at x = 1 and 2 (half the
round), where no candidate is good.

Every good candidate at a level (p, x, float criteria) pairs ``p`` pairs of the group,
each allowed at the level (:func:`pair_allowed`), with at most ``x`` colour conflicts
(B4) and at most :data:`EXCHANGES` pairs inside the original S2 (the players after the
first ``p``: D2, as ``lowest.within_exchange_witness``), and leaves over players who may
all leave (:func:`may_leave`: never one kept up), who with those forced down meet
residents of their own.  With the residents the rest of them do not meet matched to
spare vertices (as many as the residents left, so that exactly ``n - 2p`` players of
the group meet residents), that is a perfect matching of the group, the players forced
down, the residents and the spare vertices.  Pricing each colour conflict at two and
each pair inside the original S2 at ``m`` (Lagrange's relaxation of D2's limit, as
``lowest.priced_conflicts_within_exchanges``), such a matching costs at most ``2 * x +
EXCHANGES * m``; so when the cheapest perfect matching costs more at some price (or there
is none), the level has no good candidate, and leaving it out of the search leaves the
first good candidate, hence C12's choice, unchanged (``procedure.Search.alternatives``).
"""

from __future__ import annotations

from collections.abc import Sequence

from pairing.engine.systems.dutch1992.criteria import (
    FloatRules,
    colour_conflict,
    may_leave,
    pair_allowed,
)
from pairing.engine.systems.dutch1992.entrants import Entrant, compatible
from pairing.engine.systems.dutch1992.lowest import EXCHANGES, PENALTIES
from pairing.engine.systems.dutch1992.optima import warm_matching

NONE = 1 << 30
"""The bound of a level with no perfect matching at all (more than any x)."""


class C12Levels:
    """C12's test of whole levels of the previous bracket (module docstring), for one C12
    search: the players ``forced`` down with the candidates' and this bracket's
    ``residents``.

    The bound of a level only rises as players are kept up (a player kept up may not
    leave: edges are taken away), so one found with some players kept up holds for every
    set holding them; and a matching found with at most :data:`EXCHANGES` pairs inside
    the original S2 is a good candidate's shape with every set of players kept up that it
    leaves none of over, so such levels within its conflicts are left open without a
    matching.  The bound does not depend on x: each is worked out once for all of them.
    """

    def __init__(self, forced: Sequence[Entrant], residents: Sequence[Entrant]) -> None:
        self.forced = tuple(forced)
        self.residents = tuple(residents)
        self._bounds: dict[tuple[object, ...], list[tuple[frozenset[int], int]]] = {}
        """By group, p and float criteria: each set of players kept up asked, and its bound."""
        self._witnesses: dict[tuple[object, ...], list[tuple[frozenset[int], int]]] = {}
        """By group, p and float criteria: the players each matching found within D2's
        limit leaves over, and its colour conflicts."""
        self._graphs: dict[
            tuple[object, ...], tuple[dict[tuple[int, int], tuple[int, bool]], list[list[int]]]
        ] = {}
        """By group, p and float criteria: :meth:`_graph`."""

    def possible(
        self,
        players: Sequence[Entrant],
        p: int,
        x: int,
        rules: FloatRules,
        moved: frozenset[int],
        lowest: bool,
        keep: frozenset[int],
    ) -> bool:
        """Whether some candidate of ``p`` pairs of the group ``players`` at this level
        (x, float criteria, players moved in and kept up) could move down players C12
        takes (Dutch B4, C12, D2); False only when none can."""
        numbers = tuple(e.number for e in players)
        kept = keep.intersection(numbers)
        key = (numbers, p, rules, moved, lowest)
        bounds = self._bounds.setdefault(key, [])
        if any(bound > x and known <= kept for known, bound in bounds):
            return False
        witnesses = self._witnesses.setdefault(key, [])
        if any(conflicts <= x and not left & kept for left, conflicts in witnesses):
            return True
        bound, witness = self.bound(players, p, rules, moved, lowest, kept)
        bounds.append((kept, bound))
        if witness is not None:
            witnesses.append(witness)
        return bound <= x

    def bound(
        self,
        players: Sequence[Entrant],
        p: int,
        rules: FloatRules,
        moved: frozenset[int],
        lowest: bool,
        kept: frozenset[int],
    ) -> tuple[int, tuple[frozenset[int], int] | None]:
        """The least x at which the level may have a good candidate with the players
        ``kept`` up (:data:`NONE` when no matching has a good candidate's shape), and a
        matching within D2's limit when one was found (the numbers of the group's players
        it leaves over and its colour conflicts).

        Asked at each price of :data:`PENALTIES` until a matching has at most
        :data:`EXCHANGES` pairs inside the original S2: no higher price bounds higher
        (``lowest.priced_conflicts_within_exchanges``)."""
        n = len(players)
        first_resident = n + len(self.forced)
        spares = len(self.residents) - (n - 2 * p) - len(self.forced)
        if spares < 0:
            return NONE, None  # more players moved down than residents
        size = first_resident + len(self.residents) + spares
        key = key_of(players, p, rules, moved, lowest)
        graph = self._graphs.get(key)
        if graph is None:
            graph = self._graphs[key] = self._graph(players, p, rules, moved, spares)
        costs, reach = graph
        leaving = {
            (i, r): (0, False)
            for i, a in enumerate(players)
            if may_leave(a, rules, moved, lowest, kept)
            for r in reach[i]
        }
        costs = {**costs, **leaving}
        best = 0
        witness: tuple[frozenset[int], int] | None = None
        for price in (size + 1, *PENALTIES):
            heavy = (size // 2) * (2 + price) + 1  # more than any matching's whole cost
            weights = {
                edge: heavy - conflicts - (price if inside else 0)
                for edge, (conflicts, inside) in costs.items()
            }
            mate = warm_matching((*key, price), size, weights)
            if len(mate) < size:
                return NONE, None
            pairs = [(v, w) for v, w in mate.items() if v < w]
            cost = sum(heavy - weights[pair] for pair in pairs)
            best = max(best, -((EXCHANGES * price - cost) // 2))  # ceil((cost - 2m) / 2)
            if best > p:
                return NONE, None  # more conflicts than pairs: no x is left
            if sum(1 for v, w in pairs if costs[(v, w)][1]) <= EXCHANGES:
                conflicts = sum(costs[pair][0] for pair in pairs) // 2
                if witness is None or conflicts < witness[1]:
                    left = frozenset(players[v].number for v, w in pairs if v < n <= w)
                    witness = (left, conflicts)
                if price <= PENALTIES[-1]:
                    break
        return best, witness

    def _graph(
        self,
        players: Sequence[Entrant],
        p: int,
        rules: FloatRules,
        moved: frozenset[int],
        spares: int,
    ) -> tuple[dict[tuple[int, int], tuple[int, bool]], list[list[int]]]:
        """A level's pairs but those of players leaving (each with twice its colour
        conflict and whether it lies inside the original S2), and each player's residents
        (their vertices), shared by every set of players kept up (:meth:`bound`)."""
        n = len(players)
        first_resident = n + len(self.forced)
        first_spare = first_resident + len(self.residents)
        costs: dict[tuple[int, int], tuple[int, bool]] = {}
        for i, a in enumerate(players):
            for j in range(i + 1, n):
                if pair_allowed(a, players[j], rules, moved):
                    costs[(i, j)] = (2 * colour_conflict(a, players[j]), i >= p)
        for f, a in enumerate(self.forced):
            for k, r in enumerate(self.residents):
                if compatible(a, r):
                    costs[(n + f, first_resident + k)] = (0, False)
        for k in range(len(self.residents)):
            for s in range(first_spare, first_spare + spares):
                costs[(first_resident + k, s)] = (0, False)
        reach = [
            [first_resident + k for k, r in enumerate(self.residents) if compatible(a, r)]
            for a in players
        ]
        return costs, reach


def key_of(
    players: Sequence[Entrant], p: int, rules: FloatRules, moved: frozenset[int], lowest: bool
) -> tuple[object, ...]:
    """The key under which a level's matchings begin from the last optimum of the same
    level (:func:`optima.warm_matching`)."""
    return ("c12 level", tuple(e.number for e in players), p, rules, moved, lowest)
