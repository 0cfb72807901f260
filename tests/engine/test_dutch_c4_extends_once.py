"""C4 after a smaller pairing (FIDE C.04.3 2026, Article 2 C4): each pairing of a bracket
with only the next score group in view is asked once whether the round can still be
completed after it (``_extends``), not again before the pairing with everyone in view
is chosen or passed over (#38: the answer is the same, the duals read twice)."""

from __future__ import annotations

import pytest

from pairing.engine import NoValidPairing, System
from pairing.engine.generator import tournament_states
from pairing.engine.systems.dutch.order import Outcome
from pairing.engine.systems.dutch.procedure import RoundProcedure


def test_c4_each_smaller_pairing_asked_once(monkeypatch: pytest.MonkeyPatch) -> None:
    """24 players, 20 rounds, seed 3: every smaller pairing not paired again with the
    next score group in view was asked twice (159 questions again); now each once."""
    asked: list[Outcome] = []
    again = 0
    extends = RoundProcedure._extends

    def counted(procedure: RoundProcedure, outcome: Outcome, rest: list[int]) -> bool:
        nonlocal again
        again += any(before is outcome for before in asked)
        asked.append(outcome)
        return extends(procedure, outcome, rest)

    monkeypatch.setattr(RoundProcedure, "_extends", counted)
    try:
        for _ in tournament_states(System.DUTCH, players=24, rounds=20, seed=3):
            pass
    except NoValidPairing:
        pass
    assert len(asked) > 100
    assert again == 0
