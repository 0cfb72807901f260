"""What Dutch C12 (FIDE Handbook C.04.1, 1992 text) can never do, found before its
search: the players of the previous bracket it can never move down, and a necessary
condition on the players it keeps up (used by ``procedure.Search.c12``)."""

from __future__ import annotations

from collections.abc import Callable

from pairing.engine.matching import bipartite_matching_size, maximum_matching
from pairing.engine.systems.dutch1992.brackets import Accepted, Bracket
from pairing.engine.systems.dutch1992.entrants import compatible


def c12_kept_up(previous: Accepted, bracket: Bracket) -> frozenset[int]:
    """Players of the previous bracket who can meet none of this bracket's residents
    (B1, B2): C12 can never move them down (Dutch C12)."""
    return frozenset(
        a.number
        for a in previous.bracket.players
        if not any(compatible(a, r) for r in bracket.residents)
    )


def c12_feasible(previous: Accepted, bracket: Bracket) -> Callable[[frozenset[int]], bool]:
    """A necessary condition for C12 to succeed while keeping given players up.

    Whatever candidate the previous bracket takes, its pairs and a matching of the
    players it moves down (with those forced down by C1) into this bracket's residents
    together cover all of them under B1 and B2, and a player kept up is never matched
    to a resident.  Such a covering exists exactly when the graph with the residents
    also joined to one another (and one spare vertex joined to the residents when the
    count is odd) has a perfect matching: residents left over pair off among
    themselves.

    Before it, a count: the players moved down are as many as those moved into this
    bracket before, each meeting his own resident, and the players forced down (C1) are
    always among them.  So the forced players and the others not kept up must have a
    matching into the residents covering the forced players and of at least that size
    (the sets of players such matchings cover are a matroid's: one covering the forced
    players grows into a largest one).  With more players moved down than there are
    residents, or a forced player who can meet none of them, no candidate is good.
    """
    upper = previous.bracket.players
    size = len(bracket.moved_in)
    forced = previous.forced_down
    reach = [
        [j for j, r in enumerate(bracket.residents) if compatible(a, r)] for a in (*forced, *upper)
    ]
    forced_reach = reach[: len(forced)]
    possible = size <= len(bracket.residents) and bipartite_matching_size(
        forced_reach, len(bracket.residents)
    ) == len(forced)
    covered = (*upper, *previous.forced_down)
    residents = bracket.residents
    everyone = (*covered, *residents)
    first = len(covered)
    spare = len(everyone) % 2
    pairs = [
        (i, j)
        for i in range(first)
        for j in range(i + 1, len(everyone))
        if (j < len(upper) or j >= first) and compatible(everyone[i], everyone[j])
    ]
    pairs += [(i, j) for i in range(first, len(everyone)) for j in range(i + 1, len(everyone))]
    if spare:
        pairs += [(i, len(everyone)) for i in range(first, len(everyone))]

    def feasible(keep: frozenset[int]) -> bool:
        if not possible:
            return False
        rows = forced_reach + [
            reach[len(forced) + i] for i, p in enumerate(upper) if p.number not in keep
        ]
        if bipartite_matching_size(rows, len(bracket.residents)) < size:
            return False
        kept = {i for i, p in enumerate(upper) if p.number in keep}
        adjacent: list[list[int]] = [[] for _ in range(len(everyone) + spare)]
        for i, j in pairs:
            if i in kept and j >= first:
                continue
            adjacent[i].append(j)
            adjacent[j].append(i)
        return all(mate != -1 for mate in maximum_matching(adjacent))

    return feasible
