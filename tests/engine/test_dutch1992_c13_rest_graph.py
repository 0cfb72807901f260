"""1992 Dutch C13: the test of a heterogeneous bracket's remainder against the lowest
bracket (``LowestFit.rest_possible``, #38) reads the lowest bracket's own pairs once.

The graph of a remainder, the players forced down and the residents holds an edge for
each pair B1 and B2 allow; its part among the players forced down and the residents is
the same for every remainder, and its matching starts from a maximum matching of that
part.  Held here to the graph built pair by pair and to a perfect matching searched from
nothing, on the late rounds of random near round robins, where C13 works.
"""

from __future__ import annotations

from collections.abc import Sequence

import pytest

from pairing.engine.matching import complete_matching
from pairing.engine.systems.dutch1992 import c13_fit
from pairing.engine.systems.dutch1992.bitsets import _bits
from pairing.engine.systems.dutch1992.c13_fit import LowestFit
from pairing.engine.systems.dutch1992.entrants import Entrant, compatible, entrants
from pairing.engine.systems.dutch1992.fit_proofs import FitProofs
from pairing.engine.systems.dutch1992.procedure import Search
from tests.engine.dutch1992_late import late_states, run_search

EVENTS = ((20, 17, 7), (30, 26, 13), (24, 21, 2031), (26, 23, 5), (22, 20, 11))
"""Players, rounds and seed of the random events: near round robins, where C13 works."""


def _pairwise(fit: LowestFit, rest: Sequence[Entrant]) -> list[list[int]]:
    """The remainder's graph asked pair by pair: the remainder's players, the players
    forced down, the residents, and the bye when they are odd (B1, B1b, B2)."""
    everyone = (*rest, *fit.forced, *fit.residents)
    end = len(everyone)
    graph: list[list[int]] = [[] for _ in range(end + end % 2)]
    for v, a in enumerate(everyone):
        for w in range(v + 1, end):
            if compatible(a, everyone[w]):
                graph[v].append(w)
                graph[w].append(v)
        if end % 2 and a.bye_allowed:
            graph[v].append(end)
            graph[end].append(v)
    return graph


def test_dutch1992_c13_rest_graph_is_the_pairs_b1_b2_allow(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Dutch C13 (B1, B2): every remainder's graph is the one asked pair by pair, row for
    row, and its answer that of a perfect matching searched from nothing; the lowest
    bracket's own maximum matching is worked out once per test, whatever the remainders."""
    monkeypatch.setattr(c13_fit, "PATIENCE", 0)
    original = LowestFit.rest_possible
    asked = refused = 0
    blocks: dict[int, tuple[LowestFit, list[int]]] = {}
    """By test: the test (kept, so that its id is not reused) and its block's matching."""

    def spied(self: LowestFit, rest: Sequence[Entrant]) -> bool:
        nonlocal asked, refused
        answer = original(self, rest)
        graph = _pairwise(self, rest)
        assert self._rest_graph(rest) == graph
        size = len(graph)
        assert answer == complete_matching(graph, [-1] * size, [True] * size)
        mate = self._block_mates[None]
        assert blocks.setdefault(id(self), (self, mate))[1] is mate  # worked out once
        asked += 1
        refused += not answer
        return answer

    monkeypatch.setattr(LowestFit, "rest_possible", spied)
    for players, rounds, seed in EVENTS:
        for state in late_states(players, rounds, seed, from_completed=players // 2):
            run_search(Search(entrants(state)[0]))
    assert asked
    assert refused
    assert blocks


def test_dutch1992_c13_fit_proofs_from_the_block_answer_as_from_nothing_and_prove_it(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Dutch C13 (B1, B2): a division's looser graph, searched from the lowest bracket's
    own maximum matching, has a perfect matching exactly when the search from nothing
    finds one, and where it has none a proof kept then refutes the division (Tutte: the
    failed search's tree, grown from that matching; ``FitProofs.learn``)."""
    monkeypatch.setattr(c13_fit, "PATIENCE", 0)
    original = FitProofs.learn
    started = refused = 0

    def spied(
        self: FitProofs,
        s1: Sequence[Entrant],
        s2: Sequence[Entrant],
        split: bool | None,
        graph: Sequence[Sequence[int]],
        start: Sequence[int] | None = None,
        found: list[int] | None = None,
    ) -> bool:
        nonlocal started, refused
        cold = complete_matching(graph, [-1] * len(graph), [True] * len(graph), greedy=True)
        answer = original(self, s1, s2, split, graph, start, found)
        assert answer == cold
        if not answer:
            frame = self._frame(s1, s2, split)
            side1 = _bits(frame.bit[e.number] for e in s1)
            side2 = _bits(frame.bit[e.number] for e in s2)
            assert any(frame._proves(proof, side1, side2) for proof in frame.proofs)
        started += start is not None and any(v != -1 for v in start)
        refused += not answer
        return answer

    monkeypatch.setattr(FitProofs, "learn", spied)
    for players, rounds, seed in EVENTS:
        for state in late_states(players, rounds, seed, from_completed=players // 2):
            run_search(Search(entrants(state)[0]))
    assert started
    assert refused
