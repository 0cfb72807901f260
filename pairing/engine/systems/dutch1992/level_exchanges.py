"""The exchanges of a level worth trying, listed once a round, and those that survive
the tests that do not read the players kept up (Dutch B4, C8, D2).

FIDE Handbook C.04.1 (1992 text): a homogeneous group whose original S1 and S2 give no
pairing tries each exchange between S1 and S2 in the order of D2 (C8).  C12 and C13 enter
the same levels of a bracket again and again with other players kept up; the exchanges
are listed once for each bracket, p and level of float criteria and read by all of them.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence

from pairing.engine.systems.dutch1992 import entering as d2_entering
from pairing.engine.systems.dutch1992.criteria import LOOSEST, FloatRules, may_leave
from pairing.engine.systems.dutch1992.deficits import ExchangeDeficits, exchange_deficits
from pairing.engine.systems.dutch1992.division_pairings import DivisionPairings
from pairing.engine.systems.dutch1992.entering import Survivor
from pairing.engine.systems.dutch1992.entering_sets import EnteringSets
from pairing.engine.systems.dutch1992.entrants import Entrant
from pairing.engine.systems.dutch1992.exchange_tests import Exchanged, ExchangeTests
from pairing.engine.systems.dutch1992.exchanges import _exchanged, exchange_order, exchange_runs
from pairing.engine.systems.dutch1992.feasibility import Feasibility
from pairing.engine.systems.dutch1992.kept import KeptCovers
from pairing.engine.systems.dutch1992.listing import _Listing

Division = tuple[tuple[int, ...], frozenset[int], bool, int]
"""A level's group (its players' numbers), players moved down, lowest bracket or not, p."""


class LevelExchanges(DivisionPairings):
    """The exchanges of each level in D2 order (:meth:`_exchange_splits`) and those
    surviving at an x (:meth:`_surviving`), remembered for the round (Dutch C8, D2);
    :class:`levels.LevelSearch` reads them."""

    def __init__(self, feasibility: Feasibility) -> None:
        super().__init__()
        self.feasibility = feasibility
        self._splits: dict[
            tuple[object, ...], _Listing[tuple[int, Sequence[Entrant], Sequence[Entrant]]]
        ] = {}
        """The exchanges worth trying, by bracket, p and float criteria (C8, D2)."""
        self._tests: dict[tuple[object, ...], ExchangeTests] = {}
        """By bracket, p and float criteria: the tests of :meth:`_exchange_splits`."""
        self._deficits: dict[tuple[object, ...], ExchangeDeficits] = {}
        """By bracket, p and float criteria: a bound on each exchange's colour conflicts."""
        self._entering_sets: dict[tuple[object, ...], EnteringSets] = {}
        """By bracket, p and float criteria: :class:`EnteringSets` (every x)."""

    def _exchange_splits(
        self,
        players: Sequence[Entrant],
        p: int,
        rules: FloatRules,
        moved: frozenset[int],
        lowest: bool,
    ) -> Iterable[tuple[int, Sequence[Entrant], Sequence[Entrant]]]:
        """S1 and S2 after each exchange in D2 order, with its index in that order (C8).

        Left out, because they can give no pairing at this level: the exchanges that
        :class:`ExchangeTests` refuses (a division that gives nothing at any level,
        :meth:`Feasibility.division_possible`, is left out by the reader, after the bound
        on its colour conflicts at its x).  The exchanges are listed lazily, once per
        round for each bracket, p and level of float criteria, and read by every level
        and sub-search that needs them.
        """
        key = (tuple(e.number for e in players), p, rules, moved, lowest)
        listing = self._splits.get(key)
        if listing is None:
            listing = _Listing(self._listed_exchanges(players, p, rules, moved, lowest))
            self._splits[key] = listing
        return listing

    def _exchange_tests(
        self,
        players: Sequence[Entrant],
        p: int,
        rules: FloatRules,
        moved: frozenset[int],
        lowest: bool,
    ) -> ExchangeTests:
        """The level's :class:`ExchangeTests`, and its :class:`ExchangeDeficits` in
        :attr:`_deficits`, worked out once."""
        division: Division = (tuple(e.number for e in players), moved, lowest, p)
        tests = self._tests.get((division, rules))
        if tests is not None:
            return tests
        allowed = self.feasibility.partner_masks(players, rules, moved)
        loose = self.feasibility.partner_masks(players, LOOSEST, moved)
        staying = sum(
            1 << i
            for i, e in enumerate(players)
            if not may_leave(e, LOOSEST, moved, lowest, frozenset())
        )
        if (division, rules) not in self._deficits:
            self._deficits[(division, rules)] = exchange_deficits(
                players, allowed, p, (loose, staying), (rules, moved, lowest)
            )
        origin = self.feasibility.exchange_base(division, loose, staying)
        tests = self._tests[(division, rules)] = ExchangeTests(allowed, loose, staying, p, origin)
        return tests

    def _listed_exchanges(
        self,
        players: Sequence[Entrant],
        p: int,
        rules: FloatRules,
        moved: frozenset[int],
        lowest: bool,
    ) -> Iterator[tuple[int, Sequence[Entrant], Sequence[Entrant]]]:
        """The exchanges of :meth:`_exchange_splits` as they are worked out."""
        division: Division = (tuple(e.number for e in players), moved, lowest, p)
        tests = self._exchange_tests(players, p, rules, moved, lowest)
        deficits = self._deficits[(division, rules)]
        for index, (out_of, into) in enumerate(exchange_order(len(players), p)):
            exchanged = tests.at(index, out_of, into)
            if exchanged is None:
                continue
            # The reader asks Feasibility.exchange_possible (possible_at).
            deficits.exchanges[index] = exchanged
            yield index, *_exchanged(players, p, out_of, into)

    def _surviving(
        self,
        players: Sequence[Entrant],
        p: int,
        x: int,
        rules: FloatRules,
        moved: frozenset[int],
        lowest: bool,
        kept_covers: KeptCovers,
    ) -> Iterator[Survivor]:
        """The exchanges of :meth:`_exchange_splits` (their place in that listing, index,
        S1, S2 and S1 as a bit set) that pass the part of ``possible_at`` in
        :meth:`LevelSearch.split_pairings` that does not read the players kept up: the
        lower bound on colour conflicts (B4), which reads them only at x = 0 (so ``x`` > 0
        here), asked up to the exchange's least (an exchange listed is read by every
        sub-search), and :meth:`Feasibility.exchange_possible`.  In round 65 of the
        150-player, 127-round, seed-2796 event, C12's sub-searches asked ``possible_at``
        100,000 times about 11,000 exchanges of their levels.  The :data:`entering.PATIENCE` th
        exchange is listed even when left out (S1 -1): :func:`patient_survivors` asks
        :func:`entering.refuted` there, before the filter walks on (in round 52 of the
        seed-2598 event it would walk thousands of exchanges the question passes over).
        Every :data:`entering.RESUMED_WALK` th place left out is listed too (S1
        :data:`entering.WALKED`), where a resumed search may ask it.  From that question's
        place on the exchanges are walked by :meth:`_walk`."""
        division: Division = (tuple(e.number for e in players), moved, lowest, p)
        splits = self._exchange_splits(players, p, rules, moved, lowest)
        for place, (index, s1, s2) in enumerate(splits):
            if place == d2_entering.PATIENCE:
                yield from self._walk(
                    players, p, x, rules, moved, lowest, kept_covers, place, index
                )
                return
            deficits = self._deficits[(division, rules)]
            exchanged = deficits.exchanges[index]
            side1 = -2 if deficits.over(exchanged[0], x) else None
            if side1 is None:
                side1 = self._possible(division, index, deficits, exchanged, kept_covers)
            if side1 >= 0:
                yield place, index, s1, s2, side1
            elif place + 1 == d2_entering.PATIENCE:
                yield place, index, s1, s2, -1  # where patient_survivors asks, as patient
            elif (place + 1) % d2_entering.RESUMED_WALK == 0:
                yield place, index, s1, s2, d2_entering.WALKED

    def _walk(
        self,
        players: Sequence[Entrant],
        p: int,
        x: int,
        rules: FloatRules,
        moved: frozenset[int],
        lowest: bool,
        kept_covers: KeptCovers,
        place: int,
        begin: int,
    ) -> Iterator[Survivor]:
        """:meth:`_surviving` from the exchange at index ``begin`` in D2 order (at
        ``place`` in the listing) on, by whole runs of exchanges (:func:`exchange_runs`).

        The players an exchange brings into S1 are asked first (:class:`EnteringSets`,
        one matching for the level), then the players it takes out of S1
        (:meth:`ExchangeDeficits.leaving_over`, one bound for all the exchanges with
        those players leaving): both are asked once for a whole run, and most runs are
        passed over without an exchange's own tests (:class:`ExchangeTests`) or bounds.
        The exchanges passed over are those :meth:`_surviving` would pass over after its
        tests: the same survivors.  From here on a place is counted in D2 order, the
        exchanges passed over and those the tests leave out alike, each
        :data:`entering.RESUMED_WALK` th marked (S1 :data:`entering.WALKED`) when it does
        not survive.  In round 76 of the 150-player, 142-round, seed-10187 event, a level
        at x = 5 walked 9,150 exchanges listed (of 17,290 in D2 order) to its first
        pairing; 1,300 of them are read one by one here."""
        division: Division = (tuple(e.number for e in players), moved, lowest, p)
        deficits = self._deficits[(division, rules)]
        tests = self._exchange_tests(players, p, rules, moved, lowest)
        sets = self._entering_sets.get((division, rules))
        if sets is None:
            tops = d2_entering.top_pair(players, p, rules, moved, lowest, frozenset())
            sets = EnteringSets(players, p, rules, moved, lowest, tops)
            self._entering_sets[(division, rules)] = sets
        walk = d2_entering.RESUMED_WALK
        mark = begin + (walk - 1 - place) % walk
        """The index of the next place to mark."""
        entering: dict[tuple[int, int], list[tuple[int, tuple[int, ...]]]] = {}
        """By the count and the sum of the numbers entering S1: the run's exchanges
        (offset, players entering) whose players entering :meth:`EnteringSets.barren`
        does not pass over."""
        leaving: dict[tuple[int, ...], bool] = {}
        """By the players leaving S1: whether their exchanges are all over x."""
        for start, out_of, total, group in exchange_runs(len(players), p):
            end = start + len(group)
            if end <= begin:
                continue
            open_ = entering.get((len(out_of), total))
            if open_ is None:
                open_ = entering[(len(out_of), total)] = [
                    (offset, into)
                    for offset, into in enumerate(group)
                    if not sets.barren(tuple(i - 1 for i in into), x)
                ]
            if open_:
                over = leaving.get(out_of)
                if over is None:
                    bits = 1 << out_of[0] - 1 | 1 << out_of[-1] - 1
                    over = leaving[out_of] = deficits.leaving_over(bits, x)
                if over:
                    open_ = []
            if not open_ and mark >= end:
                continue
            for offset, into in open_:
                index = start + offset
                if index < begin:
                    continue
                while mark < index:
                    yield self._mark(players, p, place, begin, mark, out_of, group[mark - start])
                    mark += walk
                exchanged = tests.at(index, out_of, into)
                side1 = -2
                if exchanged is not None:
                    deficits.exchanges[index] = exchanged
                    if not deficits.over(exchanged[0], x):
                        side1 = self._possible(division, index, deficits, exchanged, kept_covers)
                if side1 >= 0:
                    s1, s2 = _exchanged(players, p, out_of, into)
                    yield place + index - begin, index, s1, s2, side1
                elif index == mark:
                    yield self._mark(players, p, place, begin, mark, out_of, into)
                if index == mark:
                    mark += walk
            while mark < end:
                yield self._mark(players, p, place, begin, mark, out_of, group[mark - start])
                mark += walk

    @staticmethod
    def _mark(
        players: Sequence[Entrant],
        p: int,
        place: int,
        begin: int,
        index: int,
        out_of: tuple[int, ...],
        into: tuple[int, ...],
    ) -> Survivor:
        """The exchange at ``index`` in D2 order listed only to mark its place, counted
        from ``place`` at index ``begin`` (:meth:`_walk`)."""
        s1, s2 = _exchanged(players, p, out_of, into)
        return place + index - begin, index, s1, s2, d2_entering.WALKED

    def _possible(
        self,
        division: Division,
        index: int,
        deficits: ExchangeDeficits,
        exchanged: Exchanged,
        kept_covers: KeptCovers,
    ) -> int:
        """An exchange's S1 (a bit set of positions) when it gives anything with no player
        kept up (:meth:`Feasibility.exchange_possible`), else -2; remembered in
        ``kept_covers`` for ``possible_at``."""
        p = division[3]
        known = kept_covers.divisions.get((p, index))
        if known is None:
            known = kept_covers.divisions[(p, index)] = (
                exchanged[0],
                self.feasibility.exchange_possible(
                    division, index, *deficits.loose, *exchanged[1:]
                ),
            )
        return known[0] if known[1] else -2
