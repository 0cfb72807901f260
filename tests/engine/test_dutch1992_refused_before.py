"""1992 Dutch: a level its remembered answers refuse is not searched again (C12-C14).

``LevelSearch.split_pairings`` reads the answers remembered for a level before it
searches the level's original division: :meth:`Feasibility.level_refused` (no p pairs
with the players kept up, or too many colour conflicts for x) and
:meth:`KeptBounds.refused` (the bounds within D2's exchanges).  The C12 and C13
sub-searches enter the same levels again and again with more players kept up.  Held
here to the same levels searched by a search that remembers nothing.
"""

from __future__ import annotations

import itertools
import random
from typing import Any

import pytest

from pairing.engine.systems.dutch1992.feasibility import Feasibility
from pairing.engine.systems.dutch1992.levels import LevelSearch

from .test_dutch1992_bitsets import RULES
from .test_dutch1992_within_first import _barred


def _first(search: LevelSearch, *level: Any) -> list[object]:
    """The first three pairings of a level, as (exchange index, S1 numbers, pairing)."""
    return [
        (phase.exchange_index, [e.number for e in phase.s1], phase.assignment)
        for phase in itertools.islice(search.split_pairings(*level), 3)
    ]


def test_dutch_c14_levels_entered_again_are_refused_before_their_search(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Dutch A5, B4, C8, C14: every level of random barred groups, entered again with
    more players kept up, gives the same pairings as in a search that remembers
    nothing; and when the answers remembered refuse it, its original division is not
    searched (many are)."""
    rng = random.Random(76)
    searched: list[int] = []
    split = LevelSearch._split_assignments

    def counted(self: LevelSearch, players: Any, index: int, *rest: Any) -> Any:
        searched.append(index)
        return split(self, players, index, *rest)

    monkeypatch.setattr(LevelSearch, "_split_assignments", counted)
    refused = 0
    for _ in range(12):
        n = rng.randint(8, 18)
        players = _barred(rng, n, rng.choice((0.5, 0.7)))
        numbers = [e.number for e in players]
        moved = frozenset(e.number for e in players[: n // 2] if rng.random() < 0.5)
        lowest = rng.random() < 0.5
        search = LevelSearch(Feasibility())
        for p in range(n // 2, 0, -1):
            for x, rules in itertools.product(range(p + 1), RULES):
                keep = frozenset(m for m in numbers if rng.random() < 0.1)
                more = keep | {rng.choice(numbers)}
                _first(search, players, p, x, rules, moved, lowest, keep)
                division = (tuple(numbers), moved, lowest, p)
                known = search._refused_before(division, x, rules, more)
                searched.clear()
                again = _first(search, players, p, x, rules, moved, lowest, more)
                if known:
                    refused += 1
                    assert again == [] and searched == []
                fresh = _first(
                    LevelSearch(Feasibility()), players, p, x, rules, moved, lowest, more
                )
                assert again == fresh
    assert refused > 1000
