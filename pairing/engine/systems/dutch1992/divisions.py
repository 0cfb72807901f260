"""Whether an S1/S2 division can be paired at all, on bit sets (Dutch C8, D2).

FIDE Handbook C.04.1 (1992 text) D2 makes a bracket try its exchanges one after the
other, and each differs from the original division by one or two players of each
subgroup.  :meth:`Feasibility.division_possible` asks of each whether S1 can be paired
into S2, and the S2 players who must be paired into S1, under B1 and B2 alone: two
bipartite matchings.  Here they are worked out on bit sets of positions in the bracket,
for an exchange starting from the matchings of the original division less the pairs of
the players exchanged: a few augmenting paths instead of a new matching.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field

from pairing.engine.systems.dutch1992.bitsets import _positions


@dataclass(slots=True)
class Matching:
    """A matching between two sides of positions (mates both ways) and the bit set of the
    right side's positions that are matched.  Not frozen: the augmenting paths grow it
    in place, on a copy of the original division's."""

    mate: list[int]
    matched: int

    def copy(self) -> Matching:
        return Matching(list(self.mate), self.matched)

    def drop(self, positions: Iterable[int]) -> None:
        """Unmatch these positions (on either side) from their mates."""
        mate = self.mate
        for u in positions:
            v = mate[u]
            if v != -1:
                mate[u] = mate[v] = -1
                self.matched &= ~(1 << u) & ~(1 << v)


def _augment(u: int, rows: Sequence[int], right: int, matching: Matching, seen: list[int]) -> bool:
    """Kuhn's augmenting path from the left position ``u`` into the bit set ``right``
    (``seen[0]``: the right positions already reached)."""
    options = rows[u] & right & ~seen[0]
    free = options & ~matching.matched
    mate = matching.mate
    if free:
        v = (free & -free).bit_length() - 1
        matching.matched |= 1 << v
        mate[u], mate[v] = v, u
        return True
    # Every option is reached from u: a path through one of them found deeper down
    # would also start at u, so none needs to be entered twice (the answer, whether u
    # can be matched, is the same).
    seen[0] |= options
    while options:
        low = options & -options
        options ^= low
        v = low.bit_length() - 1
        if _augment(mate[v], rows, right, matching, seen):
            mate[u], mate[v] = v, u
            return True
    return False


def covers(rows: Sequence[int], left: int, right: int, matching: Matching) -> bool:
    """Whether a matching covers every position of the bit set ``left`` with positions of
    ``right`` (``rows[u]``: the positions u may be matched with), grown from ``matching``
    (changed in place); it stops at the first position that cannot be covered.

    Berge: a left position the matching leaves uncovered is covered by some maximum
    matching exactly when it starts an augmenting path; and one that starts none never
    will after other augmentations (Kuhn), so any matching is a valid start.
    """
    mate = matching.mate
    rest = left
    while rest:
        low = rest & -rest
        rest ^= low
        u = low.bit_length() - 1
        if mate[u] == -1 and not _augment(u, rows, right, matching, [0]):
            return False
    return True


@dataclass(frozen=True, slots=True)
class Base:
    """The two matchings of the original division, grown as far as they go: S1 into S2,
    and the S2 players who must be paired into S1."""

    first: Matching
    required: Matching
    joined: dict[tuple[int, int], bool] = field(default_factory=dict)
    """For players leaving S1 and one player entering it: whether S1 so changed can be
    paired into S2 so changed (:func:`exchange_covers`)."""


def base(rows: Sequence[int], side1: int, side2: int, staying: int) -> Base:
    """The matchings of the original division (``side1``, ``side2``: its bit sets; ``staying``:
    the players who must be paired)."""
    n = len(rows)
    first = Matching([-1] * n, 0)
    required = Matching([-1] * n, 0)
    for u in _positions(side1):
        if first.mate[u] == -1:
            _augment(u, rows, side2, first, [0])
    for u in _positions(staying & side2):
        if required.mate[u] == -1:
            _augment(u, rows, side1, required, [0])
    return Base(first, required)


def each_alone_covers(
    rows: Sequence[int], origin: Base, out_of: int, into: int, original: int
) -> bool:
    """For two players entering S1 (``into``) and those leaving it (``out_of``; ``original``:
    the original S1): whether S1 can be paired into S2 with each of the two entering alone.

    Each alone, with the same players leaving, leaves S1 more to pair with and less to
    pair; when S1 cannot be paired into S2 then, it cannot with both.  Remembered in
    ``origin.joined`` for the other exchanges.
    """
    known = origin.joined
    low = into & -into
    for u in (low.bit_length() - 1, (into ^ low).bit_length() - 1):
        joined = known.get((out_of, u))
        if joined is None:
            everyone = (1 << len(rows)) - 1
            alone = origin.first.copy()
            alone.drop(_positions(out_of | 1 << u))
            joined = known[(out_of, u)] = covers(
                rows,
                original & ~out_of | 1 << u,
                (everyone & ~original | out_of) & ~(1 << u),
                alone,
            )
        if not joined:
            return False
    return True


def exchange_covers(
    rows: Sequence[int], origin: Base, out_of: int, into: int, side1: int, staying: int
) -> bool:
    """Whether the division after an exchange (``out_of``, ``into``: the bit sets of the
    players leaving and entering S1; ``side1``: its S1) pairs S1 into S2 and the S2
    players who must be paired (``staying``) into S1, under ``rows``.

    The same answer as two new matchings: the original division's, less the pairs of
    the players exchanged, are grown (:func:`covers`).
    """
    everyone = (1 << len(rows)) - 1
    side2 = everyone & ~side1
    if into & (into - 1) and not each_alone_covers(
        rows, origin, out_of, into, side1 & ~into | out_of
    ):
        return False
    moving = out_of | into
    first = origin.first.copy()
    first.drop(_positions(moving))
    if not covers(rows, side1, side2, first):
        return False
    required = origin.required.copy()
    required.drop(_positions(moving))
    return covers(rows, staying & side2, side1, required)


def matching_size(rows: Sequence[int]) -> int:
    """The size of a maximum matching of rows ``0..len(rows)-1`` with columns, ``rows[i]``
    being the columns row i may take as a bit set (Kuhn's method on bit sets)."""
    shift = len(rows)
    shifted = [row << shift for row in rows]
    matching = Matching([-1] * (shift + max((row.bit_length() for row in rows), default=0)), 0)
    right = ((1 << len(matching.mate)) - 1) & ~((1 << shift) - 1)
    return sum(1 for u in range(shift) if _augment(u, shifted, right, matching, [0]))
