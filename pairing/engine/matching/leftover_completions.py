"""The cheapest completion of a prefix leaving one set of columns over, kept warm along
the search's path for the guard of
:func:`~pairing.engine.matching.assignment.lexicographic_assignments` (#38).

The guard (:class:`~.leftovers.LeftoverGuard`) asks, for a prefix and a set ``L`` of
columns still open, whether the rows after the prefix can take every column outside
``L`` and the prefix within the budget left.  From nothing that is a least-cost
assignment for each prefix and set (2,975 of them, each built whole, in the 150-player
round 54 of seed 2753, whose heterogeneous head in the 1992 Dutch C6/C7 pairs S1 into
S2 with the remainder's sets left over).  Here each set keeps one minimum-cost
transportation with its potentials (:class:`~.assignment_network.AssignmentNetwork`;
Ahuja, Magnanti and Orlin, *Network Flows*, 1993, ch. 9) with the rows of the last
prefix asked forced onto their columns: a new prefix goes back to the longest prefix it
shares with that one and forces its rows from there, one shortest-path search each (or
none, when the edge's reduced cost already exceeds the budget).  The search asks the
prefixes depth first, so a prefix usually costs one forced row.
"""

from __future__ import annotations

from collections.abc import Sequence

from .assignment_network import AssignmentNetwork

State = tuple[list[int], list[int], list[int], int, int]
"""An :meth:`AssignmentNetwork.snapshot`."""


class LeftoverCompletion:
    """Whether a prefix has a completion within the budget leaving exactly the set
    ``left`` over (bit set), answered on one network kept along the prefixes asked.

    The network gives every row a column outside ``left`` and must cover each of them,
    so the sink holds exactly ``left``.  Forcing a prefix's rows one at a time
    (:meth:`AssignmentNetwork.force`) keeps it of minimum cost, so its total is the cost
    of the prefix plus the least cost of the rows after it on the columns outside both;
    a force over the budget ends the question (forcing more rows never costs less)."""

    def __init__(
        self,
        options: Sequence[Sequence[tuple[int, int]]],
        columns: int,
        left: int,
        budget: int,
    ) -> None:
        narrowed = [[(c, k) for c, k in row if not left >> c & 1] for row in options]
        outside = frozenset(c for c in range(columns) if not left >> c & 1)
        self.net = AssignmentNetwork(narrowed, columns, outside)
        self.feasible = self.net.initialise(free_first=True) and self.net.total <= budget
        self.budget = budget
        self.path: list[tuple[int, State]] = []
        """The columns forced on the rows of the last prefix asked, in order, each with
        the network's state before it was forced."""

    def within(self, prefix: Sequence[int]) -> bool:
        """Whether some assignment taking ``prefix`` on its first rows (distinct columns,
        none in ``left``, each an option of its row) and leaving ``left`` over costs at
        most the budget."""
        if not self.feasible:
            return False
        net, path = self.net, self.path
        shared = 0
        limit = min(len(path), len(prefix))
        while shared < limit and path[shared][0] == prefix[shared]:
            shared += 1
        if shared < len(path):
            net.undo_forced(
                path[shared][1], [(row, path[row][0]) for row in range(shared, len(path))]
            )
            del path[shared:]
        for row in range(shared, len(prefix)):
            column = prefix[row]
            state = net.snapshot()
            if not net.force(row, column, self.budget):
                return False
            path.append((column, state))
        return net.total <= self.budget
