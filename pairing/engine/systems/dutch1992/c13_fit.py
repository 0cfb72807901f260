"""A necessary condition on the partners of S1 in the penultimate bracket, checked while
Dutch C13 (FIDE Handbook C.04.1, 1992 text) walks that bracket's pairings.

C13 takes the penultimate bracket's first pairing in the procedure's order with which
the lowest bracket can be paired completely.  The pairings of one S1/S2 division are
walked in the order of D1 by fixing S1's partners one player at a time; a choice of
partners for the first S1 players (a prefix) that no completion can make good is not
entered (``viable`` of :func:`lexicographic_assignments`), so the pairings walked, and
the first good one, are the same.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from pairing.engine.matching import complete_matching, maximum_matching
from pairing.engine.systems.dutch1992.bitsets import _bits, _positions
from pairing.engine.systems.dutch1992.brackets import Accepted, Bracket
from pairing.engine.systems.dutch1992.entrants import Entrant, compatible
from pairing.engine.systems.dutch1992.fit_exchanges import lower_half
from pairing.engine.systems.dutch1992.fit_prefixes import Prefix, prefix_test
from pairing.engine.systems.dutch1992.fit_proofs import FitProofs
from pairing.engine.systems.dutch1992.fit_starts import named_pairs, named_start


class LowestFit:
    """Whether the players a pairing of the penultimate bracket leaves over can still be
    paired with the lowest bracket (Dutch C13; the lowest paired by B1, B1b, B2, A3).

    ``forced``: the players the penultimate bracket moves down whatever it pairs (C1);
    ``residents``: the lowest bracket's own players.  The lowest bracket that C13 judges
    holds them and the players the pairing leaves over; it must be paired completely,
    but for a bye to a player who may have it (B1b) when it is odd.  When fewer than
    half of its players stand above its score (A3), it is paired as heterogeneous with
    p equal to the number of those (C13 keeps p): each of them meets a player of the
    bracket's score, and the rest of those are paired among themselves.  Either way
    every pair keeps B1 and B2.

    :meth:`division` gives for one S1/S2 division a test of prefixes: is there a
    perfect matching of the S1 players still open into the S2 players still free
    (their partners at the level, ``rows``), together with a pairing of the lowest
    bracket as above, with the S2 players left over moved down, and none of those who
    may not be left over (``stay``) among them?  Every good pairing through the prefix
    gives one, so a prefix without one has no good completion.  When the lowest bracket
    is paired as homogeneous, the matching must also keep its own limit of D2
    (:mod:`.fit_exchanges`).
    """

    def __init__(self, forced: Sequence[Entrant], residents: Sequence[Entrant]) -> None:
        self.forced = tuple(forced)
        self.residents = tuple(residents)
        self.key: tuple[object, ...] = (
            "c13 fit",
            tuple(e.number for e in self.forced),
            tuple(e.number for e in self.residents),
        )
        """Identifies the condition in the caches of levels that it filters."""
        self.low = min(e.score for e in self.residents) if self.residents else None
        self._checks: dict[tuple[object, ...], Prefix] = {}
        self._rests: dict[frozenset[int], bool] = {}
        self._block_mates: dict[bool | None, list[int]] = {}
        self._heads: dict[tuple[tuple[int, ...], tuple[int, ...]], bool] = {}
        self._loose: dict[tuple[tuple[int, ...], tuple[int, ...]], tuple[list[int], bool]] = {}
        self._loose_mates: dict[tuple[tuple[int, ...], tuple[int, ...]], list[int]] = {}
        """The perfect matching :meth:`_loosely_refused` found for each S1 and S2, the start
        of the division's own search (:meth:`_start`)."""
        self._last_pairs: list[tuple[int, int]] = []
        """The pairs of the last perfect matching :meth:`_loosely_refused` found, by name
        (:func:`.fit_starts.named_pairs`): the start of the next one's search."""
        self._partners: dict[int, dict[int, bool]] = {}
        """:meth:`_meet` by one player's number, then the other's (as :meth:`_graph` asks)."""
        self._shifts: dict[tuple[bool | None, int], list[list[int]]] = {}
        """:meth:`_shifted`, by ``split`` and first vertex."""
        self._met: dict[tuple[int, int], bool] = {}
        self._blocks: dict[bool | None, tuple[list[list[int]], list[int]]] = {}
        self._reaches: dict[tuple[int, bool | None], list[int]] = {}
        self.matchings = 0
        """The matchings worked out so far: the work the test has cost (:func:`fitted_search`)."""
        self.budget: int | None = None
        """When set, the matchings past which the next one raises :class:`OverBudget`."""
        self._proofs = FitProofs(self._meet, self._reach, self._block)
        """The proofs of the divisions refused by :meth:`_loosely_refused`."""

    def _spend(self) -> None:
        """Count one matching about to be worked out, or raise :class:`OverBudget` when the
        budget is spent.  Raised before anything is changed, from the test of a prefix or a
        remainder, which no lazy listing shared by the round's searches is producing
        (``listing._Listing``): the search it stops holds nothing another may read."""
        if self.budget is not None and self.matchings >= self.budget:
            raise OverBudget
        self.matchings += 1

    def _tally(self) -> None:
        """Count one matching worked out beyond the budget's reach (the closed form's test
        of :mod:`.fit_exchanges`, after one that was counted)."""
        self.matchings += 1

    def division(
        self,
        s1: Sequence[Entrant],
        s2: Sequence[Entrant],
        rows: Sequence[int],
        stay: frozenset[int] = frozenset(),
    ) -> Prefix:
        """The test of prefixes of one division: ``rows`` gives for each S1 player the S2
        indices he may meet as a bit set.  Every S1 player is paired and the S2 players
        left over are moved down (a homogeneous bracket, or a heterogeneous one's
        remainder once its moved-down players are paired).

        ``stay``: the S2 indices of the players who may not be left over (kept up, or
        barred from leaving by B1b, B5 and B6 as far as the level keeps them, A5): the
        pairings searched pair each of them in the bracket (``must_pair`` of
        :meth:`.division_pairings.DivisionPairings.assignments`), so in the division's
        graph they meet S1 players only (:meth:`_graph`).  The matching of any good
        pairing through a prefix stays in that graph, so the test still refuses only
        prefixes without a good completion, and refuses more of them: round 48 of the
        150-player, 144-round, seed-10743 event asked 22,500 choices of partners and
        built 2,703 Gallai-Edmonds trees, most in the 48 divisions of one level at p = 8
        whose choices failed only at 5 to 8 partners (0.42 s); with ``stay``, 670
        choices and 15 trees, those divisions refused at their first partner (0.10 s).

        With players staying, the division is first asked with none (:func:`_behind`):
        ``stay`` only takes edges away, so a division refused without it is refused with
        any, and the sub-searches of C12 and C13, each keeping other players up, meet the
        same division with other players staying; the test without them answers them
        all.  Round 69 of the 150-player, 138-round, seed-11237 event refused 396
        divisions at x = 0 (the lowest bracket's limit of D2 with S1 taking only
        partners without a colour conflict), 260 of them distinct and 340 of the
        refusals holding with none staying: 1,059 matchings before, 939 now, and its
        fitted search ends within its first turn.  The first search of a division's
        graph grows the perfect matching found for its S1 and S2 with every partner
        (:meth:`_start`), and the search of that one the last found for another
        division (:mod:`.fit_starts`): the same answers from fewer augmenting paths."""
        key = (tuple(e.number for e in s1), tuple(e.number for e in s2), tuple(rows), stay)
        check = self._checks.get(key)
        if check is None:
            check = self._division(s1, s2, rows, stay)
            if stay:
                check = _behind(self.division(s1, s2, rows), check)
            self._checks[key] = check
        return check

    def refuted(self, s1: Sequence[Entrant], s2: Sequence[Entrant]) -> bool:
        """Whether a proof kept from an earlier division (:class:`FitProofs`) shows that
        this one has no matching even when each S1 player may meet every S2 player B1 and
        B2 allow: then it has none at any level (the level's rules only narrow that), and
        :meth:`division` would refuse it as a whole.  No matching is worked out."""
        proofs = self._proofs
        return bool(proofs.kept) and proofs.refutes(s1, s2, self._split(len(s1), s2))

    def rest_possible(self, rest: Sequence[Entrant]) -> bool:
        """Whether the players of a heterogeneous bracket's remainder (those its head
        pairing leaves) can still be paired with the lowest bracket at all: a perfect
        matching of them, the players forced down and the residents (and the bye, when
        their number is odd, to those who may have it, B1b), every pair keeping B1 and
        B2.  The remainder's pairs and the lowest bracket's pairs of any good candidate
        are one, so a remainder without one gives no good candidate (Dutch C13).  Every
        graph :meth:`division` builds for the remainder's divisions has these vertices
        and fewer edges.  Remembered by the set of players (round 22 of the 150-player,
        143-round, seed-2766 event: 216 remainders, 0.6 s, answered by 17 matchings).

        The search starts from a maximum matching of the players forced down and the
        residents among themselves, worked out once for the test:
        whether a perfect matching exists does not depend on the matching the augmenting
        paths start from (Berge), and only that answer is kept, never the matching.  In
        round 58 of the 150-player, 123-round, seed-3086 event the 146 remainders' graphs
        hold 36 residents each."""
        key = frozenset(e.number for e in rest)
        known = self._rests.get(key)
        if known is None:
            self._spend()
            graph = self._rest_graph(rest)
            mate = self._block_start(None, len(graph), len(rest))
            known = self._rests[key] = complete_matching(
                graph, mate, [True] * len(graph), greedy=True
            )
        return known

    def _rest_graph(self, rest: Sequence[Entrant]) -> list[list[int]]:
        """The graph of :meth:`rest_possible`: the remainder's players (0..r-1), the
        players forced down and the residents (from r), and the bye when their number is
        odd; an edge for each pair B1 and B2 allow, each row in ascending order.  The part
        among the players forced down and the residents is the same for every remainder,
        so it is read from :meth:`_block` and :meth:`_reach` (the graph of an unknown
        split, which has every such pair) instead of asking each pair again."""
        near, bye = self._block(None)
        meet = self._meet
        r = len(rest)
        end = r + len(near)
        odd = end % 2
        graph: list[list[int]] = [[] for _ in range(end + odd)]
        for v, a in enumerate(rest):
            row = graph[v]
            for w in range(v + 1, r):
                if meet(a, rest[w]):
                    row.append(w)
                    graph[w].append(v)
            for x in self._reach(a, None):
                row.append(r + x)
                graph[r + x].append(v)
            if odd and a.bye_allowed:
                row.append(end)
                graph[end].append(v)
        for x, others in enumerate(near):
            graph[r + x].extend(r + y for y in others)
        if odd:
            for x in bye:
                graph[r + x].append(end)
                graph[end].append(r + x)
        return graph

    def head_possible(self, s1: Sequence[Entrant], s2: Sequence[Entrant]) -> bool:
        """Whether some pairing of a heterogeneous bracket's moved-down players S1 into S2
        can leave a remainder that :meth:`rest_possible` accepts: a perfect matching of
        S1 into S2, of the S2 players left among themselves, with the players forced down
        and the residents, of those among themselves and the bye (B1b), every pair keeping
        B1 and B2.  Every head pairing keeps B1 and B2, so when there is none, every
        remainder of every level of this S1 and S2 fails :meth:`rest_possible` and gives
        no good candidate (Dutch C13): the levels are not walked.  Round 53 of the
        120-player, 104-round, seed-3117 event walked over 400,000 head pairings whose
        3,994 remainders all failed."""
        key = (tuple(e.number for e in s1), tuple(e.number for e in s2))
        known = self._heads.get(key)
        if known is None:
            self._spend()
            meet = self._meet
            every = [_bits(t for t, b in enumerate(s2) if meet(a, b)) for a in s1]
            graph = self._graph(s1, s2, every, loose=True)
            known = self._heads[key] = complete_matching(
                graph, [-1] * len(graph), [True] * len(graph), greedy=True
            )
        return known

    def _loosely_refused(
        self, s1: Sequence[Entrant], s2: Sequence[Entrant], rows: Sequence[int]
    ) -> bool:
        """Whether the division has no matching even when each S1 player may meet every S2
        player he may meet by B1 and B2 (``rows`` only narrows that: the float and colour
        rules of the level).  A graph with fewer edges has no perfect matching when the
        larger has none, so this refuses only divisions :meth:`division` refuses.

        The same S1 and S2 come back at many levels and sub-searches with other rules
        (C9, C10, C11); one matching then answers them all (round 69 of the 150-player,
        139-round, seed-2786 event: 2,200 such matchings instead of 4,500).
        """
        key = (tuple(e.number for e in s1), tuple(e.number for e in s2))
        known = self._loose.get(key)
        if known is None:
            meet = self._meet
            every = [_bits(t for t, b in enumerate(s2) if meet(a, b)) for a in s1]
            split = self._split(len(s1), s2)
            proofs = self._proofs
            refused = proofs.refutes(s1, s2, split)
            if not refused:
                self._spend()  # the matching below is work the turns weigh (fitted_search)
                graph = self._graph(s1, s2, every)
                start = self._named_start(s1, s2, graph)
                if start is None:
                    start = self._block_start(split, len(graph), len(s1) + len(s2))
                found: list[int] = []
                refused = not proofs.learn(s1, s2, split, graph, start, found)
                if found:
                    self._loose_mates[key] = found
                    self._last_pairs = named_pairs(s1, s2, found)
            known = self._loose[key] = (every, refused)
        every, refused = known
        return refused and all(row & ~wide == 0 for row, wide in zip(rows, every, strict=True))

    def _named_start(
        self, s1: Sequence[Entrant], s2: Sequence[Entrant], graph: Sequence[Sequence[int]]
    ) -> list[int] | None:
        """:func:`.fit_starts.named_start` of the last perfect matching
        :meth:`_loosely_refused` found; None before the first."""
        if not self._last_pairs:
            return None
        return named_start(s1, s2, self._last_pairs, graph)

    def _block_start(self, split: bool | None, size: int, base: int) -> list[int]:
        """A matching of a graph of ``size`` vertices holding :meth:`_block` (``split``)
        from vertex ``base`` on: a maximum matching of the players forced down and the
        residents among themselves, worked out once per ``split``, and nobody else
        matched.  A start for a search that keeps only whether a perfect matching exists,
        which does not depend on the start (Berge)."""
        known = self._block_mates.get(split)
        if known is None:
            known = self._block_mates[split] = maximum_matching(self._block(split)[0])
        mate = [-1] * size
        for x, y in enumerate(known):
            if y != -1:
                mate[base + x] = base + y
        return mate

    def _inside(self, p: int, s2: Sequence[Entrant]) -> frozenset[int] | None:
        """The vertices of :meth:`_graph` (S1 of size ``p``) of the lowest bracket's original
        S2 when it is paired as homogeneous (A3, D2; :func:`lower_half`), or None when
        that is not known: then no limit is asked."""
        if self._split(p, s2) is not False:
            return None
        half = lower_half(self.forced, self.residents, s2, len(s2) - p)
        if half is None:
            return None
        base = p + len(s2) + len(self.forced)
        return frozenset(base + r for r in half)

    def _split(self, p: int, s2: Sequence[Entrant]) -> bool | None:
        """Whether the lowest bracket, with the S2 players a division of S1 size ``p``
        leaves over, is paired as heterogeneous (A3); None when that is not known (one of
        them of its score: then the looser graph), as :meth:`_graph` reads it."""
        low = self.low
        if low is None or all(e.score > low for e in s2):
            return self._heterogeneous_low(len(s2) - p)
        return None

    def _heterogeneous_low(self, down: int) -> bool | None:
        """Whether the lowest bracket with ``down`` players left over is paired as
        heterogeneous (A3); None when that is not known (then the looser test)."""
        low = self.low
        if low is None or not all(e.score > low for e in self.forced):
            return None
        high = down + len(self.forced) + sum(1 for e in self.residents if e.score > low)
        size = down + len(self.forced) + len(self.residents)
        return high > 0 and 2 * high < size

    def _meet(self, a: Entrant, b: Entrant) -> bool:
        """:func:`compatible`, remembered for the C13 search (B1, B2)."""
        key = (a.number, b.number) if a.number < b.number else (b.number, a.number)
        known = self._met.get(key)
        if known is None:
            known = self._met[key] = compatible(a, b)
        return known

    def _block(self, split: bool | None) -> tuple[list[list[int]], list[int]]:
        """The players forced down and the residents (numbered from 0): their edges among
        themselves and those who may have the bye, with the lowest bracket paired as
        heterogeneous (``split``) or not (None: not known, the looser graph)."""
        known = self._blocks.get(split)
        if known is None:
            lower = (*self.forced, *self.residents)
            top = [self._top(v, e) for v, e in enumerate(lower)]
            near: list[list[int]] = [[] for _ in lower]
            for v, a in enumerate(lower):
                for w in range(v + 1, len(lower)):
                    if not (split is True and top[v] and top[w]) and self._meet(a, lower[w]):
                        near[v].append(w)
                        near[w].append(v)
            bye = [
                v for v, e in enumerate(lower) if e.bye_allowed and not (split is True and top[v])
            ]
            known = self._blocks[split] = (near, bye)
        return known

    def _top(self, v: int, e: Entrant) -> bool:
        """Whether the ``v``-th player of :meth:`_block` stands above the lowest bracket's
        score (forced down, or a resident above it, A3)."""
        return v < len(self.forced) or (self.low is not None and e.score > self.low)

    def _reach(self, a: Entrant, split: bool | None) -> list[int]:
        """The players of :meth:`_block` whom a player moved down may meet (B1, B2): in a
        heterogeneous lowest bracket only those of its score (A3)."""
        key = (a.number, split)
        known = self._reaches.get(key)
        if known is None:
            lower = (*self.forced, *self.residents)
            known = self._reaches[key] = [
                v
                for v, e in enumerate(lower)
                if not (split is True and self._top(v, e)) and self._meet(a, e)
            ]
        return known

    def _graph(
        self,
        s1: Sequence[Entrant],
        s2: Sequence[Entrant],
        rows: Sequence[int],
        *,
        loose: bool = False,
        stay: frozenset[int] = frozenset(),
    ) -> list[list[int]]:
        """The graph of :meth:`division`: S1 (0..p-1), S2 (p..p+q-1), the players forced
        down, the residents and, when the lowest bracket is odd, the bye.

        In a heterogeneous lowest bracket, the players above its score (all those moved
        down, and residents above it) meet only players of its score (A3, C13).
        ``loose``: how many S2 players move down is not known (a head pairing, whose
        remainder pairs some of them), so the looser graph of an unknown split.
        ``stay``: S2 indices of players who may not be left over: they meet S1 only."""
        p, q = len(s1), len(s2)
        split = None if loose else self._split(p, s2)
        near, bye = self._block(split)
        base = p + q
        end = base + len(near)
        odd = (q - p + len(self.forced) + len(self.residents)) % 2
        graph: list[list[int]] = [[] for _ in range(end + odd)]
        for i in range(p):
            for t in _positions(rows[i]):
                graph[i].append(p + t)
                graph[p + t].append(i)
        meet = self._meet
        for t, a in enumerate(s2):
            if t in stay:
                continue  # paired in the bracket: no pair among the players left over
            row = graph[p + t]
            if split is not True:
                known = self._partners.setdefault(a.number, {})
                for u in range(t + 1, q):
                    if u in stay:
                        continue
                    b = s2[u]
                    met = known.get(b.number)
                    if met is None:
                        met = known[b.number] = meet(a, b)
                    if met:
                        row.append(p + u)
                        graph[p + u].append(p + t)
            for w in self._reach(a, split):
                row.append(base + w)
                graph[base + w].append(p + t)
            if odd and a.bye_allowed and split is not True:
                row.append(end)
                graph[end].append(p + t)
        for w, others in enumerate(self._shifted(split, base)):
            graph[base + w].extend(others)
        if odd:
            for w in bye:
                graph[base + w].append(end)
                graph[end].append(base + w)
        return graph

    def _shifted(self, split: bool | None, base: int) -> list[list[int]]:
        """The edges of :meth:`_block` (``split``) as vertices numbered from ``base``, worked
        out once for each: a division's S1 and S2 together are mostly the whole bracket,
        so most divisions share one ``base``."""
        known = self._shifts.get((split, base))
        if known is None:
            near = self._block(split)[0]
            known = self._shifts[(split, base)] = [[base + x for x in others] for others in near]
        return known

    def _division(
        self,
        s1: Sequence[Entrant],
        s2: Sequence[Entrant],
        rows: Sequence[int],
        stay: frozenset[int],
    ) -> Prefix:
        """The test of :meth:`division` (:func:`.fit_prefixes.prefix_test`)."""
        return prefix_test(
            len(s1),
            self._inside(len(s1), s2),
            lambda: self._loosely_refused(s1, s2, rows),
            lambda: self._graph(s1, s2, rows, stay=stay),
            self._spend,
            self._tally,
            lambda graph: self._start(s1, s2, graph),
        )

    def _start(
        self, s1: Sequence[Entrant], s2: Sequence[Entrant], graph: Sequence[Sequence[int]]
    ) -> list[int]:
        """A matching of a division's ``graph`` for its first search to grow: the pairs of
        the perfect matching :meth:`_loosely_refused` found for its S1 and S2 that the
        graph still has (its rules of the level drop some, and the players staying),
        else the lowest bracket's own (:meth:`_block_start`).  Whether a perfect matching
        exists does not depend on the start (Berge); it holds only a few searches."""
        loose = self._loose_mates.get((tuple(e.number for e in s1), tuple(e.number for e in s2)))
        if loose is None or len(loose) != len(graph):
            return self._block_start(self._split(len(s1), s2), len(graph), len(s1) + len(s2))
        mate = [-1] * len(graph)
        for v, w in enumerate(loose):
            if v < w and w in graph[v]:
                mate[v], mate[w] = w, v
        return mate


def _behind(loose: Prefix, strict: Prefix) -> Prefix:
    """``strict`` (a division's test with players staying) asked only of divisions that
    ``loose`` (the same with none staying) does not refuse as a whole."""

    def check(prefix: tuple[int, ...]) -> bool:
        return loose(()) and strict(prefix)

    return check


def lowest_fit(previous: Accepted, lowest: Bracket) -> LowestFit | None:
    """The :class:`LowestFit` of a C13 search re-pairing ``previous`` (Dutch C13)."""
    return LowestFit(previous.forced_down, lowest.residents)


PATIENCE = 1
"""The sub-searches a C13 search makes without :class:`LowestFit` before the fitted search
has its first turn (:func:`fitted_search`).  One: the second sub-search of a heterogeneous
penultimate bracket can walk whole levels without it (0.8 s in round 56 of the 150-player,
131-round, seed-2778 event, where the fitted search takes 0.09 s)."""

FIT_BUDGET = 1000
"""The matchings of :class:`LowestFit` its first turn may work out (:func:`fitted_search`).
The fitted searches of the slow rounds of 150 players need 8 to 325 of them, but one
needs 57,000 (2 s; round 49 of the 150-player, 119-round, seed-2573 event, where twelve
sub-searches without the fit take 0.35 s): a homogeneous bracket whose every exchange
passes the test at its first partners and fails later, which the sub-searches pass over
by the players they keep up."""

LAST_TURN = 16
"""The sub-searches without :class:`LowestFit` after which the fitted search runs to its
end, however many matchings it needs (:func:`fitted_search`)."""


class OverBudget(Exception):
    """:class:`LowestFit` was asked for a matching past its budget."""


class _Found(Exception):
    """The fitted search ended during the search without the fit: its answer."""

    def __init__(self, option: Accepted | None) -> None:
        super().__init__()
        self.option = option


def fitted_search(
    search: Callable[..., Accepted | None],
    feasible: Callable[[frozenset[int]], bool],
    fit: LowestFit | None,
) -> Accepted | None:
    """C13's search (``search``, taking ``feasible`` and ``fit`` as
    :meth:`Search.alternatives`), without :class:`LowestFit` and with it by turns.

    Both give the first good candidate in the procedure's order, so the answer does not
    depend on which one gives it, nor on when one is stopped.  Neither costs less in
    every round: most C13 searches end after a few sub-searches, and there the test only
    adds its matchings (and can walk whole levels that the sub-searches pass over by the
    players they keep up); a few make thousands of sub-searches, each of which may walk
    whole levels that the test refuses at once.  No fixed number of sub-searches before
    the switch serves every round, so the turns weigh what each search has cost, in
    work, not time (the pairing stays the same from one machine to another):

    * the search without the fit makes :data:`PATIENCE` sub-searches;
    * then the fitted search runs until it has worked out :data:`FIT_BUDGET` matchings
      of the test (:class:`OverBudget` stops it: the test is dear there);
    * then the search without the fit goes on where it stood, and after
      :data:`LAST_TURN` sub-searches the fitted search runs to its end, starting again
      with the test's answers worked out in its first turn.

    The search without the fit is only ever paused between sub-searches, in ``feasible``
    (no candidate listing open), and the fitted search is stopped only in the test, which
    no listing shared by the round's searches is producing; the round's memories of
    levels that give nothing are kept apart for the fitted search (``fit.key``).
    """
    if fit is None:
        return search(feasible=feasible)
    asked = 0

    def turn(budget: int | None) -> None:
        fit.budget = budget
        try:
            option = search(feasible=feasible, fit=fit)
        except OverBudget:
            return
        finally:
            fit.budget = None
        raise _Found(option)

    def counted(keep: frozenset[int]) -> bool:
        nonlocal asked
        asked += 1
        if asked == PATIENCE + 1:
            turn(fit.matchings + FIT_BUDGET)
        elif asked > LAST_TURN:
            turn(None)
        return feasible(keep)

    try:
        return search(feasible=counted)
    except _Found as found:
        return found.option
