"""Steps of Article 4 folded into one weighted matching each (C.04.3 2026, Articles
3.2-3.3 and 4.2-4.4), for :mod:`.order`: steps 1 and 2 (which moved-down players are
paired, and with whom) and step 3's exchanges, each a matching whose weights carry one
bit or field per player in the order the steps would ask them one at a time; and the
bracket's weights they change (:class:`Graph`).
"""

from __future__ import annotations

from collections.abc import Callable, Collection
from dataclasses import dataclass, field


@dataclass
class Graph:
    """Weights of the matching for one bracket, by pairs of indices into the sorted list."""

    weights: dict[tuple[int, int], int] = field(default_factory=dict)

    def get(self, a: int, b: int) -> int:
        return self.weights.get((a, b) if a < b else (b, a), 0)

    def set(self, a: int, b: int, value: int) -> None:
        key = (a, b) if a < b else (b, a)
        if value:
            self.weights[key] = value
        else:
            self.weights.pop(key, None)

    def without(self, fixed: Collection[int]) -> dict[tuple[int, int], int]:
        """The weights of the pairs neither of whose players is ``fixed``, in order:
        what is left to match once some pairs are made (Article 4, steps 2 and 4)."""
        return {
            (a, b): w for (a, b), w in self.weights.items() if a not in fixed and b not in fixed
        }


def steps_1_and_2_shift(carried: list[int], residents: list[int]) -> int:
    """How far :func:`steps_1_and_2_at_once` shifts the bracket's weights: one bit per
    moved-down player, and his field as wide as the residents' number needs."""
    return ((len(residents) + 1).bit_length() + 1) * len(carried)


def steps_1_and_2_at_once(
    carried: list[int],
    residents: list[int],
    weights: Graph,
    solve: Callable[[], dict[int, int]],
) -> dict[int, int]:
    """Steps 1 and 2 in one matching: the weights shifted above one bit per moved-down
    player, set on his pairs with residents (the first player's bit highest), and below
    those bits one field per moved-down player in which he prefers the highest resident
    (the first player's field highest).

    A matching of greatest weight is then, first, one of greatest weight without these
    bonuses; of those, one that pairs the first moved-down player with a resident if
    any does, then the second if any of those does, and so on, which is what step 1
    asks its matchings one player at a time (how many of each score meet residents is
    the same in every such matching: C7 counts them in its sub-field for that score);
    of those, one in which the first player meets the highest resident any of them
    allows, then the second, which is what step 2 asks one player at a time.  So step
    1 reads whether a player meets a resident from this matching instead of asking
    again, and step 2 takes each player's opponent from it."""
    saved = dict(weights.weights)
    width = (len(residents) + 1).bit_length()
    count = len(carried)
    span = width * count
    shift = steps_1_and_2_shift(carried, residents)
    for key in list(weights.weights):
        weights.weights[key] <<= shift
    for k, p in enumerate(carried):
        flag = 1 << (span + count - 1 - k)
        offset = width * (count - 1 - k)
        for pos, o in enumerate(residents):
            w = weights.get(p, o)
            if w:
                weights.set(p, o, w + flag + ((len(residents) - pos) << offset))
    mate = solve()
    weights.weights = saved
    return mate


def exchanges_at_once(
    remainder: list[int],
    pairs: int,
    weights: Graph,
    solve: Callable[[], dict[int, int]],
) -> dict[int, int]:
    """Step 3's exchanges in one matching: the exchange weights shifted above one bit
    per player of the remainder, S1's from its last player up, then S2's from its
    first player down; an S1 player's bit is taken from his pairs with later players
    of the remainder, an S2 player's added to them.

    A matching of greatest weight is then one of greatest exchange weight that, of
    those, leaves S1's last player out of S1 if any does, then the one before, and so
    on up S1, then brings S2's first player into S1 if any does, and so on down S2:
    what the two searches of step 3 ask one player at a time (how many are exchanged
    is the same in every matching of greatest exchange weight)."""
    saved = dict(weights.weights)
    count = len(remainder)
    for key in list(weights.weights):
        weights.weights[key] <<= count
    order = [*reversed(range(pairs)), *range(pairs, count)]
    for rank, pos in enumerate(order):
        a = remainder[pos]
        bit = 1 << (count - 1 - rank)
        for b in remainder[pos + 1 :]:
            w = weights.get(a, b)
            if w:
                weights.set(a, b, w - bit if pos < pairs else w + bit)
    mate = solve()
    weights.weights = saved
    return mate
