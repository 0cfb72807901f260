"""1992 Dutch: the matchings a level's bounds found, kept as bit sets, and the bounds on
the project's own weighted matching (#38).

The C13 sub-searches ask a level whether a matching found before shows its colour bounds
at most x (:meth:`LevelSearch._witnessed`); the matchings are kept as bit sets
(:class:`WitnessFront`), and the answers are held here to those of reading every
matching found.  The bounds themselves (:func:`least_conflicts`,
:func:`priced_conflicts_within_exchanges`, C13's closed form) are minimum-cost perfect
matchings whose cost does not depend on which optimum is found: they are held to
NetworkX's answers.
"""

from __future__ import annotations

import random
import subprocess
import sys

import pytest

from pairing.engine import weighted
from pairing.engine.systems.dutch1992 import lowest
from pairing.engine.systems.dutch1992.feasibility import Feasibility
from pairing.engine.systems.dutch1992.lowest import (
    EXCHANGES,
    WEIGHTED_FROM,
    Witness,
    _within_budget,
    least_conflicts,
    priced_conflicts_within_exchanges,
)
from pairing.engine.systems.dutch1992.witnesses import WitnessFront

from .test_dutch1992_bitsets import RULES, _random_bracket, _symmetric


def _every_witness(witnesses: list[Witness], kept: frozenset[int], x: int) -> tuple[bool, bool]:
    """The question of :meth:`WitnessFront.witnessed` asked of every matching found."""
    fits = [w for w in witnesses if w.conflicts <= x and not w.left & kept]
    return any(w.inside <= EXCHANGES for w in fits), bool(fits)


def test_dutch_b4_witness_front_answers_as_every_witness() -> None:
    rng = random.Random(3881)
    answers = set()
    for _ in range(200):
        numbers = rng.sample(range(1, 60), rng.randint(3, 12))
        feasibility = Feasibility()
        front = WitnessFront(feasibility.mask)
        witnesses: list[Witness] = []
        for _ in range(rng.randint(1, 40)):
            witness = Witness(
                left=frozenset(m for m in numbers if rng.random() < 0.25),
                conflicts=rng.randint(0, 4),
                inside=rng.randint(0, 4),
            )
            witnesses.append(witness)
            if rng.random() < 0.5:
                front.add(witness)
            else:
                front.add_all([witness])
            for _ in range(4):
                kept = frozenset(m for m in numbers if rng.random() < 0.3)
                x = rng.randint(0, 5)
                expected = _every_witness(witnesses, kept, x)
                assert front.witnessed(kept, x) == expected
                answers.add(expected)
        assert len(front) == len({(w.left, w.conflicts, w.inside <= EXCHANGES) for w in witnesses})
    assert answers == {(False, False), (False, True), (True, True)}


def test_dutch_b4_witness_front_add_all_empties_the_list() -> None:
    front = WitnessFront(Feasibility().mask)
    found = [Witness(left=frozenset({3}), conflicts=1, inside=0)]
    front.add_all(found)
    assert found == [] and len(front) == 1
    front.add(Witness(left=frozenset({3}), conflicts=1, inside=2))
    assert len(front) == 1  # the same matching for the question
    assert front.witnessed(frozenset({3}), 1) == (False, False)
    assert front.witnessed(frozenset({4}), 0) == (False, False)
    assert front.witnessed(frozenset({4}), 7) == (True, True)
    front.add(Witness(left=frozenset(), conflicts=2, inside=3))
    assert front.witnessed(frozenset({3}), 2) == (False, True)


def test_dutch_b4_bounds_as_with_networkx(monkeypatch: pytest.MonkeyPatch) -> None:
    """The bounds' costs on the project's primal-dual matching are NetworkX's."""
    rng = random.Random(2033)
    cases = []
    for _ in range(120):
        n = rng.randint(4, 16)
        p = rng.randint(1, n // 2)
        players = _symmetric(_random_bracket(rng, n), rng)
        kept = frozenset(e.number for e in players if rng.random() < 0.2)
        group = (players, p, rng.choice(RULES), frozenset[int](), rng.random() < 0.5, kept)
        cases.append((group, rng.choice((1, 2, 4))))
    graphs = []
    for _ in range(30):
        size = 2 * rng.randint(WEIGHTED_FROM // 2, WEIGHTED_FROM // 2 + 4)
        cheap: list[list[int]] = [[] for _ in range(size)]
        costly: list[list[int]] = [[] for _ in range(size)]
        for v in range(size):
            for w in range(v + 1, size):
                if rng.random() < 0.08:
                    edges = costly if rng.random() < 0.5 else cheap
                    edges[v].append(w)
                    edges[w].append(v)
        graphs.append((cheap, costly, rng.randint(0, 3)))

    def answers() -> list[object]:
        found: list[object] = []
        for group, price in cases:
            found.append(least_conflicts(*group))
            priced = priced_conflicts_within_exchanges(*group, price)
            found.append(None if priced is None else priced[0])
        found.extend(_within_budget(*graph) for graph in graphs)
        return found

    ours = answers()
    monkeypatch.setattr(lowest, "max_weight_matching", weighted.max_weight_matching)
    assert answers() == ours
    assert {None, 0, 1} <= set(ours) and {True, False} <= set(ours)


def test_dutch_b4_bounds_do_not_import_networkx() -> None:
    """The bounds run on the project's own matching: NetworkX is not imported."""
    code = (
        "import random, sys\n"
        "from pairing.engine.systems.dutch1992.lowest import least_conflicts\n"
        "from tests.engine.test_dutch1992_bitsets import _random_bracket, _symmetric\n"
        "rng = random.Random(1)\n"
        "players = _symmetric(_random_bracket(rng, 12), rng)\n"
        "from pairing.engine.systems.dutch1992.criteria import LOOSEST\n"
        "least_conflicts(players, 5, LOOSEST, frozenset(), True, frozenset())\n"
        "print('networkx' in sys.modules)\n"
    )
    result = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True
    )
    assert result.stdout.strip() == "False"
