"""The colour conflicts of an S1/S2 division, on bit sets (Dutch A8, B4).

FIDE Handbook C.04.1 (1992 text) B4 lets a bracket's pairing leave at most x colour
preferences unfulfilled; a pair leaves one when both players prefer the same colour.
Here are a division's conflicts by S1 player and the exact test of whether it has a
pairing with none (x = 0) from two bipartite matchings.
"""

from __future__ import annotations

from collections.abc import Sequence

from pairing.engine.model import Colour
from pairing.engine.systems.dutch1992.bitsets import _bits
from pairing.engine.systems.dutch1992.divisions import matching_size
from pairing.engine.systems.dutch1992.entrants import Entrant


def _options(
    rows: Sequence[int], conflicts: Sequence[int], size: int
) -> list[list[tuple[int, int]]]:
    """For each S1 player the S2 indices he may meet with the colour conflict of each
    (0 or 1), as :func:`lexicographic_assignments` reads them."""
    columns = range(size)
    return [
        [(t, conflict >> t & 1) for t in columns if row >> t & 1]
        for row, conflict in zip(rows, conflicts, strict=True)
    ]


_CLASS = {Colour.WHITE: 0, Colour.BLACK: 1, None: 2}
"""The class of a colour preference as :func:`_colour_class` gives it (Dutch A7, A8)."""


def _conflict_rows(s1: Sequence[Entrant], s2: Sequence[Entrant]) -> list[int]:
    """For each S1 player the S2 indices with whom he has a colour conflict, as a bit set
    (:func:`colour_conflict`: both prefer the same colour, Dutch A8, B4)."""
    white = _bits(t for t, b in enumerate(s2) if b.preference is Colour.WHITE)
    black = _bits(t for t, b in enumerate(s2) if b.preference is Colour.BLACK)
    by_preference = {Colour.WHITE: white, Colour.BLACK: black, None: 0}
    return [by_preference[a.preference] for a in s1]


def pairs_without_conflicts(rows: Sequence[int], conflicts: Sequence[int], must: int) -> bool:
    """Whether S1 can be paired into S2 with no colour conflict (Dutch B4 with x = 0),
    every S2 index in the bit set ``must`` being paired: exactly when the least number
    of conflicts (:func:`least_assignment_cost`) is 0.

    ``rows`` and ``conflicts``: for each S1 player the S2 indices he may meet and those
    with whom he has a colour conflict, as bit sets.  By the theorem of Mendelsohn and
    Dulmage, a bipartite graph with a matching covering all of S1 and one covering
    ``must`` has one covering both: two maximum matchings of the conflict-free pairs
    answer it."""
    free = [row & ~conflict for row, conflict in zip(rows, conflicts, strict=True)]
    if matching_size(free) < len(free):
        return False
    return matching_size([row & must for row in free]) == must.bit_count()


def conflict_bound(rows: Sequence[int], conflicts: Sequence[int]) -> int:
    """A lower bound on the least number of colour conflicts of a pairing of S1 into S2
    (Dutch A8, B4), ``len(rows) + 1`` when S1 cannot be paired at all.

    A maximum matching of the conflict-free pairs is a cheapest matching of its size (it
    costs 0).  Successive shortest augmenting paths from it reach a cheapest pairing of
    all S1, the path costs never decreasing, so the least is at least the number of S1
    players it leaves over times the cost of the first path: the fewest conflict pairs on
    an alternating path from a player left over to an S2 player left free, found level by
    level (every matched pair is conflict-free, so going back along one costs nothing)."""
    size = len(rows)
    free = [row & ~conflict for row, conflict in zip(rows, conflicts, strict=True)]
    mate: dict[int, int] = {}

    def augment(u: int, seen: list[int]) -> bool:
        columns = free[u] & ~seen[0]
        while columns:
            low = columns & -columns
            columns ^= low
            seen[0] |= low
            if low not in mate or augment(mate[low], seen):
                mate[low] = u
                return True
        return False

    left = [u for u in range(size) if not augment(u, [0])]
    if not left:
        return 0
    matched = sum(mate)
    seen = 0
    frontier = left
    cost = 0
    while True:
        reached: list[int] = []
        while frontier:
            reached += frontier
            columns = 0
            for u in frontier:
                columns |= free[u]
            columns &= ~seen
            seen |= columns
            if columns & ~matched:
                return len(left) * cost
            frontier = _mates(columns, mate)
        columns = 0
        for u in reached:
            columns |= rows[u] & conflicts[u]
        columns &= ~seen
        if not columns:
            return size + 1
        cost += 1
        seen |= columns
        if columns & ~matched:
            return len(left) * cost
        frontier = _mates(columns, mate)


def _mates(columns: int, mate: dict[int, int]) -> list[int]:
    """The S1 players matched to the S2 players of the bit set ``columns`` (all matched)."""
    players = []
    while columns:
        low = columns & -columns
        columns ^= low
        players.append(mate[low])
    return players
