"""Parity with the endorsed program: every round of ``tests/data/dutch`` paired as
bbpPairings v6 paired it (FIDE Handbook C.04.3, 2026), except where the project follows
a published text the reference departs from (the events listed as divergent by design).

Each file is a finished tournament whose rounds the reference paired (see the
directory's README); each round is paired again from the rounds before it, through the
command line's checker (``python -m pairing --dutch FILE -c``), which compares boards,
colours and the bye.

Events with Baku acceleration are paired without their ``XXA`` lines: those lines are
the reference's virtual points (group A of ``ceil(n / 2)`` players, late entries
counted), and the engine computes its own from FIDE C.04.7 (group A of
``2 * ceil(n / 4)`` players of round 1, its last player fixed from round 1).  Where the
two differ, the event is listed in ``divergent.json``: its pairings must differ from the
reference's in exactly the rounds listed there, all of them rounds whose pairing reads
virtual points (the accelerated rounds, and the two after them, whose floats of 1.4
are read from the pairing scores before each round), and every round must be what
``ours/<event>.txt`` records as this project's answer.  The file itself, with its
``XXA`` lines, still holds the reference's answer, and the engine reproduces it when
given the reference's virtual points.

To write the ``ours`` files again after a deliberate change of the engine:
``python -c "from tests.engine.test_dutch_parity import write_ours; write_ours()"``.
"""

from __future__ import annotations

import json
import re
import tempfile
from dataclasses import replace
from pathlib import Path

import pytest

from pairing.__main__ import main, pairs_text
from pairing.engine import System, pair_round
from pairing.engine.checker import recorded_requests
from pairing.engine.model import RoundPairing
from pairing.engine.trf import decode_trf, read_trf, state_from_trf, total_rounds

DATA = Path(__file__).resolve().parents[1] / "data" / "dutch"
FILES = sorted(DATA.glob("*.trf"))
OURS = DATA / "ours"
DIVERGENT: dict[str, dict[str, object]] = json.loads(
    (DATA / "divergent.json").read_text(encoding="utf-8")
)["events"]
OURS_HEADER = (
    "# OURS, NOT THE REFERENCE'S: this project's dutch engine pairing each round of {name}\n"
    "# from the reference's rounds before it, with Baku acceleration as FIDE C.04.7\n"
    "# writes it.  The reference's own answer is {name} itself.  Per round: 'round N',\n"
    "# the number of pairs, then 'white black' lines, the pairing-allocated bye as 'N 0'.\n"
)


def _accelerated(path: Path) -> bool:
    """Whether the event asks for Baku acceleration (192 or SWO) and carries XXA."""
    text = path.read_text(encoding="utf-8")
    state = state_from_trf(read_trf(decode_trf(path.read_bytes())))
    return bool(state.options.acceleration) and "\nXXA" in text


def _without_xxa(path: Path, directory: Path) -> Path:
    """A copy of the event without its XXA lines (the reference's virtual points)."""
    lines = path.read_text(encoding="utf-8").splitlines(keepends=True)
    copy = directory / path.name
    copy.write_text("".join(line for line in lines if not line.startswith("XXA")), "utf-8")
    return copy


def _check(path: Path, capsys: pytest.CaptureFixture[str]) -> tuple[int, str]:
    status = main(["--dutch", str(path), "-c"])
    return status, capsys.readouterr().out


def our_rounds(path: Path) -> list[RoundPairing]:
    """Each round of ``path`` as the engine pairs it from the file's rounds before it,
    exactly as the checker (``-c``) builds each round's state."""
    doc = read_trf(decode_trf(path.read_bytes()))
    planned = total_rounds(doc)
    final = state_from_trf(doc)
    assert final.initial_colour is not None, f"{path.name}: no XXC line"
    result = []
    for number in range(1, final.rounds_completed + 1):
        paired_from = state_from_trf(doc, round_to_pair=number)
        gone = {p.pairing_number for p in paired_from.players if p.withdrawn}
        before = replace(
            paired_from,
            total_rounds=planned or number + 1,
            requests=tuple(
                r for r in recorded_requests(final, number) if r.pairing_number not in gone
            ),
            initial_colour=final.initial_colour,
        )
        result.append(pair_round(before, System.DUTCH, seed=0))
    return result


def ours_text(path: Path) -> str:
    """The text of ``ours/<event>.txt`` for the event ``path`` (its XXA lines ignored)."""
    rounds = "".join(
        f"round {pairing.round_number}\n{pairs_text(pairing)}" for pairing in our_rounds(path)
    )
    return OURS_HEADER.format(name=path.name) + rounds


def write_ours() -> None:
    """Write ``ours/<event>.txt`` for every event listed in ``divergent.json``."""

    OURS.mkdir(exist_ok=True)
    with tempfile.TemporaryDirectory() as scratch:
        for name in DIVERGENT:
            copy = _without_xxa(DATA / name, Path(scratch))
            (OURS / f"{Path(name).stem}.txt").write_text(ours_text(copy), encoding="utf-8")


def test_parity_corpus_is_there() -> None:
    assert len([f for f in FILES if f.name.startswith("bbp-")]) >= 100
    assert len([f for f in FILES if f.name.startswith("var-")]) >= 40


def test_divergent_events_are_accelerated_events_of_the_corpus() -> None:
    """Every event listed as divergent is here, asks for Baku acceleration, has its
    reason and its own answer; nothing else lies in ``ours``."""
    names = {f.name for f in FILES}
    for name, entry in DIVERGENT.items():
        assert name in names, name
        assert _accelerated(DATA / name), name
        assert entry["reason"], name
        assert (OURS / f"{Path(name).stem}.txt").is_file(), name
    assert {p.name for p in OURS.iterdir()} == {f"{Path(n).stem}.txt" for n in DIVERGENT}


PARITY = [f for f in FILES if f.name not in DIVERGENT]


@pytest.mark.parametrize("path", PARITY, ids=[f.stem for f in PARITY])
def test_c_04_3_every_round_as_the_endorsed_program_pairs_it(
    path: Path, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """The file as the reference paired it: identical round by round.  An accelerated
    event is paired with the engine's own virtual points (its XXA lines left out); the
    events listed as divergent are checked by ``test_c_04_5_1_divergent_event``."""
    checked = _without_xxa(path, tmp_path) if _accelerated(path) else path
    status, out = _check(checked, capsys)
    assert status == 0, out
    assert "identical to the engine's and legal" in out


@pytest.mark.parametrize("name", sorted(DIVERGENT), ids=[Path(n).stem for n in sorted(DIVERGENT)])
def test_c_04_5_1_divergent_event(
    name: str, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """An event where C.04.7's group A is not the reference's: the reference's answer
    is the engine's when given the reference's virtual points (XXA); with its own, the
    engine differs from it exactly in the listed rounds, each one reading virtual
    points, and pairs every round as ``ours`` records."""
    path = DATA / name
    entry = DIVERGENT[name]
    status, out = _check(path, capsys)
    assert status == 0 and "identical to the engine's and legal" in out, out

    stripped = _without_xxa(path, tmp_path)
    status, out = _check(stripped, capsys)
    assert status != 0, f"{name} is listed as divergent but pairs as the reference does"
    problems = [line for line in out.splitlines() if line.startswith("round ")]
    assert all(re.match(r"round \d+: (boards|colours|bye) differ", p) for p in problems), out
    differing = sorted({int(p.split()[1].rstrip(":")) for p in problems})
    assert differing == entry["rounds"], out
    planned = total_rounds(read_trf(decode_trf(path.read_bytes())))
    assert planned is not None
    accelerated = -(-planned // 2)
    assert max(differing) <= accelerated + 2, "a difference outside the accelerated rounds"

    expected = (OURS / f"{path.stem}.txt").read_text(encoding="utf-8")
    assert ours_text(stripped) == expected
