"""The repository stands alone: no file reads or cites a folder beside it.

Tests read their reference files from ``tests/data``; docs and docstrings name a rule text
by its published title, not by a path on someone's machine.
"""

from __future__ import annotations

import importlib.resources
import os
import subprocess
import tomllib
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]

# Spelt in pieces so that this file does not match itself.
OUTSIDE = tuple(s.encode() for s in ("../" + "shared", "shared" + "/data", "shared" + "/rules"))

SKIPPED_DIRS = {".git", ".venv", "__pycache__", ".pytest_cache", ".ruff_cache", ".mypy_cache"}
"""Folders never looked at when git cannot list the tracked files."""


def tracked_files(root: Path) -> list[Path] | None:
    """The files git tracks under ``root``, or None where git or a repository is missing."""
    try:
        listed = subprocess.run(
            ["git", "ls-files", "-z"], cwd=root, capture_output=True, check=True
        ).stdout
    except (OSError, subprocess.CalledProcessError):
        return None
    return [root / name for name in listed.decode().split("\0") if name]


def walked_files(root: Path) -> list[Path]:
    """Every file under ``root`` outside the folders of git, the venv and the tools."""
    found: list[Path] = []
    for folder, dirs, files in os.walk(root):
        dirs[:] = [d for d in dirs if d not in SKIPPED_DIRS and not d.endswith(".egg-info")]
        found.extend(Path(folder) / name for name in files)
    return sorted(found)


def outside_references(root: Path, files: list[Path]) -> list[str]:
    """``path:line: text`` for every line of ``files`` that names a path outside the repository."""
    hits = []
    for path in files:
        if not path.is_file():  # tracked but deleted in the work tree
            continue
        for number, line in enumerate(path.read_bytes().splitlines(), start=1):
            if any(needle in line for needle in OUTSIDE):
                text = line.decode("utf-8", "replace").strip()
                hits.append(f"{path.relative_to(root)}:{number}: {text}")
    return hits


def test_no_file_names_a_path_outside_the_repository() -> None:
    """No file of the repository reads or cites the folder of reference data beside it."""
    files = tracked_files(ROOT)
    assert outside_references(ROOT, walked_files(ROOT) if files is None else files) == []


BAD = "see ../" + "shared" + "/rules/x.txt"
"""An offending line, spelt in pieces too."""


def _offending_tree(root: Path) -> None:
    (root / "docs").mkdir()
    (root / "docs" / "note.md").write_text(f"ok\n{BAD}\n", encoding="utf-8")
    (root / "clean.py").write_text("x = 1  # shared by the systems\n", encoding="utf-8")


def test_an_outside_path_is_found_in_a_walked_tree(tmp_path: Path) -> None:
    """The scan reports the offending line, and not the word "shared" alone."""
    _offending_tree(tmp_path)
    assert outside_references(tmp_path, walked_files(tmp_path)) == [f"docs/note.md:2: {BAD}"]


def test_an_outside_path_is_found_in_a_tracked_file(tmp_path: Path) -> None:
    """With git, the tracked files are the ones scanned."""
    _offending_tree(tmp_path)
    try:
        subprocess.run(["git", "init", "-q"], cwd=tmp_path, check=True)
        subprocess.run(["git", "add", "."], cwd=tmp_path, check=True)
    except OSError:
        pytest.skip("no git on this machine")
    files = tracked_files(tmp_path)
    assert files is not None
    assert outside_references(tmp_path, files) == [f"docs/note.md:2: {BAD}"]


def test_engine_ships_py_typed_as_pep_561_asks() -> None:
    """The engine is typed (mypy strict): ``py.typed`` marks the installed package so,
    and the build configuration ships it with the code."""
    assert importlib.resources.files("pairing").joinpath("py.typed").is_file()
    project = tomllib.loads((Path(__file__).parents[2] / "pyproject.toml").read_text("utf-8"))
    assert "py.typed" in project["tool"]["setuptools"]["package-data"]["pairing"]


def test_mypy_strict_checks_the_tests_and_the_bench_as_well_as_the_code() -> None:
    """mypy (``make lint`` and CI) runs strict over the engine, the app, the tests and the
    bench; no module is let off with ``ignore_errors``, and an ignore names its code."""
    project = tomllib.loads((ROOT / "pyproject.toml").read_text("utf-8"))
    mypy = project["tool"]["mypy"]
    assert mypy["strict"] is True
    assert {"pairing", "swissweb", "tests", "bench"} <= set(mypy["files"])
    assert not [o["module"] for o in mypy.get("overrides", []) if o.get("ignore_errors")]
    assert "ignore-without-code" in mypy.get("enable_error_code", [])
