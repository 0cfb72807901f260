"""A lower bound on the colour conflicts of a heterogeneous bracket's remainder (Dutch A8,
B4, C10).

FIDE Handbook C.04.1 (1992 text): the remainder of a heterogeneous level pairs its
players within its own x (A8, less j, plus the C11 step k), each pair of players who
prefer the same colour one conflict (B4).  The colour counts alone allow that many; a
player whose every possible opponent in the remainder prefers his own colour adds a
pair of his colour, and with it more pairs of the other colour.  In round 56 of the
150-player, 124-round, seed-10003 event thousands of pairings of a 14-player S1 leave
a lowest S2 player who may only meet players of his own colour preference (the others
taken by S1): each such remainder is refuted here by counting, before a matching is
searched.
"""

from __future__ import annotations

from collections.abc import Sequence

from pairing.engine.systems.dutch1992.bitsets import _positions


def conflicts_at_least(
    rest: int,
    cheap: Sequence[int],
    whites: int,
    blacks: int,
    leaving: int,
    spare: int,
) -> int:
    """At most as many colour conflicts as any pairing of the players ``rest`` (a bit set)
    that pairs all of them except ``spare`` players of ``leaving`` (Dutch A8, B4, C10).

    ``cheap[t]``: the players t may meet without a colour conflict (bit sets);
    ``whites``, ``blacks``: the players who prefer white, black.  A player of ``rest``
    with no such opponent in ``rest``, who cannot be left over either (not in
    ``leaving``, or ``spare`` is 0), is paired with a player of his own preference: with
    ``a`` pairs of two white-preferring players and ``c`` of two black-preferring ones,
    at least half such whites (rounded up) for ``a`` and half such blacks for ``c``.  The
    other whites and blacks meet each other or a player without a preference or are
    left over, so the whites and blacks outside those pairs differ by at most the
    number of players without a preference and those left over; each pair of one colour
    added closes that gap by two.  When no such pairing exists the bound says nothing.
    """
    w = (rest & whites).bit_count()
    b = (rest & blacks).bit_count()
    free = rest.bit_count() - w - b + spare
    stuck = rest & (whites | blacks)
    if spare:
        stuck &= ~leaving
    lonely_w = lonely_b = 0
    for t in _positions(stuck):
        if not cheap[t] & rest:
            if whites >> t & 1:
                lonely_w += 1
            else:
                lonely_b += 1
    a = (lonely_w + 1) // 2
    c = (lonely_b + 1) // 2
    gap = abs((w - 2 * a) - (b - 2 * c))
    return a + c + max(0, (gap - free + 1) // 2)


def pairs_within(
    rest: int,
    cheap: Sequence[int],
    costly: Sequence[int],
    colours: tuple[int, int, int],
    spare: int,
    budget: int,
    failed: dict[tuple[int, int], int],
) -> bool:
    """Whether the players ``rest`` (a bit set) have a pairing within ``budget`` colour
    conflicts that leaves over exactly ``spare`` of them, all of ``leaving`` (Dutch A8,
    B4, C10).

    ``cheap[t]`` and ``costly[t]``: the players t may meet without and with a colour
    conflict; ``colours``: the players who prefer white, those who prefer black, and
    ``leaving`` (bit sets).  The lowest player open is left over or paired in turn, an
    opponent without a conflict first, so that a pairing is found at once where there is
    one; each open set is first put to the colour counts (:func:`conflicts_at_least`
    without its players who may only meet their own colour).  ``failed``: the open sets
    and counts still to leave over known to need more conflicts than a budget (the
    largest one), kept by the caller for the same players from call to call.
    """
    whites, blacks, leaving = colours

    def within(open_: int, left: int, allowed: int) -> bool:
        if not open_:
            return not left
        if failed.get((open_, left), -1) >= allowed:
            return False
        w = (open_ & whites).bit_count()
        b = (open_ & blacks).bit_count()
        free = open_.bit_count() - w - b + left
        if (abs(w - b) - free + 1) // 2 <= allowed:
            low = open_ & -open_
            t = low.bit_length() - 1
            others = open_ ^ low
            partners = cheap[t] & others
            while partners:
                bit = partners & -partners
                partners ^= bit
                if within(others ^ bit, left, allowed):
                    return True
            if left and leaving & low and within(others, left - 1, allowed):
                return True
            partners = costly[t] & others if allowed else 0
            while partners:
                bit = partners & -partners
                partners ^= bit
                if within(others ^ bit, left, allowed - 1):
                    return True
        failed[(open_, left)] = max(failed.get((open_, left), -1), allowed)
        return False

    return within(rest, spare, budget)
