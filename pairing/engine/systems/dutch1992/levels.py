"""The pairings of one level of a score bracket, in the procedure's order (Dutch C6-C8).

At a level p, x and the float criteria kept are fixed.  FIDE Handbook C.04.1 (1992
text): S1 is paired with S2 (C6), then each transposition of S2 in the order of D1 is
tried (C7), then each exchange between S1 and S2 in the order of D2 (C8).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Sequence
from functools import partial

from pairing.engine.systems.dutch1992.bitsets import _bits, _compress, _runs
from pairing.engine.systems.dutch1992.brackets import Phase
from pairing.engine.systems.dutch1992.c13_fit import LowestFit
from pairing.engine.systems.dutch1992.criteria import FloatRules, may_leave
from pairing.engine.systems.dutch1992.division_colours import _conflict_rows
from pairing.engine.systems.dutch1992.entering import (
    Survivor,
    patient,
    patient_survivors,
    refuted,
)
from pairing.engine.systems.dutch1992.entrants import Entrant
from pairing.engine.systems.dutch1992.exchanges import _swap
from pairing.engine.systems.dutch1992.feasibility import Feasibility
from pairing.engine.systems.dutch1992.kept import KeptCovers, kept_covers_of
from pairing.engine.systems.dutch1992.kept_bounds import KeptBounds
from pairing.engine.systems.dutch1992.level_exchanges import LevelExchanges
from pairing.engine.systems.dutch1992.listing import _Listing
from pairing.engine.systems.dutch1992.lowest import (
    EXCHANGES,
    PENALTIES,
    Witness,
    free_witness,
    least_conflicts,
    priced_conflicts_within_exchanges,
    within_exchange_witness,
)
from pairing.engine.systems.dutch1992.s2_shortage import s2_shortage
from pairing.engine.systems.dutch1992.witnesses import WitnessFront

COLOUR_BOUND_FROM = 20
"""Groups of at least this many players have each level bounded by their fewest colour
conflicts (:func:`least_conflicts`) before their divisions are tried one by one; in a
smaller one the divisions are few and the bound would cost more."""


class LevelSearch(LevelExchanges):
    """The pairings of one level of a bracket: transpositions, then exchanges (Dutch C6-C8)."""

    def __init__(
        self, feasibility: Feasibility, *, exact_lowest: bool = True, exact_exchanges: bool = True
    ) -> None:
        super().__init__(feasibility)
        self.exact_lowest = exact_lowest
        """Whether a group's levels are bounded by :func:`least_conflicts`."""
        self.exact_exchanges = exact_exchanges
        """Whether a level is passed over when no matching within D2's two exchanges
        pairs it (:func:`within_exchanges`); the tests compare the two ways."""
        self.read_survivors = True
        """Whether levels at x > 0 without the C13 fit read their exchanges through
        :meth:`_surviving` (else each asks ``possible_at``); the tests compare the two."""
        self.fit_first = True
        """Whether ``possible_at`` asks the C13 fit's proofs (:meth:`LowestFit.refuted`)
        before an exchange's colour bounds: a division they refuse gives nothing, at any
        level, and is asked again at other levels and sub-searches, where the bounds cost
        more (round 11 of the 150-player, 119-round, seed-7016 event: 3,200 of 3,900
        divisions asked passed the bounds and were then refused).  The tests compare."""
        self._kept_bounds: dict[tuple[object, ...], KeptBounds] = {}
        """The bounds of each group and level by the players kept up (:class:`KeptBounds`)."""
        self._witnesses: dict[tuple[object, ...], WitnessFront] = {}
        """The matchings those two bounds found, by bracket, level and float criteria
        (:meth:`_witnessed`)."""
        self._free_tried: dict[tuple[object, ...], set[tuple[object, ...]]] = {}
        """By bracket and level, the float criteria and players kept up with which
        :func:`free_witness` was tried."""
        self._facts: dict[tuple[object, ...], tuple[list[int], dict[int, int], int]] = {}
        """By bracket and level: its partner masks, its players' positions by number and
        the bit set of those who may not be left unpaired (A5, B1b)."""
        self._rows: dict[tuple[object, ...], list[int]] = {}
        """The rows of each division's search (:meth:`assignments`), by bracket, level
        and S1."""
        self._kept_covers: dict[tuple[object, ...], KeptCovers] = {}
        """By bracket: its divisions against the players kept up (:class:`KeptCovers`)."""
        self._survivors: dict[tuple[object, ...], _Listing[Survivor]] = {}
        """By bracket, p, float criteria and x: :meth:`_surviving`."""
        self._fit_refused: dict[tuple[object, ...], set[int]] = {}
        """By bracket, level and C13 fit: the divisions (their indices in D2 order, -1
        for the original) that the fit refuses whatever the players kept up
        (:meth:`_split_assignments`)."""

    def split_pairings(
        self,
        players: Sequence[Entrant],
        p: int,
        x: int,
        rules: FloatRules,
        moved: frozenset[int],
        lowest: bool,
        keep: frozenset[int],
        after: tuple[int, tuple[int, ...]] | None = None,
        fit: LowestFit | None = None,
    ) -> Iterator[Phase]:
        """The pairings of one level: original S1/S2, then each exchange (Dutch C5-C8).

        When the original S1 and S2 give nothing, the exchanges are only tried if a
        maximum matching shows that some division of the bracket could give p pairs, and
        an exchange is skipped at once when one of its S1 players (or S2 players who may
        not be left unpaired) has no allowed partner on the other side.  ``after`` (the
        index of an exchange in D2 order, -1 for none, and a pairing of it) starts after
        that pairing (:meth:`Search.alternatives`).  ``fit`` (C13) leaves out the
        pairings whose players left over cannot be paired with the lowest bracket.
        A level whose remembered answers already refuse it with the players kept up
        gives nothing before its original division is searched (:meth:`_refused_before`).

        A division that the fit refuses as a whole (:meth:`_split_assignments`) is
        remembered by its index for the bracket, p, float criteria and fit: that answer
        depends only on its S1 and S2, never on x or the players kept up, so the other
        levels with other x and the other sub-searches of C13 pass over it before any
        bound or search (a late round can meet one division ten times: round 69 of the
        150-player, 139-round, seed-2786 event, 21,500 times 2,000 divisions).  An
        exchange is put to the fit before its colour bounds (:attr:`fit_first`): the
        same division comes back under other float criteria too.
        """
        division = (tuple(e.number for e in players), moved, lowest, p)
        kept = keep.intersection(division[0]) if keep else keep
        if p and self._refused_before(division, x, rules, kept):
            return
        kept_covers = self._kept_covers.get(division[:3])
        if kept_covers is None:
            kept_covers = self._kept_covers[division[:3]] = kept_covers_of(
                self.feasibility, players, moved, lowest
            )
        position = kept_covers.position
        kept_bits = _bits(position[k] for k in kept)
        refused: set[int] = set()
        if fit is not None:
            refused = self._fit_refused.setdefault((division, rules, fit.key), refused)

        def possible_at(index: int, s1: Sequence[Entrant], s2: Sequence[Entrant]) -> bool:
            # Feasibility.division_possible; for an exchange, read in two parts: with no
            # player kept up (once per exchange) and the players kept up (KeptCovers).
            if index < 0:
                return self.feasibility.division_possible(players, division, index, s1, s2, kept)
            if fit is not None and self.fit_first and fit.refuted(s1, s2):
                refused.add(index)  # as _split_assignments would, before the bounds
                return False
            # First a lower bound on its colour conflicts (B4), the players kept up paired.
            deficits = self._deficits[(division, rules)]
            exchanged = deficits.exchanges[index]
            if deficits.at_least(exchanged[0], x, kept_bits) > x:
                return False
            known = kept_covers.divisions.get((p, index))
            if known is None:
                known = kept_covers.divisions[(p, index)] = (
                    exchanged[0],
                    self.feasibility.exchange_possible(
                        division, index, *deficits.loose, *exchanged[1:]
                    ),
                )
            return known[1] and kept_covers.covered(known[0], kept_bits)

        def phases(index: int, s1: Sequence[Entrant], s2: Sequence[Entrant]) -> Iterator[Phase]:
            if after is not None and index < after[0]:
                return

            def possible() -> bool:
                return possible_at(index, s1, s2)

            # An exchange is checked before its search (by the loop below); the original
            # division only when the greedy pass fails, which in large brackets it seldom
            # does (the check looks at every pair of the bracket).
            resume = after[1] if after is not None and index == after[0] else None
            for assignment in self._split_assignments(
                players,
                index,
                s1,
                s2,
                x,
                rules,
                moved,
                lowest,
                keep,
                resume,
                possible,
                fit,
                refused,
            ):
                yield Phase(
                    remainder=False,
                    players=tuple(players),
                    s1=tuple(s1),
                    s2=tuple(s2),
                    assignment=assignment,
                    p0=len(players) // 2,
                    p=p,
                    x0=x,
                    x=x,
                    rules=rules,
                    exchange=None if index < 0 else _swap(players, s1, s2, p),
                    exchange_index=index,
                    moved=moved,
                    lowest=lowest,
                )

        found = False
        for phase in () if -1 in refused else phases(-1, players[:p], players[p:]):
            found = True
            yield phase
        if p == 0:
            return
        front = self._witnesses.get((division, rules))
        if front is None:
            front = self._witnesses[(division, rules)] = WitnessFront(self.feasibility.mask)
        level_open = partial(
            self._level_open, players, p, x, rules, moved, lowest, kept, found, front
        )
        # A search resumed after a pairing of the level reads its exchanges first and
        # asks the bounds only when they give nothing for a while (patient_survivors).
        deferred = after is not None and fit is None and x > 0 and self.read_survivors
        if not deferred and not level_open():
            return
        ask = partial(refuted, front, kept, players, p, rules, moved, lowest, x)
        asks = self.exact_exchanges and not found  # entering.refuted: no D2 division pairs it
        if fit is None and x > 0 and self.read_survivors:
            # The exchanges left by the tests that do not read the players kept up, read
            # by every sub-search of the level (C12, C13) with only KeptCovers.covered.
            level = (division, rules, x)
            survivors = self._survivors.get(level)
            if survivors is None:
                survivors = self._survivors[level] = _Listing(
                    self._surviving(players, p, x, rules, moved, lowest, kept_covers)
                )

            def covered(side1: int) -> bool:
                return kept_covers.covered(side1, kept_bits)

            yield from patient_survivors(
                survivors,
                after,
                covered,
                phases,
                ask if asks else None,
                level_open if deferred else None,
            )
            return
        splits = (
            split
            for split in self._exchange_splits(players, p, rules, moved, lowest)
            if split[0] not in refused
        )
        yield from patient(splits, after, possible_at, phases, ask if asks else None)

    def _refused_before(
        self,
        division: tuple[tuple[int, ...], frozenset[int], bool, int],
        x: int,
        rules: FloatRules,
        kept: frozenset[int],
    ) -> bool:
        """Whether answers remembered for a level (p > 0) show, before its original
        division is searched, that it has no pairing within x with ``kept`` up (A5, A8,
        B4, D2): :meth:`Feasibility.level_possible` (:meth:`Feasibility.level_refused`),
        or the bounds of :class:`KeptBounds` (:meth:`KeptBounds.refused`).  Each rules
        out every division :meth:`_level_open` would read, the original one too, so
        the level gives nothing either way.  The C12 and C13 sub-searches enter the same
        levels again and again: round 76 of the 150-player, 142-round, seed-10187 event
        entered 2,000 levels of one group, 1,800 of them refused by the first, each
        after a search of its original division."""
        numbers, moved, lowest, p = division
        if self.feasibility.level_refused(numbers, p, x, rules, moved, lowest, kept):
            return True
        bounds_of = self._kept_bounds.get((division, rules))
        return bounds_of is not None and bounds_of.refused(kept, x)

    def _level_open(
        self,
        players: Sequence[Entrant],
        p: int,
        x: int,
        rules: FloatRules,
        moved: frozenset[int],
        lowest: bool,
        kept: frozenset[int],
        found: bool,
        front: WitnessFront,
    ) -> bool:
        """Whether the bounds of a level (p > 0) with the players ``kept`` up leave it
        open: False when they show that no division gives a pairing within x (A5, B4,
        D2), so that :meth:`split_pairings` passes over its exchanges.  ``found``: the
        original division gave a pairing.  The bounds only pass over levels without
        pairings, so asking them late (after some exchanges) changes nothing but the
        work: a search resumed after a pairing of the level (C12, C13) mostly finds its
        own in the next few exchanges, and asks them only when it has not."""
        division = (tuple(e.number for e in players), moved, lowest, p)
        if not found and not self.feasibility.level_possible(
            (), players, p, rules, rules, moved, lowest, kept, x
        ):
            return False
        tried = self._free_tried.setdefault(division, set())
        within, least_known = self._witnessed(front, kept, x)
        bounds_of = self._kept_bounds.get((division, rules))
        if bounds_of is None:
            bounds_of = self._kept_bounds[(division, rules)] = KeptBounds(front)
        if (
            self.exact_exchanges
            and not within
            and not bounds_of.within(
                kept, partial(self._within_witness, players, p, rules, moved, lowest, kept)
            )
        ):
            # Asked before the quick look below: the matching that one looks for (no
            # conflict, at most two pairs inside N) would be one of these.
            return False  # no division within two exchanges pairs the kept players (D2)
        if not within and len(players) >= COLOUR_BOUND_FROM and (rules, kept) not in tried:
            # Before the weighted matchings, one quick look for one with no conflict,
            # unless a bound with fewer players kept up already rules one out.
            tried.add((rules, kept))
            free = None
            if not bounds_of.conflicts_needed(kept):
                free = free_witness(players, p, rules, moved, lowest, kept)
            if free is not None:
                front.add(free)
                within = least_known = True
        if self.exact_exchanges and not within and len(players) >= COLOUR_BOUND_FROM:
            # The bound of least_conflicts_within_exchanges is the largest of one
            # per price: each is worked out only when those before it leave x open
            # and may still be passed (priced_conflicts_within_exchanges).
            for k, price in enumerate(PENALTIES):
                if bounds_of.priced_at_most(k, price, kept, x):
                    continue  # a matching found before shows this bound at most x
                if bounds_of.priced_above(k, kept, x):
                    return False  # over x with fewer players kept up, so with these (B4)
                priced = bounds_of.priced(
                    k,
                    kept,
                    partial(
                        priced_conflicts_within_exchanges,
                        *(players, p, rules, moved, lowest, kept, price),
                    ),
                )
                if priced is None or priced[0] > x:
                    return False  # no division within two exchanges has a pairing within x (B4)
                if priced[1] <= EXCHANGES:
                    break  # the higher prices bound no higher
        if self.exact_lowest and len(players) >= COLOUR_BOUND_FROM and not least_known:
            if bounds_of.least_above(kept, x):
                return False  # over x with fewer players kept up, so with these (B4)
            least = bounds_of.least(
                kept, lambda found: least_conflicts(players, p, rules, moved, lowest, kept, found)
            )
            if least is None or least > x:
                return False  # no division has a pairing within x (B4)
        return True

    def _within_witness(
        self,
        players: Sequence[Entrant],
        p: int,
        rules: FloatRules,
        moved: frozenset[int],
        lowest: bool,
        kept: frozenset[int],
    ) -> Witness | None:
        """:func:`within_exchange_witness`, None at once when more players of the
        original S2 than D2's exchanges can pair among themselves have no partner in a
        largest matching into the original S1 and the stand-ins (:func:`s2_shortage`):
        round 76 of the 150-player, 142-round, seed-10187 event asks 25 levels of one
        group that have no matching within D2's exchanges, 16 of them refused so."""
        allowed = self.feasibility.partner_masks(players, rules, moved)
        leavers = _bits(
            j for j in range(p, len(players)) if may_leave(players[j], rules, moved, lowest, kept)
        )
        if s2_shortage(allowed, p, leavers) > 2 * EXCHANGES:
            return None
        return within_exchange_witness(players, p, rules, moved, lowest, kept)

    @staticmethod
    def _witnessed(front: WitnessFront, kept: frozenset[int], x: int) -> tuple[bool, bool]:
        """Whether a matching found before shows that neither bound of a level can pass
        ``x`` with the players ``kept`` up: first :func:`priced_conflicts_within_exchanges`
        at every price (and :func:`within_exchanges`), then :func:`least_conflicts`.

        A matching of the same group and level that leaves none of ``kept`` over is a
        matching of theirs too (:class:`Witness`).  Its conflicts bound the fewest from
        above, so :func:`least_conflicts` is no more when they are at most ``x``.  With at
        most :data:`EXCHANGES` pairs inside the original S2 as well, at each price m it
        costs at most twice its conflicts plus twice m, so each priced bound (the cheapest
        cost, less twice m, halved up) is at most its conflicts too.  Either way the level
        would not be passed over, so the bounds need not be worked out: the answer is the
        same as theirs.  The matchings are read from their front (:class:`WitnessFront`),
        which answers as all of them would.
        """
        return front.witnessed(kept, x)

    def _split_assignments(
        self,
        players: Sequence[Entrant],
        index: int,
        s1: Sequence[Entrant],
        s2: Sequence[Entrant],
        x: int,
        rules: FloatRules,
        moved: frozenset[int],
        lowest: bool,
        keep: frozenset[int],
        after: tuple[int, ...] | None,
        possible: Callable[[], bool] | None = None,
        fit: LowestFit | None = None,
        refused: set[int] | None = None,
    ) -> Iterable[tuple[int, ...]]:
        """The pairings of one S1/S2 division of a level, in D1 order (Dutch C6-C8).

        An exchange (``index`` >= 0) one of whose S2 players who may not be left unpaired
        has no allowed partner in its S1 gives nothing, without a search.  ``fit`` (C13):
        the pairings through a choice of partners that no pairing of the lowest bracket
        can follow are not entered (:class:`LowestFit`).  A division that a proof the fit
        kept refuses as a whole (:meth:`LowestFit.refuted`) gives nothing at any level,
        without its colour bounds or a search; its index goes into ``refused``.  The fit
        is not asked for a new matching before the search: most divisions it would pass
        are refused by the bounds on their colour conflicts, at no matching's cost.  At
        x = 0 the fit is given only the pairs without a colour conflict (B4): the
        pairings searched there have none, so a choice of partners whose completions
        all need one is refused at once (round 51 of the 150-player, 113-round,
        seed-6548 event: 13,500 matchings over 42 exchanges at x = 0, 0.45 s, before).
        The fit is given the S2 players who may not be left over too (``must``): every
        pairing searched pairs them in the bracket (:meth:`LowestFit.division`).
        """
        numbers = tuple(e.number for e in players)
        facts_key = (numbers, rules, moved, lowest, keep)
        facts = self._facts.get(facts_key)
        if facts is None:
            facts = self._facts[facts_key] = (
                self.feasibility.partner_masks(players, rules, moved),
                {number: i for i, number in enumerate(numbers)},
                _bits(
                    i for i, e in enumerate(players) if not may_leave(e, rules, moved, lowest, keep)
                ),
            )
        allowed, position, stay = facts
        second = [position[b.number] for b in s2]
        side1 = _bits(position[a.number] for a in s1)
        if index >= 0 and any(not allowed[j] & side1 for j in second if stay >> j & 1):
            return ()
        must = frozenset(t for t, j in enumerate(second) if stay >> j & 1)

        def rows_of() -> list[int]:
            rows_key = (numbers, rules, moved, side1)
            rows = self._rows.get(rows_key)
            if rows is None:
                runs = _runs(second)
                rows = self._rows[rows_key] = [
                    _compress(allowed[position[a.number]], runs) for a in s1
                ]
            return rows

        viable = None
        if fit is not None:
            if fit.refuted(s1, s2):
                if refused is not None:
                    refused.add(index)
                return ()
            rows = rows_of()
            if x == 0:
                conflicts = _conflict_rows(s1, s2)
                rows = [row & ~conflict for row, conflict in zip(rows, conflicts, strict=True)]
            viable = fit.division(s1, s2, rows, must)
            if not s1 and not viable(()):
                return ()  # the one pairing of an empty S1 asks no prefix
        return self.assignments(
            s1,
            s2,
            x,
            rules,
            moved,
            must,
            after,
            possible,
            viable=viable,
            rows_of=rows_of,
            bound_first=index >= 0,
        )
