"""The guard of a heterogeneous bracket's head put in force early when its head leaves
few sets of columns over within the budget (#38; FIDE Dutch 1992 C6, C7: S1 paired into
S2, the remainder left).

A search with no listing remembered for its head lists the head's sets after a few
checks without a yield, within a small work (:func:`leftovers.probed_sets`); when they
are few, its guard starts as one from a remembered listing does, instead of after
:data:`assignment.GUARD_AFTER` checks.  The guard refuses only prefixes below which
nothing is yielded, so the assignments yielded are those of brute force filtered by
``viable``.
"""

from __future__ import annotations

import pytest

from pairing.engine.matching import assignment, leftovers, lexicographic_assignments

from .test_matching import _assignments_by_search
from .test_matching_leftovers import _case


def _free_on_first(rows: int, columns: int) -> list[list[tuple[int, int]]]:
    """Every row free on the first ``rows`` columns and dear on the others: within
    budget 0 only the last columns are left over."""
    return [[(c, 0 if c < rows else 1) for c in range(columns)] for _ in range(rows)]


def test_dutch1992_head_guard_probed_early_when_few_sets(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """FIDE Dutch 1992 C6, C7: 17 rows on 28 columns leave over within the budget only
    the columns no row takes for free, which ``viable`` refuses (the shape of the 16
    heads of round 63 of the 150-player, 134-round event of seed 2928): the head's one
    set is listed after :data:`assignment.PROBE_AFTER` checks and the guard is in force
    a few checks later, where it waited :data:`assignment.GUARD_AFTER` checks."""
    monkeypatch.setattr(leftovers, "_listings", {})
    rows, columns = 17, 28
    options = _free_on_first(rows, columns)
    asked: list[int] = []

    def viable(prefix: tuple[int, ...]) -> bool:
        asked.append(len(prefix))
        return len(prefix) < rows or max(prefix) >= rows

    assert list(lexicographic_assignments(options, columns, budget=0, viable=viable)) == []
    assert len(asked) < assignment.PROBE_AFTER + 3 * assignment.GUARD_PER_SET + 10
    key = (tuple(tuple(row) for row in options), columns, 0, frozenset[int]())
    assert leftovers._listings[key] == (sum(1 << c for c in range(rows, columns)),)


def test_dutch1992_head_guard_probe_tried_again_when_a_set_closes(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """FIDE Dutch 1992 C6, C7: no prefix one row short of complete is viable, and
    ``viable`` accepts the head's one set at first and refuses it later (as a remainder
    found barren then is); the early guard dropped for that open set is tried again
    after :data:`assignment.PROBE_AFTER` checks more and then ends the search, long
    before :data:`assignment.GUARD_AFTER` checks."""
    monkeypatch.setattr(leftovers, "_listings", {})
    rows, columns = 17, 28
    options = _free_on_first(rows, columns)
    asked: list[int] = []

    def viable(prefix: tuple[int, ...]) -> bool:
        asked.append(len(prefix))
        if len(prefix) < rows - 1:
            return True
        return len(prefix) == rows and len(asked) < 100

    assert list(lexicographic_assignments(options, columns, budget=0, viable=viable)) == []
    assert len(asked) < 4 * assignment.PROBE_AFTER + 8 * assignment.GUARD_PER_SET


def test_dutch1992_head_probe_past_its_work_remembers_nothing(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A listing that needs more than the probe's work is left to the guard: nothing is
    remembered for the head (its guard may still list it all), and the full listing
    counts the same sets."""
    monkeypatch.setattr(leftovers, "_listings", {})
    rows, columns = 4, 12
    options = [[(c, (r + c) % 2) for c in range(columns)] for r in range(rows)]
    guard = leftovers.LeftoverGuard(options, columns, 2, frozenset(), lambda prefix: True)
    guard.finish()
    assert not guard.gave_up and len(guard.within) > 3
    monkeypatch.setattr(leftovers, "_listings", {})
    assert leftovers.probed_sets(options, columns, 2, frozenset(), 3) is None
    assert leftovers._listings == {}
    assert leftovers.probed_sets(options, columns, 2, frozenset(), 10**6) == len(guard.within)
    assert leftovers._listings == {guard.key: tuple(guard.within)}


@pytest.mark.parametrize("seed", range(80))
def test_dutch1992_head_probed_guard_yields_the_same(
    seed: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    """FIDE Dutch 1992 C6, C7: with the probe after one to three checks (and the wait
    for a guard otherwise long), the assignments yielded, with ``after`` or without, are
    those of brute force filtered by ``viable``."""
    monkeypatch.setattr(leftovers, "_listings", {})
    monkeypatch.setattr(assignment, "PROBE_AFTER", 1 + seed % 3)
    monkeypatch.setattr(assignment, "GUARD_PER_SET", 1)
    (options, columns, budget, must_cover, viable), expected = _case(seed)
    found = lexicographic_assignments(
        options, columns, budget=budget, must_cover=must_cover, viable=viable
    )
    assert list(found) == expected
    for after in expected:
        resumed = lexicographic_assignments(
            options, columns, budget=budget, must_cover=must_cover, after=after, viable=viable
        )
        assert list(resumed) == [other for other in expected if other > after]
    assert expected == [
        other
        for other in _assignments_by_search(options, columns, budget, must_cover)
        if all(viable(other[:size]) for size in range(1, len(options) + 1))
    ]
