"""Where the tests' reference files live: ``tests/data`` (see its README for their sources)."""

from __future__ import annotations

from pathlib import Path

DATA = Path(__file__).resolve().parents[1] / "data"
