"""The least-cost completions of the guard on the columns left over, kept warm along the
prefixes asked (#38): the guard of a heterogeneous head in the FIDE Dutch 1992 (C6, C7:
S1 paired into S2, the remainder's sets left over) answers as the least cost built from
nothing does, on one network a set instead of one a prefix and set."""

from __future__ import annotations

import random

import pytest

from pairing.engine.matching import leftovers
from pairing.engine.matching.assignment_network import AssignmentNetwork, least_assignment_cost
from pairing.engine.matching.leftover_completions import LeftoverCompletion

from .test_matching import _random_options
from .test_matching_leftovers import _case


def _within_from_nothing(
    options: list[list[tuple[int, int]]],
    columns: int,
    left: int,
    budget: int,
    prefix: tuple[int, ...],
) -> bool:
    """The oracle: the prefix's cost plus the least cost, built from nothing, of the rows
    after it on every column outside the prefix and ``left``."""
    closed = left
    for column in prefix:
        closed |= 1 << column
    rest = [[(c, k) for c, k in row if not closed >> c & 1] for row in options[len(prefix) :]]
    outside = frozenset(c for c in range(columns) if not closed >> c & 1)
    least = least_assignment_cost(rest, columns, must_cover=outside)
    spent = sum(dict(options[r])[c] for r, c in enumerate(prefix))
    return least is not None and spent + least <= budget


def _prefixes(
    options: list[list[tuple[int, int]]], left: int, rng: random.Random, count: int
) -> list[tuple[int, ...]]:
    """Prefixes of distinct columns, each an option of its row and none in ``left``,
    drawn so that one often extends, shortens or turns off the one before it."""
    found: list[tuple[int, ...]] = []
    prefix: tuple[int, ...] = ()
    for _ in range(count):
        prefix = prefix[: rng.randrange(len(prefix) + 1)]
        while len(prefix) < len(options) and rng.random() < 0.7:
            choices = [c for c, _ in options[len(prefix)] if c not in prefix and not left >> c & 1]
            if not choices:
                break
            prefix = (*prefix, rng.choice(choices))
        found.append(prefix)
    return found


@pytest.mark.parametrize("seed", range(120))
def test_dutch1992_c6_leftover_completion_is_the_least_cost_from_nothing(seed: int) -> None:
    """FIDE Dutch 1992 C6, C7: whatever order the prefixes come in (going back to a
    shorter one, turning off it, or jumping), a set's warm network says a prefix has a
    completion within the budget leaving that set over exactly when the least cost
    built from nothing says so."""
    rng = random.Random(seed)
    rows = rng.randrange(1, 8)
    columns = rng.randrange(rows, rows + 4)
    options = _random_options(rng, rows, columns, share=0.75)
    budget = rng.randrange(4)
    spare = rng.sample(range(columns), columns - rows)
    left = sum(1 << c for c in spare)
    completion = LeftoverCompletion(options, columns, left, budget)
    for prefix in _prefixes(options, left, rng, 40):
        assert completion.within(prefix) == _within_from_nothing(
            options, columns, left, budget, prefix
        ), (seed, prefix)


def test_dutch1992_c6_guard_builds_one_network_a_set_open(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """FIDE Dutch 1992 C6, C7: asked every prefix depth first (as the search asks them),
    the guard builds one network for each set still open, where a least cost from
    nothing built one for each prefix and set it asked (2,975 in the 150-player round
    54 of seed 2753)."""
    monkeypatch.setattr(leftovers, "_listings", {})
    rows, columns = 8, 10
    rng = random.Random(7)
    options = [[(c, int(rng.random() < 0.4)) for c in range(columns)] for _ in range(rows)]
    guard = leftovers.LeftoverGuard(options, columns, 2, frozenset(), lambda prefix: True)
    guard.finish()
    assert len(guard.open_sets) > 10
    built: list[int] = []
    initialise = AssignmentNetwork.initialise

    def counted(net: AssignmentNetwork, *, free_first: bool = False) -> bool:
        built.append(1)
        return initialise(net, free_first=free_first)

    monkeypatch.setattr(AssignmentNetwork, "initialise", counted)
    asked = 0

    def walk(prefix: tuple[int, ...]) -> None:
        nonlocal asked
        if len(prefix) == rows:
            return
        for column, _ in options[len(prefix)]:
            if column not in prefix:
                asked += 1
                if guard((*prefix, column)):
                    walk((*prefix, column))

    walk(())
    assert asked > 1000
    assert len(built) <= len(guard.open_sets)


@pytest.mark.parametrize("kept", [0, 1, 3])
def test_dutch1992_c6_guard_past_its_networks_answers_the_same(
    kept: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    """FIDE Dutch 1992 C6, C7: the sets open past :data:`~.leftovers.COMPLETIONS_KEPT`
    are asked from nothing, and the guard accepts a prefix exactly when some assignment
    yielded goes through it, as with a network for every set (brute force filtered by
    ``viable`` is the oracle)."""
    monkeypatch.setattr(leftovers, "COMPLETIONS_KEPT", kept)
    for seed in range(120):
        (options, columns, budget, must_cover, viable), expected = _case(seed)
        guard = leftovers.leftover_guard(options, columns, budget, must_cover, viable)
        assert isinstance(guard, leftovers.LeftoverGuard)
        through = {found[:size] for found in expected for size in range(len(found) + 1)}
        level: list[tuple[int, ...]] = [()]
        while level:
            for prefix in level:
                assert guard(prefix) == (prefix in through), (seed, prefix)
            level = [
                (*prefix, column)
                for prefix in level
                if len(prefix) < len(options)
                for column, _ in options[len(prefix)]
                if column not in prefix
            ]
        assert len(guard.completions) <= kept
