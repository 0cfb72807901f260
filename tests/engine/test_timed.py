"""The engine in a child process with a time limit (pairing/timed.py, issue 10)."""

from __future__ import annotations

import pytest

from pairing.engine import NoValidPairing, System, pair_round
from pairing.engine.generator import tournament_states
from pairing.engine.model import PairingNumber, Player, TournamentState
from pairing.timed import PairingTimeout, pair_round_limited


def _state(players: int) -> TournamentState:
    return list(tournament_states(System.DUTCH_1992, players=players, rounds=5, seed=7))[3]


def test_timed_child_gives_the_same_pairing_as_the_engine_in_process() -> None:
    """Round 4 of a 40-player event: same boards, bye and explanation from the child."""
    state = _state(40)
    expected = pair_round(state, System.DUTCH_1992, seed=11)
    assert pair_round_limited(state, System.DUTCH_1992, seed=11, seconds=60) == expected


def test_timed_engine_error_in_the_child_is_raised_again_as_itself() -> None:
    """Two players who may not meet: the child's NoValidPairing reaches the caller."""
    one, two = PairingNumber(1), PairingNumber(2)
    state = TournamentState(
        players=(Player(pairing_number=one), Player(pairing_number=two)),
        rounds_completed=0,
        total_rounds=3,
        forbidden_pairs=frozenset({frozenset({one, two})}),
    )
    with pytest.raises(NoValidPairing, match="Dutch B1"):
        pair_round_limited(state, System.DUTCH_1992, seed=1, seconds=60)


def test_timed_pairing_over_the_limit_is_stopped() -> None:
    """A limit far below the pairing's time raises PairingTimeout and stops the child."""
    import multiprocessing

    with pytest.raises(PairingTimeout, match=r"pairing took longer than 0\.001 s"):
        pair_round_limited(_state(200), System.DUTCH_1992, seed=1, seconds=0.001)
    assert not [p for p in multiprocessing.active_children() if p.name == "pairing"]
