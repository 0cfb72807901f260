"""Only ``pairing/engine/trf/`` knows a TRF record's columns or syntax (#19).

The web app's export, backup and import build and read every line through the package's
typed functions: no module outside it writes a record with a string starting with a tag
(``f"SWG ..."``, ``"XXR "``...), nor reads one by its tag or by cutting its text.
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

from pairing.engine.errors import TrfError
from pairing.engine.trf import read_trf

ROOT = Path(__file__).resolve().parents[2]
TRF = ROOT / "pairing" / "engine" / "trf"
RECORD = re.compile(r"^(?:\d{3}|XX[A-Z]|BB[A-Z]|SW[A-Z]|###) ")
"""The start of a record: a tag (``001``, ``240``, ``XXR``, ``BBW``, ``SWG``...), a blank."""
RECORD_ATTRIBUTES = {"tag", "rest", "tagged", "records"}
"""What a caller would read a record by: a document's records, a record's tag or text."""
SYSTEMS = ROOT / "pairing" / "engine" / "systems"


def _product_files() -> list[Path]:
    return [
        path
        for top in ("pairing", "swissweb", "bench")
        for path in sorted((ROOT / top).rglob("*.py"))
        if "migrations" not in path.parts
        and TRF not in path.parents
        and SYSTEMS not in path.parents
    ]


def record_syntax(paths: list[Path]) -> set[str]:
    """Strings that start a TRF record, and reads of a record's tag or text."""
    found = set()
    for path in paths:
        source = path.read_text(encoding="utf-8")
        tree = ast.parse(source, filename=str(path))
        # A module that never imports the TRF package reads no record by its tag: an
        # XML element's .tag (the rating lists) is another thing.
        reads_trf = "trf" in source
        for node in ast.walk(tree):
            text = None
            if isinstance(node, ast.Constant) and isinstance(node.value, str):
                text = node.value
            elif isinstance(node, ast.JoinedStr) and node.values:
                first = node.values[0]
                if isinstance(first, ast.Constant) and isinstance(first.value, str):
                    text = first.value
            if text is not None and RECORD.match(text) and isinstance(node, ast.expr):
                found.add(f"{path.name}:{node.lineno}")
            if isinstance(node, ast.Attribute) and node.attr in RECORD_ATTRIBUTES and reads_trf:
                found.add(f"{path.name}:{node.lineno}: .{node.attr}")
    return found


def test_trf_boundary_no_record_syntax_outside_the_trf_package() -> None:
    """The app, the rest of the engine (systems aside), the CLI and the benchmark."""
    assert not record_syntax(_product_files())


def test_trf_boundary_detects_record_syntax(tmp_path: Path) -> None:
    bad = tmp_path / "bad.py"
    bad.write_text(
        "from pairing.engine import trf\n"
        'line = f"SWG {r:>3} {b:>4}"\n'
        'head = "XXR 7"\n'
        "clubs = [r.rest[5:] for r in doc.records if r.tag == 'SWC']\n"
        'fine = f"{count} rounds"\n'
    )
    assert record_syntax([bad]) == {
        "bad.py:2",
        "bad.py:3",
        "bad.py:4: .rest",
        "bad.py:4: .records",
        "bad.py:4: .tag",
    }
    xml = tmp_path / "xml.py"
    xml.write_text("names = [e.text for e in root if e.tag == 'player']\n")
    assert record_syntax([xml]) == set()  # no TRF package, no TRF record


def test_trf_starting_rank_of_five_digits_is_refused_not_read_as_four() -> None:
    """Defect (#21): player number 10000 was read as 1000 with a stray digit."""

    line = (
        "001 10000 m    Adams, Anna                       1500 ENG    12345678 2000/01/01  0.0    1"
    )
    with pytest.raises(TrfError, match="more than four digits"):
        read_trf(line + "\n")
