"""C6 asked of the same players twice in one round (FIDE C.04.3 2026, Article 2 C6,
the most pairs a bracket can make, by C1 and C3): ``RoundProcedure.pairs_within``
works it out once, with one maximum matching, and answers again from what it kept
(#38: a bracket asks it before it is paired and each time it is paired)."""

from __future__ import annotations

import random

import pytest

from pairing.engine import NoValidPairing, System
from pairing.engine.generator import tournament_states
from pairing.engine.systems.dutch.entrants import entrants
from pairing.engine.systems.dutch.procedure import RoundProcedure


def test_c6_most_pairs_of_the_same_players_found_with_one_matching(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    rng = random.Random(5)
    matchings = 0
    real = RoundProcedure._matching

    def counted(
        self: RoundProcedure, members: list[int], apart: set[int] | None = None
    ) -> list[int]:
        nonlocal matchings
        matchings += 1
        return real(self, members, apart)

    monkeypatch.setattr(RoundProcedure, "_matching", counted)
    asked = 0
    try:
        for state in tournament_states(System.DUTCH, players=22, rounds=19, seed=6):
            players, _ = entrants(state)
            n = len(players)
            if n < 6 or state.round_number < 8:
                continue
            kept = RoundProcedure(players, state.rounds_completed)
            for _ in range(10):
                members = sorted(rng.sample(range(n), rng.randint(2, n)))
                apart = set(rng.sample(members, rng.randint(0, min(3, len(members)))))
                before = matchings
                first = kept.pairs_within(members, apart)
                again = kept.pairs_within(list(members), set(apart))
                assert matchings - before <= 1
                fresh = RoundProcedure(players, state.rounds_completed)
                assert first == again == fresh.pairs_within(members, apart)
                asked += 1
    except NoValidPairing:
        pass  # the event ran out of pairings; the rounds before it were checked
    assert asked > 50
