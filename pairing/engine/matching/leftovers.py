"""The guard of :func:`~pairing.engine.matching.assignment.lexicographic_assignments` on
the sets of columns its assignments can leave over (#38).

A search asking ``viable`` many times without a yield usually spends its time in
branches whose every completion within the budget leaves over a set of columns that
``viable`` refuses; :func:`leftover_guard` lists the sets still open and refuses a prefix
when none of them can be left over below it within the budget.
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Callable, Sequence

from .assignment_network import T_MATE, AssignmentNetwork, least_assignment_cost

LEFTOVER_SETS = 16384
"""At most this many sets left over are listed (C(24, 4) = 10,626 in a 1992 Dutch round)."""


def leftover_guard(
    options: Sequence[Sequence[tuple[int, int]]],
    columns: int,
    budget: int,
    must_cover: frozenset[int],
    viable: Callable[[tuple[int, ...]], bool],
) -> Callable[[tuple[int, ...]], bool] | None:
    """A condition on prefixes refusing only branches without an assignment to yield;
    None when the sets of columns left over are too many to list.

    Every assignment leaves ``columns - rows`` columns over.  A set ``L`` of them can be
    the one an assignment yielded leaves only if ``L`` holds no column of ``must_cover``,
    ``viable`` accepts the other columns as a whole (it depends only on the set of
    columns and never turns back to true, so a set it refuses now it refuses at the
    leaf), and some assignment within the budget takes every column outside ``L`` (the
    least cost of one; before it, the cheapest assignment's cost plus the reduced costs of
    T taking ``L``'s columns is a lower bound, Ahuja et al. 9.3).  An assignment yielded
    below a prefix leaves such an ``L`` untouched and gives the rows after the prefix the
    columns outside both at no more than the budget left: a prefix is refused when no
    open ``L`` has so cheap a completion (:func:`_least_outside`, remembered).
    """
    rows = len(options)
    spare = columns - rows
    if math.comb(columns, spare) > LEFTOVER_SETS:
        return None
    everything = range(columns)
    open_sets: list[int] = []
    root = AssignmentNetwork(options, columns, must_cover)
    if not root.initialise():
        return lambda prefix: False
    pot, sink = root.pot, root.pot[root.t_node]
    dear = [sink - pot[rows + c] if m != T_MATE else 0 for c, m in enumerate(root.mate_col)]
    for left in itertools.combinations(everything, spare):
        out = frozenset(left)
        if out & must_cover or root.total + sum(dear[c] for c in left) > budget:
            continue
        taken = tuple(c for c in everything if c not in out)
        if not viable(taken):
            continue
        narrowed = [[(c, k) for c, k in row if c not in out] for row in options]
        least = least_assignment_cost(narrowed, columns, must_cover=frozenset(taken))
        if least is not None and least <= budget:
            open_sets.append(sum(1 << c for c in left))

    costs = [dict(row) for row in options]
    least_below: dict[tuple[int, int], int | None] = {}

    def guard(prefix: tuple[int, ...]) -> bool:
        used = 0
        for column in prefix:
            used |= 1 << column
        if any(c not in costs[r] for r, c in enumerate(prefix)):
            return False
        slack = budget - sum(costs[r][c] for r, c in enumerate(prefix))
        for left in open_sets:
            if used & left:
                continue
            least = least_below.get((used, left), -1)
            if least == -1:
                least = least_below[used, left] = _least_outside(
                    options, columns, used | left, len(prefix)
                )
            if least is not None and least <= slack:
                return True
        return False

    return guard


def _least_outside(
    options: Sequence[Sequence[tuple[int, int]]], columns: int, closed: int, first: int
) -> int | None:
    """The least cost of giving the rows from ``first`` on every column outside the bit
    set ``closed``, one each (:func:`least_assignment_cost`), or None when there is none."""
    narrowed = [[(c, k) for c, k in row if not closed >> c & 1] for row in options[first:]]
    outside = frozenset(c for c in range(columns) if not closed >> c & 1)
    return least_assignment_cost(narrowed, columns, must_cover=outside)
