"""The colour conflicts of an S1/S2 division, on bit sets (Dutch A8, B4).

FIDE Handbook C.04.1 (1992 text) B4 lets a bracket's pairing leave at most x colour
preferences unfulfilled; a pair leaves one when both players prefer the same colour.
Here are a division's conflicts by S1 player, the exact test of whether it has a
pairing with none (x = 0) from two bipartite matchings, and a lower bound on the least
number (a feasible dual of the assignment read off one maximum conflict-free matching)
that rules out most divisions without working out the least.
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


def conflict_bound(rows: Sequence[int], conflicts: Sequence[int], must: int = 0) -> int:
    """A lower bound on the least number of colour conflicts of a pairing of S1 into S2
    (Dutch A8, B4), ``len(rows) + 1`` when it finds that S1 cannot be paired at all
    (or not pairing every one of ``must``).

    ``must``: the S2 indices that must be paired, as a bit set.  With them, S2 is read as
    the players S1 may meet and those of ``must``, and as many stand-in S1 players added
    as S1 would leave of it, each of whom may meet every S2 player not in ``must``
    without a conflict: S1 and they pair all of S2 exactly when S1 pairs every one of
    ``must``, at the same cost.

    A maximum matching of the conflict-free pairs costs nothing.  Each player it leaves
    over is then given his fewest conflicts on an alternating path to an S2 player it
    leaves free (:func:`_path_costs`); the least is at least their sum.  Linear
    programming duality: with those path costs as prices of the S1 players, and of
    each matched S2 player that of his mate (0 for one left free), no allowed pair is
    priced above its conflict, so the prices are a feasible dual of the assignment and
    their total, which is that sum, bounds its cost from below.  Without ``must`` it is
    never below the players left over times the cheapest first path of successive
    shortest paths, and often well above it."""
    size = len(rows)
    free = [row & ~conflict for row, conflict in zip(rows, conflicts, strict=True)]
    costly = [row & conflict for row, conflict in zip(rows, conflicts, strict=True)]
    right = 0
    for row in rows:
        right |= row
    if must:
        spare = (right | must).bit_count() - size
        if spare < 0:
            return size + 1
        free += [right & ~must] * spare
        costly += [0] * spare
        right |= must
    return least_paths(free, costly, list(range(len(free))), right, {}, size + 1)


def least_paths(
    free: Sequence[int],
    costly: Sequence[int],
    rows: list[int],
    right: int,
    mate: dict[int, int],
    none: int,
    prices: dict[int, int] | None = None,
) -> int:
    """The bound of :func:`conflict_bound` for the S1 players ``rows`` (indices into
    ``free`` and ``costly``: their conflict-free and conflict partners, bit sets) and the
    S2 players ``right``, grown from the conflict-free matching ``mate`` (S2 player's
    bit to S1 player, changed in place); ``none`` when S1 cannot be paired.  With
    ``enough``, once the bound is known to be above it, a lower bound above it.

    ``prices``, when given, receives the dual whose total the bound is (not when it is
    ``none``): each S1 player's price, 0 for those left out; each S2 player matched is
    priced at minus his mate's, every other at 0 (see :func:`_path_costs`).

    The matching is made maximum by Kuhn's method from each S1 player it leaves over
    (Berge: one that starts no augmenting path never will after other augmentations, so
    any conflict-free matching is a valid start).  An S2 player that a search which
    failed reached leads to no free one until the matching changes, so the next searches
    pass him by (and stand-ins alike fail at once after the first)."""
    row_mate = dict.fromkeys(rows, 0)
    matched = 0
    for low, u in mate.items():
        row_mate[u] = low
        matched |= low
    cell = [matched]

    def augment(u: int, seen: list[int]) -> bool:
        options = free[u] & right & ~seen[0]
        open_ = options & ~cell[0]
        if open_:
            low = open_ & -open_
            cell[0] |= low
            mate[low] = u
            row_mate[u] = low
            return True
        seen[0] |= options
        while options:
            low = options & -options
            options ^= low
            if augment(mate[low], seen):
                mate[low] = u
                row_mate[u] = low
                return True
        return False

    seen = [0]
    pending = 0
    for u in rows:
        if not row_mate[u]:
            if augment(u, seen):
                seen = [0]
            else:
                pending += 1
    if not pending:
        return 0
    return _path_costs(free, costly, rows, row_mate, right & ~cell[0], pending, none, prices)


def _path_costs(
    free: Sequence[int],
    costly: Sequence[int],
    rows: list[int],
    row_mate: dict[int, int],
    columns: int,
    pending: int,
    none: int,
    prices: dict[int, int] | None = None,
) -> int:
    """The sum, over the ``pending`` S1 players of ``rows`` that a maximum conflict-free
    matching (``row_mate``: each one's S2 player as a bit, 0 for none) leaves over, of
    the fewest conflict pairs (``costly``) on an alternating path from him to an S2
    player it leaves free (``columns``); ``none`` when one of them has no such path (then
    S1 cannot be paired at all: Berge).

    Worked out backwards from the free S2 players, level by level: a player reaches a
    level's S2 players by a conflict-free pair (``free``), or the previous level's by a
    conflict pair; an S2 player matched is at his mate's level (the matched pair costs
    nothing).

    ``prices`` receives each player's level (when the sum is not ``none``); those not
    reached when the last player left over is are given the level then reached.  That
    dual is feasible: a player not reached by level l has no conflict-free partner
    below level l and no conflict partner below level l - 1, so his partners' levels,
    and those of the S2 players matched to players not reached, are at least l."""
    open_rows = rows
    found: list[int] = []
    total = 0
    level = 0
    while True:
        reached = columns
        while True:
            for u in found:
                low = row_mate[u]
                if low:
                    columns |= low
                else:
                    total += level
                    pending -= 1
            if not pending:
                if prices is not None:
                    for u in open_rows:
                        prices[u] = level
                return total
            reached |= columns
            if not columns:
                break
            found, rest = [], []
            for u in open_rows:
                if free[u] & columns:
                    found.append(u)
                else:
                    rest.append(u)
            open_rows = rest
            columns = 0
            if not found:
                break
            if prices is not None:
                for u in found:
                    prices[u] = level
        if not reached:
            return none
        level += 1
        found, rest = [], []
        for u in open_rows:
            if costly[u] & reached:
                found.append(u)
            else:
                rest.append(u)
        open_rows = rest
        if prices is not None:
            for u in found:
                prices[u] = level
