"""Two outer vertices of the weighted matching's search (``primal_dual_search.Search``,
Edmonds' primal-dual method: Galil 1986, section 3) meeting over an edge of zero reduced
cost: in two trees, the path between them is augmented; in one tree, the odd cycle they
close is shrunk.  Each labelled node knows its tree's root, so only the second walks up
the tree to where the two paths meet (#38); before, every meeting walked up both paths.

Counted on a fixed graph: the walks up (``meeting_point``) are the shrinks, none for the
augmentations.  That the outputs stay the same is pinned by
``test_matching_search_outputs.py``."""

from __future__ import annotations

import itertools
import random

from pairing.engine.matching.primal_dual_search import Search


class _Counted(Search):
    def __init__(self, n: int, adjacent: list[dict[int, int]]) -> None:
        super().__init__(n, adjacent)
        self.walks = self.shrinks = self.augmentations = 0

    def meeting_point(self, first: int, second: int) -> int | None:
        self.walks += 1
        return super().meeting_point(first, second)

    def shrink(self, a: int, b: int, stem: int, queue: list[int]) -> None:
        self.shrinks += 1
        super().shrink(a, b, stem, queue)

    def augment(self, a: int, b: int) -> None:
        self.augmentations += 1
        super().augment(a, b)


def _graph(seed: int, n: int) -> list[dict[int, int]]:
    rng = random.Random(seed)
    adjacent: list[dict[int, int]] = [{} for _ in range(n)]
    for a, b in itertools.combinations(range(n), 2):
        if rng.random() < 0.5:
            adjacent[a][b] = adjacent[b][a] = 2 * rng.randint(1, 9)
    return adjacent


def test_only_a_meeting_in_one_tree_walks_up_the_tree() -> None:
    adjacent = _graph(9, 30)
    plain = Search(30, adjacent)
    plain.run()
    counted = _Counted(30, adjacent)
    counted.run()
    assert counted.mate == plain.mate and counted.u == plain.u and counted.z == plain.z
    # Before: 31 walks, one per shrink and one per augmentation.
    assert (counted.walks, counted.shrinks, counted.augmentations) == (16, 16, 15)
