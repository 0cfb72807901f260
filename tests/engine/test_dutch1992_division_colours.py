"""The exact x = 0 test of a division's colour conflicts, and the lower bound on them
(1992 Dutch B4), against the least cost."""

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


def test_dutch_b4_conflict_bound_with_must_pair_never_passes_the_least_cost() -> None:
    """With S2 players who must be paired (their stand-ins), the bound is still at most
    the least cost, says no pairing only when there is none, is often the least itself,
    and is often above the bound without them and above the players left over."""
    rng = random.Random(2827)
    exact = above_free = above_left = 0
    for _ in range(4000):
        rows, conflicts, must, size = _random_case(rng)
        columns = frozenset(t for t in range(size) if must >> t & 1)
        least = least_assignment_cost(_options(rows, conflicts, size), size, must_cover=columns)
        bound = conflict_bound(rows, conflicts, must)
        if least is None:
            assert bound > 0 or not pairs_without_conflicts(rows, conflicts, must)
            continue
        assert bound <= least, (rows, conflicts, must)
        assert (bound == 0) == (least == 0)
        exact += bound == least
        above_free += bound > conflict_bound(rows, conflicts)
        free = [row & ~conflict for row, conflict in zip(rows, conflicts, strict=True)]
        above_left += bound > len(rows) - matching_size(free)
    assert exact > 2000
    assert above_free > 50
    assert above_left > 50


def test_dutch_b4_conflict_bound_sums_each_player_s_cheapest_path() -> None:
    # S2: player 0 prefers black, 1 and 2 white.  S1 player 0 prefers black and may meet
    # only S2 0; S1 1 and 2 prefer white and may meet anyone.  The conflict-free matching
    # pairs one of S1 1 and 2 with S2 0 and leaves two over: S1 0, whose path costs 2
    # (his conflict with S2 0, then his mate's with a white S2 player), and the other
    # with a path costing 1.  The least is 3, above the two left over times the
    # cheapest path.
    rows = [0b001, 0b111, 0b111]
    conflicts = [0b001, 0b110, 0b110]
    assert least_assignment_cost(_options(rows, conflicts, 3), 3) == 3
    assert conflict_bound(rows, conflicts) == 3
    free = [row & ~conflict for row, conflict in zip(rows, conflicts, strict=True)]
    assert len(rows) - matching_size(free) == 2


def test_dutch_b4_conflict_bound_reads_the_s2_players_who_must_be_paired() -> None:
    # As above: S2 2 must be paired and only S1 0 reaches it, with a conflict.
    rows = [0b111, 0b001]
    conflicts = [0b100, 0b000]
    assert conflict_bound(rows, conflicts) == 0
    assert conflict_bound(rows, conflicts, 0b100) == 1
    # Two S2 players must be paired but only one S1 player reaches either: none.
    assert conflict_bound([0b011, 0b100], [0, 0], 0b011) == 3
