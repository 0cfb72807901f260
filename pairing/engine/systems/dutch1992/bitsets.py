"""Sets of players as bit sets, for the remembered answers of the search (Dutch C12,
C13): a level or remainder that gave nothing is remembered with the sets of players kept
up with which it gave nothing."""

from __future__ import annotations

from collections.abc import Iterable


def _bits(columns: Iterable[int]) -> int:
    """A set of small numbers as a bit set."""
    bits = 0
    for column in columns:
        bits |= 1 << column
    return bits


def _remember(barren: list[int], kept: int) -> None:
    """Add the set ``kept`` (a bitmask) to the remembered sets of players kept up with
    which a level or remainder gave nothing, dropping the sets that include it: a set is
    only looked at to see whether it is a subset of the players kept up, and any such
    superset of ``kept`` being a subset means ``kept`` is one too."""
    barren[:] = [known for known in barren if kept & ~known != 0]
    barren.append(kept)
