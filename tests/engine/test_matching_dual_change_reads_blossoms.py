"""A dual change of the weighted matching's search (``primal_dual_search.Search``, Edmonds'
primal-dual method: Galil 1986, section 3) reads the blossoms from their duals ``z``, not
from every labelled node (#38): the blossom duals bound the change and move with it, and
a search has few blossoms but many labelled vertices.

Counted on a fixed graph: the labelled nodes a dual change reads.  It reads them only to
order two or more inner blossoms (ties to the first labelled), so here never; before, it
read every labelled node twice per change.  That the outputs stay the same is pinned by
``test_matching_search_outputs.py``."""

from __future__ import annotations

import itertools
import random
from collections.abc import Iterator

from pairing.engine.matching.primal_dual_search import Search


class _Labels(dict[int, int]):
    """``Search.label`` counting the nodes read by a pass over it while ``reading``."""

    reading = False
    read = 0

    def __iter__(self) -> Iterator[int]:
        for node in super().__iter__():
            _Labels.read += _Labels.reading
            yield node

    def items(self) -> Iterator[tuple[int, int]]:  # type: ignore[override]  # counts each item
        for item in super().items():
            _Labels.read += _Labels.reading
            yield item


class _Counted(Search):
    changes = 0
    with_blossoms = 0

    def __init__(self, n: int, adjacent: list[dict[int, int]]) -> None:
        super().__init__(n, adjacent)
        self.label = _Labels()

    def change_duals(self, queue: list[int]) -> bool:
        _Counted.changes += 1
        _Counted.with_blossoms += bool(self.z)
        _Labels.reading = True
        try:
            return super().change_duals(queue)
        finally:
            _Labels.reading = False


def _graph(seed: int, n: int) -> list[dict[int, int]]:
    rng = random.Random(seed)
    adjacent: list[dict[int, int]] = [{} for _ in range(n)]
    for a, b in itertools.combinations(range(n), 2):
        if rng.random() < 0.5:
            adjacent[a][b] = adjacent[b][a] = 2 * rng.randint(1, 9)
    return adjacent


def _count(seed: int, n: int) -> tuple[int, int, int]:
    """Dual changes, those with blossoms, labelled nodes read by them."""
    _Counted.changes = _Counted.with_blossoms = _Labels.read = 0
    adjacent = _graph(seed, n)
    plain = Search(n, adjacent)
    plain.run()
    counted = _Counted(n, adjacent)
    counted.run()
    assert counted.mate == plain.mate and counted.u == plain.u and counted.z == plain.z
    return _Counted.changes, _Counted.with_blossoms, _Labels.read


def test_a_dual_change_reads_no_labelled_node_without_two_inner_blossoms() -> None:
    # Before: the same 22 changes read 300 labelled nodes.
    assert _count(9, 30) == (22, 22, 0)


def test_two_inner_blossoms_are_ordered_as_labelled() -> None:
    # Before: the same 9 changes read 260 labelled nodes (now only to order ties).
    assert _count(17, 40) == (9, 9, 84)
