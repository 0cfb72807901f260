"""1992 Dutch C13: the proofs kept of the penultimate bracket's divisions that cannot fit
the lowest bracket (``fit_proofs.FitProofs``, #38), and the levels passing over a
division the fit refuses as a whole (``levels.LevelSearch``).

Each is held to the old exact way on the late rounds of random near round robins, where
C13 works: a proof refuses only divisions whose own graph has no perfect matching, the
graph a proof is read against is the division's own, and the search pairs every round
as it does without remembering the divisions refused.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

import pytest

from pairing.engine.matching import complete_matching
from pairing.engine.systems.dutch1992 import c13_fit, fit_proofs
from pairing.engine.systems.dutch1992.bitsets import _bits
from pairing.engine.systems.dutch1992.c13_fit import LowestFit
from pairing.engine.systems.dutch1992.deficits import ExchangeDeficits
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
        found: list[int] | None = None,
    ) -> bool:
        nonlocal learned
        learned += 1
        answer = learn(self, s1, s2, split, graph, start, found)
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
        found: list[int] | None = None,
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
        return learn(self, s1, s2, split, graph, start, found)

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
    proof = frame.proof((0b001, 0b010, 0b100))
    assert frame._proves(proof, s1=0b1100 << 4, s2=0b0011 << 4)
    assert not frame._proves(proof, s1=0b0100 << 4, s2=0b1011 << 4)
    assert frame._proves(proof, s1=0b1001 << 4, s2=0b0110 << 4)


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


def _random_frame(rng: random.Random) -> fit_proofs._Frame:
    """A frame of random edges: 1 to 4 players of the lowest bracket, the bye, 2 to 8
    players of the bracket (sparse or dense, so that some proofs hold)."""
    low, size = rng.randint(1, 4), rng.randint(2, 8)
    first = low + 1
    density = rng.choice((0.1, 0.3, 0.6))

    def some(bits: range) -> int:
        return _bits(b for b in bits if rng.random() < density)

    frame = fit_proofs._Frame.__new__(fit_proofs._Frame)
    frame.first = first
    frame.among = rng.random() < 0.5
    frame.meets = [0] * size
    for k in range(size):
        for j in range(k + 1, size):
            if rng.random() < density:
                frame.meets[k] |= 1 << first + j
                frame.meets[j] |= 1 << first + k
    frame.down = [some(range(first)) for _ in range(size)]
    frame.up = [some(range(first, first + size)) for _ in range(low)]
    frame.low = [some(range(first)) & ~(1 << w) for w in range(low)]
    frame.bye_low, frame.bye_up = some(range(low)), some(range(first, first + size))
    frame.proofs, frame.added, frame._read, frame._missed = [], 0, {}, {}
    return frame


def _tutte(frame: fit_proofs._Frame, parts: tuple[int, ...], s1: int, s2: int) -> bool:
    """Tutte's reading of the odd sets ``parts``, vertex by vertex (``_Frame.neighbours``):
    no edge between two sets, and fewer neighbours outside them than sets."""
    every = _bits(v for part in parts for v in range(64) if part >> v & 1)
    barrier = 0
    for part in parts:
        for v in range(64):
            if part >> v & 1:
                near = frame.neighbours(v, s1, s2)
                if near & every & ~part:
                    return False
                barrier |= near & ~every
    return barrier.bit_count() < len(parts)


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_dutch_c13_remembered_proofs_answer_as_reading_every_proof_again(
    seed: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Dutch C13 (Tutte): a proof read as a whole agrees with its vertices read one by
    one, and the frame, which remembers each proof's answer for a division, answers each
    division asked again and again, proofs kept in between (and the oldest dropped), as
    reading every proof again in order would, with the same proof moved to the front."""
    monkeypatch.setattr(fit_proofs, "PROOFS", 5)
    rng = random.Random(seed)
    answers = set()
    for _ in range(40):
        frame = _random_frame(rng)
        size, first = len(frame.meets), frame.first
        vertices = list(range(first + size))
        divisions = []
        for _ in range(6):
            side1 = _bits(first + k for k in range(size) if rng.random() < 0.5)
            divisions.append((side1, _bits(range(first, first + size)) & ~side1))
        order: list[tuple[int, ...]] = []
        for _ in range(30):
            if rng.random() < 0.3:
                rng.shuffle(vertices)
                sizes = [rng.choice((1, 1, 1, 3)) for _ in range(rng.randint(1, 5))]
                starts = [sum(sizes[:k]) for k in range(len(sizes))]
                parts = tuple(
                    _bits(vertices[start : start + size])
                    for start, size in zip(starts, sizes, strict=True)
                    if start + size <= len(vertices)
                )
                new = parts not in order
                if new:
                    order.insert(0, parts)
                    del order[5:]
                assert frame.keep(parts) == new
                continue
            s1, s2 = rng.choice(divisions)
            for parts in order:
                assert frame._proves(frame.proof(parts), s1, s2) == _tutte(frame, parts, s1, s2)
            hit = next((parts for parts in order if _tutte(frame, parts, s1, s2)), None)
            if hit is not None:
                order.insert(0, order.pop(order.index(hit)))
            assert frame.refutes(s1, s2) == (hit is not None)
            assert [proof.parts for proof in frame.proofs] == order
            answers.add(hit is not None)
    assert answers == {False, True}


def test_dutch_c13_levels_ask_the_fit_before_the_bounds_as_after(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Dutch C13: an exchange the fit's proofs refuse gives nothing, so asking them before
    its colour bounds (``LevelSearch.fit_first``) pairs the late rounds as asking them
    after, and fewer bounds are worked out: some exchanges are refused so."""
    monkeypatch.setattr(c13_fit, "PATIENCE", 0)
    first = True
    bounds = 0
    original = Search.__init__
    at_least = ExchangeDeficits.at_least

    def made(self: Search, *args: object, **kwargs: object) -> None:
        original(self, *args, **kwargs)  # type: ignore[arg-type]  # a spy passes on what it was given
        self.levels.fit_first = first

    def counted(
        self: ExchangeDeficits,
        side1: int,
        x: int | None = None,
        kept: int = 0,
        *,
        least: bool = False,
    ) -> int:
        nonlocal bounds
        bounds += 1
        return at_least(self, side1, x, kept, least=least)

    monkeypatch.setattr(Search, "__init__", made)
    monkeypatch.setattr(ExchangeDeficits, "at_least", counted)
    early = _late_searches()
    early_bounds, bounds = bounds, 0
    first = False
    assert _late_searches() == early
    assert early_bounds < bounds
