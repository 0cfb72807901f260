"""The sets of columns left over within the budget, listed for the guard of a
heterogeneous bracket's head in the FIDE Dutch 1992 (C6, C7: S1 paired into S2, the
remainder left) however many the candidate sets are (#38: C(24, 5) = 42,504 in round 56
of the 150-player event of seed 2929, of which an assignment within the budget leaves
over only 22), with the columns passed over kept from the sink so that no branch of the
listing is barren, and the listings remembered by head."""

from __future__ import annotations

import itertools
import random

import pytest

from pairing.engine.matching import assignment, leftovers, lexicographic_assignments
from pairing.engine.matching.assignment_network import AssignmentNetwork, least_assignment_cost

from .test_matching import _assignments_by_search, _random_options
from .test_matching_leftovers import _case


def _by_brute_force(
    options: list[list[tuple[int, int]]], columns: int, budget: int, must_cover: frozenset[int]
) -> list[int]:
    """Every set of ``columns - rows`` columns some assignment within the budget covering
    ``must_cover`` leaves over, tried one by one in lexicographic order."""
    spare = columns - len(options)
    found = []
    for left in itertools.combinations(range(columns), spare):
        out = frozenset(left)
        if out & must_cover:
            continue
        narrowed = [[(c, k) for c, k in row if c not in out] for row in options]
        least = least_assignment_cost(narrowed, columns, must_cover=frozenset(range(columns)) - out)
        if least is not None and least <= budget:
            found.append(sum(1 << c for c in left))
    return found


def _random_case(seed: int) -> tuple[list[list[tuple[int, int]]], int, int, frozenset[int]]:
    rng = random.Random(seed)
    rows = rng.randrange(0, 7)
    columns = rng.randrange(rows, rows + 5)
    options = _random_options(rng, rows, columns, share=0.6)
    must_cover = frozenset(c for c in range(columns) if rng.random() < 0.15)
    return options, columns, rng.randrange(3), must_cover


@pytest.mark.parametrize("seed", range(150))
def test_dutch1992_head_leftover_sets_are_those_of_brute_force(seed: int) -> None:
    """FIDE Dutch 1992 C6, C7: the sets listed are exactly, and in the same order, those
    an assignment within the budget leaves over, and no branch of the listing is barren:
    every column tried as the sink's or passed over costs one search, and only the
    branches on the way to a set are entered."""
    options, columns, budget, must_cover = _random_case(seed)
    expected = _by_brute_force(options, columns, budget, must_cover)
    root = AssignmentNetwork(options, columns, must_cover)
    if not root.initialise():
        assert expected == []
        return
    work = [0]
    listed = list(leftovers._within_budget(root, columns - len(options), budget, work))
    assert listed == expected
    spare = columns - len(options)
    assert work[0] <= 2 * columns * (spare * len(expected) + 1)


@pytest.mark.parametrize("seed", range(80))
def test_dutch1992_head_column_kept_from_sink_at_least_cost(seed: int) -> None:
    """FIDE Dutch 1992 C6, C7: keeping a column from the sink succeeds exactly when an
    assignment within the budget takes it, and leaves the least cost of those (brute
    force), whether the sink held it or not."""
    rng = random.Random(seed)
    rows = rng.randrange(1, 5)
    columns = rng.randrange(rows + 1, rows + 4)
    options = _random_options(rng, rows, columns, share=0.7)
    budget = rng.randrange(3)
    every = _assignments_by_search(options, columns, budget, frozenset())
    for column in range(columns):
        root = AssignmentNetwork(options, columns, frozenset())
        if not root.initialise():
            assert every == []
            return
        before = root.snapshot()
        kept = root.keep_from_sink(column, budget)
        costs = [
            sum(dict(row)[c] for row, c in zip(options, found, strict=True))
            for found in every
            if column in found
        ]
        assert kept == bool(costs), (seed, column)
        if kept:
            assert root.total == min(costs)
        root.restore_cover(before, [column])
        assert root.snapshot() == before
        assert not any(root.cover)


def test_dutch1992_head_guard_built_past_the_count_of_all_sets(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """FIDE Dutch 1992 C6, C7: 19 rows on 24 columns (C(24, 5) = 42,504 sets, more than
    the guard used to consider) leave over within the budget only the five columns no
    row takes for free, which ``viable`` refuses: the guard lists that one set and is in
    force a few checks after it starts, and nothing is yielded; asked again, the head's
    listing is remembered and the guard starts at once."""
    monkeypatch.setattr(leftovers, "_listings", {})
    rows, columns = 19, 24
    options = [[(c, 0 if c < rows else 1) for c in range(columns)] for _ in range(rows)]
    asked: list[int] = []

    def viable(prefix: tuple[int, ...]) -> bool:
        asked.append(len(prefix))
        return len(prefix) < rows or max(prefix) >= rows

    monkeypatch.setattr(assignment, "GUARD_AFTER", 500)
    assert list(lexicographic_assignments(options, columns, budget=0, viable=viable)) == []
    assert len(asked) < 500 + 3 * assignment.GUARD_PER_SET + 10
    key = (tuple(tuple(row) for row in options), columns, 0, frozenset[int]())
    assert leftovers._listings[key] == (sum(1 << c for c in range(rows, columns)),)
    asked.clear()
    assert list(lexicographic_assignments(options, columns, budget=0, viable=viable)) == []
    assert len(asked) < 3 * assignment.GUARD_PER_SET + 10, "a remembered head starts at once"


@pytest.mark.parametrize("seed", range(40))
def test_dutch1992_head_listing_gives_up_past_its_work(
    seed: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    """FIDE Dutch 1992 C6, C7: a listing past its limit of searches stops short and its
    guard refuses nothing (as no guard did), remembered so for the head; the
    assignments yielded are those of brute force filtered by ``viable``."""
    monkeypatch.setattr(leftovers, "_listings", {})
    monkeypatch.setattr(leftovers, "LISTING_WORK", 1)
    monkeypatch.setattr(assignment, "GUARD_AFTER", 0)
    monkeypatch.setattr(assignment, "GUARD_PER_SET", 1)
    (options, columns, budget, must_cover, viable), expected = _case(seed)
    guard = leftovers.LeftoverGuard(options, columns, budget, must_cover, viable)
    guard.finish()
    if guard.gave_up:
        assert guard.open_sets == []
        assert all(guard(found[:size]) for found in expected for size in range(len(found) + 1))
        assert leftovers._listings[guard.key] is None
        assert leftovers.LeftoverGuard.start(options, columns, budget, must_cover, viable) is None
    found = lexicographic_assignments(
        options, columns, budget=budget, must_cover=must_cover, viable=viable
    )
    assert list(found) == expected


@pytest.mark.parametrize("seed", range(80))
def test_dutch1992_head_guarded_by_remembered_listing_yields_the_same(
    seed: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    """FIDE Dutch 1992 C6, C7: a guard built from the listing remembered for its head
    (asked again with another ``viable``; at once when the listing is short, falling
    back to the wait when its guard leaves sets open) yields what brute force filtered
    by that ``viable`` yields."""
    monkeypatch.setattr(leftovers, "_listings", {})
    monkeypatch.setattr(assignment, "GUARD_AFTER", seed % 3 if seed % 2 else 50)
    monkeypatch.setattr(assignment, "GUARD_PER_SET", 1)
    (options, columns, budget, must_cover, viable), expected = _case(seed)
    guard = leftovers.LeftoverGuard(options, columns, budget, must_cover, viable)
    guard.finish()
    assert guard.key in leftovers._listings
    (_, _, _, _, other), _ = _case(seed + 1000)
    for test, wanted in ((viable, expected), (other, None)):
        if wanted is None:
            wanted = [
                found
                for found in _assignments_by_search(options, columns, budget, must_cover)
                if all(test(found[:size]) for size in range(1, len(options) + 1))
            ]
        found = lexicographic_assignments(
            options, columns, budget=budget, must_cover=must_cover, viable=test
        )
        assert list(found) == wanted


def test_dutch1992_head_listing_enters_no_barren_branch() -> None:
    """FIDE Dutch 1992 C6, C7: four rows free only on the last four of twelve columns
    leave over within budget 0 just the first eight: the listing finds that set in a
    few searches per column, where entering every branch within the budget (any
    subset of those eight columns is one) would take hundreds."""
    spare, rows = 8, 4
    columns = spare + rows
    options = [[(c, 0 if c >= spare else 1) for c in range(columns)] for _ in range(rows)]
    root = AssignmentNetwork(options, columns, frozenset())
    assert root.initialise()
    work = [0]
    listed = list(leftovers._within_budget(root, spare, 0, work))
    assert listed == [(1 << spare) - 1]
    assert work[0] <= 4 * columns
