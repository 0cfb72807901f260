"""Assignments of rows to distinct columns within a 0/1 cost budget.

:func:`lexicographic_assignments` gives every such assignment in lexicographic order,
each branch checked exactly before it is entered.  The cheapest completion is kept as a
minimum-cost flow with potentials (successive shortest paths, Dijkstra on reduced costs;
R. K. Ahuja, T. L. Magnanti and J. B. Orlin, *Network Flows*, 1993, ch. 9); forcing one
more row onto a column costs one shortest-path search for the cheapest residual cycle
through that edge, and the reduced cost of the edge is a lower bound that usually answers
without a search.
"""

from __future__ import annotations

import bisect
from collections.abc import Callable, Iterator, Sequence

from .assignment_network import AssignmentNetwork, least_assignment_cost
from .leftovers import LeftoverGuard, probed_sets, remembered_sets

__all__ = ["least_assignment_cost", "lexicographic_assignments"]


def lexicographic_assignments(
    options: Sequence[Sequence[tuple[int, int]]],
    columns: int,
    *,
    budget: int,
    must_cover: frozenset[int] = frozenset(),
    after: tuple[int, ...] | None = None,
    viable: Callable[[tuple[int, ...]], bool] | None = None,
) -> Iterator[tuple[int, ...]]:
    """Assignments of every row to its own column, in lexicographic order, within a budget.

    ``options[r]`` lists the columns row ``r`` may take as ``(column, cost)`` pairs, in
    the order of preference (ascending column numbers give the lexicographic order of the
    tuple of columns).  Costs are 0 or 1.  An assignment is yielded when its total cost is
    at most ``budget`` and no column of ``must_cover`` is left unassigned.  With ``after``
    (one column per row; the options must then be in ascending column order) only the
    assignments coming after it are yielded: the search goes down its path without trying
    the options before it, and never yields it.

    Every branch is checked exactly before it is entered: the cheapest completion of the
    rows still open is kept as a minimum-cost transportation, and trying a column costs
    one shortest-path search.  So the search never enters a dead branch, and the first
    assignment comes after at most (rows x options) such searches.

    ``viable``, when given, is a further condition on the columns of the first rows (a
    prefix of an assignment, ending with the branch about to be entered): a branch
    failing it is not entered, so no assignment through it is yielded.  It must depend
    only on the set of columns the prefix takes, and may turn from true to false over
    time, never back.  The assignments below a prefix then depend only on that set and
    on the cost spent so far: a branch taking the same set of columns as one already
    searched in full without yielding anything, at no lower cost, is not entered.  (The
    rows take the columns in every order, so the same set is reached many times.)

    When the search has asked ``viable`` :data:`GUARD_AFTER` times since its last
    yield, it starts a guard on the sets of columns an assignment can leave over
    (:class:`~.leftovers.LeftoverGuard`), built beside the search: one set within the
    budget listed every :data:`GUARD_PER_SET` checks (a listing past
    :data:`~.leftovers.LISTING_WORK` searches gives the guard up), then every set listed
    put to ``viable``.  When the listing of the same head is remembered and short
    (:data:`GUARD_AFTER` checks' worth at :data:`GUARD_PER_SET` a set), the guard starts
    at once, its cost no more than the wait it saves (a round of the 1992 Dutch asks the
    same head again at its other levels); if it leaves a set open, it is dropped and
    the search waits as usual, since such a guard costs a least-cost search a prefix.
    Once built, a prefix is refused when every set it leaves open is ruled out or needs
    more than the budget left.  That refuses only branches without a
    yield, so the assignments yielded are the same.
    """
    if viable is None or columns < len(options):
        yield from _lexicographic(
            options, columns, budget=budget, must_cover=must_cover, after=after, viable=viable
        )
        return
    asked = 0
    since = 0
    guard: LeftoverGuard | None = None
    looked = False
    known = remembered_sets(options, columns, budget, must_cover)
    early = known is not None and known * GUARD_PER_SET <= GUARD_AFTER
    many = False
    """Whether the head's sets are too many (or too long to list) for an early guard."""
    if early:
        looked = True
        guard = LeftoverGuard.start(options, columns, budget, must_cover, viable)

    def guarded(prefix: tuple[int, ...]) -> bool:
        nonlocal asked, since, looked, guard, early, many
        if not looked:
            asked += 1
            if asked > GUARD_AFTER:
                looked = True
                guard = LeftoverGuard.start(options, columns, budget, must_cover, viable)
            elif asked % PROBE_AFTER == 0 and not many:
                if _few_sets(options, columns, budget, must_cover):
                    looked = early = True
                    guard = LeftoverGuard.start(options, columns, budget, must_cover, viable)
                else:
                    many = True
        if guard is not None:
            if not guard.done:
                since += 1
                if since % GUARD_PER_SET == 0 and guard.step():
                    guard.finish()
                    if early and guard.open_sets:
                        # An early guard refusing less than everything would cost a
                        # least-cost search a new prefix: wait as a first guard does.
                        guard, looked, early = None, False, False
                        return viable(prefix)
                    if guard.gave_up:
                        guard = None
                        return viable(prefix)
                if not guard.done:
                    return viable(prefix)
            if not guard(prefix):
                return False
        return viable(prefix)

    for found in _lexicographic(
        options, columns, budget=budget, must_cover=must_cover, after=after, viable=guarded
    ):
        asked = 0
        yield found


def _few_sets(
    options: Sequence[Sequence[tuple[int, int]]],
    columns: int,
    budget: int,
    must_cover: frozenset[int],
) -> bool:
    """Whether a head's sets within the budget are few enough for an early guard
    (:data:`GUARD_AFTER` checks' worth at :data:`GUARD_PER_SET` a set), listed within
    :data:`PROBE_WORK` searches (:func:`~.leftovers.probed_sets`)."""
    known = probed_sets(options, columns, budget, must_cover, PROBE_WORK)
    return known is not None and known * GUARD_PER_SET <= GUARD_AFTER


PROBE_AFTER = 64
"""``viable`` asked this many times without a yield (and with no guard), a search lists
its head's sets within the budget in at most :data:`PROBE_WORK` searches (or reads them
remembered); when they are few, its guard starts as an early one does.  An early guard
whose sets ``viable`` all refuse ends the search at once instead of after
:data:`GUARD_AFTER` checks (16 heads of 17 rows on 28 columns, one set each listed in 38
searches, in round 63 of the 150-player, 134-round event of seed 2928); one dropped for
a set left open is tried again after as many checks more, since ``viable`` may refuse
that set by then (there 2,069 checks to a yield became 132).  Each try asks ``viable``
once a set, at most one check in :data:`GUARD_PER_SET` of those it waits."""

PROBE_WORK = 256
"""The shortest-path searches a probe (:data:`PROBE_AFTER`) may spend listing a head's
sets before it stops (remembering nothing): a small part of the :data:`GUARD_AFTER`
checks an early guard can save."""

GUARD_AFTER = 2000
"""``viable`` asked this many times since the last yield, :func:`lexicographic_assignments`
starts building its guard on the sets of columns its assignments can leave over (a
search then usually spends its time in branches whose every completion within the
budget leaves over a set that ``viable`` refuses: 206,000 checks without a yield in a
round of 150 players)."""

GUARD_PER_SET = 16
"""Checks of the search for each set within the budget that its guard lists
(:meth:`~.leftovers.LeftoverGuard.step`) before it puts them to ``viable``
(:meth:`~.leftovers.LeftoverGuard.finish`, up to five checks' worth a set): the guard's
cost goes with the search's own, so a guard of few sets is soon in force (one set in
the 150-player round 62 of seed 2803, which asked 42,000 checks without a yield before),
while one of many waits for a search as long as its cost (8,245 sets in round 63 of
seed 2480, whose search yields after 39,000 checks, 37,000 of them after the start;
one set every 8 checks cost it 8 %)."""


def _lexicographic(
    options: Sequence[Sequence[tuple[int, int]]],
    columns: int,
    *,
    budget: int,
    must_cover: frozenset[int] = frozenset(),
    after: tuple[int, ...] | None = None,
    viable: Callable[[tuple[int, ...]], bool] | None = None,
) -> Iterator[tuple[int, ...]]:
    """:func:`lexicographic_assignments` without the guard on the columns left over."""
    net = AssignmentNetwork(options, columns, must_cover)
    if not net.initialise() or net.total > budget:
        return
    n1 = net.n1
    if n1 == 0:
        if after is None:
            yield ()
        return
    cost = net.cost
    pointer = [0] * n1
    chosen = [-1] * n1
    saved: list[tuple[list[int], list[int], list[int], int, int] | None] = [None] * n1
    used = [0] * (n1 + 1)
    """The columns taken by the rows above each row, as a bit set."""
    spent = [0] * (n1 + 1)
    """The cost of the rows above each row."""
    clean = [True] * (n1 + 1)
    """Whether the search below each row is entered off the path of ``after``."""
    yields_before = [0] * (n1 + 1)
    yielded = 0
    fruitless: dict[int, int] = {}
    """Column sets searched below in full without a yield, with the least cost spent."""
    row = 0
    on_path = after is not None
    """True while every row so far has taken the column ``after`` gives it."""
    if after is not None:
        pointer[0] = _option_index(net.adj[0], after[0])
    clean[0] = not on_path
    while True:
        if row == n1:
            if not on_path:
                yielded += 1
                yield tuple(chosen)
            on_path = False
            row -= 1
            state = saved[row]
            assert state is not None
            net.restore(state, row, chosen[row])
            continue
        advanced = False
        candidates = net.adj[row]
        while pointer[row] < len(candidates):
            column = candidates[pointer[row]]
            pointer[row] += 1
            if not net.alive_col[column]:
                continue
            if viable is not None:
                taken = used[row] | 1 << column
                paid = spent[row] + cost[row][column]
                if fruitless.get(taken, paid + 1) <= paid or not viable((*chosen[:row], column)):
                    on_path = False
                    continue
            state = net.snapshot()
            if net.force(row, column, budget):
                saved[row] = state
                chosen[row] = column
                advanced = True
                break
            on_path = False
        if advanced:
            on_path = on_path and after is not None and chosen[row] == after[row]
            column = chosen[row]
            used[row + 1] = used[row] | 1 << column
            spent[row + 1] = spent[row] + cost[row][column]
            clean[row + 1] = not on_path
            yields_before[row + 1] = yielded
            row += 1
            if row < n1:
                pointer[row] = 0
                if on_path and after is not None:
                    pointer[row] = _option_index(net.adj[row], after[row])
            continue
        if viable is not None and clean[row] and yielded == yields_before[row]:
            known = fruitless.get(used[row])
            if known is None or spent[row] < known:
                fruitless[used[row]] = spent[row]
        on_path = False
        if row == 0:
            return
        row -= 1
        state = saved[row]
        assert state is not None
        net.restore(state, row, chosen[row])


def _option_index(columns: Sequence[int], column: int) -> int:
    """Where ``column`` stands among a row's options, or where it would stand (the options
    are in ascending order); the options before it are the ones ``after`` skips."""
    return bisect.bisect_left(columns, column)
