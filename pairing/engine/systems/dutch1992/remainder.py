"""The remainder of a heterogeneous bracket as one matching graph (Dutch C6, C7, C10).

After the moved-down players S1 are paired with S2, the remainder pairs a given number
of pairs among the S2 players left and leaves the others over.  Whether a pairing of S1
leaves the remainder a chance is whether a perfect matching of S1, S2 and the players
left over exists; :meth:`Feasibility.remainder_viable` asks it of the graph here.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from pairing.engine.matching import augment, complete_matching
from pairing.engine.systems.dutch1992.bitsets import _bits
from pairing.engine.systems.dutch1992.criteria import (
    FloatRules,
    _colour_class,
    colour_conflict,
    pair_allowed,
)
from pairing.engine.systems.dutch1992.entrants import Entrant
from pairing.engine.systems.dutch1992.leftover_bound import some_division_pairs_all
from pairing.engine.systems.dutch1992.remainder_colours import conflicts_at_least, pairs_within

EXACT_REMAINDER_CHECK = 16
"""Remainders of at most this many players (with those left over) are checked for a
pairing within their x before they are tried (:meth:`Feasibility.remainder_viable`); the
exact check grows fast with the size."""


@dataclass(frozen=True, slots=True)
class RemainderNeed:
    """What the remainder of a heterogeneous level needs of the pairing of S1 (Dutch C10).

    The remainder pairs ``p`` pairs among the S2 players S1 leaves, ``j`` pairs fewer
    than it could, at the C11 step ``k``; the S2 players ``stay`` (indices) may not be
    left over; ``kept`` are the S2 players kept up by C12/C13.  With the bracket, x, the
    float criteria and the players moved in, these decide what the remainder of each
    pairing of S1 gives.  ``fitted``: the key of C13's test of the lowest bracket
    (:class:`LowestFit`) when it filters the level, whose remainders known to give
    nothing are remembered apart (Dutch C13).
    """

    p: int
    j: int
    k: int
    lowest: bool
    stay: frozenset[int]
    kept: frozenset[int]
    fitted: tuple[object, ...] = ()


class RemainderBase:
    """The part of :class:`_RemainderGraph` that does not depend on the players who may not
    leave nor on p (Dutch C6, C7, C10): S1 (0..p-1) to S2 (from p) by the head's criteria,
    S2 to S2 by B1 and B2 with B5 and B6 dropped for downfloats, each row in the order the
    graph has it.  C12 and C13's sub-searches ask the same division with other players
    kept up, hence other players staying (373 remainder graphs of 35 divisions in round
    58 of the 150-player, 123-round, seed-3086 event); the pairs are asked once."""

    def __init__(
        self, s1: Sequence[Entrant], s2: Sequence[Entrant], rules: FloatRules, moved: frozenset[int]
    ) -> None:
        head = len(s1)
        loosest = FloatRules(down=2, up=rules.up)
        adjacent: list[list[int]] = [[] for _ in range(head + len(s2))]
        for i, a in enumerate(s1):
            for t, b in enumerate(s2):
                if pair_allowed(a, b, rules, moved):
                    adjacent[i].append(head + t)
                    adjacent[head + t].append(i)
        for t, b in enumerate(s2):
            for u in range(t + 1, len(s2)):
                if pair_allowed(b, s2[u], loosest, moved):
                    adjacent[head + t].append(head + u)
                    adjacent[head + u].append(head + t)
        self.adjacent = adjacent
        self.meets = [[False] * len(s2) for _ in s2]
        """Which S2 players may meet in the remainder."""
        for t in range(len(s2)):
            for v in adjacent[head + t]:
                if head <= v:
                    self.meets[t][v - head] = True


class _RemainderGraph:
    """S1, S2 and the players a remainder leaves over, as one graph (Dutch C6, C7, C10).

    Vertices: the S1 players, the S2 players, and one vertex per player the remainder of
    ``p_r`` pairs leaves over, joined to the S2 players not in ``stay``.  Edges: S1 to S2
    by the head's criteria, S2 to S2 by B1 and B2 with B5 and B6 dropped for downfloats
    (the remainder's last C9 step).  A complete pairing of the bracket is a perfect
    matching of it (:meth:`Feasibility.remainder_viable`).  The answers for each set of S2
    players taken are remembered.

    ``free`` (S1 to S2, S2 to S2): leave out the pairs with a colour conflict (A8, B4)
    there, for a level whose pairings of S1 have none (x = 0) or whose remainders may
    have none (:func:`criteria.remainder_budget_at_most` is 0): every candidate's pairs
    are still a perfect matching of the graph, so :meth:`completes` still refuses only
    prefixes without one, and refuses those that need such a pair.  Only
    :meth:`completes` reads it; the checks of the remainder's own pairings read the
    pairs allowed (``meets``) and count their conflicts themselves.
    """

    def __init__(
        self,
        s1: Sequence[Entrant],
        s2: Sequence[Entrant],
        rules: FloatRules,
        moved: frozenset[int],
        p_r: int,
        stay: frozenset[int],
        base: RemainderBase | None = None,
        free: tuple[bool, bool] = (False, False),
    ) -> None:
        self.s2 = tuple(s2)
        self.head = len(s1)
        self.spare = len(s2) - len(s1) - 2 * p_r
        self.loosest = FloatRules(down=2, up=rules.up)
        self.moved = moved
        self.stay = stay
        if base is None:
            base = RemainderBase(s1, s2, rules, moved)
        head = self.head
        size = self.size = head + len(s2) + max(0, self.spare)
        adjacent = _without_conflicts(base.adjacent, (*s1, *s2), head, free)
        adjacent.extend([] for _ in range(size - len(adjacent)))
        for t in range(len(s2)):
            if t not in stay:
                for leaver in range(head + len(s2), size):
                    adjacent[head + t].append(leaver)
                    adjacent[leaver].append(head + t)
        self.adjacent = adjacent
        self.meets = base.meets
        """Which S2 players may meet in the remainder."""
        self.found: dict[int, tuple[int, list[int]]] = {}
        """By number of S1 players paired: the last set of S2 players taken (a bit set)
        with a perfect matching found for it, the start of the searches below it."""
        self.last = [-1] * size
        self.completed: dict[int, bool] = {}
        self.fitted: dict[tuple[int, int], bool] = {}
        self._bits: tuple[list[int], list[int], int] | None = None
        """For :meth:`leaves_leavers` and :meth:`pairs_all`: by S2 player the S2 players
        he may meet and those he has a colour conflict with, and the players of ``stay``,
        as bit sets (:meth:`_bit_sets`)."""
        self._colours: tuple[list[int], list[int], int, int] | None = None
        """For :meth:`fits`: :meth:`_colour_sets`."""
        self._failed: dict[tuple[int, int], int] = {}
        """For :meth:`fits`: the open sets of S2 players and counts still to leave over
        known to need more conflicts than a budget (:func:`pairs_within`)."""
        self._unpaired: set[tuple[int, int, int, int]] = set()
        """The open sets :meth:`pairs_all` found unpaired, for all its questions."""
        self.leaves: dict[tuple[int, int], dict[int, tuple[list[Entrant], int] | None]] = {}
        """By j and k of the level: what :meth:`Feasibility.remainder_viable` found for each
        complete pairing of S1."""

    def completes(self, prefix: tuple[int, ...]) -> bool:
        """Whether a perfect matching exists with the first S1 players paired as given."""
        taken = _bits(prefix)
        known = self.completed.get(taken)
        if known is None:
            known = self.completed[taken] = self.spare >= 0 and self._completes(prefix, taken)
        return known

    def _completes(self, prefix: tuple[int, ...], taken: int) -> bool:
        """:meth:`completes` worked out, from the matching of the prefix one shorter
        when it was the last of its length (a search goes down one branch at a time), so
        that the pair added frees at most two vertices."""
        head, size = self.head, self.size
        parent = self.found.get(len(prefix) - 1)
        if prefix and parent is not None and parent[0] == taken & ~(1 << prefix[-1]):
            return self._extend(prefix, taken, list(parent[1]))
        alive = [True] * size
        for i, t in enumerate(prefix):
            alive[i] = alive[head + t] = False
        mate = list(self.last)
        for v in range(size):
            if not alive[v] and mate[v] != -1:
                mate[mate[v]] = -1
                mate[v] = -1
        _greedy(self.adjacent, mate, alive)
        if not complete_matching(self.adjacent, mate, alive):
            return False
        self.last = mate
        self.found[len(prefix)] = (taken, mate)
        return True

    def leaves_leavers(self, taken: int, pairs: int, budget: int) -> bool:
        """Whether the S2 players not in ``taken`` (a bit set of S2 indices) have a
        matching of ``pairs`` pairs, allowed as in the remainder and within ``budget``
        colour conflicts (B4), leaving over only players not in ``stay``.

        Each pairing of a division of the remainder (Dutch C6-C9, D2) that it may leave
        so is one: when none is, no division gives one.  The remainder's first player
        is left over or paired in turn; the least conflicts of the players still open,
        by their bit set and the count still to leave over, are remembered."""
        meets, conflicts, stay = self._bit_sets()
        rest = ((1 << len(self.s2)) - 1) & ~taken
        spare = rest.bit_count() - 2 * pairs
        if spare < 0:
            return False
        known: dict[tuple[int, int], int] = {}
        over = budget + 1

        def least(open_: int, left: int) -> int:
            if not open_:
                return 0 if not left else over
            answer = known.get((open_, left))
            if answer is not None:
                return answer
            low = open_ & -open_
            t = low.bit_length() - 1
            others = open_ ^ low
            best = over
            if left and not stay & low:
                best = least(others, left - 1)
            partners = meets[t] & others
            while partners and best:
                bit = partners & -partners
                partners ^= bit
                cost = (conflicts[t] & bit != 0) + least(others ^ bit, left)
                best = min(best, cost)
            known[(open_, left)] = best
            return best

        return least(rest, spare) <= budget

    def _bit_sets(self) -> tuple[list[int], list[int], int]:
        """By S2 player the S2 players he may meet and those he has a colour conflict
        with, and the players of ``stay``, as bit sets of S2 indices."""
        if self._bits is None:
            count = len(self.s2)
            self._bits = (
                [
                    _bits(u for u in range(count) if u != t and self.meets[t][u])
                    for t in range(count)
                ],
                [
                    _bits(u for u in range(count) if colour_conflict(self.s2[t], self.s2[u]))
                    for t in range(count)
                ],
                _bits(self.stay),
            )
        return self._bits

    def _colour_sets(self) -> tuple[list[int], list[int], int, int]:
        """By S2 player the S2 players he may meet without and with a colour conflict,
        and the S2 players who prefer white and black, as bit sets (Dutch A8, B4)."""
        if self._colours is None:
            meets, conflicts, _ = self._bit_sets()
            self._colours = (
                [m & ~c for m, c in zip(meets, conflicts, strict=True)],
                [m & c for m, c in zip(meets, conflicts, strict=True)],
                _bits(t for t, b in enumerate(self.s2) if _colour_class(b) == 0),
                _bits(t for t, b in enumerate(self.s2) if _colour_class(b) == 1),
            )
        return self._colours

    def x_left(self, taken: int) -> int:
        """x of the S2 players not in ``taken`` (a bit set), as :func:`criteria.x_of`
        counts it (Dutch A8), from the bit sets of their colour preferences."""
        _, _, whites, blacks = self._colour_sets()
        rest = ((1 << len(self.s2)) - 1) & ~taken
        white = (rest & whites).bit_count()
        black = (rest & blacks).bit_count()
        q = (rest.bit_count() + 1) // 2
        return max(0, black - q if black > white else white - q)

    def staying(self, taken: int) -> int:
        """The players of ``stay`` among the S2 players not in ``taken`` (bit sets)."""
        return self._bit_sets()[2] & ~taken

    def pairs_all(self, taken: int, budget: int) -> bool:
        """Whether some division of the S2 players not in ``taken`` (a bit set of S2
        indices, twice as many players as the remainder's pairs) pairs all of them
        within ``budget`` colour conflicts (Dutch B4, C6-C9, D2:
        :func:`leftover_bound.some_division_pairs_all`)."""
        meets, conflicts, _ = self._bit_sets()
        rest = ((1 << len(self.s2)) - 1) & ~taken
        return some_division_pairs_all(meets, conflicts, rest, budget, self._unpaired)

    def _extend(self, prefix: tuple[int, ...], taken: int, mate: list[int]) -> bool:
        """:meth:`_completes` from ``mate``, the perfect matching found for the prefix one
        shorter: the same steps with the same matching found, without their passes over
        every vertex.  The pair added leaves at most two vertices free, the partners of
        its two players; the greedy pass matches the lower to the higher when they may
        meet, and otherwise the search is one augmenting path from the lower (Berge)."""
        head = self.head
        k, v = len(prefix) - 1, head + prefix[-1]
        low, high = mate[k], mate[v]
        mate[k] = mate[v] = -1
        if low != v:
            mate[low] = mate[high] = -1
            if low > high:
                low, high = high, low
            if high in self.adjacent[low]:
                mate[low], mate[high] = high, low
            else:
                alive = [True] * self.size
                for i, t in enumerate(prefix):
                    alive[i] = alive[head + t] = False
                if not augment(low, self.adjacent, mate, alive):
                    return False
        self.last = mate
        self.found[len(prefix)] = (taken, mate)
        return True

    def paired(self, places: Sequence[int]) -> list[list[bool]]:
        """Which of the S2 players at ``places`` may meet in the remainder."""
        return [[self.meets[t][u] for u in places] for t in places]

    def places(self, assignment: tuple[int, ...]) -> list[int]:
        """The S2 indices of the players a complete pairing of S1 leaves: the remainder."""
        taken = set(assignment)
        return [t for t in range(len(self.s2)) if t not in taken]

    def fits(self, assignment: tuple[int, ...], budget: int) -> bool:
        """Whether the remainder can pair its ``p_r`` pairs with at most ``budget`` colour
        conflicts (B4), leaving over only players who may leave; True without a check
        when it is larger than :data:`EXACT_REMAINDER_CHECK`."""
        key = (_bits(assignment), budget)
        known = self.fitted.get(key)
        if known is None:
            known = self.fitted[key] = self._fits(len(assignment), key[0], budget)
        return known

    def fits_exactly(self, count: int) -> bool:
        """Whether :meth:`fits` checks remainders of ``count`` players: then its answer
        True has found a perfect matching of them with the players left over."""
        return self.spare >= 0 and count + self.spare <= EXACT_REMAINDER_CHECK

    def _fits(self, head: int, taken: int, budget: int) -> bool:
        """:meth:`fits` of the pairing of ``head`` S1 players that takes the S2 players
        ``taken`` (a bit set): the colour counts first (:func:`conflicts_at_least`), then
        a pairing searched (:func:`pairs_within`)."""
        spare = self.spare
        if not self.fits_exactly(len(self.s2) - head):
            return True
        cheap, costly, whites, blacks = self._colour_sets()
        leaving = ~self._bit_sets()[2]
        rest = ((1 << len(self.s2)) - 1) & ~taken
        if conflicts_at_least(rest, cheap, whites, blacks, leaving, spare) > budget:
            return False
        return pairs_within(
            rest, cheap, costly, (whites, blacks, leaving), spare, budget, self._failed
        )


def _without_conflicts(
    adjacent: Sequence[Sequence[int]],
    players: Sequence[Entrant],
    head: int,
    free: tuple[bool, bool],
) -> list[list[int]]:
    """A copy of ``adjacent`` (S1 from 0, S2 from ``head``) without the pairs with a colour
    conflict (Dutch A8, B4) between S1 and S2 (``free[0]``) and within S2 (``free[1]``)."""
    head_free, rest_free = free
    if not (head_free or rest_free):
        return [list(row) for row in adjacent]
    return [
        [
            w
            for w in row
            if not (
                (head_free if v < head or w < head else rest_free)
                and colour_conflict(players[v], players[w])
            )
        ]
        for v, row in enumerate(adjacent)
    ]


def _greedy(adjacent: Sequence[Sequence[int]], mate: list[int], alive: Sequence[bool]) -> None:
    """Match each free vertex to its first free neighbour: only a start for the search,
    which answers whether a perfect matching exists whatever matching it starts from
    (in a large bracket of an early round it leaves a handful of free vertices where
    Edmonds' search would start from hundreds)."""
    for v, neighbours in enumerate(adjacent):
        if alive[v] and mate[v] == -1:
            for w in neighbours:
                if alive[w] and mate[w] == -1:
                    mate[v], mate[w] = w, v
                    break
