"""The command line, run as other tools run it: a subprocess reading and writing files."""

from __future__ import annotations

import argparse
import dataclasses
import gc
import shutil
import subprocess
import sys
import types
from pathlib import Path

import pytest

import pairing.__main__ as launcher
from pairing import arguments, cli
from pairing.engine import PairFn, System, registry
from pairing.engine.model import Board, PairingNumber, RoundPairing, TournamentState
from pairing.engine.standings import DEFAULT_TIEBREAKS
from pairing.engine.tiebreaks import UnplayedRounds

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


def write(tmp_path: Path, *lines: str, name: str = "in.trf") -> str:
    path = tmp_path / name
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return str(path)


def fresh_field(count: int) -> list[str]:
    """``count`` players rated 2000, 1990, ... before round 1."""
    return [player_line(n, f"P{n}", 2010 - 10 * n, "0.0") for n in range(1, count + 1)]


# --- -p ------------------------------------------------------------------------------------


def test_cli_pair_round_one_prints_count_then_pairs_and_bye(tmp_path: Path) -> None:
    """-p: five players give the count 3, the boards 1-3 and 4-2, and the bye line '5 0'."""
    # Dutch F4: one homogeneous bracket; the lowest ranked (5) gets the bye; S1 = 1, 2 and
    # S2 = 3, 4 give 1-3 and 2-4.  XXC white1 gives 1 white; the next board alternates.
    path = write(tmp_path, HEADER + "XXC white1", *fresh_field(5))
    completed = run("--dutch1992", path, "-p")
    assert completed.returncode == 0, completed.stderr
    assert completed.stdout == "3\n1 3\n4 2\n5 0\n"
    assert completed.stderr == ""


def test_cli_pair_loads_only_the_system_asked_for(tmp_path: Path) -> None:
    """--dutch -p imports the Dutch system's modules and no other system's (beyond the
    options every state is read with), nor the checker, the generator, the standings,
    the tie-breaks, or the TRF records of the rating report and of the web app's backup:
    the registry loads a system when it is first asked for."""
    path = write(tmp_path, HEADER + "XXC white1", *fresh_field(5))
    out = str(tmp_path / "out.txt")
    script = (
        "import runpy, sys\n"
        f"sys.argv = ['pairing', '--dutch', {path!r}, '-p', {out!r}]\n"
        "try:\n"
        "    runpy.run_module('pairing', run_name='__main__', alter_sys=True)\n"
        "except SystemExit as exc:\n"
        "    assert not exc.code, exc.code\n"
        "print(' '.join(sys.modules))\n"
    )
    completed = subprocess.run(
        [sys.executable, "-c", script], cwd=ROOT, capture_output=True, text=True, check=False
    )
    assert completed.returncode == 0, completed.stderr
    assert Path(out).read_text(encoding="utf-8") == "3\n1 3\n4 2\n5 0\n"
    loaded = set(completed.stdout.split())
    assert "pairing.engine.systems.dutch.system" in loaded
    systems = {
        name.split(".")[3]
        for name in loaded
        if name.startswith("pairing.engine.systems.")
        and name.count(".") > 3
        and not name.endswith(".options")
    }
    assert systems == {"dutch"}
    unused = {"checker", "generator", "standings", "tiebreaks"}
    unused |= {"trf.report", "trf.lossless", "trf.games"}
    # The matchings other systems use, and the legality checks of the checker.
    unused |= {"matching.assignment", "matching.bipartite", "matching.shrinking"}
    unused |= {"legality", "systems.dutch.checks", "colour_allocation"}
    # The other systems' options: the file sets none, so none is read.
    unused |= {"option_kinds", "systems.esca.options", "systems.lim.options"}
    assert not {f"pairing.engine.{name}" for name in unused} & loaded


def test_cli_pair_skips_the_standard_modules_it_does_not_need(tmp_path: Path) -> None:
    """--dutch -p reads and writes files with ``open``, draws no lot when the file
    gives the first colour and meets none of the web app's backup records, so pathlib,
    random, csv (--standings' CSV) and the backup records' parsers stay unloaded: each
    costs milliseconds of a run that pairs a small round in about ten.  Nor does it
    print --help, so shutil (argparse's terminal width, with bz2 and lzma) stays
    unloaded too.  Run with -S, so that no site hook loads them first."""
    path = write(tmp_path, HEADER + "XXC white1", *fresh_field(5))
    out = str(tmp_path / "out.txt")
    script = (
        "import runpy, sys\n"
        f"sys.argv = ['pairing', '--dutch', {path!r}, '-p', {out!r}]\n"
        "try:\n"
        "    runpy.run_module('pairing', run_name='__main__', alter_sys=True)\n"
        "except SystemExit as exc:\n"
        "    assert not exc.code, exc.code\n"
        "print(' '.join(sys.modules))\n"
    )
    completed = subprocess.run(
        [sys.executable, "-S", "-c", script],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=False,
    )
    assert completed.returncode == 0, completed.stderr
    assert Path(out).read_text(encoding="utf-8") == "3\n1 3\n4 2\n5 0\n"
    loaded = set(completed.stdout.split())
    unused = {"pathlib", "random", "csv", "networkx", "shutil", "bz2", "lzma"}
    assert not (unused | {"pairing.engine.trf.lossless"}) & loaded


class _Recorder(types.ModuleType):
    """A stand-in for ``pairing.cli`` that notes whether the collector runs when its
    ``main`` is imported and when it is called."""

    def __init__(self) -> None:
        super().__init__("pairing.cli")
        self.seen: list[tuple[str, bool]] = []

    def __getattr__(self, name: str) -> object:
        if name.startswith("__"):  # what the import system asks of any module
            raise AttributeError(name)
        self.seen.append((f"import {name}", gc.isenabled()))
        return self.main_stand_in

    def main_stand_in(self) -> int:
        self.seen.append(("call main", gc.isenabled()))
        return 3


def test_cli_launcher_loads_with_the_collector_off_and_freezes_at_the_end(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """``python -m pairing`` imports the command line with the cyclic collector off,
    runs it with the collector on, returns its status, and leaves what is left frozen
    for the interpreter's exit."""
    recorder = _Recorder()
    monkeypatch.setitem(sys.modules, "pairing.cli", recorder)
    assert gc.isenabled()
    try:
        assert launcher.run() == 3
        frozen = gc.get_freeze_count()
    finally:
        gc.unfreeze()
    assert recorder.seen == [("import main", False), ("call main", True)]
    assert gc.isenabled()
    assert frozen > 0


def test_cli_launcher_gives_the_command_lines_names() -> None:
    """Code that imports ``main`` or ``pairs_text`` from ``pairing.__main__`` gets
    the command line's own."""
    assert launcher.main is cli.main
    assert launcher.pairs_text is cli.pairs_text


@pytest.mark.parametrize("columns", [None, "50", "200", "0", "-3", "wide"])
def test_cli_help_is_as_wide_as_argparse_makes_it(
    columns: str | None, monkeypatch: pytest.MonkeyPatch
) -> None:
    """--help wraps at the width argparse itself takes (``shutil.get_terminal_size``,
    less 2), which the command line works out without importing shutil."""
    if columns is None:
        monkeypatch.delenv("COLUMNS", raising=False)
    else:
        monkeypatch.setenv("COLUMNS", columns)
    assert arguments.help_width() == shutil.get_terminal_size().columns - 2
    ours = arguments.argument_parser().format_help()
    parser = arguments.argument_parser()
    parser.formatter_class = argparse.RawDescriptionHelpFormatter
    assert ours == parser.format_help()


def test_cli_help_names_the_engines_own_tiebreak_defaults_and_texts() -> None:
    """What --help and --tiebreak-rules write out (so that -p need not import the
    tie-breaks) is the engine's F10 list and its FIDE C.07 texts."""
    assert ",".join(t.value for t in DEFAULT_TIEBREAKS) == arguments.F10_TIEBREAKS
    assert (
        UnplayedRounds.FIDE_2023.value,
        UnplayedRounds.FIDE_2026.value,
    ) == arguments.TIEBREAK_RULES


def test_cli_pair_skips_requested_byes_and_xxz(tmp_path: Path) -> None:
    """Player 5 asked for H in round 2 and 4 is in XXZ: 2-1 is paired and 3 gets the bye."""
    # After round 1 (1 beat 3, 4-2 drawn, 5 had the bye) players 1 (1 point), 2 (½) and 3
    # (0) are left.  1 has nobody in his bracket and moves down to 2 (Dutch C1); 2 had
    # black and 1 white, so 2 gets white (E); 3 is alone and gets the bye (B1b allows it).
    path = write(
        tmp_path,
        HEADER + "XXZ 4",
        player_line(1, "A", 2000, "1.0", "   3 w 1"),
        player_line(2, "B", 1990, "0.5", "   4 b ="),
        player_line(3, "C", 1980, "0.0", "   1 b 0"),
        player_line(4, "D", 1970, "0.5", "   2 w ="),
        player_line(5, "E", 1960, "1.0", "0000 - U", "0000 - H"),
    )
    completed = run("--dutch1992", path, "-p")
    assert completed.returncode == 0, completed.stderr
    assert completed.stdout == "2\n2 1\n3 0\n"


def test_cli_pair_writes_output_file_and_explains_on_stderr(tmp_path: Path) -> None:
    """-p OUTPUT writes the pairs to the file; --explain prints 'rule: text' lines to stderr."""
    out = tmp_path / "out.txt"
    completed = run("--lim", write(tmp_path, HEADER, *fresh_field(4)), "-p", str(out), "--explain")
    assert completed.returncode == 0, completed.stderr
    assert completed.stdout == ""
    assert out.read_text().splitlines()[0] == "2"
    assert all(line.startswith("Lim ") for line in completed.stderr.splitlines())


def test_cli_pair_after_last_round_is_invalid(tmp_path: Path) -> None:
    """Pairing a sixth round of a five-round event (XXR 5) exits 3."""
    lines = [
        player_line(1, "A", 2000, "5.0", *(f"   2 {c} 1" for c in "wbwbw")),
        player_line(2, "B", 1990, "0.0", *(f"   1 {c} 0" for c in "bwbwb")),
    ]
    completed = run("--dutch1992", write(tmp_path, HEADER, *lines), "-p")
    assert completed.returncode == 3
    assert "all 5 rounds have been paired" in completed.stderr


def test_cli_no_valid_pairing_exits_one(tmp_path: Path) -> None:
    """Two players who have met cannot be paired again (Dutch B1a): exit status 1."""
    lines = [
        player_line(1, "A", 2000, "1.0", "   2 w 1"),
        player_line(2, "B", 1990, "0.0", "   1 b 0"),
    ]
    completed = run("--dutch1992", write(tmp_path, HEADER, *lines), "-p")
    assert completed.returncode == 1
    assert completed.stderr.startswith("pairing: no valid pairing")
    assert completed.stdout == ""


# --- -c ------------------------------------------------------------------------------------


def test_cli_check_reports_a_rematch(tmp_path: Path) -> None:
    """-c reports a round whose recorded pairing breaks Dutch B1a, with exit status 4."""
    lines = [
        player_line(1, "A", 2000, "2.0", "   2 w 1", "   2 b 1"),
        player_line(2, "B", 1990, "0.0", "   1 b 0", "   1 w 0"),
    ]
    completed = run("--dutch1992", write(tmp_path, HEADER, *lines), "-c")
    assert completed.returncode == 4
    first, second = completed.stdout.splitlines()
    assert first == "round 2: Dutch B1a: board 1: 2 and 1 have already played each other"
    assert second.startswith("round 2: the engine finds no valid pairing: ")


def test_cli_check_reports_a_pairing_that_differs(tmp_path: Path) -> None:
    """A legal round 1 of 1-2 and 3-4 differs from the engine's 1-3 and 4-2 (Dutch F4)."""
    lines = [
        player_line(1, "A", 2000, "1.0", "   2 w 1"),
        player_line(2, "B", 1990, "0.0", "   1 b 0"),
        player_line(3, "C", 1980, "1.0", "   4 w 1"),
        player_line(4, "D", 1970, "0.0", "   3 b 0"),
    ]
    completed = run("--dutch1992", write(tmp_path, HEADER, *lines), "-c")
    assert completed.returncode == 4
    assert completed.stdout == "round 1: boards differ: file 1-2 3-4; engine 1-3 4-2\n"


def test_cli_generate_then_check_and_pair(tmp_path: Path) -> None:
    """-g writes a tournament that -c finds identical and legal, and -p pairs on from it."""
    out = tmp_path / "gen.trf"
    generated = run("--lim", "-g", "-o", str(out), "-s", "7", "--players", "15", "--rounds", "4")
    assert generated.returncode == 0, generated.stderr
    text = out.read_text()
    assert "\nXXR 4\n" in text and "\nSWY lim\n" in text
    checked = run("--lim", str(out), "-c")
    assert checked.returncode == 0, checked.stdout
    assert checked.stdout == "4 rounds checked: identical to the engine's and legal\n"
    out.write_text(text.replace("XXR 4", "XXR 6"))
    paired = run("--lim", str(out), "-p")
    assert paired.returncode == 0, paired.stderr
    lines = paired.stdout.splitlines()
    assert len(lines) == int(lines[0]) + 1
    assert all(len(line.split()) == 2 for line in lines[1:])


def test_cli_generate_is_deterministic_for_a_seed(tmp_path: Path) -> None:
    """The same -s SEED writes the same file."""
    first, second = tmp_path / "a.trf", tmp_path / "b.trf"
    for out in (first, second):
        assert run("--dutch1992", "-g", "-o", str(out), "-s", "3", "--players", "9").returncode == 0
    assert first.read_text() == second.read_text()


# --- --standings ---------------------------------------------------------------------------


def test_cli_standings_csv_with_tiebreaks(tmp_path: Path) -> None:
    """--standings prints rank, number, name, points and one column per tie-break."""
    # A beat B; C drew with D.  BH: A has B's 0, B has A's 1, C and D ½ each.
    # SB: A 0 (beat a 0), C and D ¼ (half of ½).  WIN: A 1.
    lines = [
        player_line(1, "A", 2000, "1.0", "   2 w 1"),
        player_line(2, "B", 1990, "0.0", "   1 b 0"),
        player_line(3, "C", 1980, "0.5", "   4 w ="),
        player_line(4, "D", 1970, "0.5", "   3 b ="),
    ]
    path = write(tmp_path, HEADER, *lines)
    completed = run("--standings", path, "--tiebreaks", "BH,SB,WIN")
    assert completed.returncode == 0, completed.stderr
    assert completed.stdout.splitlines() == [
        "rank,pairing_number,name,points,BH,SB,WIN",
        "1,1,A,1,0,0,1",
        "2,3,C,0.5,0.5,0.25,0",
        "3,4,D,0.5,0.5,0.25,0",
        "4,2,B,0,1,0,0",
    ]


def test_cli_standings_c07_text_follows_the_042_date_or_the_option(tmp_path: Path) -> None:
    """C.07 Article 16.4: A took a half-point bye and beat B (1½ in two rounds).  The
    2024 text counts the bye as an opponent with A's 1½; the 2026 text caps it at a
    draw per round, 1.  B counts 0 for both.  The file's 042 date picks the text, and
    --tiebreak-rules overrides it."""
    lines = [
        player_line(1, "A", 2000, "1.5", "0000 - H", "   2 w 1"),
        player_line(2, "B", 1990, "1.0", "0000 - U", "   1 b 0"),
    ]
    before = write(tmp_path, "042 2026/02/20\n" + HEADER, *lines)
    after = tmp_path / "after.trf"
    after.write_text(Path(before).read_text().replace("2026/02/20", "2026/03/01"))
    bh = {}
    for name, path, extra in (
        ("2024 by date", before, []),
        ("2026 by date", str(after), []),
        ("2024 chosen", str(after), ["--tiebreak-rules", "fide2023"]),
    ):
        completed = run("--standings", path, "--tiebreaks", "BH", *extra)
        assert completed.returncode == 0, completed.stderr
        bh[name] = completed.stdout.splitlines()[1]
    assert bh == {
        "2024 by date": "1,1,A,1.5,2.5",
        "2026 by date": "1,1,A,1.5,2",
        "2024 chosen": "1,1,A,1.5,2.5",
    }


def test_cli_standings_follow_the_trf_2026_tiebreak_record(tmp_path: Path) -> None:
    """TRF-2026 202 lists the tie-breaks in FIDE's codes (``BH/C1,PS``); without
    --tiebreaks the standings use them, written in ours (BH-C1, PROG).  212 is the same
    list after PTS.  A code we do not know is an input error at its line."""
    lines = [
        player_line(1, "A", 2000, "1.0", "   2 w 1"),
        player_line(2, "B", 1990, "0.0", "   1 b 0"),
    ]
    header = HEADER + "202 BH/C1,PS,ARO/M1\n"
    completed = run("--standings", write(tmp_path, header, *lines))
    assert completed.returncode == 0, completed.stderr
    assert completed.stdout.splitlines()[0] == "rank,pairing_number,name,points,BH-C1,PROG,ARO-M1"
    other = tmp_path / "212.trf"
    other.write_text(HEADER + "212 PTS, KS/L40\n" + "\n".join(lines) + "\n")
    completed = run("--standings", str(other))
    assert completed.stdout.splitlines()[0] == "rank,pairing_number,name,points,KS-L40"
    bad = tmp_path / "bad.trf"
    bad.write_text(HEADER + "202 BH,EDE\n" + "\n".join(lines) + "\n")
    completed = run("--standings", str(bad))
    assert completed.returncode == 3
    assert "unknown tie-break code 'EDE'" in completed.stderr
    assert completed.stderr.startswith(f"{bad}:")


def test_cli_unknown_tiebreak_is_a_usage_error(tmp_path: Path) -> None:
    """An unknown tie-break code exits 2 with one 'pairing:' line naming it."""
    path = write(tmp_path, HEADER, *fresh_field(2))
    completed = run("--standings", path, "--tiebreaks", "BH,XYZ")
    assert completed.returncode == 2
    assert completed.stderr.startswith(
        "pairing: argument --tiebreaks: unknown tie-break code 'XYZ'"
    )
    assert len(completed.stderr.splitlines()) == 1


# --- errors --------------------------------------------------------------------------------


def test_cli_bad_file_reports_file_line_column(tmp_path: Path) -> None:
    """A malformed TRF gives exit status 3 and one line 'file:line:column: message'."""
    path = write(tmp_path, HEADER + player_line(1, "A", 2000, "0.0", "   2 w X"))
    completed = run("--dutch1992", path, "-p")
    assert completed.returncode == 3
    assert completed.stderr.startswith(f"{path}:3:99: ")
    assert "'X'" in completed.stderr
    assert len(completed.stderr.splitlines()) == 1


def test_cli_missing_file_exits_five(tmp_path: Path) -> None:
    """A file that cannot be read exits 5 with 'pairing: cannot read ...'."""
    missing = tmp_path / "nope.trf"
    completed = run("--dutch1992", str(missing), "-p")
    assert completed.returncode == 5
    assert completed.stderr == f"pairing: cannot read {missing}: No such file or directory\n"


def test_cli_without_mode_or_system_is_a_usage_error(tmp_path: Path) -> None:
    """No mode, or -p without a system, exits 2."""
    path = write(tmp_path, HEADER, *fresh_field(2))
    assert run("--dutch1992", path).returncode == 2
    no_system = run(path, "-p")
    assert no_system.returncode == 2
    assert no_system.stderr.startswith("pairing: choose a pairing system")


def test_cli_help_lists_exit_codes() -> None:
    """--help documents every exit status."""
    completed = run("--help")
    assert completed.returncode == 0
    statuses = ["0  success", "1  no valid pairing", "2  wrong command-line"]
    statuses += ["3  invalid input", "4  check mode", "5  a file"]
    for status in statuses:
        assert status in completed.stdout


# --- in process, with a stand-in system ------------------------------------------------------


def inject(monkeypatch: pytest.MonkeyPatch, system: System, pair: PairFn) -> None:
    """Make ``system`` the only one, pairing with ``pair``, for the CLI and the registry."""
    rules = {system: dataclasses.replace(registry.REGISTRY[system], pair=pair)}
    monkeypatch.setattr(cli, "SYSTEMS", rules)
    monkeypatch.setattr(registry, "REGISTRY", rules)


def test_cli_system_not_available_exits_three(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A system missing from SYSTEMS gives a clear message and exit status 3."""
    monkeypatch.setattr(cli, "SYSTEMS", {})
    path = write(tmp_path, HEADER, *fresh_field(2))
    assert cli.main(["--esca", path, "-p"]) == 3
    assert capsys.readouterr().err == (
        "pairing: the esca system is not available yet (available: )\n"
    )


def test_cli_pairs_with_an_injected_system(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """-p writes whatever the chosen system's pair function returns, in the output format."""

    def reverse(state: TournamentState, *, seed: int) -> RoundPairing:
        return RoundPairing(
            round_number=state.round_number,
            boards=(Board(number=1, white=PairingNumber(3), black=PairingNumber(2)),),
            pairing_allocated_bye=PairingNumber(1),
        )

    inject(monkeypatch, System.SB, reverse)
    path = write(tmp_path, HEADER, *fresh_field(3))
    assert cli.main(["--sb", path, "-p"]) == 0
    assert capsys.readouterr().out == "2\n3 2\n1 0\n"


# --- -c on files other programs wrote ------------------------------------------------------


def test_cli_check_initial_colour_from_the_boards_of_round_one(tmp_path: Path) -> None:
    """Without XXC, -c finds round 1's lot from the file's colours, not from player 2 alone."""
    # The engine with the top seed white pairs 1-3 and 4-2 (Dutch E, alternating boards)
    # and gives 5 the bye.  1-3 was forfeited and written without colours, so the top
    # coloured player is 2, with black; black is not the lot: board 2 alternates.
    lines = [
        player_line(1, "A", 2000, "0.0", "   3 - -"),
        player_line(2, "B", 1990, "0.5", "   4 b ="),
        player_line(3, "C", 1980, "1.0", "   1 - +"),
        player_line(4, "D", 1970, "0.5", "   2 w ="),
        player_line(5, "E", 1960, "1.0", "0000 - U"),
    ]
    completed = run("--dutch1992", write(tmp_path, HEADER, *lines), "-c")
    assert completed.returncode == 0, completed.stdout
    assert completed.stdout == "1 rounds checked: identical to the engine's and legal\n"


def test_cli_check_dutch_b2b_not_read_into_a_forfeit_without_colours(tmp_path: Path) -> None:
    """A forfeit written 'nnnn - +' has no known colours: -c gives it none that break B2b."""
    # 2 had white in rounds 1 and 2, 4 black.  Round 3's 2-4 was forfeited and written
    # with '-' colours.  Reading 2 (the lower number) as white would give both a third
    # colour in a row (Dutch B2a, B2b) that nobody scheduled; 4-2 is the legal reading.
    lines = [
        player_line(1, "A", 2000, "2.0", "   4 w 1", "   2 b 1", "   3 w ="),
        player_line(2, "B", 1990, "0.0", "   3 w 0", "   1 w 0", "   4 - -"),
        player_line(3, "C", 1980, "1.5", "   2 b 1", "   4 w 0", "   1 b ="),
        player_line(4, "D", 1970, "2.0", "   1 b 0", "   3 b 1", "   2 - +"),
    ]
    completed = run("--dutch1992", write(tmp_path, HEADER, *lines), "-c")
    assert completed.stdout.splitlines() == [
        "round 1: boards differ: file 1-4 2-3; engine 1-3 4-2",
        "round 2: boards differ: file 2-1 3-4; engine 3-1 4-2",
    ]


# --- odd inputs from other programs ----------------------------------------------------------


def spy(monkeypatch: pytest.MonkeyPatch) -> list[TournamentState]:
    """Replace the Dutch system by one that records each state and pairs in number order."""
    seen: list[TournamentState] = []

    def in_order(state: TournamentState, *, seed: int) -> RoundPairing:
        seen.append(state)
        numbers = sorted(
            p.pairing_number
            for p in state.players
            if p.pairing_number not in {r.pairing_number for r in state.requests}
        )
        return RoundPairing(
            round_number=state.round_number,
            boards=tuple(
                Board(number=i, white=numbers[2 * i - 2], black=numbers[2 * i - 1])
                for i in range(1, len(numbers) // 2 + 1)
            ),
            pairing_allocated_bye=numbers[-1] if len(numbers) % 2 else None,
        )

    inject(monkeypatch, System.DUTCH_1992, in_order)
    return seen


NO_XXR = [
    "012 Without XXR",
    "XXC white1",
    player_line(1, "A", 2000, "1.0", "   2 w 1"),
    player_line(2, "B", 1990, "0.0", "   1 b 0"),
    player_line(3, "C", 1980, "1.0", "   4 w 1"),
    player_line(4, "D", 1970, "0.0", "   3 b 0"),
]


def test_cli_without_xxr_the_round_to_pair_is_not_the_last(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """No XXR or 142: the last-round exceptions (Note to Dutch B, Lim 13) are not applied."""
    seen = spy(monkeypatch)
    assert cli.main(["--dutch1992", write(tmp_path, *NO_XXR), "-p"]) == 0
    assert (seen[0].round_number, seen[0].is_last_round) == (2, False)
    assert capsys.readouterr().out == "2\n1 2\n3 4\n"


def test_cli_rounds_option_gives_the_planned_rounds_when_the_file_has_none(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    """--rounds 2 makes round 2 the last; with XXR in the file --rounds still decides."""
    seen = spy(monkeypatch)
    assert cli.main(["--dutch1992", write(tmp_path, *NO_XXR), "-p", "--rounds", "2"]) == 0
    assert (seen[-1].total_rounds, seen[-1].is_last_round) == (2, True)
    path = write(tmp_path, "XXR 7", *NO_XXR, name="xxr.trf")
    assert cli.main(["--dutch1992", path, "-p"]) == 0
    assert seen[-1].total_rounds == 7


def test_cli_check_without_xxr_pairs_every_round_as_p_did(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    """-c on a file without XXR re-pairs each round as -p paired it: never the last."""
    seen = spy(monkeypatch)
    cli.main(["--dutch1992", write(tmp_path, *NO_XXR), "-c"])
    assert [(s.round_number, s.is_last_round) for s in seen] == [(1, False)]


def test_cli_file_without_players_is_invalid_input(tmp_path: Path) -> None:
    """A file with headers only (or empty) has nobody to pair: exit 3, not an empty pairing."""
    for name, lines in (("empty.trf", ()), ("headers.trf", ("012 Event", "XXR 5"))):
        path = write(tmp_path, *lines, name=name)
        completed = run("--dutch1992", path, "-p")
        assert completed.returncode == 3
        assert completed.stderr == f"{path}:1:1: no player record (001) in the file\n"
