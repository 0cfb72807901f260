"""Score brackets and the S1/S2 split, for the systems that pair score bracket by bracket.

Dutch A3 (players with equal scores form a score bracket), A6 (S1 and S2), A9b and D2
(after an exchange S1 and S2 are ordered again).  The helpers build and split brackets;
they never choose between candidate pairings: that stays in the system modules.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable, Iterable, Sequence
from typing import Any, TypeVar

T = TypeVar("T")


def score_brackets(
    players: Iterable[T], *, score: Callable[[T], int], key: Callable[[T], Any]
) -> list[list[T]]:
    """The players grouped by equal score, highest score first, each in ``key`` order (Dutch A3).

    ``key`` must order by score first (as the Dutch A2 order does).
    """
    ordered = sorted(players, key=key)
    return [list(group) for _, group in itertools.groupby(ordered, key=score)]


def split(bracket: Sequence[T], p: int) -> tuple[list[T], list[T]]:
    """S1 = the first ``p`` players of the bracket, S2 = all the others (Dutch A6, C4)."""
    return list(bracket[:p]), list(bracket[p:])


def exchange(
    bracket: Sequence[T], p: int, out_of_s1: Sequence[int], into_s1: Sequence[int]
) -> tuple[list[T], list[T]]:
    """S1 and S2 after an exchange, both in bracket order (Dutch A9b, D2).

    ``bracket`` is in A2 order; S1 is its first ``p`` players.  ``out_of_s1`` and
    ``into_s1`` are 1-based positions in the bracket of the players who change subgroup.
    """
    in_s1 = (set(range(1, p + 1)) - set(out_of_s1)) | set(into_s1)
    s1 = [player for position, player in enumerate(bracket, start=1) if position in in_s1]
    s2 = [player for position, player in enumerate(bracket, start=1) if position not in in_s1]
    return s1, s2
