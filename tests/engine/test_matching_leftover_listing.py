"""The sets of columns left over within the colour budget (Dutch B4) that the guard of
:func:`lexicographic_assignments` lists depth first, the sink taking one column at a
time, and the rule that builds it beside the search (#38: the 150-player round 62 of
seed 2803 asked 42,000 checks of a heterogeneous bracket's head before its guard, for
one set within the budget)."""

from __future__ import annotations

import random
from collections.abc import Callable

import pytest

from pairing.engine.matching import assignment, leftovers, lexicographic_assignments
from pairing.engine.matching.assignment_network import AssignmentNetwork

from .test_matching import _assignments_by_search, _random_options


@pytest.mark.parametrize("seed", range(120))
def test_dutch_b4_sets_left_over_within_the_budget_are_brute_forces(seed: int) -> None:
    """Dutch B4: the sets listed are exactly the sets of columns left over by some
    assignment within the colour budget covering ``must_cover`` (brute force), in
    lexicographic order, and the network is as it was after the listing."""
    rng = random.Random(seed)
    rows = rng.randrange(0, 6)
    columns = rng.randrange(rows, rows + 4)
    options = _random_options(rng, rows, columns, share=0.75)
    must_cover = frozenset(c for c in range(columns) if rng.random() < 0.2)
    budget = rng.randrange(3)
    expected = sorted(
        {
            tuple(c for c in range(columns) if c not in found)
            for found in _assignments_by_search(options, columns, budget, must_cover)
        }
    )
    root = AssignmentNetwork(options, columns, must_cover)
    if not root.initialise():
        assert expected == []
        return
    before = root.snapshot()
    listed = list(leftovers._within_budget(root, columns - rows, budget))
    assert listed == [sum(1 << c for c in left) for left in expected]
    assert root.snapshot() == before


@pytest.mark.parametrize("seed", range(60))
def test_dutch_b4_sink_may_take_answers_as_force_sink(seed: int) -> None:
    """Dutch B4: asking whether the sink may take a column within the budget answers
    as taking it does, and taking it leaves a transportation of the least cost that
    leaves that column over (brute force)."""
    rng = random.Random(seed)
    rows = rng.randrange(1, 5)
    columns = rng.randrange(rows + 1, rows + 3)
    options = _random_options(rng, rows, columns, share=0.8)
    budget = rng.randrange(3)
    for column in range(columns):
        root = AssignmentNetwork(options, columns, frozenset())
        if not root.initialise():
            return
        asked = root.sink_may_take(column, budget)
        assert root.force_sink(column, budget) == asked
        every = _assignments_by_search(options, columns, budget, frozenset())
        costs = [
            sum(dict(row)[c] for row, c in zip(options, found, strict=True))
            for found in every
            if column not in found
        ]
        assert asked == bool(costs)
        if asked:
            assert root.total == min(costs)


def test_dutch_c13_guard_in_force_soon_when_few_sets_are_within_budget(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """One set of four columns (of C(18, 4) = 3,060) is left over by the free
    assignments, and ``viable`` refuses it as a whole: the guard lists it and is in
    force a few checks after it starts, whatever the count of all sets (a wait of
    four checks a set, as before, let the search ask 12,000 checks first); nothing is
    yielded either way."""
    monkeypatch.setattr(assignment, "PROBE_AFTER", 10**9)  # the wait alone, no probe
    rows, columns = 14, 18
    options = [[(c, 0 if c < rows else 1) for c in range(columns)] for _ in range(rows)]
    asked: list[int] = []

    def viable(prefix: tuple[int, ...]) -> bool:
        asked.append(len(prefix))
        return len(prefix) < rows or max(prefix) >= rows

    monkeypatch.setattr(assignment, "GUARD_AFTER", 10**9)
    assert list(lexicographic_assignments(options, columns, budget=0, viable=viable)) == []
    plain = len(asked)
    asked.clear()
    monkeypatch.setattr(assignment, "GUARD_AFTER", 500)
    assert list(lexicographic_assignments(options, columns, budget=0, viable=viable)) == []
    assert plain > 12_000
    assert len(asked) < 500 + 3 * assignment.GUARD_PER_SET + 10


@pytest.mark.parametrize("per_set", [1, 2, 5])
def test_dutch_c13_guard_built_beside_the_search_yields_the_same(
    per_set: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Whatever the pace of the guard's listing, the assignments yielded are those of
    the search without it (brute force filtered by ``viable``)."""
    monkeypatch.setattr(assignment, "GUARD_PER_SET", per_set)
    monkeypatch.setattr(assignment, "GUARD_AFTER", 1)
    for seed in range(60):
        rng = random.Random(seed)
        rows = rng.randrange(1, 6)
        columns = rng.randrange(rows, rows + 3)
        options = _random_options(rng, rows, columns, share=0.8)
        budget = rng.randrange(2)
        viable = _viable_of(rows, {frozenset(rng.sample(range(columns), rows)) for _ in range(3)})
        expected = [
            found
            for found in _assignments_by_search(options, columns, budget, frozenset())
            if viable(found)
        ]
        found = lexicographic_assignments(options, columns, budget=budget, viable=viable)
        assert list(found) == expected, seed


def _viable_of(rows: int, allowed: set[frozenset[int]]) -> Callable[[tuple[int, ...]], bool]:
    """A ``viable`` accepting a whole assignment only when its set of columns is allowed
    (as a remainder that can be paired)."""

    def viable(prefix: tuple[int, ...]) -> bool:
        return len(prefix) < rows or frozenset(prefix) in allowed

    return viable
