"""Whom each player of a round may meet (FIDE C.04.3 2026, C1 and C3), the sets C4's
maximum matchings read their neighbours from (``Completion._may_meet``): worked out
as a difference of sets, C1 by the players met and C3 only for a non-topscorer with an
absolute colour preference, without asking ``compatible`` of every pair (#38); the
same sets as asking it."""

from __future__ import annotations

import pytest

from pairing.engine import NoValidPairing, System
from pairing.engine.generator import tournament_states
from pairing.engine.systems.dutch import completion as completion_module
from pairing.engine.systems.dutch.entrants import Entrant, compatible, entrants
from pairing.engine.systems.dutch.procedure import RoundProcedure


def test_c1_c3_may_meet_sets_without_asking_every_pair(monkeypatch: pytest.MonkeyPatch) -> None:
    asked = 0

    def counted(a: Entrant, b: Entrant) -> bool:
        nonlocal asked
        asked += 1
        return compatible(a, b)

    monkeypatch.setattr(completion_module, "compatible", counted)
    rounds = 0
    try:
        for state in tournament_states(System.DUTCH, players=24, rounds=21, seed=10600):
            players, _ = entrants(state)
            try:
                procedure = RoundProcedure(players, state.rounds_completed)
            except NoValidPairing:
                continue
            for a, player in enumerate(players):
                expected = {
                    b for b, other in enumerate(players) if b != a and compatible(player, other)
                }
                procedure._met.pop(a, None)
                before = asked
                assert procedure._may_meet(a) == expected
                assert asked == before
            rounds += 1
    except NoValidPairing:
        pass
    assert rounds > 10
