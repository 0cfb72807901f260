"""1992 Dutch: the sets of players entering S1 that need no weighted matching (B4, D2;
#38).

``entering.entering_gain`` bounds, for one set E of players of N entering S1, the
matchings :func:`entering.entering_witness` asks about by one matching of the gains of
E's pairs inside N, each pair counted once.  Held here to every set of such pairs tried
one by one, and, as a bound, to the best matching of the graph with E's pairs added.
A set whose conflict-free pairs leave it no chance (Gallai-Edmonds) is refused before
its weighted matching, with the same answers as every division tried one by one.
"""

from __future__ import annotations

import itertools
import random

import pytest

from pairing.engine.matching.exposed_pairs import exposed_pairable
from pairing.engine.matching.primal_dual import certified_matching, max_weight_matching
from pairing.engine.systems.dutch1992 import entering
from pairing.engine.systems.dutch1992.entering import entering_gain
from pairing.engine.systems.dutch1992.lowest import EXCHANGES, _budget_matching

from .test_dutch1992_entering import random_level


def _most_by_every_set(chosen: tuple[int, ...], gains: dict[tuple[int, int], int]) -> int:
    """The largest sum of gains of pairs at players of ``chosen`` that form a matching,
    every set of such pairs tried."""
    pairs = [e for e in gains if e[0] in chosen or e[1] in chosen]
    most = 0
    for count in range(len(chosen) + 1):
        for subset in itertools.combinations(pairs, count):
            ends = [v for e in subset for v in e]
            if len(ends) == len(set(ends)):
                most = max(most, sum(max(0, gains[e]) for e in subset))
    return most


def _best(
    chosen: tuple[int, ...], gains: dict[tuple[int, int], int], width: int
) -> dict[int, list[tuple[int, int]]]:
    """Each player's pairs of positive gain as (gain, partner), the greatest first, the
    first ``width`` of them (as :func:`entering_witness` lists them)."""
    rows: dict[int, list[tuple[int, int]]] = {}
    for (v, w), gain in gains.items():
        if gain > 0:
            rows.setdefault(v, []).append((gain, w))
            rows.setdefault(w, []).append((gain, v))
    return {v: sorted(row, reverse=True)[:width] for v, row in rows.items()}


def test_dutch_d2_entering_gain_is_the_best_matching_of_the_pairs_at_e() -> None:
    """Dutch B4, D2: :func:`entering_gain` is the largest sum of the gains of a matching
    of pairs at the players of E, each at most once, read from the first
    ``2 * EXCHANGES - 1`` pairs of each player as :func:`entering_witness` keeps them:
    a pair between two players of E, or a partner they share, counts once."""
    rng = random.Random(1992)
    shared = 0
    for _ in range(600):
        size = rng.randint(2, 9)
        gains = {
            (v, w): rng.randint(-3, 9)
            for v in range(size)
            for w in range(v + 1, size)
            if rng.random() < 0.6
        }
        chosen = tuple(sorted(rng.sample(range(size), rng.randint(0, min(EXCHANGES, size)))))
        expected = _most_by_every_set(chosen, gains)
        best = _best(chosen, gains, 2 * EXCHANGES - 1)
        assert entering_gain(chosen, best) == expected
        apart = sum(max((g for g, _ in best.get(v, ())), default=0) for v in chosen)
        shared += apart > expected
    assert shared > 50


def test_dutch_d2_entering_gain_bounds_the_matchings_with_e_s_pairs() -> None:
    """Dutch B4, D2: a maximum-weight matching of a graph with pairs at the players of E
    added weighs, twice, at most twice the greatest weight without them plus
    :func:`entering_gain` of those pairs' negated slacks (:meth:`Optimum.slack`)."""
    rng = random.Random(2875)
    tight = 0
    for _ in range(300):
        size = rng.randint(4, 12)
        chosen = tuple(sorted(rng.sample(range(size), min(EXCHANGES, size))))
        old: dict[tuple[int, int], int] = {}
        new: dict[tuple[int, int], int] = {}
        for v in range(size):
            for w in range(v + 1, size):
                if rng.random() < 0.4:
                    at_e = (v in chosen or w in chosen) and rng.random() < 0.5
                    (new if at_e else old)[(v, w)] = rng.randint(1, 9)
        optimum = certified_matching(range(size), old)
        best = sum(old[(v, w)] for v, w in optimum.mate.items() if v < w)
        gains = {(v, w): -optimum.slack(v, w, weight) for (v, w), weight in new.items()}
        bound = 2 * best + entering_gain(chosen, _best(chosen, gains, 2 * EXCHANGES - 1))
        mate = max_weight_matching(range(size), {**old, **new})
        weight = sum({**old, **new}[(v, w)] for v, w in mate.items() if v < w)
        assert 2 * weight <= bound
        tight += 2 * weight == bound and any(mate.get(v) == w for v, w in new)
    assert tight > 10


def test_dutch_d2_sets_refused_by_their_cheap_pairs_ask_no_weighted_matching(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Dutch B4, D2: :func:`entering_witness` asks the weighted question of a set E only
    when a maximum matching of its conflict-free pairs leaves E's graph a chance
    (:func:`exposed_pairable`: not more than ``2 * x`` players free, and, when exactly
    that many, some x pairs with a conflict joining what one leaves free), and still
    finds a matching exactly when some division within D2 pairs the level."""
    asked: list[bool] = []

    def checked(
        cheap: list[list[int]], costly: list[list[int]], x: int, warm: tuple[object, ...]
    ) -> list[int] | None:
        asked.append(exposed_pairable(cheap, costly, [-1] * len(cheap), x) is not False)
        return _budget_matching(cheap, costly, x, warm)

    monkeypatch.setattr(entering, "_budget_matching", checked)
    rng = random.Random(68)
    outcomes = {True: 0, False: 0}
    for _ in range(300):
        n = rng.randint(5, 10)
        witness, pairs = random_level(rng, n, rng.randint(1, (n - 1) // 2)).witness_and_pairs()
        assert (witness is not None) == pairs
        outcomes[pairs] += 1
    assert all(asked) and len(asked) > 20
    assert min(outcomes.values()) > 50
