"""The pairings of one level of a score bracket, in the procedure's order (Dutch C6-C8).

At a level p, x and the float criteria kept are fixed.  FIDE Handbook C.04.1 (1992
text): S1 is paired with S2 (C6), then each transposition of S2 in the order of D1 is
tried (C7), then each exchange between S1 and S2 in the order of D2 (C8).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Sequence
from functools import partial

from pairing.engine.matching import least_assignment_cost, lexicographic_assignments
from pairing.engine.systems.dutch1992.bitsets import _bits, _compress, _positions, _runs
from pairing.engine.systems.dutch1992.brackets import Phase
from pairing.engine.systems.dutch1992.c13_fit import LowestFit
from pairing.engine.systems.dutch1992.criteria import (
    LOOSEST,
    FloatRules,
    class_bound,
    may_leave,
    pair_allowed,
)
from pairing.engine.systems.dutch1992.deficits import ExchangeDeficits, exchange_deficits
from pairing.engine.systems.dutch1992.division_colours import (
    _CLASS,
    _conflict_rows,
    _options,
    conflict_bound,
    pairs_without_conflicts,
)
from pairing.engine.systems.dutch1992.divisions import each_alone_covers
from pairing.engine.systems.dutch1992.entrants import Entrant
from pairing.engine.systems.dutch1992.exchanges import (
    _exchanged,
    _hall_violator,
    _swap,
    exchange_order,
)
from pairing.engine.systems.dutch1992.feasibility import Feasibility
from pairing.engine.systems.dutch1992.kept import KeptCovers, kept_covers_of
from pairing.engine.systems.dutch1992.kept_bounds import KeptBounds
from pairing.engine.systems.dutch1992.listing import _Listing
from pairing.engine.systems.dutch1992.lowest import (
    EXCHANGES,
    PENALTIES,
    free_witness,
    least_conflicts,
    priced_conflicts_within_exchanges,
    within_exchange_witness,
)
from pairing.engine.systems.dutch1992.witnesses import WitnessFront

COLOUR_BOUND_FROM = 20
"""Groups of at least this many players have each level bounded by their fewest colour
conflicts (:func:`least_conflicts`) before their divisions are tried one by one; in a
smaller one the divisions are few and the bound would cost more."""


class LevelSearch:
    """The pairings of one level of a bracket: transpositions, then exchanges (Dutch C6-C8)."""

    def __init__(
        self, feasibility: Feasibility, *, exact_lowest: bool = True, exact_exchanges: bool = True
    ) -> None:
        self.feasibility = feasibility
        self.exact_lowest = exact_lowest
        """Whether a group's levels are bounded by :func:`least_conflicts`."""
        self.exact_exchanges = exact_exchanges
        """Whether a level is passed over when no matching within D2's two exchanges
        pairs it (:func:`within_exchanges`); the tests compare the two ways."""
        self._kept_bounds: dict[tuple[object, ...], KeptBounds] = {}
        """The bounds of each group and level by the players kept up (:class:`KeptBounds`)."""
        self._witnesses: dict[tuple[object, ...], WitnessFront] = {}
        """The matchings those two bounds found, by bracket, level and float criteria
        (:meth:`_witnessed`)."""
        self._free_tried: dict[tuple[object, ...], set[tuple[object, ...]]] = {}
        """By bracket and level, the float criteria and players kept up with which
        :func:`free_witness` was tried."""
        self._least_costs: dict[tuple[object, ...], int | None] = {}
        """The fewest colour conflicts of each division tried whose greedy pass failed."""
        self._least_by_shape: dict[tuple[object, ...], int | None] = {}
        """The same by its allowed pairs, conflicts, S2 size and S2 players to pair."""
        self._splits: dict[
            tuple[object, ...], _Listing[tuple[int, Sequence[Entrant], Sequence[Entrant]]]
        ] = {}
        """The exchanges worth trying, by bracket, p and float criteria (C8, D2)."""
        self._conflict_bounds: dict[tuple[object, ...], int] = {}
        """A lower bound on the colour conflicts of each division tried (B4)."""
        self._deficits: dict[tuple[object, ...], ExchangeDeficits] = {}
        """By bracket, p and float criteria: a bound on each exchange's colour conflicts."""
        self._facts: dict[tuple[object, ...], tuple[list[int], dict[int, int], int]] = {}
        """By bracket and level: its partner masks, its players' positions by number and
        the bit set of those who may not be left unpaired (A5, B1b)."""
        self._rows: dict[tuple[object, ...], list[int]] = {}
        """The rows of each division's search (:meth:`assignments`), by bracket, level
        and S1."""
        self._conflicts: dict[tuple[object, ...], list[int]] = {}
        self._kept_covers: dict[tuple[object, ...], KeptCovers] = {}
        """By bracket: its divisions against the players kept up (:class:`KeptCovers`)."""
        """The colour conflicts of each division (:func:`_conflict_rows`)."""

    def assignments(
        self,
        s1: Sequence[Entrant],
        s2: Sequence[Entrant],
        x: int,
        rules: FloatRules,
        moved: frozenset[int],
        must_pair: frozenset[int],
        after: tuple[int, ...] | None = None,
        possible: Callable[[], bool] | None = None,
        viable: Callable[[tuple[int, ...]], bool] | None = None,
        rows_of: Callable[[], Sequence[int]] | None = None,
        bound_first: bool = False,
    ) -> Iterator[tuple[int, ...]]:
        """Pairings of all of S1 with S2 in the order of D1 (Dutch C6, C7).

        Each is a tuple giving S2 indices; a pairing is acceptable when every pair is
        allowed (B1, B2, floats), at most x pairs leave a colour preference unfulfilled
        (B4) and every S2 index in ``must_pair`` is paired.  The first one comes from a
        greedy pass when that pass completes (it then is the first in D1 order, because it
        only skips what a sound bound rules out); otherwise, and for all later ones, from
        an exact search.  With ``after`` only the pairings after that one in D1 order are
        yielded (:meth:`Search.alternatives`).  ``possible``, a necessary condition for any
        pairing, is asked before the exact search when the greedy pass fails.  ``viable``,
        a necessary condition on the S2 players given to the first S1 players, leaves out
        the pairings through a prefix failing it (:meth:`Feasibility.remainder_viable`).
        ``rows_of``, when given, gives for each S1 player the set of S2 indices he may meet
        (B1, B2, floats) as a bit set, as :func:`pair_allowed` tells.

        A division already known to need more than x colour conflicts (its least number,
        or a lower bound on it, from an earlier level or sub-search) gives nothing at once.
        ``bound_first``: the lower bound (:meth:`_conflict_bound`) is asked before the
        greedy pass rather than after it fails, for divisions where it seldom succeeds.
        """
        key = (
            tuple(a.number for a in s1),
            tuple(b.number for b in s2),
            rules,
            moved,
            must_pair,
        )
        if self._conflict_bounds.get(key, 0) > x:
            return
        if key in self._least_costs:
            least = self._least_costs[key]
            if least is None or least > x:
                return
        if rows_of is not None:
            rows = rows_of()
        else:
            rows = [
                _bits(t for t, b in enumerate(s2) if pair_allowed(a, b, rules, moved)) for a in s1
            ]
        conflicts = self._conflicts.get(key[:2])
        if conflicts is None:
            conflicts = self._conflicts[key[:2]] = _conflict_rows(s1, s2)
        if bound_first and self._conflict_bound(key, rows, conflicts, _bits(must_pair)) > x:
            return
        first = self._greedy(s1, s2, x, rows, conflicts, must_pair)
        if first is not None and viable is not None and not viable(first):
            first = None
        if first is None and possible is not None and not possible():
            return
        if first is not None and after is not None and first <= after:
            first = None  # the exact search below starts after it
        if first is not None:
            yield first
        options = None
        if first is None and key not in self._least_costs:
            if self._conflict_bound(key, rows, conflicts, _bits(must_pair)) > x:
                return
            if x == 0:
                # The bound says S1 has a conflict-free pairing: whether one pairs every
                # S2 player in must_pair too is two matchings.  When none does, the least
                # is at least 1, remembered as a bound for other levels (B4).
                if must_pair and not pairs_without_conflicts(rows, conflicts, _bits(must_pair)):
                    self._conflict_bounds[key] = 1
                    return
                self._least_costs[key] = 0
        if first is None and key not in self._least_costs:
            # The least number of colour conflicts of any pairing of the division does not
            # depend on x: other levels and sub-searches meeting it again skip it (B4, C11).
            # It depends only on the bit sets: divisions met again under other float
            # criteria or players moved down often have the same ones.
            options = _options(rows, conflicts, len(s2))
            shape = (tuple(rows), tuple(conflicts), len(s2), must_pair)
            if shape in self._least_by_shape:
                least = self._least_by_shape[shape]
            else:
                least = least_assignment_cost(options, len(s2), must_cover=must_pair)
                self._least_by_shape[shape] = least
            self._least_costs[key] = least
            if least is None or least > x:
                return
        yield from lexicographic_assignments(
            options if options is not None else _options(rows, conflicts, len(s2)),
            len(s2),
            budget=x,
            must_cover=must_pair,
            after=after if first is None else first,
            viable=viable,
        )

    def _conflict_bound(
        self, key: tuple[object, ...], rows: Sequence[int], conflicts: Sequence[int], must: int
    ) -> int:
        """A lower bound on the colour conflicts of a division's pairings, remembered by
        its key (Dutch A8, B4), by :func:`conflict_bound`."""
        bound = self._conflict_bounds.get(key)
        if bound is None:
            bound = self._conflict_bounds[key] = conflict_bound(rows, conflicts, must)
        return bound

    def _greedy(
        self,
        s1: Sequence[Entrant],
        s2: Sequence[Entrant],
        x: int,
        allowed: Sequence[int],
        conflicts: Sequence[int],
        must_pair: frozenset[int],
    ) -> tuple[int, ...] | None:
        """The first pairing in D1 order if taking, row by row, the first S2 player that a
        colour-count bound does not rule out leads to a complete pairing; else None.

        ``allowed`` and ``conflicts``: for each S1 player the S2 indices he may meet and
        those with whom he has a colour conflict, as bit sets."""
        if len(s2) < len(s1):
            return None
        rows = [0, 0, 0]
        cols = [0, 0, 0]
        firsts = [_CLASS[a.preference] for a in s1]
        classes = [_CLASS[b.preference] for b in s2]
        for c in firsts:
            rows[c] += 1
        for c in classes:
            cols[c] += 1
        if class_bound(rows, cols) > x:
            return None
        used = 0
        chosen: list[int] = []
        spent = 0
        must_open = len(must_pair)
        for i, c in enumerate(firsts):
            rows[c] -= 1
            rows_left = len(s1) - i - 1
            options = allowed[i] & ~used
            conflict = conflicts[i]
            while options:
                low = options & -options
                options ^= low
                t = low.bit_length() - 1
                cost = conflict >> t & 1
                if spent + cost > x:
                    continue
                open_after = must_open - (1 if t in must_pair else 0)
                if open_after > rows_left:
                    continue
                cols[classes[t]] -= 1
                if spent + cost + class_bound(rows, cols) <= x:
                    used |= low
                    chosen.append(t)
                    spent += cost
                    must_open = open_after
                    break
                cols[classes[t]] += 1
            else:
                return None
        if must_open:
            return None
        return tuple(chosen)

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
        """
        division = (tuple(e.number for e in players), moved, lowest, p)
        kept = keep.intersection(division[0]) if keep else keep
        kept_covers = self._kept_covers.get(division[:3])
        if kept_covers is None:
            kept_covers = self._kept_covers[division[:3]] = kept_covers_of(
                self.feasibility, players, moved, lowest
            )
        position = kept_covers.position
        kept_bits = _bits(position[k] for k in kept)

        def possible_at(index: int, s1: Sequence[Entrant], s2: Sequence[Entrant]) -> bool:
            # Feasibility.division_possible; for an exchange, read in two parts: with no
            # player kept up (once per exchange) and the players kept up (KeptCovers).
            if index < 0:
                return self.feasibility.division_possible(players, division, index, s1, s2, kept)
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
                players, index, s1, s2, x, rules, moved, lowest, keep, resume, possible, fit
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
        for phase in phases(-1, players[:p], players[p:]):
            found = True
            yield phase
        if p == 0 or (
            not found
            and not self.feasibility.level_possible(
                (), players, p, rules, rules, moved, lowest, keep, x
            )
        ):
            return
        front = self._witnesses.get((division, rules))
        if front is None:
            front = self._witnesses[(division, rules)] = WitnessFront(self.feasibility.mask)
        tried = self._free_tried.setdefault(division, set())
        within, least_known = self._witnessed(front, kept, x)
        if not within and len(players) >= COLOUR_BOUND_FROM and (rules, kept) not in tried:
            # Before the weighted matchings, one quick look for one with no conflict.
            tried.add((rules, kept))
            free = free_witness(players, p, rules, moved, lowest, kept)
            if free is not None:
                front.add(free)
                within = least_known = True
        bounds_of = self._kept_bounds.get((division, rules))
        if bounds_of is None:
            bounds_of = self._kept_bounds[(division, rules)] = KeptBounds(front)
        if self.exact_exchanges and not within:
            if not bounds_of.within(
                kept, lambda: within_exchange_witness(players, p, rules, moved, lowest, kept)
            ):
                return  # no division within two exchanges pairs the kept players (D2)
            if len(players) >= COLOUR_BOUND_FROM:
                # The bound of least_conflicts_within_exchanges is the largest of one
                # per price: each is worked out only when those before it leave x open
                # and may still be passed (priced_conflicts_within_exchanges).
                for k, price in enumerate(PENALTIES):
                    if bounds_of.priced_at_most(k, price, kept, x):
                        continue  # a matching found before shows this bound at most x
                    priced = bounds_of.priced(
                        k,
                        kept,
                        partial(
                            priced_conflicts_within_exchanges,
                            *(players, p, rules, moved, lowest, kept, price),
                        ),
                    )
                    if priced is None or priced[0] > x:
                        return  # no division within two exchanges has a pairing within x (B4)
                    if priced[1] <= EXCHANGES:
                        break  # the higher prices bound no higher
        if self.exact_lowest and len(players) >= COLOUR_BOUND_FROM and not least_known:
            least = bounds_of.least(
                kept, lambda found: least_conflicts(players, p, rules, moved, lowest, kept, found)
            )
            if least is None or least > x:
                return  # no division has a pairing within x (B4)
        for index, s1, s2 in self._exchange_splits(players, p, rules, moved, lowest):
            if (after is None or index >= after[0]) and possible_at(index, s1, s2):
                yield from phases(index, s1, s2)

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
    ) -> Iterable[tuple[int, ...]]:
        """The pairings of one S1/S2 division of a level, in D1 order (Dutch C6-C8).

        An exchange (``index`` >= 0) one of whose S2 players who may not be left unpaired
        has no allowed partner in its S1 gives nothing, without a search.  ``fit`` (C13):
        the pairings through a choice of partners that no pairing of the lowest bracket
        can follow are not entered (:class:`LowestFit`).
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
            viable = fit.division(s1, s2, rows_of())
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

    def _exchange_splits(
        self,
        players: Sequence[Entrant],
        p: int,
        rules: FloatRules,
        moved: frozenset[int],
        lowest: bool,
    ) -> Iterable[tuple[int, Sequence[Entrant], Sequence[Entrant]]]:
        """S1 and S2 after each exchange in D2 order, with its index in that order (C8).

        Left out, because they can give no pairing at this level: an exchange one of whose
        S1 players has no allowed partner in its S2 (a division that gives nothing at any
        level, :meth:`Feasibility.division_possible`, is left out by the reader, after the
        bound on its colour conflicts at its x).  Most are known without a matching: an S2
        with more players who may not be left unpaired than S1 has players (late in an
        event, in the lowest bracket, nearly everyone has had the bye: B1b) is out at once;
        and when the original S1 cannot be paired into S2 under B1 and B2, König's theorem
        gives a set Z of S1 players with fewer partners in S2 than players; an exchange
        leaving the rest of Z in S1 with still fewer partners in the new S2 than players
        fails Hall's condition.  The exchanges are listed lazily, once per round for each
        bracket, p and level of float criteria, and read by every level and sub-search
        that needs them.
        """
        key = (tuple(e.number for e in players), p, rules, moved, lowest)
        listing = self._splits.get(key)
        if listing is None:
            listing = _Listing(self._listed_exchanges(players, p, rules, moved, lowest))
            self._splits[key] = listing
        return listing

    def _listed_exchanges(
        self,
        players: Sequence[Entrant],
        p: int,
        rules: FloatRules,
        moved: frozenset[int],
        lowest: bool,
    ) -> Iterator[tuple[int, Sequence[Entrant], Sequence[Entrant]]]:
        """The exchanges of :meth:`_exchange_splits` as they are worked out."""
        n = len(players)
        division = (tuple(e.number for e in players), moved, lowest, p)
        allowed = self.feasibility.partner_masks(players, rules, moved)
        loose = self.feasibility.partner_masks(players, LOOSEST, moved)
        everyone = (1 << n) - 1
        violator = _hall_violator(loose, p)
        short = [i for i in range(p) if violator >> i & 1]
        """The S1 positions of the Hall violator Z (none when S1 can be paired into S2)."""
        reach_all = 0
        for i in short:
            reach_all |= loose[i]
        staying = sum(
            1 << i
            for i, e in enumerate(players)
            if not may_leave(e, LOOSEST, moved, lowest, frozenset())
        )
        original = (1 << p) - 1
        # An S1 player keeping S1 has an allowed partner in the new S2 when he has three or
        # more in the original S2, one entering S1 when he has two (at most two leave S2).
        critical = _bits(i for i in range(p) if (allowed[i] & everyone & ~original).bit_count() < 3)
        needy = _bits(j for j in range(p, n) if (allowed[j] & ~original).bit_count() < 2)
        deficits = self._deficits.get((division, rules))
        if deficits is None:
            deficits = self._deficits[(division, rules)] = exchange_deficits(
                players, allowed, p, (loose, staying), (rules, moved, lowest)
            )
        origin = self.feasibility.exchange_base(division, loose, staying)
        for index, (out_of, into) in enumerate(exchange_order(n, p)):
            # One or two players each way: the first and last are all of them.
            leaving = 1 << out_of[0] - 1 | 1 << out_of[-1] - 1
            entering = 1 << into[0] - 1 | 1 << into[-1] - 1
            mask1 = original & ~leaving | entering
            mask2 = everyone & ~mask1
            if (staying & mask2).bit_count() > p:
                continue  # more S2 players who must be paired than S1 players
            check = critical & mask1 | entering & needy
            if check and any(allowed[i] & mask2 == 0 for i in _positions(check)):
                continue  # an S1 player without an allowed partner in S2
            if short:
                if (violator & ~leaving).bit_count() > (reach_all & mask2).bit_count():
                    continue  # even all of Z's partners in S2 are too few for the rest
                rest = [i for i in short if i + 1 not in out_of]
                reach = 0
                for i in rest:
                    reach |= loose[i]
                if len(rest) > (reach & mask2).bit_count():
                    continue  # the rest of Z still has too few partners in S2 (Hall)
            if len(into) > 1 and not each_alone_covers(loose, origin, leaving, entering, original):
                continue  # S1 cannot be paired into S2 with either entering alone (C8)
            # The reader asks Feasibility.exchange_possible (possible_at).
            deficits.exchanges[index] = (mask1, leaving, entering)
            yield index, *_exchanged(players, p, out_of, into)
