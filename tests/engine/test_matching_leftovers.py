"""The guard of :func:`lexicographic_assignments` on the columns left over (#38): a
search that asks ``viable`` many times without a yield refuses the prefixes whose every
set of columns left open is ruled out, and yields exactly what it yielded before."""

from __future__ import annotations

import random
from collections.abc import Callable

import pytest

from pairing.engine.matching import assignment, leftovers, lexicographic_assignments

from .test_matching import _assignments_by_search, _random_options

Case = tuple[
    list[list[tuple[int, int]]], int, int, frozenset[int], Callable[[tuple[int, ...]], bool]
]


def _case(seed: int) -> tuple[Case, list[tuple[int, ...]]]:
    """Random options and a ``viable`` refusing most sets of columns as a whole (as a
    remainder that cannot be paired does), with what brute force filtered by it gives."""
    rng = random.Random(seed)
    rows = rng.randrange(1, 6)
    columns = rng.randrange(rows, rows + 3)
    options = _random_options(rng, rows, columns, share=0.8)
    must_cover = frozenset(column for column in range(columns) if rng.random() < 0.15)
    budget = rng.randrange(2)
    allowed = {frozenset(rng.sample(range(columns), rows)) for _ in range(3) if rng.random() < 0.7}
    barred = {frozenset(rng.sample(range(columns), 1)) for _ in range(2) if rng.random() < 0.3}

    def viable(prefix: tuple[int, ...]) -> bool:
        taken = frozenset(prefix)
        if any(bar <= taken for bar in barred):
            return False
        return len(prefix) < rows or taken in allowed

    expected = [
        found
        for found in _assignments_by_search(options, columns, budget, must_cover)
        if all(viable(found[:size]) for size in range(1, rows + 1))
    ]
    return (options, columns, budget, must_cover, viable), expected


@pytest.mark.parametrize("seed", range(80))
def test_lexicographic_assignments_guarded_yield_the_same(
    seed: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    """With the guard set up at once (or after a few checks), the assignments yielded,
    with ``after`` or without, are those of brute force filtered by ``viable``."""
    monkeypatch.setattr(assignment, "GUARD_AFTER", seed % 3)
    (options, columns, budget, must_cover, viable), expected = _case(seed)
    found = lexicographic_assignments(
        options, columns, budget=budget, must_cover=must_cover, viable=viable
    )
    assert list(found) == expected
    rng = random.Random(seed)
    for after in [*expected, tuple(rng.randrange(columns) for _ in range(len(options)))]:
        resumed = lexicographic_assignments(
            options, columns, budget=budget, must_cover=must_cover, after=after, viable=viable
        )
        assert list(resumed) == [found for found in expected if found > after]


def test_lexicographic_assignments_guard_refuses_only_barren_prefixes(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The guard never refuses a prefix of an assignment yielded, and refuses some."""
    monkeypatch.setattr(assignment, "GUARD_AFTER", 0)
    refusals = 0
    for seed in range(200):
        (options, columns, budget, must_cover, viable), expected = _case(seed)
        guard = leftovers.leftover_guard(options, columns, budget, must_cover, viable)
        assert guard is not None
        prefixes = {found[:size] for found in expected for size in range(len(found) + 1)}
        assert all(guard(prefix) for prefix in prefixes)
        refusals += sum(
            1 for column in range(columns) if (column,) not in prefixes and not guard((column,))
        )
    assert refusals > 20


def test_lexicographic_assignments_guard_cuts_a_search_without_yields(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Every free assignment leaves the two dear columns over, and ``viable`` refuses
    that set as a whole, while every other set costs more than the budget (the shape of
    the 150-player round 54 of seed 2034: 206,000 checks without a yield).  The guard
    stops the search soon after it is set up; nothing is yielded either way."""
    monkeypatch.setattr(assignment, "PROBE_AFTER", 10**9)  # the wait alone, no probe
    rows, columns = 9, 11
    options = [[(c, 0 if c < rows else 1) for c in range(columns)] for _ in range(rows)]
    asked: list[int] = []

    def viable(prefix: tuple[int, ...]) -> bool:
        asked.append(len(prefix))
        return len(prefix) < rows or max(prefix) >= rows

    monkeypatch.setattr(assignment, "GUARD_AFTER", 10**9)
    assert list(lexicographic_assignments(options, columns, budget=0, viable=viable)) == []
    plain = len(asked)
    asked.clear()
    monkeypatch.setattr(assignment, "GUARD_AFTER", 100)
    assert list(lexicographic_assignments(options, columns, budget=0, viable=viable)) == []
    assert plain > 1000
    assert len(asked) < plain // 4


def test_lexicographic_assignments_guard_asks_budget_and_leftovers_together() -> None:
    """The guard accepts a prefix exactly when some assignment yielded goes through it:
    in these cases ``viable`` decides on the whole set of columns only, so a prefix that
    fits the budget only by leaving over a set ``viable`` refuses is refused too (the
    shape of the 150-player rounds 54 of seed 2753 and 62 of seed 2803).  The search
    without the guard (brute force filtered by ``viable``) is the oracle."""
    sharp = 0
    for seed in range(200):
        (options, columns, budget, must_cover, viable), expected = _case(seed)
        guard = leftovers.leftover_guard(options, columns, budget, must_cover, viable)
        assert guard is not None
        through = {found[:size] for found in expected for size in range(len(found) + 1)}
        level: list[tuple[int, ...]] = [()]
        while level:
            for prefix in level:
                assert guard(prefix) == (prefix in through), (seed, prefix)
                sharp += prefix not in through and any(
                    prefix[: len(p)] == p for p in through if len(p) == len(prefix) - 1
                )
            level = [
                (*prefix, column)
                for prefix in level
                if len(prefix) < len(options)
                for column, _ in options[len(prefix)]
                if column not in prefix
            ]
    assert sharp > 20
