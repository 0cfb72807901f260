"""Sets of players as bit sets, for the remembered answers of the search (Dutch C12,
C13): a level or remainder that gave nothing is remembered with the sets of players kept
up with which it gave nothing."""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence


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


def _runs(positions: Sequence[int]) -> list[tuple[int, int, int]]:
    """Ascending positions as runs of consecutive ones: (first position, run bit mask,
    index in ``positions`` of the first), for :func:`_compress`."""
    runs: list[tuple[int, int, int]] = []
    start = 0
    for k in range(1, len(positions) + 1):
        if k == len(positions) or positions[k] != positions[k - 1] + 1:
            runs.append((positions[start], (1 << (k - start)) - 1, start))
            start = k
    return runs


def _compress(bits: int, runs: Sequence[tuple[int, int, int]]) -> int:
    """The bit set ``bits`` of positions read at the positions of ``runs`` (:func:`_runs`):
    bit k of the answer is the bit of the k-th position."""
    compressed = 0
    for first, width, index in runs:
        compressed |= (bits >> first & width) << index
    return compressed


def _positions(bits: int) -> Iterator[int]:
    """The members of a bit set, lowest first."""
    while bits:
        low = bits & -bits
        bits ^= low
        yield low.bit_length() - 1
