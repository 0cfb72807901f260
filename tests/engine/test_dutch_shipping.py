"""The bound of a Dutch bracket (FIDE Handbook C.04.3, Articles 4.4 and 4.2) solved by
:mod:`pairing.engine.systems.dutch.shipping` is the one the first routine gives.

The oracle is :func:`pairing.engine.systems.dutch.structured.transport` (one
Bellman-Ford search per unit shipped), on random problems solved from nothing and from
the plan of a near problem: a unit or two of supply and demand taken out or added, arcs
taken away, weights changed.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable

import pytest

from pairing.engine.systems.dutch import shipping
from pairing.engine.systems.dutch.shipping import Network, Plan, ship
from pairing.engine.systems.dutch.structured import _key, _Kinds, transport

Weights = dict[tuple[int, int], int]


def _problem(rng: random.Random, n_left: int, n_right: int) -> tuple[list[int], list[int]]:
    total = rng.randint(0, 9)
    supply = [0] * n_left
    demand = [0] * n_right
    for _ in range(total):
        supply[rng.randrange(n_left)] += 1
        demand[rng.randrange(n_right)] += 1
    return supply, demand


def _weights(rng: random.Random, n_left: int, n_right: int, density: float) -> Weights:
    return {
        (i, j): rng.choice((0, 1, 3, 7, 2**90 + rng.randrange(99), 2**60 + rng.randrange(5)))
        for i in range(n_left)
        for j in range(n_right)
        if rng.random() < density
    }


def _ship(
    supply: list[int], demand: list[int], weights: Weights, start: Plan | None = None
) -> Plan | None:
    return ship(Network(len(supply), len(demand), weights), supply, demand, start)


def _check(plan: Plan | None, supply: list[int], demand: list[int], weights: Weights) -> None:
    """``plan`` has the oracle's value, ships exactly supply and demand along arcs, and
    its potentials keep every reduced cost non-negative, tight where flow runs."""
    oracle = transport(supply, demand, weights)
    if oracle is None:
        assert plan is None
        return
    assert plan is not None
    assert plan.value == oracle.value
    n = len(supply)
    out = [0] * n
    into = [0] * len(demand)
    value = 0
    for j, column in enumerate(plan.flow):
        for i, amount in column.items():
            assert amount > 0
            out[i] += amount
            into[j] += amount
            value += amount * weights[i, j]
    assert (out, into, value) == (supply, demand, plan.value)
    p = plan.potential
    for (i, j), w in weights.items():
        reduced = -w + p[i] - p[n + j]
        assert reduced >= 0
        if plan.flow[j].get(i):
            assert reduced == 0


def test_ship_from_nothing_gives_the_value_of_transport() -> None:
    rng = random.Random(38)
    for _ in range(600):
        n_left, n_right = rng.randint(1, 6), rng.randint(1, 6)
        supply, demand = _problem(rng, n_left, n_right)
        weights = _weights(rng, n_left, n_right, rng.choice((0.3, 0.7, 1.0)))
        _check(_ship(supply, demand, weights), supply, demand, weights)


def _near(
    rng: random.Random, supply: list[int], demand: list[int], weights: Weights
) -> tuple[list[int], list[int], Weights]:
    """A problem near this one: units moved in or out, arcs taken away or re-weighed."""
    supply, demand, weights = list(supply), list(demand), dict(weights)
    for _ in range(rng.randint(1, 3)):
        i, j = rng.randrange(len(supply)), rng.randrange(len(demand))
        if rng.random() < 0.6 and supply[i] and demand[j]:
            supply[i] -= 1
            demand[j] -= 1
        else:
            supply[i] += 1
            demand[j] += 1
    for arc in list(weights):
        r = rng.random()
        if r < 0.08:
            del weights[arc]
        elif r < 0.12:
            weights[arc] = rng.choice((0, 2, 2**90))
    if rng.random() < 0.2:
        weights[rng.randrange(len(supply)), rng.randrange(len(demand))] = rng.randrange(9)
    return supply, demand, weights


def test_ship_from_a_near_plan_gives_the_value_of_transport() -> None:
    rng = random.Random(2212)
    started = same = 0
    for _ in range(500):
        n_left, n_right = rng.randint(1, 6), rng.randint(1, 6)
        supply, demand = _problem(rng, n_left, n_right)
        weights = _weights(rng, n_left, n_right, rng.choice((0.5, 0.9, 1.0)))
        plan = _ship(supply, demand, weights)
        for _ in range(4):
            if plan is None:
                break
            network = plan.network
            supply, demand, weights = _near(rng, supply, demand, weights)
            if weights != network.weights:
                network = Network(len(supply), len(demand), weights)
            following = ship(network, supply, demand, start=plan)
            _check(following, supply, demand, weights)
            same += network is plan.network
            plan = following
            started += 1
    assert started > 800
    assert 100 < same < started - 100


def test_a_plan_of_another_size_is_no_start() -> None:
    weights = {(0, 0): 5, (0, 1): 2, (1, 0): 2, (1, 1): 4}
    plan = _ship([1, 1], [1, 1], weights)
    assert plan is not None
    other = _ship([2], [2], {(0, 0): 3}, start=plan)
    assert other is not None
    assert other.value == 6


def test_one_unit_less_costs_a_search_or_two(monkeypatch: pytest.MonkeyPatch) -> None:
    """Taking a player of each side out of an assignment problem needs at most two
    searches from the plan of the full problem, where from nothing it needs one per unit
    that the tight start has not shipped, fewer than one per unit."""
    rng = random.Random(97)
    searches = Counter[str]()
    path = shipping._path

    def counted(*args: object, **kwargs: object) -> object:
        searches[mode] += 1
        return path(*args, **kwargs)  # type: ignore[arg-type]  # a spy passes on what it was given

    monkeypatch.setattr(shipping, "_path", counted)
    for _ in range(40):
        n = 12
        sizes = [1] * n
        weights = {(i, j): rng.randrange(1, 2**70) for i in range(n) for j in range(n) if i != j}
        weights.update({(j, i): w for (i, j), w in weights.items()})
        mode = "full"
        network = Network(n, n, weights)
        plan = ship(network, sizes, sizes)
        assert plan is not None
        c, d = rng.sample(range(n), 2)
        less = list(sizes)
        less[c] = less[d] = 0
        searches["near"] = 0
        mode = "near"
        near = ship(network, less, less, start=plan)
        assert searches["near"] <= 2
        mode = "fresh"
        fresh = ship(network, less, less)
        assert near is not None and fresh is not None
        assert near.value == fresh.value
    assert searches["fresh"] < 40 * (n - 2) * 3 // 4


def test_the_bounds_of_a_bracket_are_the_same_started_from_near_counts() -> None:
    """``_Kinds.doubled_bound`` asked with ``near`` counts gives what it gives alone."""
    rng = random.Random(2238)
    for _ in range(60):
        players = list(range(rng.randint(2, 14)))
        moved = set(rng.sample(players, rng.randint(0, len(players) // 2)))
        facts = {v: rng.randrange(max(1, len(players) // rng.choice((1, 2, 3)))) for v in players}
        table = {(a, b): rng.choice((0, 2, 5, 2**80 + a * b)) for a in range(15) for b in range(15)}
        weight = _weight(facts, table)
        warm = _Kinds(players, moved, facts.__getitem__, weight)
        cold = _Kinds(players, moved, facts.__getitem__, weight)
        counts = warm.count(players)
        warm.doubled_bound(counts)
        for _ in range(6):
            base = Counter(counts)
            present = [c for c, n in counts.items() if n]
            if not present:
                break
            for c in rng.sample(present, min(2, len(present))):
                counts[c] -= 1
            got = warm.doubled_bound(counts, near=base)
            assert got == cold.doubled_bound(counts)
            assert got == _oracle_bound(cold, counts)


def _weight(facts: dict[int, int], table: Weights) -> Callable[[int, int], int]:
    def weight(high: int, low: int) -> int:
        return table[min(facts[high], facts[low]), max(facts[high], facts[low])]

    return weight


def _oracle_bound(kinds: _Kinds, counts: Counter[int]) -> int | None:
    """The doubled bound as the first routine worked it out: only the kinds present."""
    key = sorted((c, n) for c, n in counts.items() if n)
    position = {c: p for p, (c, _) in enumerate(key)}
    sizes = [n for _, n in key]
    arcs = {
        (position[c], position[d]): w
        for (c, d), w in kinds.weights.items()
        if c in position and d in position and (c != d or counts[c] >= 2)
    }
    if sum(sizes) % 2:
        spare = len(sizes)
        sizes.append(1)
        for p in range(spare):
            arcs[p, spare] = arcs[spare, p] = 0
    plan = transport(sizes, sizes, arcs)
    return None if plan is None else plan.value


def test_rest_after_a_pair_is_the_old_verdict() -> None:
    """``_Kinds.rest_after`` (pairs whose arcs have slack decided without a problem
    solved) says what the bound worked out from nothing says, for every pair of kinds."""
    rng = random.Random(2210)
    decided = kept = skipped = 0
    for _ in range(80):
        players = list(range(rng.randint(2, 14)))
        moved = set(rng.sample(players, rng.randint(0, len(players) // 2)))
        facts = {v: rng.randrange(max(1, len(players) // rng.choice((1, 2, 3)))) for v in players}
        table = {(a, b): rng.choice((0, 2, 5, 2**80 + a * b)) for a in range(15) for b in range(15)}
        kinds = _Kinds(players, moved, facts.__getitem__, _weight(facts, table))
        base = kinds.count(rng.sample(players, rng.randint(2, len(players))))
        target = kinds.doubled_bound(base)
        if target is None:
            continue
        for c in [c for c, n in base.items() if n]:
            for d in [d for d, n in base.items() if n >= 1 + (c == d)]:
                w = kinds.weights.get((c, d))
                if not w:
                    continue
                counts = base.copy()
                counts[c] -= 1
                counts[d] -= 1
                rest = _oracle_bound(kinds, counts)
                expected = rest if rest is not None and 2 * w + rest == target else None
                plan = kinds._bounds[_key(base)]
                assert plan is not None
                solved = len(kinds._bounds)
                got = kinds.rest_after(base, c, d)
                assert got == expected
                if plan.slack(c, d) or plan.slack(d, c):
                    assert len(kinds._bounds) == solved
                    skipped += 1
                kept += got is not None
                decided += 1
    assert decided > 300
    assert kept > 50
    assert skipped > 100
