"""Checks that a part of the search can still succeed, so that it is not entered (Dutch C).

Necessary conditions only, each worked out from B1, B2, B4-B6 and the counts of the
procedure (C6-C11): maximum and bipartite matchings on who may meet, Hall's condition on
an S1/S2 division, colour counts against x, and for a heterogeneous bracket whether the
remainder left by a pairing of the moved-down players can still be paired.  A part they
rule out gives no pairing, so leaving it out never changes the pairing found.  What they
find is remembered for the round: the levels and sub-searches of C12 and C13 meet the
same questions again and again.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from pairing.engine.systems.dutch1992.bitsets import _bits
from pairing.engine.systems.dutch1992.criteria import (
    LOOSEST,
    FloatRules,
    colours_allow_level,
    may_leave,
    pair_allowed,
    remainder_budget_at_most,
)
from pairing.engine.systems.dutch1992.divisions import (
    Base,
    Matching,
    base,
    covers,
    exchange_covers,
)
from pairing.engine.systems.dutch1992.entrants import Entrant
from pairing.engine.systems.dutch1992.head_colours import HeadColours
from pairing.engine.systems.dutch1992.leftover_costs import leftover_costs
from pairing.engine.systems.dutch1992.level_checks import LevelChecks
from pairing.engine.systems.dutch1992.remainder import (
    RemainderBase,
    RemainderNeed,
    _RemainderGraph,
)

LEFTOVER_CHECK = 10
"""Remainders of at most this many players have the sets of players their pairings could
leave over worked out before they are tried (:meth:`Feasibility._remainder_leftovers`)."""


class Feasibility(LevelChecks):
    """Whether parts of the search can still give a pairing, remembered for the round (Dutch C).

    The checks of a level as a whole (:meth:`level_possible`, :meth:`partner_masks`,
    :meth:`mask`) are :class:`level_checks.LevelChecks`'."""

    def __init__(self) -> None:
        super().__init__()
        self.barren: dict[tuple[object, ...], list[int]] = {}
        """The levels and remainder groups that gave no pairing, each with the sets of
        players kept up (bitmasks, :meth:`mask`) with which it gave none (C12, C13)."""
        self._divisions: dict[tuple[object, ...], bool] = {}
        """Which S1/S2 divisions can give a pairing at all, with which players kept up."""
        self._bases: dict[tuple[object, ...], Base] = {}
        self._facts: dict[tuple[object, ...], tuple[list[int], dict[int, int], int]] = {}
        self._remainder_graphs: dict[tuple[object, ...], _RemainderGraph] = {}
        self._remainder_bases: dict[tuple[object, ...], RemainderBase] = {}
        """The part of the remainder graphs that the players staying and p do not change,
        by division, rules and players moved in (:class:`RemainderBase`)."""
        self._leftovers: dict[tuple[object, ...], frozenset[int]] = {}
        self._leftover_costs: dict[tuple[object, ...], tuple[int, dict[int, int]]] = {}
        """:func:`leftover_costs` of the remainder groups of :meth:`_remainder_leftovers`
        and the most conflicts it was worked out for."""

    def division_possible(
        self,
        players: Sequence[Entrant],
        division: tuple[tuple[int, ...], frozenset[int], bool, int],
        index: int,
        s1: Sequence[Entrant],
        s2: Sequence[Entrant],
        kept: frozenset[int],
    ) -> bool:
        """Whether this S1/S2 division could give a pairing at any level (Dutch C6-C11).

        ``division`` names the bracket ``players`` (their numbers, those moved in, whether
        it is the lowest) and p; ``index`` the exchange (-1 for the original S1 and S2); ``kept``
        the bracket's players kept up by C12 and C13.

        Every level of a bracket (x raised by C11, B6 and B5 dropped by C9 and C10) only
        allows more pairings than the one before it, and none allows more than B1 and B2
        with every float criterion dropped and x at its highest.  So when under those
        conditions S1 cannot be paired into S2 (a bipartite matching covering S1), or the
        S2 players who must be paired cannot all be paired with S1, the division gives
        nothing at any level of that p and is skipped there without a search.  The S2
        players who must be paired are, in the lowest bracket, those without a right to
        the bye (B1b), and the players kept up.  By Mendelsohn and Dulmage, a matching
        covering both sides' required players exists when each side's can be covered.
        The answers are remembered for the round, by division and by the players kept up
        of its S2: the levels of a bracket and the C12 and C13 sub-searches meet the same
        divisions again and again.
        """
        if kept:
            kept = kept.difference(a.number for a in s1)
        key = (division, index, kept)
        answer = self._divisions.get(key)
        if answer is None:
            loose, position, staying = self._division_facts(players, division)
            side1 = _bits(position[a.number] for a in s1)
            side2 = _bits(position[b.number] for b in s2)
            if kept:
                answer = self.division_possible(players, division, index, s1, s2, frozenset())
            else:
                answer = covers(loose, side1, side2, Matching([-1] * len(loose), 0))
            if answer:
                required = (staying | _bits(position[k] for k in kept if k in position)) & side2
                answer = covers(loose, required, side1, Matching([-1] * len(loose), 0))
            self._divisions[key] = answer
        return answer

    def _division_facts(
        self,
        players: Sequence[Entrant],
        division: tuple[tuple[int, ...], frozenset[int], bool, int],
    ) -> tuple[list[int], dict[int, int], int]:
        """A bracket's partner masks with every float criterion dropped, its players'
        positions by number, and the bit set of those who may not be left unpaired even
        then (B1, B2, B1b): what :meth:`division_possible` reads of it."""
        numbers, moved, lowest, _ = division
        key = (numbers, moved, lowest)
        facts = self._facts.get(key)
        if facts is None:
            facts = self._facts[key] = (
                self.partner_masks(players, LOOSEST, moved),
                {number: i for i, number in enumerate(numbers)},
                _bits(
                    i
                    for i, e in enumerate(players)
                    if not may_leave(e, LOOSEST, moved, lowest, frozenset())
                ),
            )
        return facts

    def exchange_possible(
        self,
        division: tuple[tuple[int, ...], frozenset[int], bool, int],
        index: int,
        loose: Sequence[int],
        staying: int,
        out_of: int,
        into: int,
    ) -> bool:
        """:meth:`division_possible` of an exchange with no players kept up (Dutch C8, D2),
        on bit sets of positions in the bracket: ``loose``, the partner masks with every
        float criterion dropped; ``staying``, the players who may not be left unpaired;
        ``out_of`` and ``into``, the players leaving and entering S1.  The same answer,
        remembered under the same key, from the original division's matchings
        (:func:`exchange_covers`)."""
        key: tuple[object, ...] = (division, index, frozenset())
        answer = self._divisions.get(key)
        if answer is None:
            origin = self.exchange_base(division, loose, staying)
            side1 = ((1 << division[3]) - 1) & ~out_of | into
            answer = self._divisions[key] = exchange_covers(
                loose, origin, out_of, into, side1, staying
            )
        return answer

    def exchange_base(
        self,
        division: tuple[tuple[int, ...], frozenset[int], bool, int],
        loose: Sequence[int],
        staying: int,
    ) -> Base:
        """The original division's matchings that :meth:`exchange_possible` grows for
        each exchange (:func:`divisions.base`), worked out once a division."""
        origin = self._bases.get(division)
        if origin is None:
            side1 = (1 << division[3]) - 1
            origin = self._bases[division] = base(
                loose, side1, ((1 << len(loose)) - 1) & ~side1, staying
            )
        return origin

    def remainder_viable(
        self,
        s1: Sequence[Entrant],
        s2: Sequence[Entrant],
        rules: FloatRules,
        moved: frozenset[int],
        need: RemainderNeed,
        x: int | None = None,
    ) -> Callable[[tuple[int, ...]], bool]:
        """Whether the S2 players given to the first S1 players leave a chance to the rest.

        Dutch C6, C7, C10.  After the moved-down players S1 are paired with S2, the
        remainder pairs exactly ``p_r`` pairs among the S2 players left, and those it
        leaves over move down, which the players ``stay`` (S2 indices: kept up by C12/C13,
        or without a right to the bye in the lowest bracket) may not.  So a complete
        pairing of the bracket is a perfect matching of a graph of S1, S2 and one vertex
        for each player the remainder leaves over (joined to every S2 player who may
        leave): S1 to S2 by the head's criteria, S2 to S2 by B1 and B2 with B5 and B6
        dropped for downfloats, as in the remainder's last C9 step.  The counts make the
        S2 players paired with one another exactly ``p_r`` pairs.  The condition asks
        whether such a matching exists once the first S1 players have their S2 players
        (B4 is left out, so it is only necessary).  It starts from the last matching
        found, which after one more pair of a search usually needs one or two augmenting
        paths (Berge).  The graph and its answers are shared by the levels and
        sub-searches that meet the same division with the same players staying
        (:class:`_RemainderGraph`).

        For a complete pairing of S1 it also asks whether its remainder is already known to
        give nothing at this level (the remainders remembered by
        :meth:`CandidateSearch.heterogeneous` with the same players kept up, and by the
        same search: with C13's fit or without it, ``need.fitted``): such a pairing would
        be skipped there.  Both depend only on the S2 players taken, and the
        second only turns false over time, as :func:`matching.lexicographic_assignments`
        requires.  Before that, a small remainder is checked with its divisions and B4:
        some set of players its pairings could leave over must hold only players who may
        leave (:meth:`_remainder_leftovers`, or for a remainder of twice as many players
        as pairs, the empty set: :meth:`_RemainderGraph.pairs_all`; asked first of one
        matching of its players leaving over only those, within the budget:
        :meth:`_RemainderGraph.leaves_leavers`, as each of those pairings is one).  A
        remainder too large for that but still small is checked with B4 alone: its pairs,
        with the players it leaves over, must form a perfect matching with at most the
        remainder's x colour conflicts (:meth:`_RemainderGraph.fits`).  Either way, one
        failing gives nothing.  Those checks passing find a pairing of the remainder that
        makes the perfect matching, so for them it is not asked first.

        With the head's ``x``, each prefix is first put to the colour counts of what it
        leaves (:class:`HeadColours`, as :meth:`colours_allow_level` asks of the level):
        those depend only on the S2 players taken and their number too.

        With the head's ``x`` at 0 no pairing of S1 has a colour conflict (B4), and when
        the counts leave every remainder of the level a budget of 0
        (:func:`remainder_budget_at_most`: x(R) by A8 is then 0 whatever S1 takes, and
        j and k add none) no remainder pair has one either: the graph leaves those pairs
        out (``free`` of :class:`_RemainderGraph`).  Each candidate's pairs are still a
        perfect matching of it, so a prefix is refused only when it has no good
        completion, and now as soon as every completion needs such a pair.  Round 58 of
        the 150-player, 143-round, seed-11189 event (a 12-player S1 against 20 S2
        players, x = 0, an 8-player remainder whose colours leave it x = 0) asked 41,119
        prefixes before its first pairing, 41,092 of them below a third partner that
        left no conflict-free completion (0.6 s); now 29 in the whole round (0.05 s).
        """
        p_r = need.p
        free = (
            x == 0,
            x is not None and remainder_budget_at_most(s1, s2, p_r, x, need.j, need.k) == 0,
        )
        key = (
            tuple(a.number for a in s1),
            tuple(b.number for b in s2),
            rules,
            moved,
            p_r,
            need.stay,
            free,
        )
        graph = self._remainder_graphs.get(key)
        if graph is None:
            base = self._remainder_bases.get(key[:4])
            if base is None:
                base = self._remainder_bases[key[:4]] = RemainderBase(s1, s2, rules, moved)
            graph = self._remainder_graphs[key] = _RemainderGraph(
                s1, s2, rules, moved, p_r, need.stay, base, free
            )

        leaves = graph.leaves.setdefault((need.j, need.k), {})
        """For each complete pairing of S1 (by the S2 players taken): its remainder and
        that remainder's x, or None when the remainder cannot give a pairing."""

        colours = None if x is None else HeadColours(s1, s2, need.stay, p_r, x, need.j, need.k)
        count = len(s2) - len(s1)
        settled = 2 * p_r <= count <= LEFTOVER_CHECK or (
            count > LEFTOVER_CHECK and graph.fits_exactly(count)
        )
        """Whether the checks of a complete pairing of S1 (:func:`leaf`) need no perfect
        matching first: the pairings of its remainder they look for make one, and so
        does the perfect matching within the remainder's x of :meth:`_RemainderGraph.fits`
        when it is asked."""

        def viable(prefix: tuple[int, ...]) -> bool:
            taken = _bits(prefix)
            if colours is not None and not colours.allows(taken, len(prefix)):
                return False
            full = len(prefix) == len(s1)
            if not (full and settled) and not graph.completes(prefix):
                return False
            if not full:
                return True
            if taken not in leaves:
                leaves[taken] = leaf(prefix, taken)
            known = leaves[taken]
            return known is not None and not known_barren(*known)

        def leaf(prefix: tuple[int, ...], taken: int) -> tuple[list[Entrant], int] | None:
            budget = min(p_r, max(0, graph.x_left(taken) - need.j) + need.k)
            if count > LEFTOVER_CHECK:
                if not graph.fits(prefix, budget):
                    return None
                return [s2[t] for t in graph.places(prefix)], budget
            places = graph.places(prefix)
            rest = [s2[t] for t in places]
            if graph.staying(taken) and not graph.leaves_leavers(taken, p_r, budget):
                return None  # no pairing within the budget leaves only leavers over
            if len(rest) == 2 * p_r:
                if not graph.pairs_all(taken, budget):
                    return None  # only the empty set could be left over
            else:
                staying = _bits(i for i, t in enumerate(places) if t in need.stay)
                family = self._remainder_leftovers(
                    rest, p_r, budget, rules.up, moved, graph.paired(places)
                )
                if all(left & staying for left in family):
                    return None
            return rest, budget

        def known_barren(rest: Sequence[Entrant], budget: int) -> bool:
            numbers = tuple(b.number for b in rest)
            memo = ("remainder", numbers, p_r, budget, rules.up, moved, need.lowest, *need.fitted)
            barren = self.barren.get(memo)
            if not barren:
                return False
            kept = self.mask(need.kept.intersection(numbers))
            return any(known & ~kept == 0 for known in barren)

        return viable

    colours_allow_level = staticmethod(colours_allow_level)
    """Whether the colour preferences alone leave a heterogeneous level a chance
    (:func:`criteria.colours_allow_level`, an attribute so that a test can switch it off)."""

    def _remainder_leftovers(
        self,
        rest: Sequence[Entrant],
        p: int,
        budget: int,
        up: int,
        moved: frozenset[int],
        allowed: Sequence[Sequence[bool]],
    ) -> frozenset[int]:
        """The sets of players a remainder group's pairings could leave over (Dutch C6-C9).

        A remainder pairs its ``p`` pairs between S1 and S2 of its original division or
        of one of the exchanges of D2, with at most ``budget`` colour conflicts (B4) and
        at best with B5 and B6 dropped for downfloats (C9).  Each such pairing leaves
        over the S2 players it does not pair.  Their sets (bit sets of positions in
        ``rest``) are those whose fewest colour conflicts are within the budget
        (:func:`leftover_costs`), worked out at the first budget asked and once more for
        every budget when a larger one is asked (the levels ask one group at budgets 0
        to 5 in round 11 of the 150-player, 119-round, seed-7016 event; most groups only
        at 0 in round 63 of the seed-2480 event), and remembered for the round: they do
        not depend on who is kept up, so a remainder whose every set holds a player who
        may not be left over gives nothing for any players kept up
        (:meth:`remainder_viable`).  ``allowed`` tells which of them may meet (B1, B2, B5
        and B6 for upfloats as the level keeps them).  A group of ``2p`` players can only
        leave the empty set over: :meth:`remainder_viable` asks that of the remainder's
        graph in one search (:meth:`_RemainderGraph.pairs_all`) instead of this walk.
        """
        key = (tuple(b.number for b in rest), p, budget, up, moved)
        known = self._leftovers.get(key)
        if known is not None:
            return known
        group = (key[0], p, up, moved)
        most, costs = self._leftover_costs.get(group, (-1, {}))
        if most < budget:
            # the first walk up to the budget asked, the second for every one
            most = budget if most < 0 else max(p, budget)
            costs = leftover_costs(rest, p, allowed, most)
            self._leftover_costs[group] = most, costs
        known = self._leftovers[key] = frozenset(
            left for left, cost in costs.items() if cost <= budget
        )
        return known

    def head_must_cover(
        self,
        s2: Sequence[Entrant],
        p_r: int,
        loosest: FloatRules,
        moved: frozenset[int],
        lowest: bool,
        keep: frozenset[int],
    ) -> frozenset[int]:
        """S2 players the moved-down players must pair for the remainder to have a chance.

        Dutch C6, C10.  The remainder makes exactly ``p_r`` pairs among the S2 players the
        moved-down players leave, and every one of them who may not be left unpaired even
        with B5 and B6 dropped for downfloats (``loosest``: kept up by C12/C13, or in the
        lowest bracket without a right to the bye) must be in one of those pairs.  So such
        a player must be paired by S1 when ``p_r`` is zero, or when no other S2 player may
        meet him under ``loosest``.  A pairing of S1 leaving him would only be followed by
        a remainder that gives nothing, so requiring him to be covered skips exactly such
        pairings and keeps the order of the rest (D1).
        """
        stay = [t for t, b in enumerate(s2) if not may_leave(b, loosest, moved, lowest, keep)]
        if p_r == 0:
            return frozenset(stay)
        return frozenset(
            t
            for t in stay
            if not any(
                u != t and pair_allowed(s2[t], s2[u], loosest, moved) for u in range(len(s2))
            )
        )
