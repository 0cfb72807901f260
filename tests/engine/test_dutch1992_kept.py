"""1992 Dutch: the divisions of a bracket against the players kept up (#38).

C13's sub-searches try the same exchanges of a penultimate bracket with many sets of
players kept up; the part of :meth:`Feasibility.division_possible` that depends on them
is read from :class:`KeptCovers`, remembered by S1 and the S2 players who must be paired.
Held here to :meth:`Feasibility.division_possible` on random brackets, every exchange
and many sets kept up, the answers remembered across them.
"""

from __future__ import annotations

import random

from pairing.engine.systems.dutch1992.bitsets import _bits
from pairing.engine.systems.dutch1992.exchanges import exchange_order
from pairing.engine.systems.dutch1992.feasibility import Feasibility
from pairing.engine.systems.dutch1992.kept import kept_covers_of

from .test_dutch1992_bitsets import _random_bracket, _symmetric


def test_dutch_c13_kept_covers_as_division_possible() -> None:
    rng = random.Random(3813)
    answers = {True: 0, False: 0}
    for _ in range(80):
        n = rng.randint(3, 14)
        p = rng.randint(1, n // 2)
        players = _symmetric(_random_bracket(rng, n), rng)
        moved = frozenset(e.number for e in players[:2] if rng.random() < 0.5)
        lowest = rng.random() < 0.5
        division = (tuple(e.number for e in players), moved, lowest, p)
        feasibility = Feasibility()
        check = kept_covers_of(feasibility, players, moved, lowest)
        sets = [frozenset(e.number for e in players if rng.random() < 0.3) for _ in range(8)]
        for index, (out_of, into) in enumerate(exchange_order(n, p)):
            side1 = ((1 << p) - 1) & ~_bits(i - 1 for i in out_of) | _bits(i - 1 for i in into)
            s1 = [e for i, e in enumerate(players) if side1 >> i & 1]
            s2 = [e for i, e in enumerate(players) if not side1 >> i & 1]
            alone = feasibility.division_possible(players, division, index, s1, s2, frozenset())
            for kept in sets:
                expected = Feasibility().division_possible(players, division, index, s1, s2, kept)
                bits = _bits(check.position[k] for k in kept)
                got = alone and check.covered(side1, bits)
                assert got is expected
                answers[expected] += 1
    assert min(answers.values()) > 500
