"""FIDE C.04.3 1.4.2: the scores the floats compare are each player's points before
each round (acceleration included, C.04.7).  Read as running sums over the rounds (the
draft review's first view at 1,000 players, #36); this checks them against the sum of
each round's history from the first round, on random events with and without
acceleration."""

from __future__ import annotations

import dataclasses

import pytest

from pairing.engine.generator import generate_tournament
from pairing.engine.model import PairingOptions, System, TournamentState
from pairing.engine.systems.dutch.acceleration import accelerations
from pairing.engine.systems.dutch.entrants import _scores_before


def _summed(state: TournamentState) -> dict[int, dict[int, int]]:
    bonus = accelerations(state)
    return {
        number: {
            p.pairing_number: sum(
                state.points.points_for(r.outcome) for r in p.history[: number - 1]
            )
            + bonus.get((p.pairing_number, number), 0)
            for p in sorted(state.players, key=lambda p: p.pairing_number)
        }
        for number in range(1, state.rounds_completed + 2)
    }


@pytest.mark.parametrize("seed", [1, 2, 3])
@pytest.mark.parametrize("acceleration", [False, True])
def test_fide_c04_3_1_4_2_scores_before_each_round_are_the_points_so_far(
    seed: int, acceleration: bool
) -> None:
    state = generate_tournament(System.DUTCH, players=31, rounds=6, seed=seed)
    state = dataclasses.replace(state, options=PairingOptions(acceleration=acceleration))
    assert bool(accelerations(state)) is acceleration
    ordered = sorted(state.players, key=lambda p: p.pairing_number)
    assert _scores_before(state, ordered) == _summed(state)
