"""The pairings of one S1/S2 division of a score bracket in the order of D1 (Dutch C6, C7).

FIDE Handbook C.04.1 (1992 text): S1 is paired with S2, then each transposition of S2
is tried in the order of D1, within x colour conflicts (A8, B4).  A greedy pass gives
the first pairing when it completes; otherwise an exact search, after bounds on the
division's colour conflicts remembered for the round (:class:`DivisionPairings`).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence

from pairing.engine.matching import lexicographic_assignments
from pairing.engine.systems.dutch1992.bitsets import _bits
from pairing.engine.systems.dutch1992.criteria import FloatRules, class_bound, pair_allowed
from pairing.engine.systems.dutch1992.division_colours import (
    _CLASS,
    _conflict_rows,
    _options,
    conflict_bound,
    pairs_without_conflicts,
)
from pairing.engine.systems.dutch1992.entrants import Entrant
from pairing.engine.systems.dutch1992.fewest_conflicts import fewest_conflicts


class DivisionPairings:
    """The pairings of one division in D1 order, and what the round remembers of each
    division's colour conflicts (Dutch B4, C6, C7); :class:`levels.LevelSearch` walks
    the divisions of each level with it."""

    def __init__(self) -> None:
        self._least_costs: dict[tuple[object, ...], int | None] = {}
        """The fewest colour conflicts of each division tried whose greedy pass failed."""
        self._least_by_shape: dict[tuple[object, ...], int | None] = {}
        """The same by its allowed pairs, conflicts, S2 size and S2 players to pair."""
        self._bounds_by_shape: dict[tuple[object, ...], int] = {}
        """A lower bound above some x on the same, when the least was not worked out."""
        self._conflict_bounds: dict[tuple[object, ...], int] = {}
        """A lower bound on the colour conflicts of each division tried (B4)."""
        self._conflicts: dict[tuple[object, ...], list[int]] = {}
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
            shape = (tuple(rows), tuple(conflicts), len(s2), must_pair)
            # Once its prices pass x only a lower bound is known: remembered as the
            # division's bound, a level with a larger x works the least out (B4).
            if shape in self._least_by_shape:
                least = self._least_by_shape[shape]
            elif self._bounds_by_shape.get(shape, 0) > x:
                self._conflict_bounds[key] = self._bounds_by_shape[shape]
                return
            else:
                least = fewest_conflicts(rows, conflicts, _bits(must_pair), enough=x)
                if least is not None and least > x:
                    self._conflict_bounds[key] = self._bounds_by_shape[shape] = least
                    return
                self._least_by_shape[shape] = least
            self._least_costs[key] = least
            if least is None or least > x:
                return
        yield from lexicographic_assignments(
            _options(rows, conflicts, len(s2)),
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
