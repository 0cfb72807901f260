"""1992 Dutch C6-C9, C12: a heterogeneous bracket's remainder refuted when no pairing of
its players within its colour budget leaves over only players who may leave (#38).

FIDE Handbook C.04.1 (1992 text).  After S1 (the players moved down) is paired with S2,
the remainder pairs its pairs among the S2 players left and moves the others down, which
players kept up by C12 (or without a right to the bye, B1b) may not be.  Each pairing of
a division of the remainder (C6-C9, D2) within its budget (B4) is a matching of that many
pairs leaving its other players over, so when no such matching leaves over only players
who may leave, no division can (:meth:`_RemainderGraph.leaves_leavers`, asked before the
divisions are walked: round 63 of the 150-player, 117-round event of seed 2480 walks
thousands of remainders of seven players, most of them so refuted).  Held here to the
sets of players the divisions could leave over (``Feasibility._remainder_leftovers``).
"""

from __future__ import annotations

import random

from pairing.engine.systems.dutch1992.bitsets import _bits
from pairing.engine.systems.dutch1992.criteria import FloatRules
from pairing.engine.systems.dutch1992.feasibility import Feasibility
from pairing.engine.systems.dutch1992.remainder import _RemainderGraph
from tests.engine.test_dutch1992 import entrant

HISTORIES = ("", "W", "B", "WB", "BW", "WW", "BB", "WBW", "BWB", "WWB", "BBW")


def test_dutch1992_c12_remainder_refuted_only_when_no_division_leaves_leavers() -> None:
    rng = random.Random(2480)
    refuted = kept = 0
    for _ in range(300):
        head = rng.randint(0, 3)
        pairs = rng.randint(0, 3)
        count = head + 2 * pairs + rng.randint(0, 2)
        players = [entrant(n, rng.choice(HISTORIES)) for n in range(1, head + count + 1)]
        s1, s2 = players[:head], players[head:]
        stay = frozenset(t for t in range(count) if rng.random() < 0.6)
        rules = FloatRules(down=2, up=2)
        graph = _RemainderGraph(s1, s2, rules, frozenset(), pairs, stay)
        taken = tuple(rng.sample(range(count), head))
        places = graph.places(taken)
        rest = [s2[t] for t in places]
        budget = rng.randint(0, pairs)
        family = Feasibility()._remainder_leftovers(
            rest, pairs, budget, rules.up, frozenset(), graph.paired(places)
        )
        staying = _bits(i for i, t in enumerate(places) if t in stay)
        possible = any(not left & staying for left in family)
        leaves = graph.leaves_leavers(_bits(taken), pairs, budget)
        assert leaves or not possible, (taken, pairs, budget)
        refuted += not leaves
        kept += possible
    assert refuted > 30
    assert kept > 30
