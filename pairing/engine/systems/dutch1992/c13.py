"""A necessary condition on the players Dutch C13 (FIDE Handbook C.04.1, 1992 text) keeps
up in the penultimate bracket, checked before each of its sub-searches (used by
``procedure.Search.c13``)."""

from __future__ import annotations

from collections.abc import Callable

from pairing.engine.matching import complete_matching
from pairing.engine.matching.primal_dual import max_weight_matching
from pairing.engine.systems.dutch1992.brackets import Accepted, Bracket
from pairing.engine.systems.dutch1992.entrants import compatible
from pairing.engine.systems.dutch1992.lowest import EXCHANGES


def c13_feasible(previous: Accepted, lowest: Bracket) -> Callable[[frozenset[int]], bool]:
    """A necessary condition for C13 to succeed while keeping given players up.

    Whatever candidate the penultimate bracket takes, its pairs and the lowest
    bracket's pairs (with the players moved down) together pair everyone of the two
    brackets under B1 and B2, but for one bye when their number is odd.  A player the
    candidate keeps in the penultimate bracket is paired there, so never with a
    resident of the lowest bracket or a player forced down.  If no such matching
    exists, no candidate keeping those players can let the lowest bracket be paired.

    The graph of B1 and B2 is built once; keeping players up only takes away their
    edges into the lowest bracket.  So a perfect matching found for one set kept up
    answers every other set that it pairs with the lowest bracket none of: the sets of
    players each matching found pairs there are remembered, and a set kept up that
    avoids one of them is answered without a search.  Otherwise Edmonds' search starts
    from the last perfect matching found, less the pairs it may no longer use (Berge:
    the answer does not depend on the start).
    """
    upper = previous.bracket.players
    everyone = (*upper, *previous.forced_down, *lowest.residents)
    first_low = len(upper)
    end_low = len(everyone)
    size = end_low + end_low % 2  # with the bye, a vertex any player may meet
    graph: list[list[int]] = [[] for _ in range(size)]
    for i in range(end_low):
        for j in range(i + 1, end_low):
            if compatible(everyone[i], everyone[j]):
                graph[i].append(j)
                graph[j].append(i)
    if end_low % 2:
        graph[-1] = list(range(end_low))
        for row in graph[:-1]:
            row.append(end_low)

    answers: dict[frozenset[int], bool] = {}
    witnesses: list[frozenset[int]] = []
    """For each perfect matching found, the players of the penultimate bracket it pairs
    with the lowest bracket's."""
    last = [-1] * size
    alive = [True] * size

    def feasible(keep: frozenset[int]) -> bool:
        nonlocal last
        kept = frozenset(i for i, p in enumerate(upper) if p.number in keep)
        if kept in answers:
            return answers[kept]
        if any(not (kept & down) for down in witnesses):
            answers[kept] = True
            return True
        adjacent = [
            [j for j in row if not first_low <= j < end_low]
            if i in kept
            else [j for j in row if j not in kept]
            if first_low <= i < end_low
            else row
            for i, row in enumerate(graph)
        ]
        mate = list(last)
        for i in kept:
            if first_low <= mate[i] < end_low:
                mate[mate[i]] = mate[i] = -1
        answers[kept] = complete_matching(adjacent, mate, alive, greedy=True)
        if answers[kept]:
            last = mate
            witnesses.append(
                frozenset(i for i in range(first_low) if first_low <= mate[i] < end_low)
            )
        return answers[kept]

    return feasible


MATCHINGS = 1
"""The weighted matchings :func:`c13_within_exchanges` works out for one C13 search at
most: the first, for the players kept up from the start, refused C13's whole search in
round 80 of the 150-player seed-2032 event (11-13 s to 0.1 s), and further ones refused
nothing in round 57 and cost 0.3 s in round 60 (13 ms or more each)."""


def c13_within_exchanges(
    previous: Accepted, lowest: Bracket, least_down: int
) -> Callable[[frozenset[int]], bool]:
    """A stronger necessary condition for C13 to succeed while keeping given players up,
    for a search in which no good candidate moves fewer than ``least_down`` players down
    (Dutch C13, C14, D2; with the lowest bracket judged by its closed form, ``lowest``).

    A good candidate moves c >= least_down players down (c of the parity of the
    penultimate bracket's size), so it pairs p <= p_max = (n - c_min) // 2 pairs there.
    When that bracket is paired as homogeneous, every pairing of every division at p
    within D2's two exchanges has at most two pairs inside the players after the first p
    (``lowest.within_exchanges``), hence at most two inside those after the first p_max.
    When the lowest bracket with c_min moved down is paired as homogeneous with the
    players moved down all in its S1, it can be paired only with at most two pairs inside
    its last ceil((m + c_min) / 2) players (``lowest``'s closed form); with more moved
    down it is still homogeneous and that half only grows.  So the two pairings together
    are a perfect matching of both brackets as in :func:`c13_feasible` (the bye joined
    only to those of the lowest bracket who may have it, B1b) with at most four pairs
    inside those two sets: when even the one with the fewest (a weighted matching) has
    more, no candidate keeping those players up is good.  A matching found answers, as
    in :func:`c13_feasible`, every set kept up that it pairs with the lowest bracket
    none of.  At most :data:`MATCHINGS` are worked out for one search; after them the
    condition refuses no more (any part of a necessary condition is one): it refuses
    whole searches at their first sub-searches, or seldom.
    """
    upper = previous.bracket.players
    forced = previous.forced_down
    residents = sorted(lowest.residents, key=lambda e: e.key)
    count = least_down + (least_down - len(upper)) % 2
    if not upper or not residents or count > len(upper):
        return lambda keep: True
    everyone = (*upper, *forced, *residents)
    first_low = len(upper)
    end_low = len(everyone)
    size = end_low + end_low % 2
    inside = [False] * end_low
    above = sum(1 for p in upper if p.score > previous.bracket.score)
    if not above or 2 * above >= len(upper):  # paired as homogeneous (A3)
        for i in range((len(upper) - count) // 2, len(upper)):
            inside[i] = True
    low_score = min(p.score for p in residents)
    n = len(forced) + len(residents) + count
    high = len(forced) + count + sum(1 for p in residents if p.score > low_score)
    if (
        all(p.score > low_score and p.key < residents[0].key for p in (*upper, *forced))
        and len(forced) + count <= n // 2
        and 2 * high >= n
    ):
        for i in range(end_low - (n - n // 2), end_low):
            inside[i] = True
    heavy = size + 2
    weights: dict[tuple[int, int], int] = {}
    for i in range(end_low):
        for j in range(i + 1, end_low):
            if compatible(everyone[i], everyone[j]):
                same_side = (j < first_low) == (i < first_low)
                costly = inside[i] and inside[j] and same_side
                weights[(i, j)] = heavy - 1 if costly else heavy
        if end_low % 2 and everyone[i].bye_allowed:
            weights[(i, end_low)] = heavy

    answers: dict[frozenset[int], bool] = {}
    witnesses: list[frozenset[int]] = []
    refused = [0]

    def feasible(keep: frozenset[int]) -> bool:
        kept = frozenset(i for i, p in enumerate(upper) if p.number in keep)
        if kept in answers:
            return answers[kept]
        if any(not (kept & down) for down in witnesses):
            answers[kept] = True
            return True
        if len(witnesses) + refused[0] >= MATCHINGS:
            return True
        allowed = {e: w for e, w in weights.items() if e[0] not in kept or e[1] < first_low}
        mate = max_weight_matching(range(size), allowed)
        costly = sum(1 for v, w in mate.items() if v < w and allowed[(v, w)] < heavy)
        answers[kept] = len(mate) == size and costly <= 2 * EXCHANGES
        if answers[kept]:
            witnesses.append(frozenset(i for i in range(first_low) if first_low <= mate[i]))
        else:
            refused[0] += 1
        return answers[kept]

    return feasible
