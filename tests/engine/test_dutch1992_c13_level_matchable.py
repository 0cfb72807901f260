"""1992 Dutch C13: a level of the penultimate bracket without any perfect matching of its
group, the players forced down and the lowest bracket is refused by a cardinality
matching before the weighted one (``c13_levels.perfectly_matchable``, #38).

Held to brute force on small random graphs, and to the weighted matching alone on the
late rounds of random near round robins, where C13 works.
"""

from __future__ import annotations

import random
from typing import Any

import pytest

from pairing.engine.systems.dutch1992 import c13_fit, c13_levels
from pairing.engine.systems.dutch1992.c13_levels import LevelFit, perfectly_matchable
from pairing.engine.systems.dutch1992.entrants import entrants
from pairing.engine.systems.dutch1992.optima import warm_matching
from pairing.engine.systems.dutch1992.procedure import Search
from tests.engine.dutch1992_late import late_states, run_search
from tests.engine.test_dutch1992_c13_levels import EVENTS


def _brute_force(size: int, edges: set[tuple[int, int]]) -> bool:
    """Whether every vertex can be matched: the first one's partners tried in turn."""

    def perfect(left: tuple[int, ...]) -> bool:
        if not left:
            return True
        first, rest = left[0], left[1:]
        return any(
            (min(first, w), max(first, w)) in edges and perfect((*rest[:k], *rest[k + 1 :]))
            for k, w in enumerate(rest)
        )

    return perfect(tuple(range(size)))


def test_dutch_c13_level_perfectly_matchable_is_brute_force() -> None:
    """Dutch C13: the cardinality test answers as brute force, odd sizes included."""
    rng = random.Random(3103)
    answers = set()
    for _ in range(400):
        size = rng.randint(0, 10)
        density = rng.choice((0.2, 0.35, 0.5, 0.8))
        edges = {(v, w) for v in range(size) for w in range(v + 1, size) if rng.random() < density}
        answer = perfectly_matchable(size, edges)
        assert answer == _brute_force(size, edges)
        answers.add(answer)
    assert answers == {True, False}


def test_dutch_c13_level_refused_without_perfect_matching_as_by_weights(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Dutch C13: every level's answer with the cardinality test first is the weighted
    matching's alone (a heaviest matching is perfect exactly when a perfect one exists),
    and some levels are refused by the cardinality test."""
    monkeypatch.setattr(c13_fit, "PATIENCE", 0)  # the fitted search, which asks the test
    monkeypatch.setattr(c13_levels, "FEW_DIVISIONS", 0)
    worked = LevelFit._witness
    refused_early = 0

    def compared(self: LevelFit, *args: Any) -> frozenset[int] | None:
        nonlocal refused_early
        answer = worked(self, *args)
        perfect: list[bool] = []

        def spy(
            key: tuple[object, ...], size: int, weights: dict[tuple[int, int], int]
        ) -> dict[int, int]:
            mate = warm_matching(key, size, weights)
            perfect.append(len(mate) == size)
            return mate

        with monkeypatch.context() as weights_only:
            weights_only.setattr(c13_levels, "perfectly_matchable", lambda *_: True)
            weights_only.setattr(c13_levels, "warm_matching", spy)
            # Nothing remembered; the heaviest matching may be another of the same
            # weight (begun warm), so the players it leaves over may differ.
            assert (worked(LevelFit(), *args) is None) == (answer is None)
        refused_early += not perfect[0]
        return answer

    monkeypatch.setattr(LevelFit, "_witness", compared)
    for players, rounds, seed in EVENTS:
        for state in late_states(players, rounds, seed, from_completed=players // 2):
            run_search(Search(entrants(state)[0]))
    assert refused_early
