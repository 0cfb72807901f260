"""1992 Dutch C13: the test of a heterogeneous penultimate bracket's moved-down players
against the lowest bracket (``c13_fit.LowestFit.head_possible``, #38).

When no pairing of S1 into S2 leaves S2 players that can be paired with the lowest
bracket, the levels of that S1 and S2 are not walked.  Held here, by brute force on the
late rounds of random near round robins, to what it stands for: every pairing of S1
into S2 keeping B1 and B2 leaves a remainder that ``rest_possible`` refuses.  The
pairings themselves are held to the search without the test by
``test_dutch1992_c13_fit.test_dutch_c13_fit_pairs_as_the_search_without_it``.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence

import pytest

from pairing.engine.systems.dutch1992 import c13_fit
from pairing.engine.systems.dutch1992.c13_fit import LowestFit
from pairing.engine.systems.dutch1992.entrants import Entrant, compatible, entrants
from pairing.engine.systems.dutch1992.procedure import Search
from tests.engine.dutch1992_late import late_states, run_search

EVENTS = ((20, 17, 7), (30, 26, 13), (24, 21, 2031), (26, 23, 5), (22, 20, 11))
"""Players, rounds and seed of the random events: near round robins, where C13 works."""


def _rests(s1: Sequence[Entrant], s2: Sequence[Entrant]) -> Iterator[list[Entrant]]:
    """The S2 players left by every pairing of all of S1 into S2 keeping B1 and B2."""

    def walk(i: int, taken: frozenset[int]) -> Iterator[frozenset[int]]:
        if i == len(s1):
            yield taken
            return
        for t, b in enumerate(s2):
            if t not in taken and compatible(s1[i], b):
                yield from walk(i + 1, taken | {t})

    seen: set[frozenset[int]] = set()
    for taken in walk(0, frozenset()):
        if taken not in seen:
            seen.add(taken)
            yield [b for t, b in enumerate(s2) if t not in taken]


def test_dutch_c13_heads_refused_only_when_every_remainder_is(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Dutch C13: S1 and S2 refused as a whole leave no remainder that the lowest bracket
    can take (brute force over every pairing of S1 into S2), and the test does refuse
    some in the late rounds (so it leaves out part of the search)."""
    monkeypatch.setattr(c13_fit, "PATIENCE", 0)
    original = LowestFit.head_possible
    refused = accepted = 0

    def spied(self: LowestFit, s1: Sequence[Entrant], s2: Sequence[Entrant]) -> bool:
        nonlocal refused, accepted
        answer = original(self, s1, s2)
        if answer:
            accepted += 1
        else:
            refused += 1
            alone = LowestFit(self.forced, self.residents)
            assert not any(alone.rest_possible(rest) for rest in _rests(s1, s2))
        return answer

    monkeypatch.setattr(LowestFit, "head_possible", spied)
    for players, rounds, seed in EVENTS:
        for state in late_states(players, rounds, seed, from_completed=players // 2):
            run_search(Search(entrants(state)[0]))
    assert refused
    assert accepted
