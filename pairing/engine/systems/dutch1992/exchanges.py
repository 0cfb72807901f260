"""The orders of transpositions and exchanges (Dutch D1, D2).

FIDE Handbook C.04.1 (1992 text) D1, the order in which S2 is transposed, and D2, the
order in which players are exchanged between S1 and S2, with the S1 each exchange gives
and a Hall's-condition test that lets the search pass over exchanges that cannot help.
"""

from __future__ import annotations

import functools
import itertools
from collections.abc import Iterator, Sequence

from pairing.engine.matching import bipartite_matching
from pairing.engine.systems.dutch1992.entrants import Entrant


def transposition_order(s2: Sequence[int]) -> Iterator[tuple[int, ...]]:
    """Every order of S2 in the priority of Dutch D1: ascending as numbers ("5-6-7-8" first).

    Reading of Dutch D1: only the first p players of S2 meet S1, so orders that agree on
    them give one and the same pairing.  The search (``LevelSearch.assignments``) visits
    the pairings in this order without listing the orders.
    """
    yield from itertools.permutations(sorted(s2))


def exchange_order(n: int, p: int) -> Iterator[tuple[tuple[int, ...], tuple[int, ...]]]:
    """Exchanges between S1 (positions 1..p) and S2 (p+1..n) in the order of Dutch D2.

    Yields ``(out_of_s1, into_s1)`` as 1-based positions.

    Reading of Dutch D2: exchanges of one player come before those of two, and none of
    three or more is made (the text has none).  All S1 players but the highest may be
    exchanged (all of them in an odd bracket, whose S1 is one player short: the Remark
    lowers every number by one), and all S2 players but the lowest.  The order is by the
    difference between the sums of the numbers exchanged, then by the S1 players
    exchanged, compared from the lowest up, then by the S2 players, compared from the
    highest down (4+5 with 6+9 before 4+5 with 7+8; the text says nothing there, and we
    mirror its S1 rule: nearest the other subgroup first).  In an odd bracket the two
    highest S1 players are never exchanged together (the Remark's column that no longer
    applies).  With n = 8 this gives the text's matrices a-i and j-r; with n = 7 the same
    lowered by one, without the column 2+3 (now 1+2).  Read run by run
    (:func:`exchange_runs`).
    """
    for _, out, _, group in exchange_runs(n, p):
        for into in group:
            yield out, into


ExchangeRun = tuple[int, tuple[int, ...], int, tuple[tuple[int, ...], ...]]
"""A run of :func:`exchange_runs`: the index in D2 order of its first exchange, the
players leaving S1, the sum of the numbers entering it and the sets entering it."""


def exchange_runs(n: int, p: int) -> Iterator[ExchangeRun]:
    """:func:`exchange_order` in runs of exchanges with the same players leaving S1 and
    the same sum of numbers entering it, consecutive in D2 order: each run's players
    entering are one tuple for each count and sum, shared by every run with those.
    A reader passing over whole runs (by the players leaving, or by those entering)
    skips them without reading their exchanges one by one (Dutch D2)."""
    if p == 0 or n - p == 0:
        return
    odd = n - p > p
    s1 = list(range(1, p + 1)) if odd else list(range(2, p + 1))
    s2 = list(range(p + 1, n))
    start = 0
    for size in (1, 2):
        outs = list(itertools.combinations(s1, size))
        if size == 2 and odd and len(s1) >= 2:
            outs = [c for c in outs if c != (s1[0], s1[1])]
        ins = list(itertools.combinations(s2, size))
        if not outs or not ins:
            continue
        outs.sort(key=lambda c: tuple(-v for v in reversed(c)))
        by_sum: dict[int, list[tuple[int, ...]]] = {}
        for c in ins:
            by_sum.setdefault(sum(c), []).append(c)
        groups = {
            total: tuple(sorted(group))  # equal sums: the highest S2 players (nearest S1) first
            for total, group in by_sum.items()
        }
        low = min(groups) - max(sum(c) for c in outs)
        high = max(groups) - min(sum(c) for c in outs)
        for difference in range(low, high + 1):
            for out in outs:
                total = sum(out) + difference
                group = groups.get(total)
                if group is not None:
                    yield start, out, total, group
                    start += len(group)


def _exchanged_s1(p: int, out_of: tuple[int, ...], into: tuple[int, ...]) -> tuple[int, ...]:
    """S1 after an exchange of D2 (1-based positions leaving and entering it), as 0-based
    positions in the bracket (Dutch A9b, D2)."""
    return tuple([i for i in range(p) if i + 1 not in out_of] + [i - 1 for i in into])


def _exchanged(
    players: Sequence[Entrant], p: int, out_of: tuple[int, ...], into: tuple[int, ...]
) -> tuple[list[Entrant], list[Entrant]]:
    """S1 and S2 after an exchange of D2 (1-based positions leaving and entering S1, each
    ascending), both in bracket order, as ``brackets.exchange`` gives them (Dutch A9b,
    D2): the players leaving S1 come before all of S2, those entering after all of S1."""
    s1 = list(players[:p])
    for i in reversed(out_of):
        del s1[i - 1]
    s2 = [players[i - 1] for i in out_of]
    s2 += players[p:]
    for j in reversed(into):
        s1.insert(p - len(out_of), players[j - 1])
        del s2[len(out_of) + j - p - 1]
    return s1, s2


@functools.cache
def _division_sides(n: int, p: int) -> tuple[tuple[int, ...], ...]:
    """The S1 of a group of n players paired with p pairs: the original and after each
    exchange of D2, in that order, as 0-based positions (Dutch A6, D2).  Only asked for
    small groups (:data:`LEFTOVER_CHECK`): larger ones have too many exchanges to keep."""
    return (tuple(range(p)), *(_exchanged_s1(p, *exchange) for exchange in exchange_order(n, p)))


def _swap(
    players: Sequence[Entrant], s1: Sequence[Entrant], s2: Sequence[Entrant], p: int
) -> tuple[tuple[Entrant, ...], tuple[Entrant, ...]]:
    """The players an exchange moved: out of S1 and into S1, in A2 order (Dutch D2)."""
    first = set(players[:p])
    return (
        tuple(e for e in players if e in first and e in s2),
        tuple(e for e in players if e not in first and e in s1),
    )


def _hall_violator(partners: Sequence[int], p: int) -> int:
    """S1 players (positions 0..p-1, as a bitmask) with fewer partners in S2 than players.

    ``partners[i]`` is player i's partners as a bitmask of positions.  Empty when S1 can
    be paired into S2.  Otherwise, by König's theorem, the S1 players reachable from
    those a maximum matching leaves unpaired by alternating paths: their partners in S2
    are all paired, to players of the set, so there are fewer of them (Hall's condition
    fails for the set).
    """
    n = len(partners)
    rows = [[j - p for j in range(p, n) if partners[i] >> j & 1] for i in range(p)]
    mate_of_column = bipartite_matching(rows, n - p)
    paired = {i for i in mate_of_column if i != -1}
    stack = [i for i in range(p) if i not in paired]
    reached = 0
    while stack:
        i = stack.pop()
        if reached >> i & 1:
            continue
        reached |= 1 << i
        for j in rows[i]:
            mate = mate_of_column[j]
            if mate != -1 and not reached >> mate & 1:
                stack.append(mate)
    return reached
