"""The lowest bracket's own limit of exchanges in C13's fit (Dutch C13, D2; FIDE Handbook
C.04.1, 1992 text).

C13 takes the penultimate bracket's first pairing in the procedure's order with which the
lowest bracket can be paired completely.  :class:`.c13_fit.LowestFit` asks, for a choice
of S1's partners in one division, whether the players it leaves over can be paired with
the lowest bracket at all (B1, B1b, B2): a perfect matching.  When the lowest bracket is
paired as homogeneous (A3), that is not enough: within D2's two exchanges it can be paired
exactly when some perfect matching of its players (and the bye when they are odd) has at
most two pairs inside its original S2, the last n - n // 2 of its n players in A2 order
(the closed form of the lowest bracket, ``lowest.lowest_pairable``).  The players moved
down rank above every resident (they come from a higher score), so that half is the same
residents whoever moves down, and the test takes it in: a perfect matching of the
division's graph with at most two edges inside that half.  Every good pairing through
the choice gives one (its own pairs, the lowest bracket's pairs), so a choice without one
has no good completion and leaving it out leaves the first good pairing, hence the
pairing of the round, unchanged.

Round 59 of the 150-player, 132-round, seed-2950 event walked over 45,000 pairings of the
penultimate bracket's moved-down players whose remainders the cardinality test passed and
whose lowest brackets all failed this limit (over 60 s; 0.5 s with it).
"""

from __future__ import annotations

from collections.abc import Sequence

from pairing.engine.matching.exposed_pairs import exposed_pairable
from pairing.engine.systems.dutch1992.entrants import Entrant
from pairing.engine.systems.dutch1992.lowest import EXCHANGES, _budget_matching


def lower_half(
    forced: Sequence[Entrant], residents: Sequence[Entrant], leaving: Sequence[Entrant], down: int
) -> list[int] | None:
    """The positions in ``residents`` of the lowest bracket's original S2 (its last
    n - n // 2 players in A2 order, Dutch A6, C4, C5) when ``down`` of ``leaving`` join it
    with the players ``forced`` down; None unless all of those rank above every resident
    and the half holds residents only (then this does not decide it)."""
    if not residents:
        return None
    first = min(e.key for e in residents)
    if any(e.key >= first for e in (*forced, *leaving)):
        return None
    size = down + len(forced) + len(residents)
    half = size - size // 2
    if half > len(residents):
        return None
    order = sorted(range(len(residents)), key=lambda r: residents[r].key)
    return order[len(order) - half :]


Parts = tuple[list[list[int]], list[list[int]]]
"""A graph's edges split into those not inside a set of vertices and those inside it."""


def inside_parts(graph: Sequence[Sequence[int]], inside: frozenset[int]) -> Parts:
    """The edges of ``graph`` not between two vertices of ``inside`` and those between
    two (the cheap and the costly edges of :func:`within_exchanges`)."""
    cheap: list[list[int]] = [[] for _ in graph]
    costly: list[list[int]] = [[] for _ in graph]
    for v, row in enumerate(graph):
        if v in inside:
            for w in row:
                (costly if w in inside else cheap)[v].append(w)
        else:
            cheap[v].extend(row)
    return cheap, costly


def within_exchanges(
    graph: Sequence[Sequence[int]],
    alive: Sequence[bool],
    mate: list[int],
    inside: frozenset[int],
    parts: Parts | None = None,
) -> list[int] | None:
    """A perfect matching of the ``alive`` vertices of ``graph`` with at most two edges
    between vertices of ``inside`` (D2), or None when there is none.

    ``mate`` is a perfect matching of them already (the cardinality test passed): when it
    keeps the limit it is the answer, else the exact test of the lowest bracket's closed
    form decides (``lowest._budget_matching``) on the graph of the alive vertices.  The
    answer keeps ``mate``'s pairs of the vertices not alive.  ``parts``: the graph's
    :func:`inside_parts`, when the caller keeps them.

    Most choices that get that far are refused, each by a weighted matching (round 48
    of the 150-player, 115-round, seed-7062 event: 715 of 814, 0.7 of its 1.1 s).  The
    Gallai-Edmonds test (:func:`exposed_pairable`, grown from ``mate``'s cheap pairs)
    refuses them first, exactly, with searches of the unweighted matching (0.58 s);
    what it accepts or leaves undecided goes on to the weighted test as before, so the
    matchings found, and the search's later shortcuts, are the same."""
    if sum(1 for v in inside if v < mate[v] and mate[v] in inside) <= EXCHANGES:
        return mate
    cheap, costly = inside_parts(graph, inside) if parts is None else parts
    start = [
        w if alive[v] and not (v in inside and w in inside) else -1 for v, w in enumerate(mate)
    ]
    pairing: list[int] = []
    answer = exposed_pairable(cheap, costly, start, EXCHANGES, alive, pairing)
    if answer is False:
        return None
    if answer:
        return [pairing[v] if alive[v] else w for v, w in enumerate(mate)]
    index = [v for v in range(len(graph)) if alive[v]]
    where = {v: i for i, v in enumerate(index)}
    found = _budget_matching(
        [[where[w] for w in cheap[v] if alive[w]] for v in index],
        [[where[w] for w in costly[v] if alive[w]] for v in index],
        EXCHANGES,
    )
    if found is None:
        return None
    result = list(mate)
    for i, v in enumerate(index):
        result[v] = index[found[i]]
    return result
