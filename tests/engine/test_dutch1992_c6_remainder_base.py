"""1992 Dutch C6, C7, C10: the graph of a heterogeneous bracket's S1, S2 and the players
its remainder leaves over (``remainder._RemainderGraph``, #38) is built on a part shared
by the players who may not leave.

C12 and C13's sub-searches ask the same division again with other players kept up, so
with other S2 players who may not be left over; only the edges to the players left over
differ.  Held here to the graph built pair by pair, on the late rounds of random near
round robins, and the part is shared: fewer parts than graphs.
"""

from __future__ import annotations

from collections.abc import Sequence

import pytest

from pairing.engine.matching import complete_matching
from pairing.engine.systems.dutch1992.criteria import FloatRules, colour_conflict, pair_allowed
from pairing.engine.systems.dutch1992.entrants import Entrant, entrants
from pairing.engine.systems.dutch1992.feasibility import Feasibility
from pairing.engine.systems.dutch1992.procedure import Search
from pairing.engine.systems.dutch1992.remainder import _RemainderGraph
from tests.engine.dutch1992_late import late_states, run_search

EVENTS = ((20, 17, 7), (30, 26, 13), (24, 21, 2031), (26, 23, 5), (22, 20, 11))
"""Players, rounds and seed of the random events: near round robins, where C13 works."""


def _pairwise(
    s1: Sequence[Entrant],
    s2: Sequence[Entrant],
    rules: FloatRules,
    moved: frozenset[int],
    p_r: int,
    stay: frozenset[int],
    free: tuple[bool, bool] = (False, False),
) -> list[list[int]]:
    """The graph asked pair by pair: S1 to S2 by the head's rules, S2 to S2 by B1 and B2
    with B5 and B6 dropped for downfloats, one vertex per player left over joined to the
    S2 players not in ``stay``; without the pairs with a colour conflict between S1 and
    S2 (``free[0]``) and within S2 (``free[1]``), Dutch A8, B4."""
    head, q = len(s1), len(s2)
    size = head + q + max(0, q - head - 2 * p_r)
    loosest = FloatRules(down=2, up=rules.up)
    graph: list[list[int]] = [[] for _ in range(size)]
    for i, a in enumerate(s1):
        for t, b in enumerate(s2):
            if pair_allowed(a, b, rules, moved) and not (free[0] and colour_conflict(a, b)):
                graph[i].append(head + t)
                graph[head + t].append(i)
    for t, b in enumerate(s2):
        for u in range(t + 1, q):
            if pair_allowed(b, s2[u], loosest, moved) and not (
                free[1] and colour_conflict(b, s2[u])
            ):
                graph[head + t].append(head + u)
                graph[head + u].append(head + t)
        if t not in stay:
            for leaver in range(head + q, size):
                graph[head + t].append(leaver)
                graph[leaver].append(head + t)
    return graph


def test_dutch1992_c6_remainder_graph_shares_its_pairs_across_players_staying(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Dutch C6, C7, C10 (B1, B2, B5, B6): every remainder graph is the one asked pair by
    pair, row for row, with which S2 players may meet; and the graphs of one division
    with other players staying, or another p, are built on one shared part."""
    original = Feasibility.remainder_viable
    built = 0
    shared = 0

    def spied(self: Feasibility, *args: object) -> object:
        nonlocal built, shared
        viable = original(self, *args)  # type: ignore[arg-type]  # a spy passes on what it was given
        built = max(built, len(self._remainder_graphs))
        shared = max(shared, len(self._remainder_graphs) - len(self._remainder_bases))
        return viable

    graphs = 0
    narrowed = 0
    init = _RemainderGraph.__init__

    def checked(self: _RemainderGraph, *args: object) -> None:
        nonlocal graphs
        init(self, *args)  # type: ignore[arg-type]  # a spy passes on what it was given
        s1, s2, rules, moved, p_r, stay = args[:6]
        free = args[7] if len(args) > 7 else (False, False)
        expected = _pairwise(s1, s2, rules, moved, p_r, stay, free)  # type: ignore[arg-type]  # as given to the graph
        assert self.adjacent == expected
        nonlocal narrowed
        narrowed += free != (False, False)
        every = _pairwise(s1, s2, rules, moved, p_r, stay)  # type: ignore[arg-type]  # as given to the graph
        head = len(s1)  # type: ignore[arg-type]  # a sequence of entrants
        assert self.meets == [
            [head + u in every[head + t] for u in range(len(self.s2))] for t in range(len(self.s2))
        ]
        graphs += 1

    monkeypatch.setattr(Feasibility, "remainder_viable", spied)
    monkeypatch.setattr(_RemainderGraph, "__init__", checked)
    for players, rounds, seed in EVENTS:
        for state in late_states(players, rounds, seed, from_completed=players // 2):
            run_search(Search(entrants(state)[0]))
    assert graphs
    assert shared  # some parts served more than one graph
    assert narrowed  # some levels left out the pairs with a colour conflict


def _from_scratch_steps(
    graph: _RemainderGraph, prefix: tuple[int, ...], taken: int
) -> list[int] | None:
    """The steps of a prefix's check over every vertex: the prefix's players out, the
    matching of the prefix one shorter (when it was the last of its length) or the last
    one found, cleared of them, a greedy pass, then Edmonds' search; the perfect matching
    found, or None."""
    head = graph.head
    alive = [True] * graph.size
    for i, t in enumerate(prefix):
        alive[i] = alive[head + t] = False
    parent = graph.found.get(len(prefix) - 1)
    if prefix and parent is not None and parent[0] == taken & ~(1 << prefix[-1]):
        mate = list(parent[1])
    else:
        mate = list(graph.last)
    for v in range(graph.size):
        if not alive[v] and mate[v] != -1:
            mate[mate[v]] = -1
            mate[v] = -1
    for v, row in enumerate(graph.adjacent):
        if alive[v] and mate[v] == -1:
            for w in row:
                if alive[w] and mate[w] == -1:
                    mate[v], mate[w] = w, v
                    break
    return mate if complete_matching(graph.adjacent, mate, alive) else None


def test_dutch1992_c6_remainder_prefix_extends_its_parent_s_matching(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Dutch C6, C7, C10: a prefix one pair longer than the last one found is checked
    from that one's perfect matching (``_RemainderGraph._extend``) with the answer and
    the matching kept that the steps over every vertex give."""
    original = _RemainderGraph._completes
    extended = 0
    extend = _RemainderGraph._extend

    def counted(
        self: _RemainderGraph, prefix: tuple[int, ...], taken: int, mate: list[int]
    ) -> bool:
        nonlocal extended
        extended += 1
        return extend(self, prefix, taken, mate)

    def checked(self: _RemainderGraph, prefix: tuple[int, ...], taken: int) -> bool:
        expected = _from_scratch_steps(self, prefix, taken)
        answer = original(self, prefix, taken)
        assert answer == (expected is not None)
        if answer:
            assert self.last == expected
            assert self.found[len(prefix)] == (taken, expected)
        return answer

    monkeypatch.setattr(_RemainderGraph, "_completes", checked)
    monkeypatch.setattr(_RemainderGraph, "_extend", counted)
    for players, rounds, seed in EVENTS:
        for state in late_states(players, rounds, seed, from_completed=players // 2):
            run_search(Search(entrants(state)[0]))
    assert extended
