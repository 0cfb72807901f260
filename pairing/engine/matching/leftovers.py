"""The guard of :func:`~pairing.engine.matching.assignment.lexicographic_assignments` on
the sets of columns its assignments can leave over (#38).

A search asking ``viable`` many times without a yield usually spends its time in
branches whose every completion within the budget leaves over a set of columns that
``viable`` refuses; :func:`leftover_guard` lists the sets still open and refuses a prefix
when none of them can be left over below it within the budget.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterator, Sequence

from .assignment_network import AssignmentNetwork, least_assignment_cost

LEFTOVER_SETS = 16384
"""At most this many sets left over are listed (C(24, 4) = 10,626 in a 1992 Dutch round)."""


def leftover_guard(
    options: Sequence[Sequence[tuple[int, int]]],
    columns: int,
    budget: int,
    must_cover: frozenset[int],
    viable: Callable[[tuple[int, ...]], bool],
) -> Callable[[tuple[int, ...]], bool] | None:
    """:class:`LeftoverGuard` built in full at once; None when the sets of columns left
    over are too many to list."""
    guard = LeftoverGuard.start(options, columns, budget, must_cover, viable)
    if guard is not None:
        guard.finish()
    return guard


class LeftoverGuard:
    """A condition on prefixes refusing only branches without an assignment to yield,
    built a step at a time (:meth:`step`) beside the search it guards.

    Every assignment leaves ``columns - rows`` columns over.  A set ``L`` of them can be
    the one an assignment yielded leaves only if ``L`` holds no column of ``must_cover``,
    ``viable`` accepts the other columns as a whole (it depends only on the set of
    columns and never turns back to true, so a set it refuses now it refuses at the
    leaf), and some assignment within the budget takes every column outside ``L``.  The
    sets within the budget are listed depth first by the sink taking one more column at
    a time (:func:`_within_budget`; Ahuja, Magnanti and Orlin, *Network Flows*, 1993,
    ch. 9), which cuts a whole branch of sets at once, and each set listed costs one
    question to ``viable``.  An assignment yielded below a prefix leaves such an ``L``
    untouched and gives the rows after the prefix the columns outside both at no more
    than the budget left: a prefix is refused when no open ``L`` has so cheap a
    completion (:func:`_least_outside`, remembered).  Until the listing is over, nothing
    is refused.
    """

    def __init__(
        self,
        options: Sequence[Sequence[tuple[int, int]]],
        columns: int,
        budget: int,
        must_cover: frozenset[int],
        viable: Callable[[tuple[int, ...]], bool],
    ) -> None:
        self.options = options
        self.columns = columns
        self.budget = budget
        self.viable = viable
        self.open_sets: list[int] = []
        """The sets of columns left over still open (bit sets), in lexicographic order."""
        self.within: list[int] = []
        """The sets within the budget listed so far (bit sets), in lexicographic order."""
        self.listed = False
        self.done = False
        self.costs = [dict(row) for row in options]
        self.least_below: dict[tuple[int, int], int | None] = {}
        root = AssignmentNetwork(options, columns, must_cover)
        self.listing: Iterator[tuple[int, ...]] = (
            _within_budget(root, columns - len(options), budget) if root.initialise() else iter(())
        )

    @classmethod
    def start(
        cls,
        options: Sequence[Sequence[tuple[int, int]]],
        columns: int,
        budget: int,
        must_cover: frozenset[int],
        viable: Callable[[tuple[int, ...]], bool],
    ) -> LeftoverGuard | None:
        """A guard to build, or None when the sets left over are more than
        :data:`LEFTOVER_SETS`."""
        if math.comb(columns, columns - len(options)) > LEFTOVER_SETS:
            return None
        return cls(options, columns, budget, must_cover, viable)

    def step(self) -> bool:
        """List one more set within the budget; True once every one is listed."""
        if self.listed:
            return True
        left = next(self.listing, None)
        if left is None:
            self.listed = True
            return True
        out = 0
        for column in left:
            out |= 1 << column
        self.within.append(out)
        return False

    def finish(self) -> None:
        """Ask ``viable`` about every set listed (each as costly as a check of the
        search, or more): the guard is then in force."""
        while not self.step():
            pass
        columns, viable = self.columns, self.viable
        for out in self.within:
            if viable(tuple(c for c in range(columns) if not out >> c & 1)):
                self.open_sets.append(out)
        self.done = True

    def __call__(self, prefix: tuple[int, ...]) -> bool:
        """Whether some set still open can be left over below ``prefix`` within the
        budget (True while the listing is not over)."""
        if not self.done:
            return True
        costs = self.costs
        used = 0
        for column in prefix:
            used |= 1 << column
        if any(c not in costs[r] for r, c in enumerate(prefix)):
            return False
        slack = self.budget - sum(costs[r][c] for r, c in enumerate(prefix))
        least_below = self.least_below
        for left in self.open_sets:
            if used & left:
                continue
            least = least_below.get((used, left), -1)
            if least == -1:
                least = least_below[used, left] = _least_outside(
                    self.options, self.columns, used | left, len(prefix)
                )
            if least is not None and least <= slack:
                return True
        return False


def _least_outside(
    options: Sequence[Sequence[tuple[int, int]]], columns: int, closed: int, first: int
) -> int | None:
    """The least cost of giving the rows from ``first`` on every column outside the bit
    set ``closed``, one each (:func:`least_assignment_cost`), or None when there is none."""
    narrowed = [[(c, k) for c, k in row if not closed >> c & 1] for row in options[first:]]
    outside = frozenset(c for c in range(columns) if not closed >> c & 1)
    return least_assignment_cost(narrowed, columns, must_cover=outside)


def _within_budget(root: AssignmentNetwork, spare: int, budget: int) -> Iterator[tuple[int, ...]]:
    """The sets of ``spare`` columns (ascending tuples, in lexicographic order) that some
    assignment within ``budget`` leaves over, with ``root`` a minimum-cost
    transportation.

    Depth first, T takes one more column at a time (:meth:`AssignmentNetwork.force_sink`):
    the least cost with T holding the columns chosen so far bounds every set extending
    them, so a branch over the budget is cut whole, and at ``spare`` columns it is the
    least cost of an assignment leaving exactly that set over (T takes no other)."""
    chosen: list[int] = []
    columns = root.n2

    def walk(start: int) -> Iterator[tuple[int, ...]]:
        if len(chosen) == spare:
            if root.total <= budget:
                yield tuple(chosen)
            return
        if len(chosen) == spare - 1:
            for column in range(start, columns):
                if root.sink_may_take(column, budget):
                    yield (*chosen, column)
            return
        for column in range(start, columns - (spare - len(chosen)) + 1):
            state = root.snapshot()
            if root.force_sink(column, budget):
                chosen.append(column)
                yield from walk(column + 1)
                chosen.pop()
                root.restore_sink(state, column)

    yield from walk(0)
