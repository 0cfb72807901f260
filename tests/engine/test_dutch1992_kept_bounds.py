"""1992 Dutch: a level's bounds reused from fewer players kept up (#38).

The C12 and C13 sub-searches ask the same level for :func:`within_exchanges`,
:func:`priced_conflicts_within_exchanges` and :func:`least_conflicts` with many sets of
players kept up; :class:`KeptBounds` answers from what was worked out with fewer kept up
when that decides (A5: keeping a player up only takes his stand-in edges away).  Its
answers are held here to those of working out every bound again.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from functools import partial
from typing import TypeVar

from pairing.engine.systems.dutch1992.criteria import may_leave
from pairing.engine.systems.dutch1992.feasibility import Feasibility
from pairing.engine.systems.dutch1992.kept_bounds import KeptBounds, KeptOptima
from pairing.engine.systems.dutch1992.lowest import (
    EXCHANGES,
    PENALTIES,
    Witness,
    least_conflicts,
    priced_conflicts_within_exchanges,
    within_exchange_witness,
    within_exchanges,
)
from pairing.engine.systems.dutch1992.witnesses import WitnessFront

from .test_dutch1992_bitsets import RULES, _random_bracket, _symmetric

_T = TypeVar("_T")


def test_dutch_b4_kept_bounds_answer_as_worked_out_again() -> None:
    rng = random.Random(3892)
    worked = asked = at_most = 0
    values: set[object] = set()
    for _ in range(60):
        n = rng.randint(6, 18)
        p = rng.randint(1, n // 2)
        players = _symmetric(_random_bracket(rng, n), rng)
        rules, lowest = rng.choice(RULES), rng.random() < 0.5
        numbers = [e.number for e in players]
        bounds = KeptBounds(WitnessFront(Feasibility().mask))
        calls = [0]

        def counted(work: Callable[..., _T], *args: object, calls: list[int] = calls) -> _T:
            calls[0] += 1
            return work(*args)

        kept = frozenset[int]()
        for _ in range(25):
            # Mostly one more player kept up, sometimes a fresh set.
            if rng.random() < 0.3 or len(kept) == n:
                kept = frozenset(m for m in numbers if rng.random() < 0.15)
            else:
                kept = kept | {rng.choice(numbers)}
            group = (players, p, rules, frozenset[int](), lowest, kept)
            asked += 5
            within = bounds.within(kept, partial(counted, within_exchange_witness, *group))
            assert within == within_exchanges(*group)
            for k, price in enumerate(PENALTIES):
                x = rng.randint(0, 3)
                shown = bounds.priced_at_most(k, price, kept, x)
                priced = bounds.priced(
                    k, kept, partial(counted, priced_conflicts_within_exchanges, *group, price)
                )
                expected = priced_conflicts_within_exchanges(*group, price)
                assert (priced is None) == (expected is None)
                if shown:
                    assert expected is not None and expected[0] <= x
                    at_most += 1
                if priced is not None and expected is not None:
                    assert priced[0] == expected[0]
                    values.add(priced[0])
            least = bounds.least(kept, partial(counted, least_conflicts, *group))
            assert least == least_conflicts(*group)
            values.add(least)
        worked += calls[0]
    assert worked < asked // 2  # most answers came from fewer players kept up
    assert {None, 0, 1} <= values
    assert at_most > 20  # matchings found before showed a bound at most x


def test_dutch_b4_kept_optima_reuse_only_what_holds() -> None:
    optima: KeptOptima[int] = KeptOptima()
    optima.add(frozenset({1}), frozenset({5, 6}), 3)
    optima.add(frozenset({2}), None, None)
    assert optima.known(frozenset({1})) == (True, 3)
    assert optima.known(frozenset({1, 4})) == (True, 3)  # the matching leaves 4 paired
    assert optima.known(frozenset({1, 5})) == (False, None)  # it leaves 5 over
    assert optima.known(frozenset({4})) == (False, None)  # 1 not kept: maybe cheaper
    assert optima.known(frozenset({2, 3})) == (True, None)  # none with fewer kept


def test_dutch_d2_kept_bounds_within_from_a_witness() -> None:
    front = WitnessFront(Feasibility().mask)
    bounds = KeptBounds(front)
    front.add(Witness(left=frozenset({7}), conflicts=5, inside=2))

    def none() -> Witness | None:
        return None

    def never() -> Witness | None:
        raise AssertionError("worked out again")

    assert bounds.within(frozenset({3}), never)  # any x: conflicts are not read
    assert not bounds.within(frozenset({7}), none)
    assert not bounds.within(frozenset({7, 8}), never)  # false with fewer kept up
    assert bounds.within(frozenset({9}), never)


def test_dutch_d2_within_exchange_witness_is_a_matching_within() -> None:
    """The matching :func:`within_exchange_witness` returns leaves over only players who
    may leave, none kept up, and has at most two pairs inside the original S2."""
    rng = random.Random(3893)
    found = 0
    for _ in range(150):
        n = rng.randint(4, 20)
        p = rng.randint(1, n // 2)
        players = _symmetric(_random_bracket(rng, n), rng)
        kept = frozenset(e.number for e in players if rng.random() < 0.2)
        rules, lowest = rng.choice(RULES), rng.random() < 0.5
        group = (players, p, rules, frozenset[int](), lowest, kept)
        witness = within_exchange_witness(*group)
        assert (witness is not None) == within_exchanges(*group)
        if witness is not None:
            found += 1
            assert witness.inside <= EXCHANGES
            assert len(witness.left) == n - 2 * p
            assert all(
                may_leave(e, rules, frozenset(), lowest, kept)
                for e in players
                if e.number in witness.left
            )
    assert 20 < found < 150
