"""A necessary condition on the players Dutch C13 (FIDE Handbook C.04.1, 1992 text) keeps
up in the penultimate bracket, checked before each of its sub-searches (used by
``procedure.Search.c13``)."""

from __future__ import annotations

from collections.abc import Callable

from pairing.engine.matching import complete_matching
from pairing.engine.systems.dutch1992.brackets import Accepted, Bracket
from pairing.engine.systems.dutch1992.entrants import compatible


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
