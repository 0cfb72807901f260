"""The benchmark's sweep (``python -m bench --sweep``): every round of its events timed,
and a round it names paired again alone exactly as the sweep paired it (issue #38)."""

from __future__ import annotations

import sys

import pytest

from bench.__main__ import external_reference, main
from bench.sweep import (
    percentile,
    replay,
    row,
    state_before,
    sweep_event,
    sweep_rounds,
    sweep_size,
)
from pairing.engine import System, pair_round
from pairing.engine.generator import tournament_states
from pairing.engine.model import RoundPairing, TournamentState


def test_sweep_times_every_round_the_generator_pairs() -> None:
    cases, stopped = sweep_event(System.LIM, 10, 6, 7)
    states = list(tournament_states(System.LIM, players=10, rounds=6, seed=7))
    assert not stopped
    assert [c.round_number for c in cases] == [s.round_number for s in states[:-1]]
    assert all(c.seconds >= 0 and c.seed == 7 and c.players == 10 for c in cases)


@pytest.mark.parametrize("system", [System.DUTCH_1992, System.SB])
def test_replay_pairs_the_named_round_as_the_sweep_did(system: System) -> None:
    made: dict[int, tuple[TournamentState, RoundPairing]] = {}

    def pairer(state: TournamentState, system: System, lot: int) -> RoundPairing:
        made[state.round_number] = (state, pair_round(state, system, seed=lot))
        return made[state.round_number][1]

    for _ in tournament_states(system, players=9, rounds=5, seed=11, pairer=pairer):
        pass
    state, lot = state_before(system, 9, 5, 11, 4)
    assert state == made[4][0]
    assert pair_round(state, system, seed=lot) == made[4][1]
    assert replay(system, 9, 5, 11, 4, profile=False).startswith(f"{system.value} 9 players")


def test_replay_refuses_a_round_the_event_does_not_have() -> None:
    with pytest.raises(ValueError, match="round 7"):
        state_before(System.LIM, 8, 5, 1, 7)


def test_sweep_rounds_come_close_to_a_round_robin() -> None:
    drawn = {sweep_rounds(40, seed) for seed in range(50)}
    assert min(drawn) >= 30
    assert max(drawn) <= 39


def test_percentile_is_a_measured_value_by_nearest_rank() -> None:
    values = [float(v) for v in range(1, 201)]
    assert percentile(values, 99) == 198.0
    assert percentile(values, 50) == 100.0
    assert percentile([3.0], 99) == 3.0


def test_sweep_rounds_cap_keeps_large_fields_to_the_rounds_of_an_open() -> None:
    assert {sweep_rounds(2000, seed, 13) for seed in range(5)} == {13}
    assert sweep_rounds(12, 3, 13) == sweep_rounds(12, 3)


def test_sweep_option_caps_every_event_and_names_it_for_replay(
    capsys: pytest.CaptureFixture[str],
) -> None:
    argv = ["--only-sweep", "--sweep", "2", "--sweep-sizes", "30", "--sweep-rounds", "3"]
    assert main([*argv, "--systems", "lim"]) == 0
    out = capsys.readouterr().out
    assert "at most 3 rounds each" in out
    table = next(line for line in out.splitlines() if line.startswith("lim "))
    assert table.split()[1:3] == ["30", "6"]
    assert "python -m bench --replay lim 30 3 " in out
    assert sweep_size(System.LIM, 30, 1, 5, max_rounds=3).cases[-1].round_number == 3


def test_sweep_puts_the_reference_beside_each_round_it_paired() -> None:
    asked: list[int] = []

    def reference(state: TournamentState, ours: RoundPairing) -> tuple[float, bool]:
        asked.append(state.round_number)
        return 10.0, state.round_number != 2

    result = sweep_size(System.LIM, 10, 1, 7, max_rounds=3, reference=reference)
    assert asked == [1, 2, 3]
    assert [c.reference for c in result.referenced] == [10.0, 10.0, 10.0]
    assert "ours slower in 0/3 rounds, same pairing in 2/3" in row(result)
    assert "the reference" not in row(sweep_size(System.LIM, 10, 1, 7, max_rounds=3))


def test_external_reference_pairs_the_round_file_and_compares() -> None:
    states = list(tournament_states(System.LIM, players=9, rounds=3, seed=5))
    state = states[1]
    ours = pair_round(state, System.LIM, seed=1)
    command = f"{sys.executable} -m pairing --{{system}} {{input}} -p {{output}}"
    took, same = external_reference(command, System.LIM)(state, ours)
    assert same and took > 0
    failing = external_reference(f"{sys.executable} -c 'raise SystemExit(3)' {{input}}", System.LIM)
    assert failing(state, ours)[1] is False
