"""What Dutch C12 (FIDE Handbook C.04.1, 1992 text) can never do, found before its
search: the players of the previous bracket it can never move down, and a necessary
condition on the players it keeps up (used by ``procedure.Search.c12``)."""

from __future__ import annotations

from collections.abc import Callable

from pairing.engine.matching import (
    bipartite_matching,
    bipartite_matching_size,
    complete_matching,
    maximum_matching,
)
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

    The answers are read from those given before: keeping more players up only takes
    players away from the matching and edges away from the covering, so a set kept up
    holding one that failed fails, and when neither matching found before with fewer
    kept up used a player now kept up (the first matched none of them, the covering
    matched none of them to a resident), both are matchings with these too.  Otherwise
    the covering is grown from the last one found, less its pairs that are no longer
    allowed (Berge: a perfect matching exists exactly when no free vertex starts an
    augmenting path).  C12's sub-searches ask it once each, hundreds of times a round
    (round 65 of the 150-player, 127-round, seed-2796 event: 250 times, 0.04 s before).
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

    size_all = len(everyone) + spare
    base: list[list[int]] = [[] for _ in range(size_all)]
    for i, j in pairs:
        base[i].append(j)
        base[j].append(i)
    impossible: list[frozenset[int]] = []
    shown: list[tuple[frozenset[int], frozenset[int]]] = []
    last: list[list[int]] = []

    def feasible(keep: frozenset[int]) -> bool:
        if not possible:
            return False
        kept = frozenset(i for i, p in enumerate(upper) if p.number in keep)
        if any(fewer <= kept for fewer in impossible):
            return False
        if any(used.isdisjoint(kept) and down.isdisjoint(kept) for used, down in shown):
            return True
        answer = _feasible(kept)
        if answer is None:
            impossible.append(kept)
            return False
        shown.append(answer)
        return True

    def _feasible(kept: frozenset[int]) -> tuple[frozenset[int], frozenset[int]] | None:
        # The two matchings, or None; else the players of ``upper`` the first matched
        # to a resident and those the covering matched to one.
        free = [i for i in range(len(upper)) if i not in kept]
        mates = bipartite_matching(
            forced_reach + [reach[len(forced) + i] for i in free], len(bracket.residents)
        )
        if sum(1 for mate in mates if mate != -1) < size:
            return None
        # The graph without the kept players' pairs with residents; the covering grown
        # from the last one found, those pairs taken out of it.
        adjacent = list(base)
        touched: set[int] = set()
        for i in kept:
            adjacent[i] = [j for j in base[i] if j < first]
            touched.update(j for j in base[i] if j >= first)
        for j in touched:
            adjacent[j] = [w for w in base[j] if w not in kept]
        if last:
            mate = last[-1].copy()
            for i in kept:
                if mate[i] >= first:
                    mate[mate[i]] = mate[i] = -1
            if not complete_matching(adjacent, mate, [True] * size_all):
                return None
        else:
            mate = maximum_matching(adjacent)
            if any(m == -1 for m in mate):
                return None
        last[:] = [mate]
        used = frozenset(free[row - len(forced)] for row in mates if row >= len(forced))
        return used, frozenset(i for i in range(len(upper)) if mate[i] >= first)

    return feasible
