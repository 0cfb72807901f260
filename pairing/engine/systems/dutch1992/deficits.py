"""A lower bound on the colour conflicts of each exchange of a level, on bit sets
(Dutch A8, B4, C8, D2).

FIDE Handbook C.04.1 (1992 text).  Every pairing of an S1/S2 division has at least as
many colour conflicts as S1 players that a maximum matching of its conflict-free allowed
pairs leaves over (``LevelSearch._conflict_bound``).  By König and Ore, that number is
the largest deficiency, over the sets T of S1 players, of T's conflict-free partners in
S2 against T's size.  Late in an event a level often has thousands of exchanges, each
ruled out by that bound.  One set, found once for the original division, bounds them
all: what is left of it in the new S1 has at least its count less its partners in the
new S2 as deficiency.  This asks a few bit operations an exchange instead of a matching.

When that is not enough, the bound of :func:`conflict_bound` (the players left over
priced by their cheapest alternating paths, with the S2 players who must be paired) is
worked out for the exchange, its conflict-free matching grown from the original
division's: often well above the deficiency, it rules out most of the exchanges that
would otherwise each ask for their least number of conflicts.  At x > 0 that bound has
the S2 players who may not be left unpaired as the players who must be paired, and the
listing of a level's exchanges (``least``) asks an exchange it leaves within x for that
least (:func:`fewest_conflicts`, started from that bound's matching and dual): late in
an event a level can list thousands of exchanges whose paths bound is x and whose least
is x + 1, or whose least is only above x once the S2 players who may not be left
unpaired are paired.  Each went on to its feasibility test, its greedy pass and its own
least (round 67 of the 150-player, 118-round, seed-6006 event: 1,400 of them at x = 6;
round 68 of the 120-round, seed-2963 event: 1,300 at x = 1, where the paths bound
without those players is 1).
"""

from __future__ import annotations

from collections.abc import Sequence

from pairing.engine.model import Colour
from pairing.engine.systems.dutch1992.bitsets import _bits, _positions
from pairing.engine.systems.dutch1992.criteria import FloatRules, may_leave
from pairing.engine.systems.dutch1992.division_colours import least_paths
from pairing.engine.systems.dutch1992.divisions import Matching, _augment
from pairing.engine.systems.dutch1992.entrants import Entrant
from pairing.engine.systems.dutch1992.fewest_conflicts import fewest_conflicts
from pairing.engine.systems.dutch1992.leaving_duals import LeavingDuals


def free_masks(players: Sequence[Entrant], allowed: Sequence[int]) -> list[int]:
    """Each player's allowed partners (``allowed``, bit sets of positions) with whom he
    has no colour conflict: both prefer the same colour (Dutch A8, B4)."""
    white = _bits(i for i, e in enumerate(players) if e.preference is Colour.WHITE)
    black = _bits(i for i, e in enumerate(players) if e.preference is Colour.BLACK)
    same = {Colour.WHITE: white, Colour.BLACK: black, None: 0}
    return [row & ~same[e.preference] for row, e in zip(allowed, players, strict=True)]


def deficient_set(
    rows: Sequence[int], side1: int, side2: int, matching: Matching | None = None
) -> int:
    """A set of ``side1`` positions with the largest deficiency of partners in ``side2``
    (``rows``: the partners of each position, bit sets): by König, those reached by
    alternating paths from the positions a maximum matching leaves over.  Their partners
    in ``side2`` are all matched, to members of the set, so the set outnumbers them by as
    many as the matching leaves over.  That matching is grown in ``matching`` when one
    is given (empty, of ``len(rows)`` positions)."""
    if matching is None:
        matching = Matching([-1] * len(rows), 0)
    for u in _positions(side1):
        _augment(u, rows, side2, matching, [0])
    mate = matching.mate
    stack = [u for u in _positions(side1) if mate[u] == -1]
    reached = 0
    while stack:
        u = stack.pop()
        if reached >> u & 1:
            continue
        reached |= 1 << u
        for v in _positions(rows[u] & side2):
            w = mate[v]
            if w != -1 and not reached >> w & 1:
                stack.append(w)
    return reached


class ExchangeDeficits:
    """The deficient set of a level's original division and a lower bound from it on the
    colour conflicts of each exchange (see the module's doc)."""

    __slots__ = (
        "_bounds",
        "_covered",
        "_crowded",
        "_costly",
        "_duals",
        "_everyone",
        "_fewest_known",
        "_free",
        "_leaving",
        "_low_of",
        "_mate",
        "_must_matching",
        "_original",
        "_over",
        "_paths",
        "_short",
        "_stay",
        "exchanges",
        "loose",
    )

    def __init__(
        self,
        free: Sequence[int],
        p: int,
        loose: tuple[Sequence[int], int],
        allowed: Sequence[int] = (),
        stay: int = 0,
    ) -> None:
        """``free``: the conflict-free allowed partners of each position in the bracket
        (:func:`free_masks`); ``p``: the size of the original S1 (positions 0..p-1);
        ``loose``: the partner masks with every float criterion dropped and the players
        who may not be left unpaired even then, kept for the exchanges' readers;
        ``allowed``: all the allowed partners, for :func:`conflict_bound` (none: the
        deficiency alone); ``stay``: the players who may not be left unpaired with none
        kept up (A5, B1b, B5, B6), a bit set of positions."""
        self.loose = loose
        self._free = free
        self._costly = (
            [row & ~clear for row, clear in zip(allowed, free, strict=True)] if allowed else []
        )
        self._stay = stay
        self._leaving: dict[int, int] = {}
        """By the players leaving S1 (a bit set of positions): :meth:`_leaving_bound`."""
        self._covered: dict[tuple[int, int], bool] = {}
        """By S1 and the S2 players who must be paired: whether a conflict-free
        matching pairs all of these into S1 (:meth:`_free_pairing`)."""
        self._crowded: dict[int, tuple[int, int]] = {}
        """Sets of players found with too few conflict-free partners in some S1
        (:func:`crowded_set`), with all their conflict-free partners and their size:
        :meth:`_must_short`."""
        self._must_matching = Matching([-1] * len(free), 0)
        """The last conflict-free matching of players who must be paired into an S1
        (:func:`crowded_set`), where the next one grows from."""
        self._duals: dict[int, LeavingDuals] = {}
        """By the players leaving S1: the dual their exchanges' bounds read
        (:class:`LeavingDuals`)."""
        self._bounds: dict[int, int] = {}
        """By S1 (a bit set of positions): the bound of :meth:`_least_paths`."""
        self._over: dict[int, tuple[int, int]] = {}
        """By S1: the x below which :meth:`over` is known true and the x from which it
        is known false."""
        self._paths: dict[int, int] = {}
        """By S1: the bound :meth:`_fewest` starts from (the paths bound with the S2
        players of ``stay`` paired)."""
        self._fewest_known: dict[int, tuple[int, int]] = {}
        """By S1: the least :meth:`_fewest` works out from that bound, or a bound above
        the ``x`` it was worked out for, with that ``x``."""
        self.exchanges: dict[int, tuple[int, int, int]] = {}
        """By index in D2 order, each exchange listed: its S1 and the players leaving
        and entering S1, as bit sets of positions."""
        self._everyone = (1 << len(free)) - 1
        side1 = self._original = (1 << p) - 1
        matching = Matching([-1] * len(free), 0)
        short = deficient_set(free, side1, self._everyone & ~side1, matching)
        self._short = [(1 << u, free[u]) for u in _positions(short)]
        self._mate = {1 << matching.mate[u]: u for u in range(p) if matching.mate[u] != -1}
        """The original division's maximum conflict-free matching (S2 player's bit to S1
        player), where each exchange's starts from."""
        self._low_of = {u: low for low, u in self._mate.items()}
        """The same, S1 player to S2 player's bit."""

    def at_least(
        self, side1: int, x: int | None = None, kept: int = 0, *, least: bool = False
    ) -> int:
        """A lower bound on the colour conflicts of any pairing of the division whose S1
        is ``side1`` (a bit set of positions): the deficiency of the original set's
        members still in S1 against their conflict-free partners now in S2.

        When that is not above ``x`` (when given) and all allowed partners were given,
        the bound shared by the exchanges with the same players leaving
        (:meth:`_leaving_bound`) when it is above ``x``; else the bound of their dual
        with the players entering priced in (:class:`LeavingDuals`) when that is above
        ``x``; else, at x = 0 with S2 players
        who must be paired (those of ``stay`` and of ``kept``, the players kept up, in
        S2), whether a conflict-free pairing pairs them (:meth:`_free_pairing`); else
        at x = 0 the exchange's own bound of :func:`conflict_bound` without them, and
        at x > 0 that bound with the S2 players of ``stay`` paired, and with ``least``,
        when that is not above ``x``, the exchange's fewest conflicts with them paired,
        or a bound above ``x`` (:meth:`_fewest`).  Each is never less than the deficiency,
        and remembered: the last two by S1 alone, as the sets of players kept up are
        many (C12, C13) and the readers after this one rule out most of them more
        cheaply.  The conflict-free matchings are grown from the original division's
        less the pairs of the players moved (:func:`least_paths`): a few augmenting
        paths instead of a new matching."""
        count = 0
        reach = 0
        side2 = self._everyone & ~side1
        for bit, row in self._short:
            if side1 & bit:
                count += 1
                reach |= row
        deficit = count - (reach & side2).bit_count()
        if x is None or deficit > x or not self._costly:
            return deficit
        leaving = self._original & ~side1
        bound = self._leaving.get(leaving)
        if bound is None:
            bound = self._leaving[leaving] = self._leaving_bound(leaving)
        if bound > x:
            return bound
        entering = side1 & ~self._original
        if entering:
            duals = self._duals.get(leaving)
            if duals is None:
                staying = self._original & ~leaving
                duals = self._duals[leaving] = LeavingDuals(
                    self._free, self._costly, staying, self._everyone & ~staying
                )
            bound = duals.bound(entering, side2)
            if bound > x:
                return bound
        must = (self._stay | kept) & side2
        if x == 0 and must:
            return self._free_pairing(side1, side2, must)
        if x:
            return self._fewest(side1, side2, x, least)
        bound = self._bounds.get(side1)
        if bound is None:
            bound = self._bounds[side1] = self._least_paths(side1, side2)
        return bound

    def over(self, side1: int, x: int) -> bool:
        """Whether :meth:`at_least` with no player kept up bounds the division whose S1 is
        ``side1`` above ``x`` (> 0), read from its answers at other x where they tell.

        Above 0 it is above x exactly when one of its bounds (each the same at every x)
        or its fewest conflicts (``least``, :meth:`_fewest`) is: so a bound b above some x
        shows it above every x below b, and none above some x shows none above any
        larger x.  The levels of one bracket that only raise
        x (C11) read the same exchanges again (C12's sub-searches, four levels in round
        65 of the 150-player, 127-round, seed-2796 event)."""
        below, from_x = self._over.get(side1, (0, 1 << 30))
        if x < below:
            return True
        if x >= from_x:
            return False
        bound = self.at_least(side1, x, least=True)
        if bound > x:
            self._over[side1] = (max(below, bound), from_x)
            return True
        self._over[side1] = (below, x)
        return False

    def leaving_over(self, leaving: int, x: int) -> bool:
        """Whether :meth:`over` holds at ``x`` for every exchange whose players leaving S1
        are ``leaving`` (a bit set of positions), by their shared bound
        (:meth:`_leaving_bound`): :meth:`at_least` gives it, or a deficiency above ``x``,
        whenever it is above ``x``.  A walk of exchanges passes over all of theirs at once
        (``LevelExchanges._walk``)."""
        if not self._costly:
            return False
        bound = self._leaving.get(leaving)
        if bound is None:
            bound = self._leaving[leaving] = self._leaving_bound(leaving)
        return bound > x

    def _fewest(self, side1: int, side2: int, x: int, least: bool = True) -> int:
        """The fewest colour conflicts of a pairing of ``side1`` into ``side2`` pairing
        every one of its players of ``stay`` (:func:`fewest_conflicts`), or a lower
        bound above ``x`` (a number above any pairing's when there is none).

        First how far those players fall short of conflict-free partners in S1
        (:meth:`_must_short`, a few bit operations when a set found short for another
        exchange is among them: round 68 of the 150-player, 120-round, seed-2963 event
        rules out 3,600 exchanges at x = 1 so).  Then the bound of
        :func:`conflict_bound` with those players as the S2 players who must be paired
        (its stand-ins), grown from the original division's
        matching as :meth:`_least_paths`; its maximum conflict-free matching and dual
        (:func:`least_paths`) are where the Hungarian method starts when it is not
        above ``x``: often one maximum tight matching more shows the least above
        ``x``.  Remembered by S1 with the ``x`` it was worked out for: a bound above
        that ``x`` is worked out again for a larger one only when it does not pass it.
        """
        known = self._fewest_known.get(side1)
        if known is not None and (known[0] <= known[1] or known[0] > x):
            return known[0]
        paths = self._paths.get(side1)
        if paths is not None and (paths > x or not least):
            return paths
        free = self._free
        costly = self._costly
        order = list(_positions(side1))
        size = len(order)
        must = self._stay & side2
        right = 0
        for u in order:
            right |= free[u] | costly[u]
        right = right & side2 | must
        spare = right.bit_count() - size
        if spare < 0:
            self._paths[side1] = size + 1
            return size + 1  # more S2 players who must be paired than S1 players
        if must:
            short = self._must_short(side1, must, x)
            if short > x:
                return short
        ids = order
        if must and spare:  # stand-ins, as in conflict_bound and fewest_conflicts
            end = len(free)
            free = [*free, *[right & ~must] * spare]
            costly = [*costly, *[0] * spare]
            ids = [*order, *range(end, end + spare)]
        mate = self._exchange_mate(side1)
        dual: dict[int, int] = {}
        paths = self._paths[side1] = least_paths(free, costly, ids, right, mate, size + 1, dual)
        if paths > x or not least:
            return paths
        row_mate = {u: low for low, u in mate.items()}
        start = [row_mate.get(u, 0).bit_length() - 1 for u in ids]
        prices = [dual.get(u, 0) for u in ids]
        conflicts = [costly[u] & side2 for u in order]
        rows = [free[u] & side2 | conflict for u, conflict in zip(order, conflicts, strict=True)]
        fewest = fewest_conflicts(rows, conflicts, must, x, start, prices)
        if fewest is None:
            fewest = size + 1
        self._fewest_known[side1] = (fewest, x)
        return fewest

    def _free_pairing(self, side1: int, side2: int, must: int) -> int:
        """For x = 0: 0 when S1 has a pairing without conflicts pairing every one of
        ``must``, else a lower bound of at least 1 (the bound without ``must`` when that
        is above 0).  By the theorem of Mendelsohn and Dulmage, a conflict-free matching
        covering S1 and one covering ``must`` make one covering both (as
        :func:`pairs_without_conflicts`): the first does not depend on ``must`` and is
        remembered by S1 alone, shared by the sets of players kept up; the second is
        one small matching from the S2 players of ``must``, or none when a set of them
        found short of partners before (:meth:`_must_short`) is in ``must``: the sets
        of players kept up that C13's sub-searches try are many and mostly fail so
        (round 50 of the 150-player, 125-round, seed-6515 event: 7,650 matchings
        before, 180 after).  Such a set is read before the first, too."""
        bound = self._bounds.get(side1)
        if bound is None:
            short = self._must_short(side1, must, 0, fresh=False)
            if short:
                return short
            bound = self._bounds[side1] = self._least_paths(side1, side2)
        if bound:
            return bound
        covered = self._covered.get((side1, must))
        if covered is None:
            covered = self._covered[(side1, must)] = not self._must_short(side1, must, 0)
        return 0 if covered else 1

    def _must_short(self, side1: int, must: int, x: int, *, fresh: bool = True) -> int:
        """A lower bound on the colour conflicts of any pairing of S1 ``side1`` that pairs
        every player of ``must`` (S2 players): the largest deficiency of a set of them
        against their conflict-free partners in S1, each such player short of one
        being paired with a conflict (Hall, König).  First the first set found before
        for other exchanges (a set of players mostly stays short when a few players
        are exchanged) that is in ``must`` and above ``x`` read with this S1's
        partners; when there is none (and ``fresh``), the largest such set of
        ``must`` itself (:func:`crowded_set`), remembered."""
        short = 0
        crowded = self._crowded
        for known, (near, size) in crowded.items():
            if known & must == known:
                known_short = size - (near & side1).bit_count()
                if known_short > x:
                    return known_short
                short = max(short, known_short)
        if not fresh:
            return short
        found = crowded_set(self._free, must, side1, self._must_matching)
        if not found:
            return short
        near = 0
        for v in _positions(found):
            near |= self._free[v]
        size = found.bit_count()
        crowded[found] = (near, size)
        return max(short, size - (near & side1).bit_count())

    def _leaving_bound(self, leaving: int) -> int:
        """A lower bound on the colour conflicts of every exchange whose players leaving
        S1 are ``leaving``: :func:`conflict_bound` of the original S1 players staying in
        S1 against the original S2 and the players leaving, with no S2 player who must
        be paired.  Every pairing of such an exchange pairs those S1 players within
        those S2 players (the players entering S1 are among them), at no more cost than
        the whole, so it costs at least as much as their cheapest pairing.  One for the
        hundreds of exchanges with the same players leaving."""
        side1 = self._original & ~leaving
        side2 = self._everyone & ~side1
        mate = {low: u for low, u in self._mate.items() if side1 >> u & 1}
        rows = list(_positions(side1))
        return least_paths(self._free, self._costly, rows, side2, mate, len(rows) + 1)

    def _least_paths(self, side1: int, side2: int) -> int:
        """:func:`conflict_bound` of a division, with no S2 player who must be paired."""
        rows = list(_positions(side1))
        mate = self._exchange_mate(side1)
        return least_paths(self._free, self._costly, rows, side2, mate, len(rows) + 1)

    def _exchange_mate(self, side1: int) -> dict[int, int]:
        """The original division's conflict-free matching (S2 player's bit to S1 player)
        less the pairs of the players exchanged to make S1 ``side1``."""
        # Those leaving S1 (by their own pairs) and those entering it (by their bits),
        # the rest in the same order as the original's.
        mate = self._mate.copy()
        for u in _positions(self._original & ~side1):
            low = self._low_of.get(u)
            if low is not None:
                del mate[low]
        entering = side1 & ~self._original
        while entering:
            low = entering & -entering
            entering ^= low
            mate.pop(low, None)
        return mate


def crowded_set(
    free: Sequence[int], must: int, side1: int, matching: Matching | None = None
) -> int:
    """The set of players of ``must`` of largest deficiency against their conflict-free
    partners in ``side1`` (bit sets of positions; ``free``: conflict-free partners):
    0 when a conflict-free matching pairs all of them into ``side1``.

    König: after a maximum matching (Kuhn's method), the players it leaves unmatched
    and those they reach by alternating paths, whose partners are all matched to the
    players reached, fall short by the number unmatched.  Those are the players some
    maximum matching leaves unmatched (Dulmage and Mendelsohn), the common part of all
    the sets of largest deficiency: the same set whatever maximum matching it is read
    from.  So ``matching`` (of ``len(free)`` positions, must players and S1 players
    mated), when given, is grown from what is left of it, changed in place: the last
    exchange's matching less the pairs of the players moved, a few augmenting paths
    instead of a new matching (the exchanges of a listing differ by one or two players).
    Who may meet whom without a conflict does not depend on the order of the two
    (free_masks), so each player's row is his own mask cut to ``side1``."""
    if matching is None:
        matching = Matching([-1] * len(free), 0)
    else:
        _keep_pairs(matching, must, side1)
    mate = matching.mate
    crowded = 0
    seen = [0]  # S1 players from whom a search that failed found no free one
    for v in _positions(must):
        if mate[v] == -1:
            if _augment(v, free, side1, matching, seen):
                seen = [0]
            else:
                crowded |= 1 << v
    # The players reached by alternating paths from those left unmatched, level by
    # level: their partners in S1 are all matched (no augmenting path).
    frontier = crowded
    reached = 0
    while frontier:
        near = 0
        for v in _positions(frontier):
            near |= free[v]
        near &= side1 & ~reached
        reached |= near
        frontier = 0
        for u in _positions(near):
            frontier |= 1 << mate[u]
        crowded |= frontier
    return crowded


def _keep_pairs(matching: Matching, must: int, side1: int) -> None:
    """Drop the pairs of ``matching`` (S1 player matched, in ``matched``, to a player of
    ``must``) whose S1 player is no longer in ``side1`` or whose mate no longer in
    ``must``."""
    mate = matching.mate
    for u in _positions(matching.matched):
        v = mate[u]
        if not (side1 >> u & 1 and must >> v & 1):
            mate[u] = mate[v] = -1
            matching.matched &= ~(1 << u)


def exchange_deficits(
    players: Sequence[Entrant],
    allowed: Sequence[int],
    p: int,
    loose: tuple[Sequence[int], int],
    level: tuple[FloatRules, frozenset[int], bool],
) -> ExchangeDeficits:
    """The :class:`ExchangeDeficits` of a bracket (``players``) at p under the float
    criteria, players moved down and lowest bracket or not of ``level``, whose allowed
    partners are ``allowed`` (bit sets of positions)."""
    rules, moved, lowest = level
    stay = _bits(
        i for i, e in enumerate(players) if not may_leave(e, rules, moved, lowest, frozenset())
    )
    return ExchangeDeficits(free_masks(players, allowed), p, loose, allowed, stay)
