"""The exact x = 0 test of a division's colour conflicts against the least cost."""

from __future__ import annotations

import random

from pairing.engine.matching import least_assignment_cost
from pairing.engine.systems.dutch1992.division_colours import (
    _options,
    conflict_bound,
    pairs_without_conflicts,
)
from pairing.engine.systems.dutch1992.divisions import matching_size


def _random_case(rng: random.Random) -> tuple[list[int], list[int], int, int]:
    size = rng.randint(1, 9)
    count = rng.randint(1, size)
    density = rng.random()
    rows = [sum(1 << t for t in range(size) if rng.random() < density) for _ in range(count)]
    white = sum(1 << t for t in range(size) if rng.random() < 0.5)
    black = ~white & ((1 << size) - 1)
    conflicts = [rng.choice((white, black, 0)) for _ in range(count)]
    must = sum(1 << t for t in range(size) if rng.random() < 0.3)
    return rows, conflicts, must, size


def test_dutch_b4_pairs_without_conflicts_is_a_least_cost_of_zero() -> None:
    rng = random.Random(1992)
    answers = set()
    for _ in range(4000):
        rows, conflicts, must, size = _random_case(rng)
        columns = frozenset(t for t in range(size) if must >> t & 1)
        least = least_assignment_cost(_options(rows, conflicts, size), size, must_cover=columns)
        answer = pairs_without_conflicts(rows, conflicts, must)
        assert answer == (least == 0), (rows, conflicts, must, least)
        answers.add((answer, least))
    # Both answers, and a least above 0 where S1 alone has a conflict-free pairing, occur.
    assert (True, 0) in answers
    assert any(not answer and least is not None for answer, least in answers)


def test_dutch_b4_must_pair_column_only_reached_through_a_conflict() -> None:
    # Row 0 may take columns 0 and 1 without conflict; row 1 only column 0.  Column 2
    # must be paired but only row 0 reaches it, with a conflict: least 1.
    rows = [0b111, 0b001]
    conflicts = [0b100, 0b000]
    assert not pairs_without_conflicts(rows, conflicts, 0b100)
    assert pairs_without_conflicts(rows, conflicts, 0b010)
    assert least_assignment_cost(_options(rows, conflicts, 3), 3, must_cover=frozenset({2})) == 1


def test_dutch_b4_conflict_bound_never_passes_the_least_cost() -> None:
    """The bound is at most the least cost, and says no pairing only when there is none;
    it is often the least itself, and more than the players a conflict-free matching
    leaves over."""
    rng = random.Random(2550)
    exact = stronger = 0
    for _ in range(4000):
        rows, conflicts, _, size = _random_case(rng)
        least = least_assignment_cost(_options(rows, conflicts, size), size)
        bound = conflict_bound(rows, conflicts)
        if least is None:
            continue
        assert bound <= least
        exact += bound == least
        free = [row & ~conflict for row, conflict in zip(rows, conflicts, strict=True)]
        stronger += bound > len(rows) - matching_size(free)
    assert exact > 2000
    assert stronger > 10


def test_dutch_b4_conflict_bound_counts_the_first_path_for_each_player_left() -> None:
    # Two S1 players, both preferring white, may only meet the two white S2 players:
    # the conflict-free matching is empty, each path costs 1, so the bound is 2.
    assert conflict_bound([0b11, 0b11], [0b11, 0b11]) == 2
    # One may meet only a black S2 player whom the other needs too: no pairing.
    assert conflict_bound([0b01, 0b01], [0b00, 0b00]) == 3
