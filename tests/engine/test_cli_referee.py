"""The referee before the referee: random tournaments of every size through the command line.

Every system in ``SYSTEMS`` is played (a system that lands later is picked up without a
change here) by :mod:`tests.engine.referee`, which writes each round's TRF the way
third-party programs do and judges each answer of ``python -m pairing --SYSTEM in.trf -p``:
the output format, everyone present paired once, nobody absent paired, the checker
silent, exit status 1 (and no pairing) only when no legal pairing exists, and ``-c`` on
the finished file agreeing with every round.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from pairing.engine import SYSTEMS, System

from .referee import Style, Tournament

ALL = sorted(SYSTEMS, key=lambda system: system.value)

SMALL = [1, 2, 3, 4, 5, 7, 8, 9]
"""Fields played beyond a round robin (n + 1 rounds), so that pairing runs out."""


def play_out(tournament: Tournament) -> list[int]:
    """Play every round; fail on any problem; return the exit statuses."""
    statuses = []
    for outcome in tournament.run():
        assert not outcome.problems, (
            f"{tournament.system.value}, {len(tournament.entrants)} players, seed "
            f"{tournament.seed}, round {outcome.round_number} (files in "
            f"{tournament.directory}): {outcome.problems}"
        )
        statuses.append(outcome.status)
    return statuses


def assert_check_agrees(tournament: Tournament, *, real: bool = False) -> None:
    """``-c`` on the finished file: every round identical to the engine's and legal."""
    status, out, err = tournament.check_file(real=real)
    assert (status, err) == (0, ""), out
    assert out == f"{tournament.played} rounds checked: identical to the engine's and legal\n"


@pytest.mark.parametrize("system", ALL, ids=str)
@pytest.mark.parametrize("players", SMALL)
def test_referee_small_fields_until_no_pairing_exists(
    system: System, players: int, tmp_path: Path
) -> None:
    """Small fields, n + 1 rounds: every round legal; exit 1 only when nothing is legal."""
    ended = 0
    for seed in range(12):
        directory = tmp_path / str(seed)
        directory.mkdir()
        tournament = Tournament(
            system, players=players, rounds=players + 1, seed=seed, directory=directory,
            late=players // 4,
        )  # fmt: skip
        statuses = play_out(tournament)
        ended += statuses[-1:] == [1]
        assert_check_agrees(tournament)
    if players > 1:
        # B1a / Lim 9.1 / ESCA 1: n + 1 rounds cannot all be paired without a rematch.
        assert ended > 0


@pytest.mark.parametrize("system", ALL, ids=str)
@pytest.mark.parametrize(("players", "rounds", "seeds"), [(16, 15, 6), (33, 12, 4), (33, 34, 1)])
def test_referee_middle_fields(
    system: System, players: int, rounds: int, seeds: int, tmp_path: Path
) -> None:
    """16 and 33 players, up to beyond a round robin, with late entries and withdrawals."""
    for seed in range(seeds):
        directory = tmp_path / str(seed)
        directory.mkdir()
        tournament = Tournament(
            system, players=players, rounds=rounds, seed=seed, directory=directory,
            late=players // 8,
        )  # fmt: skip
        play_out(tournament)
        assert_check_agrees(tournament)


@pytest.mark.parametrize("system", ALL, ids=str)
def test_referee_stormy_event(system: System, tmp_path: Path) -> None:
    """Many requests, forfeits, double forfeits and withdrawals: still legal every round."""
    for seed in range(8):
        directory = tmp_path / str(seed)
        directory.mkdir()
        tournament = Tournament(
            system, players=5 + 3 * seed, rounds=9, seed=100 + seed, directory=directory,
            late=2, requests=0.3, forfeits=0.3, withdrawals=0.1,
        )  # fmt: skip
        play_out(tournament)
        assert_check_agrees(tournament)


@pytest.mark.parametrize("system", ALL, ids=str)
def test_referee_real_subprocess(system: System, tmp_path: Path) -> None:
    """Rounds 1, 2 and 5 and the check run as a separate ``python -m pairing`` process."""
    tournament = Tournament(
        system, players=11, rounds=5, seed=7, directory=tmp_path, late=2,
        subprocess_rounds=(1, 2, 5),
        style=Style(newline="\r\n", encoding="latin-1", absence_blank=True),
    )  # fmt: skip
    assert play_out(tournament) == [0] * 5
    assert_check_agrees(tournament, real=True)


@pytest.mark.slow
@pytest.mark.parametrize("system", ALL, ids=str)
@pytest.mark.parametrize(("players", "seed"), [(100, 1), (173, 2), (250, 3)])
def test_referee_large_fields(system: System, players: int, seed: int, tmp_path: Path) -> None:
    """100 to 250 players over nine rounds."""
    tournament = Tournament(
        system, players=players, rounds=9, seed=seed, directory=tmp_path, late=players // 10
    )
    assert play_out(tournament) == [0] * 9
    assert_check_agrees(tournament)
