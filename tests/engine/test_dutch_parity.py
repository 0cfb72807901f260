"""Parity with the endorsed program: every round of ``tests/data/dutch`` paired as
bbpPairings v6 paired it (FIDE Handbook C.04.3, 2026).

Each file is a finished tournament whose rounds the reference paired (see the
directory's README); each round is paired again from the rounds before it, through the
command line's checker (``python -m pairing --dutch FILE -c``), which compares boards,
colours and the bye.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from pairing.__main__ import main

DATA = Path(__file__).resolve().parents[1] / "data" / "dutch"
FILES = sorted(DATA.glob("*.trf"))


def test_parity_corpus_is_there() -> None:
    assert len([f for f in FILES if f.name.startswith("bbp-")]) >= 100
    assert len([f for f in FILES if f.name.startswith("var-")]) >= 40


@pytest.mark.parametrize("path", FILES, ids=[f.stem for f in FILES])
def test_c_04_3_every_round_as_the_endorsed_program_pairs_it(
    path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    status = main(["--dutch", str(path), "-c"])
    out = capsys.readouterr().out
    assert status == 0, out
    assert "identical to the engine's and legal" in out
