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
    for seed in range(16):
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
    for seed in range(10):
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


# --- odd inputs a third-party tool may send ----------------------------------------------------


def field_line(number: int, *blocks: str, rating: int = 0, points: str = "0.0") -> str:
    """A 001 line as another program writes it: name, rating and round blocks only."""
    line = f"001 {number:>4}      Player {number:<26} {rating or '':>4}"
    line = f"{line:<80}{points:>4}"
    return line + " " * 5 + "".join(f"  {block}" for block in blocks) if blocks else line


def pair_text(
    tmp_path: Path, text: str, *args: str, encoding: str = "utf-8"
) -> tuple[int, str, str]:
    path = tmp_path / "odd.trf"
    path.write_bytes(text.encode(encoding))
    return Tournament.run_cli_static(["--dutch1992", str(path), "-p", *args])


def test_referee_latin1_crlf_and_bare_cr_files_pair_alike(tmp_path: Path) -> None:
    """The same event in UTF-8 with LF, Latin-1 with CR LF and Latin-1 with CR pairs alike."""
    lines = ["012 Open de Genève", "022 Zürich", "042 23.11.2026", "XXR 5", "XXC white1"]
    lines += [
        field_line(n, rating=2100 - n).replace(f"Player {n} ", f"Müller {n}") for n in range(1, 6)
    ]
    answers = {
        pair_text(tmp_path, newline.join(lines) + newline, encoding=encoding)
        for newline, encoding in (("\n", "utf-8"), ("\r\n", "latin-1"), ("\r", "latin-1"))
    }
    assert answers == {(0, "3\n1 3\n4 2\n5 0\n", "")}


def test_referee_headers_missing_or_unusual(tmp_path: Path) -> None:
    """No 012 at all, or 012/022/042 written in other forms, do not change the pairing."""
    players = [field_line(n, rating=2100 - n) for n in range(1, 5)]
    round_dates = "132" + " " * 88 + "26/11/23"
    for headers in (
        [],
        ["012"],
        ["012 Club Night", "022", "042 2026/11/23", "092 Swiss"],
        ["012  Lots of   spaces  ", "042 23. 11. 2026", round_dates],
    ):
        status, out, err = pair_text(tmp_path, "\n".join([*headers, "XXC white1", *players]))
        assert (status, out, err) == (0, "2\n1 3\n4 2\n", ""), headers


def test_referee_late_entry_with_no_round_blocks_is_paired(tmp_path: Path) -> None:
    """A player whose line has no round blocks joined late: absent before, paired now."""
    # Round 1: 1-3 (1 won), 4-2 (drawn).  5 has no blocks: absent (Dutch F5), 0 points.
    # Round 2: 1, alone with a point, moves down (C1) and meets 2 (4 has met 2); 4 moves
    # down and meets 3 (C6); 5, lowest in the lowest bracket, never had a bye (A5, B1b).
    lines = ["012 Late", "XXR 5", "XXC white1"]
    lines += [
        field_line(1, "   3 w 1", rating=2000, points="1.0"),
        field_line(2, "   4 b =", rating=1990, points="0.5"),
        field_line(3, "   1 b 0", rating=1980),
        field_line(4, "   2 w =", rating=1970, points="0.5"),
        field_line(5, rating=1960),
    ]
    assert pair_text(tmp_path, "\n".join(lines)) == (0, "3\n2 1\n3 4\n5 0\n", "")


def test_referee_round_with_some_results_missing_is_refused(tmp_path: Path) -> None:
    """A board of the last round without its result: exit 3 naming the blank result."""
    lines = ["012 Half entered", "XXR 5"]
    lines += [
        field_line(1, "   3 w 1", rating=2000, points="1.0"),
        field_line(2, "   4 b  ", rating=1990),
        field_line(3, "   1 b 0", rating=1980),
        field_line(4, "   2 w  ", rating=1970),
    ]
    status, out, err = pair_text(tmp_path, "\n".join(lines))
    assert (status, out) == (3, "")
    assert err.startswith(f"{tmp_path / 'odd.trf'}:4:99: round 1 result is blank")


def test_referee_withdrawn_player_left_out_leaves_a_gap(tmp_path: Path) -> None:
    """A player left out of the file (withdrew before playing) is a gap in the numbers."""
    lines = ["012 Gap", "XXR 3", "XXC white1"]
    lines += [field_line(n, rating=2100 - n) for n in (1, 2, 4, 5)]
    assert pair_text(tmp_path, "\n".join(lines)) == (0, "2\n1 4\n5 2\n", "")


@pytest.mark.parametrize("system", ALL, ids=str)
def test_referee_check_needs_no_seed_when_round_one_has_colours(
    system: System, tmp_path: Path
) -> None:
    """-p ran with -s 7 and no XXC; -c without -s still finds round 1's lot in the file."""
    tournament = Tournament(
        system, players=14, rounds=5, seed=7, directory=tmp_path, late=2,
        style=Style(xxc=None, accelerated=True, omit_early_withdrawals=True),
    )  # fmt: skip
    play_out(tournament)
    tournament.requests = {}
    path = tournament.write("final.trf", to_pair=False)
    status, out, err = Tournament.run_cli_static([f"--{system.value}", str(path), "-c"])
    assert (status, err) == (0, ""), out
