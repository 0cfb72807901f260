"""1992 Dutch: D2's limit of two exchanges in the lowest bracket refused by a vertex cover
of its conflicts when the Gallai-Edmonds choices run out (C13, D2; #38).

``fit_exchanges.within_exchanges`` asks whether the lowest bracket can be paired with at
most two pairs inside its original S2 (D2).  ``exposed_pairable`` tries at most
``CHOICES`` choices of costly edges; past them it used to leave the answer undecided and
a weighted matching refused it.  A cover of the costly edges whose components A cannot
leave unmatched two at a time refuses it at once, with the same answer as the weighted
matching and as every pair of costly edges tried."""

from __future__ import annotations

import itertools

from pairing.engine.matching import maximum_matching
from pairing.engine.matching.exposed_pairs import CHOICES, exposed_pairable
from pairing.engine.systems.dutch1992.lowest import EXCHANGES, _budget_matching

HUBS = (0, 1)
LEAVES = tuple(range(2, 14))
GATE = 14
"""The one player of A who may meet only the two hubs: one of them is always matched."""
OTHERS = tuple(range(15, 24))


def _graph() -> tuple[list[list[int]], list[list[int]]]:
    """Cheap edges: the gate to both hubs, nine other players of A to every leaf (14
    odd components of D, 10 players of A: 4 left free).  Costly edges: each hub to each
    leaf, 24 of them, over 100 choices of two disjoint ones."""
    cheap: list[list[int]] = [[] for _ in range(24)]
    costly: list[list[int]] = [[] for _ in range(24)]

    def join(edges: list[list[int]], v: int, w: int) -> None:
        edges[v].append(w)
        edges[w].append(v)

    for hub in HUBS:
        join(cheap, GATE, hub)
        for leaf in LEAVES:
            join(costly, hub, leaf)
    for a in OTHERS:
        for leaf in LEAVES:
            join(cheap, a, leaf)
    return cheap, costly


def _every_choice_refused(cheap: list[list[int]], costly: list[list[int]]) -> bool:
    """Whether no perfect matching has at most two costly edges: every choice of at most
    two disjoint costly edges tried, the rest by the cheap edges alone."""
    edges = [(v, w) for v, row in enumerate(costly) for w in row if v < w]
    for count in range(EXCHANGES + 1):
        for chosen in itertools.combinations(edges, count):
            ends = {v for e in chosen for v in e}
            if len(ends) < 2 * count:
                continue
            index = [v for v in range(len(cheap)) if v not in ends]
            where = {v: i for i, v in enumerate(index)}
            rest = [[where[w] for w in cheap[v] if w not in ends] for v in index]
            if all(m != -1 for m in maximum_matching(rest)):
                return False
    return True


def test_d2_limit_refused_past_the_choices_by_a_cover() -> None:
    """Without the cover: None (undecided) after CHOICES choices."""
    cheap, costly = _graph()
    assert len(HUBS) * len(LEAVES) * (len(LEAVES) - 1) > CHOICES
    assert _every_choice_refused(cheap, costly)
    assert _budget_matching(cheap, costly, EXCHANGES) is None
    assert exposed_pairable(cheap, costly, [-1] * len(cheap), EXCHANGES) is False


def test_d2_limit_cover_keeps_a_pairable_graph() -> None:
    """The gate who may meet a leaf too lets both hubs go unmatched: not refused."""
    cheap, costly = _graph()
    cheap[GATE].append(LEAVES[0])
    cheap[LEAVES[0]].append(GATE)
    assert not _every_choice_refused(cheap, costly)
    assert exposed_pairable(cheap, costly, [-1] * len(cheap), EXCHANGES) is not False
