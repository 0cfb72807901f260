"""The 2025 Dutch system's Article 4 steps folded into fewer matchings (FIDE Handbook
C.04.3, Articles 3.2-3.3 and 4.2-4.4) pair exactly as the steps taken one matching at a
time.

Late rounds of near round robins are where brackets carry many moved-down players, step
1 has to choose among them and step 2 places each one's opponent: every round of random
such events is paired both ways (``RoundProcedure.fold_steps``) and must come out the
same, boards, colours, bye and explanation.
"""

from __future__ import annotations

import pytest

from pairing.engine import NoValidPairing, System, pair_round
from pairing.engine.generator import tournament_states
from pairing.engine.model import RoundPairing, TournamentState
from pairing.engine.systems.dutch import order
from pairing.engine.systems.dutch.procedure import RoundProcedure

NEAR_ROUND_ROBINS = [(16, 14, 11), (20, 17, 12), (26, 22, 13), (34, 29, 14)]


@pytest.mark.parametrize(("players", "rounds", "seed"), NEAR_ROUND_ROBINS)
def test_c_04_3_article_4_steps_1_and_2_in_one_matching_pair_as_step_by_step(
    players: int, rounds: int, seed: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    folds = 0
    one_at_a_time = order._steps_1_and_2_at_once

    def counted(*args: object, **kwargs: object) -> dict[int, int]:
        nonlocal folds
        folds += 1
        return one_at_a_time(*args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(order, "_steps_1_and_2_at_once", counted)

    def both_ways(state: TournamentState, system: System, lot: int) -> RoundPairing:
        monkeypatch.setattr(RoundProcedure, "fold_steps", False)
        exact = pair_round(state, system, seed=lot)
        monkeypatch.setattr(RoundProcedure, "fold_steps", True)
        fast = pair_round(state, system, seed=lot)
        where = f"round {state.round_number}"
        assert fast.boards == exact.boards, where
        assert fast.pairing_allocated_bye == exact.pairing_allocated_bye, where
        assert fast.explanation == exact.explanation, where
        return fast

    played = 0
    try:
        for _ in tournament_states(
            System.DUTCH, players=players, rounds=rounds, seed=seed, pairer=both_ways
        ):
            played += 1
    except NoValidPairing:
        pass  # a near round robin may run out of pairings before its last round
    assert played > rounds // 2
    assert folds, "no bracket took steps 1 and 2 in one matching"
