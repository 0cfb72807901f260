"""1992 Dutch B4: a level's colour bounds over x with fewer players kept up are over x
with more kept up (#38, C12's sub-searches).

FIDE Handbook C.04.1 (1992 text) A5, B4, C12, D2.  Keeping one more player up only takes
his stand-in edges away, so every matching of a level with ``kept`` up is one with a part
of ``kept`` up: the cheapest costs no less and each bound is no lower.
:meth:`KeptBounds.priced_above` and :meth:`KeptBounds.least_above` answer from that, and
:meth:`KeptBounds.conflicts_needed` tells when a quick look for a matching without
conflicts (:func:`free_witness`) cannot find one.  Held here to the bounds worked out
again with every set kept up.
"""

from __future__ import annotations

import random
from functools import partial

from pairing.engine.systems.dutch1992.feasibility import Feasibility
from pairing.engine.systems.dutch1992.kept_bounds import KeptBounds, KeptOptima
from pairing.engine.systems.dutch1992.lowest import (
    PENALTIES,
    free_witness,
    least_conflicts,
    priced_conflicts_within_exchanges,
)
from pairing.engine.systems.dutch1992.witnesses import WitnessFront

from .test_dutch1992_bitsets import RULES, _random_bracket, _symmetric


def test_dutch1992_b4_kept_optima_above_x_from_fewer_kept() -> None:
    optima: KeptOptima[int] = KeptOptima()
    optima.add(frozenset({1}), frozenset({5}), 3)
    optima.add(frozenset({2}), None, None)
    assert optima.above(frozenset({1, 5}), 2, int)  # 3 > 2 with player 1 alone kept up
    assert not optima.above(frozenset({1, 5}), 3, int)
    assert not optima.above(frozenset({4}), 0, int)  # player 1 not kept: maybe cheaper
    assert optima.above(frozenset({2, 3}), 10, int)  # no matching with fewer kept up


def test_dutch1992_b4_bounds_above_x_hold_with_more_kept_up() -> None:
    rng = random.Random(2796)
    above = needed = 0
    for _ in range(40):
        n = rng.randint(6, 16)
        p = rng.randint(1, n // 2)
        players = _symmetric(_random_bracket(rng, n), rng)
        rules, lowest = rng.choice(RULES), rng.random() < 0.5
        numbers = [e.number for e in players]
        bounds = KeptBounds(WitnessFront(Feasibility().mask))
        kept = frozenset[int]()
        for _ in range(12):
            kept = kept | {rng.choice(numbers)}
            group = (players, p, rules, frozenset[int](), lowest, kept)
            x = rng.randint(0, 2)
            for k, price in enumerate(PENALTIES):
                if bounds.priced_above(k, kept, x):
                    above += 1
                    expected = priced_conflicts_within_exchanges(*group, price)
                    assert expected is None or expected[0] > x
                bounds.priced(k, kept, partial(priced_conflicts_within_exchanges, *group, price))
            if bounds.least_above(kept, x):
                above += 1
                least = least_conflicts(*group)
                assert least is None or least > x
            if bounds.conflicts_needed(kept):
                needed += 1
                assert free_witness(*group) is None
            bounds.least(kept, partial(least_conflicts, *group))
    assert above > 50
    assert needed > 50
