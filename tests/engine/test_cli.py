"""The command line, run as other tools run it: a subprocess reading and writing files."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from .test_trf import HEADER, player_line

ROOT = Path(__file__).resolve().parents[2]


def run(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "pairing", *args],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=False,
    )


def write(tmp_path: Path, text: str) -> str:
    path = tmp_path / "in.trf"
    path.write_text(text, encoding="utf-8")
    return str(path)


def test_cli_pair_round_one_prints_count_then_pairs_and_bye(tmp_path: Path) -> None:
    """-p: five players give the count 3, boards 1-4 and 5-2 (XXC white1), and '3 0'."""
    # F4/E4: S1 = 1,2; S2 = 3,4,5: 1-3, 2-4, bye for 5 (the lowest). #1 white, #2 black.
    lines = [player_line(n, f"P{n}", 2000 - 10 * n, "0.0") for n in range(1, 6)]
    path = write(tmp_path, HEADER + "XXC white1\n" + "\n".join(lines))
    completed = run("--dutch1992", path, "-p")
    assert completed.returncode == 0, completed.stderr
    assert completed.stdout.split("\n") == ["3", "1 3", "4 2", "5 0", ""]


def test_cli_pair_writes_output_file_and_explains(tmp_path: Path) -> None:
    """-p OUTPUT writes the pairs to the file; --explain prints rules to stderr."""
    lines = [player_line(n, f"P{n}", 2000 - 10 * n, "0.0") for n in range(1, 5)]
    path = write(tmp_path, HEADER + "\n".join(lines))
    out = tmp_path / "out.txt"
    completed = run("--dutch1992", path, "-p", str(out), "--explain")
    assert completed.returncode == 0
    assert out.read_text().splitlines()[0] == "2"
    assert "Dutch C6" in completed.stderr


def test_cli_generate_then_check_and_pair(tmp_path: Path) -> None:
    """-g writes a tournament the checker finds legal and identical, and -p pairs on."""
    out = tmp_path / "gen.trf"
    assert run("--dutch1992", "-g", "-o", str(out), "-s", "7", "--players", "15",
               "--rounds", "4").returncode == 0  # fmt: skip
    text = out.read_text()
    assert "SWY dutch1992" in text and "XXR 4" in text
    checked = run("--dutch1992", str(out), "-c")
    assert checked.returncode == 0, checked.stdout
    out.write_text(text.replace("XXR 4", "XXR 6"))
    paired = run("--dutch1992", str(out), "-p")
    assert paired.returncode == 0
    count = int(paired.stdout.splitlines()[0])
    assert len(paired.stdout.splitlines()) == count + 1


def test_cli_check_reports_a_rematch(tmp_path: Path) -> None:
    """-c reports a round whose recorded pairing breaks Dutch B1a, with exit status 4."""
    lines = [
        player_line(1, "A", 2000, "2.0", "   2 w 1", "   2 b 1"),
        player_line(2, "B", 1990, "0.0", "   1 b 0", "   1 w 0"),
    ]
    completed = run("--dutch1992", write(tmp_path, HEADER + "\n".join(lines)), "-c")
    assert completed.returncode == 4
    assert "Dutch B1a" in completed.stdout


def test_cli_standings_csv_with_tiebreaks(tmp_path: Path) -> None:
    """--standings prints rank, number, name, points and one column per tie-break."""
    lines = [
        player_line(1, "A", 2000, "1.0", "   2 w 1"),
        player_line(2, "B", 1990, "0.0", "   1 b 0"),
    ]
    completed = run("--standings", write(tmp_path, HEADER + "\n".join(lines)),
                    "--tiebreaks", "BH,SB")  # fmt: skip
    assert completed.returncode == 0
    assert completed.stdout.splitlines() == [
        "rank,pairing_number,name,points,BH,SB",
        "1,1,A,1,0,0",
        "2,2,B,0,1,0",
    ]


def test_cli_bad_file_reports_file_line_column(tmp_path: Path) -> None:
    """A malformed TRF gives exit status 3 and 'file:line:column: message'."""
    path = write(tmp_path, HEADER + player_line(1, "A", 2000, "0.0", "   2 w X"))
    completed = run("--dutch1992", path, "-p")
    assert completed.returncode == 3
    assert completed.stderr.strip() == (
        f"{path}:3:99: round 1 result 'X' is not one of 1 0 = + - W D L H F U Z"
    )


def test_cli_missing_file_and_unknown_tiebreak(tmp_path: Path) -> None:
    """A missing file exits 5; an unknown tie-break exits 2; both say what is wrong."""
    missing = run("--dutch1992", str(tmp_path / "nope.trf"), "-p")
    assert missing.returncode == 5 and "No such file" in missing.stderr
    path = write(tmp_path, HEADER + player_line(1, "A", 2000, "0.0"))
    unknown = run("--standings", path, "--tiebreaks", "BH,XYZ")
    assert unknown.returncode == 2 and "'XYZ'" in unknown.stderr


def test_cli_no_valid_pairing_exits_one(tmp_path: Path) -> None:
    """Two players who have met cannot be paired again: exit status 1."""
    lines = [
        player_line(1, "A", 2000, "1.0", "   2 w 1"),
        player_line(2, "B", 1990, "0.0", "   1 b 0"),
    ]
    completed = run("--dutch1992", write(tmp_path, HEADER + "\n".join(lines)), "-p")
    assert completed.returncode == 1
    assert "no valid pairing" in completed.stderr


def test_cli_help_lists_exit_codes() -> None:
    """--help documents every exit status."""
    completed = run("--help")
    assert completed.returncode == 0
    for status in ("0  success", "1  no valid pairing", "3  invalid input", "5  a file"):
        assert status in completed.stdout
