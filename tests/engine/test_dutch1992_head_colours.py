"""1992 Dutch: the colour counts of a heterogeneous level asked of each prefix of a pairing
of its moved-down players (#38).

``head_colours.HeadColours`` refuses a prefix of a pairing of S1 when the colour
preferences alone leave no way to complete it within the head's x with a remainder that
pairs its pairs within its own x, leaving over only players who may leave (Dutch A8,
B4, C10, C11).  Held here to every completion of every prefix tried one by one, on small
levels where every pair is allowed (so that only the colours decide).
"""

from __future__ import annotations

import dataclasses
import itertools
import random
from collections.abc import Sequence

from pairing.engine.model import Colour
from pairing.engine.systems.dutch1992.bitsets import _bits
from pairing.engine.systems.dutch1992.criteria import colour_conflict, x_of
from pairing.engine.systems.dutch1992.entrants import Entrant
from pairing.engine.systems.dutch1992.head_colours import HeadColours

from .test_dutch1992 import entrant


def _players(rng: random.Random, first: int, count: int) -> list[Entrant]:
    """Players with a random colour preference (white, black or none)."""
    return [
        dataclasses.replace(
            entrant(number), preference=rng.choice((Colour.WHITE, Colour.BLACK, None))
        )
        for number in range(first, first + count)
    ]


def _remainder_pairs(
    rest: Sequence[Entrant], free: Sequence[bool], pairs: int, budget: int
) -> bool:
    """Whether ``rest`` has ``pairs`` pairs within ``budget`` colour conflicts leaving
    over only players who may leave (``free``): every matching tried."""
    if not pairs:
        return all(free)
    if len(rest) < 2 * pairs:
        return False
    head, others = rest[0], rest[1:]
    if free[0] and _remainder_pairs(others, free[1:], pairs, budget):
        return True
    for t, mate in enumerate(others):
        cost = colour_conflict(head, mate)
        if cost > budget:
            continue
        left = [o for u, o in enumerate(others) if u != t]
        left_free = [f for u, f in enumerate(free[1:]) if u != t]
        if _remainder_pairs(left, left_free, pairs - 1, budget - cost):
            return True
    return False


def _completes(
    s1: Sequence[Entrant],
    s2: Sequence[Entrant],
    stay: frozenset[int],
    prefix: tuple[int, ...],
    level: tuple[int, int, int, int],
) -> bool:
    """Whether some pairing of S1 beginning with ``prefix`` is within the head's x and
    leaves a remainder paired within its own x (Dutch A8, B4, C10, C11)."""
    p_r, x_h, j, k = level
    open_ = [t for t in range(len(s2)) if t not in prefix]
    for rest_of in itertools.permutations(open_, len(s1) - len(prefix)):
        chosen = (*prefix, *rest_of)
        if sum(colour_conflict(a, s2[t]) for a, t in zip(s1, chosen, strict=True)) > x_h:
            continue
        places = [t for t in range(len(s2)) if t not in chosen]
        rest = [s2[t] for t in places]
        budget = min(p_r, max(0, x_of(rest) - j) + k)
        if _remainder_pairs(rest, [t not in stay for t in places], p_r, budget):
            return True
    return False


def test_dutch_c10_a_prefix_refused_by_its_colour_counts_has_no_completion() -> None:
    """Dutch A8, B4, C10, C11: every prefix of a pairing of S1 that :class:`HeadColours`
    refuses has no completion within the head's x whose remainder pairs its pairs within
    its own x, leaving over only players who may leave; and some prefixes are refused."""
    rng = random.Random(2480)
    refused = allowed = 0
    for _ in range(150):
        head = rng.randint(1, 3)
        s1 = _players(rng, 1, head)
        s2 = _players(rng, head + 1, head + rng.randint(2, 5))
        rest = len(s2) - head
        p_r = rng.randint(max(0, (rest - 1) // 2 - 1), rest // 2)
        stay = frozenset(t for t in range(len(s2)) if rng.random() < 0.6)
        level = (p_r, rng.randint(0, head), rng.randint(0, 1), rng.randint(0, 1))
        colours = HeadColours(s1, s2, stay, *level)
        for size in range(head + 1):
            for prefix in itertools.permutations(range(len(s2)), size):
                if colours.allows(_bits(prefix), size):
                    allowed += 1
                    continue
                refused += 1
                assert not _completes(s1, s2, stay, prefix, level)
    assert refused > 100 and allowed > 100
