"""1992 Dutch C13: the proofs kept of the penultimate bracket's divisions that cannot fit
the lowest bracket (``fit_proofs.FitProofs``, #38), and the levels passing over a
division the fit refuses as a whole (``levels.LevelSearch``).

Each is held to the old exact way on the late rounds of random near round robins, where
C13 works: a proof refuses only divisions whose own graph has no perfect matching, the
graph a proof is read against is the division's own, and the search pairs every round
as it does without remembering the divisions refused.
"""

from __future__ import annotations

from collections.abc import Sequence

import pytest

from pairing.engine.matching import complete_matching
from pairing.engine.systems.dutch1992 import c13_fit, fit_proofs
from pairing.engine.systems.dutch1992.bitsets import _bits
from pairing.engine.systems.dutch1992.c13_fit import LowestFit
from pairing.engine.systems.dutch1992.entrants import Entrant, compatible, entrants
from pairing.engine.systems.dutch1992.fit_proofs import FitProofs, Split
from pairing.engine.systems.dutch1992.procedure import Search
from tests.engine.dutch1992_late import late_states, run_search

EVENTS = ((20, 17, 7), (30, 26, 13), (24, 21, 2031), (26, 23, 5), (22, 20, 11))
"""Players, rounds and seed of the random events: near round robins, where C13 works."""


def _late_searches() -> list[object]:
    """Every late round of :data:`EVENTS` paired by the search, C13's fit from the start."""
    results: list[object] = []
    for players, rounds, seed in EVENTS:
        for state in late_states(players, rounds, seed, from_completed=players // 2):
            results.append(repr(run_search(Search(entrants(state)[0]))))
    return results


def _graph_of(fit: LowestFit, s1: Sequence[Entrant], s2: Sequence[Entrant]) -> list[list[int]]:
    """The division's own graph, every S1 player meeting every S2 player B1 and B2 allow."""
    every = [_bits(t for t, b in enumerate(s2) if compatible(a, b)) for a in s1]
    return fit._graph(s1, s2, every)


def _matched(graph: Sequence[Sequence[int]]) -> bool:
    """Whether the graph has a perfect matching (Edmonds, as the fit asks it)."""
    return complete_matching(graph, [-1] * len(graph), [True] * len(graph), greedy=True)


def test_dutch_c13_proofs_refuse_only_divisions_without_a_matching(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Dutch C13: a division a kept proof refuses has no perfect matching of its own graph
    (Tutte), the matching the proofs come from answers as Edmonds' search does, and the
    proofs do refuse divisions in the late rounds (so they answer for them)."""
    monkeypatch.setattr(c13_fit, "PATIENCE", 0)
    refutes, learn = FitProofs.refutes, FitProofs.learn
    fits: dict[int, LowestFit] = {}
    original_init = LowestFit.__init__
    refused = learned = 0

    def init(self: LowestFit, forced: Sequence[Entrant], residents: Sequence[Entrant]) -> None:
        original_init(self, forced, residents)
        fits[id(self._proofs)] = self

    def spied_refutes(
        self: FitProofs, s1: Sequence[Entrant], s2: Sequence[Entrant], split: Split
    ) -> bool:
        nonlocal refused
        answer = refutes(self, s1, s2, split)
        if answer:
            refused += 1
            assert not _matched(_graph_of(fits[id(self)], s1, s2))
        return answer

    def spied_learn(
        self: FitProofs,
        s1: Sequence[Entrant],
        s2: Sequence[Entrant],
        split: Split,
        graph: Sequence[Sequence[int]],
        start: Sequence[int] | None = None,
    ) -> bool:
        nonlocal learned
        learned += 1
        answer = learn(self, s1, s2, split, graph, start)
        assert answer == _matched(graph)
        return answer

    monkeypatch.setattr(LowestFit, "__init__", init)
    monkeypatch.setattr(FitProofs, "refutes", spied_refutes)
    monkeypatch.setattr(FitProofs, "learn", spied_learn)
    _late_searches()
    assert refused
    assert learned


def test_dutch_c13_proofs_read_the_division_s_own_graph(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Dutch C13: the neighbours a proof is read against (``_Frame.neighbours``) are the
    edges of the division's own graph (S1 into S2, S2 among themselves and into the lowest
    bracket, the lowest bracket's own, the bye; A3's heterogeneous lowest bracket too)."""
    monkeypatch.setattr(c13_fit, "PATIENCE", 0)
    learn = FitProofs.learn
    compared = 0

    def spied_learn(
        self: FitProofs,
        s1: Sequence[Entrant],
        s2: Sequence[Entrant],
        split: Split,
        graph: Sequence[Sequence[int]],
        start: Sequence[int] | None = None,
    ) -> bool:
        nonlocal compared
        frame = self._frame(s1, s2, split)
        p, q = len(s1), len(s2)
        named = [frame.bit[e.number] for e in (*s1, *s2)]
        low = frame.first - 1
        assert len(graph) in (p + q + low, p + q + low + 1)

        def bit(v: int) -> int:
            return named[v] if v < p + q else v - p - q

        side1 = _bits(named[:p])
        side2 = _bits(named[p:])
        for v, row in enumerate(graph):
            assert frame.neighbours(bit(v), side1, side2) == _bits(map(bit, row))
        compared += 1
        return learn(self, s1, s2, split, graph, start)

    monkeypatch.setattr(FitProofs, "learn", spied_learn)
    _late_searches()
    assert compared


def test_dutch_c13_proof_needs_more_odd_sets_than_their_neighbours() -> None:
    """Dutch C13 (Tutte): three players of the lowest bracket who may meet only the same
    two S2 players cannot all be paired; with a third S2 player they may meet, or with
    one of the two in S1 instead, the count changes and so does the answer."""
    frame = fit_proofs._Frame.__new__(fit_proofs._Frame)
    frame.first = 4  # lowest bracket 0-2, no bye (bit 3 unused), the bracket from bit 4
    frame.among = True
    frame.meets = [0, 0, 0, 0]
    frame.down = [0b111, 0b111, 0, 0b111]
    frame.up = [0b1011 << 4, 0b1011 << 4, 0b1011 << 4]
    frame.low = [0, 0, 0]
    frame.bye_low = frame.bye_up = 0
    parts = (0b001, 0b010, 0b100)
    assert frame._proves(parts, s1=0b1100 << 4, s2=0b0011 << 4)
    assert not frame._proves(parts, s1=0b0100 << 4, s2=0b1011 << 4)
    assert frame._proves(parts, s1=0b1001 << 4, s2=0b0110 << 4)


def test_dutch_c13_levels_pass_over_divisions_refused_as_the_old_search(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Dutch C13: a level passes over the divisions the fit refused as a whole at another
    level, and the late rounds are paired as when every level asks the fit again; some
    divisions are passed over so."""
    monkeypatch.setattr(c13_fit, "PATIENCE", 0)
    passed_over = 0

    class Counted(set[int]):
        """Counts the divisions a level finds among those refused."""

        def __contains__(self, index: object) -> bool:
            nonlocal passed_over
            found = super().__contains__(index)
            passed_over += found
            return found

    class Remembering(dict[tuple[object, ...], set[int]]):
        """Remembers as the levels do, in sets that count what they answer."""

        def setdefault(self, key: tuple[object, ...], default: set[int] | None = None) -> set[int]:
            return super().setdefault(key, Counted())

    class Forgetful(dict[tuple[object, ...], set[int]]):
        """Gives each level a set of its own: nothing is remembered between levels."""

        def setdefault(self, key: tuple[object, ...], default: set[int] | None = None) -> set[int]:
            return set()

    memory: type[dict[tuple[object, ...], set[int]]] = Remembering
    original = Search.__init__

    def made(self: Search, *args: object, **kwargs: object) -> None:
        original(self, *args, **kwargs)  # type: ignore[arg-type]  # a spy passes on what it was given
        self.levels._fit_refused = memory()

    monkeypatch.setattr(Search, "__init__", made)
    remembered = _late_searches()
    assert passed_over
    memory = Forgetful
    assert _late_searches() == remembered
