"""The bound on an exchange's colour conflicts read off the dual of its players leaving
S1 (1992 Dutch A8, B4, C8, D2): never above the least number of conflicts of the
exchange's pairings (the oracle: the assignment network, built from nothing), often
equal to it; read by ``ExchangeDeficits.at_least`` before the exchange's own bound, which
it then spares; and the exchange's own bound and the test at x = 0 worked out from the
original division's facts without walking them again."""

from __future__ import annotations

import random
from typing import NoReturn

import pytest

from pairing.engine.matching import least_assignment_cost
from pairing.engine.systems.dutch1992 import deficits as deficits_module
from pairing.engine.systems.dutch1992.bitsets import _bits
from pairing.engine.systems.dutch1992.criteria import colour_conflict, may_leave
from pairing.engine.systems.dutch1992.deficits import (
    ExchangeDeficits,
    exchange_deficits,
    free_masks,
)
from pairing.engine.systems.dutch1992.division_colours import least_paths
from pairing.engine.systems.dutch1992.entrants import Entrant
from pairing.engine.systems.dutch1992.exchanges import exchange_order
from pairing.engine.systems.dutch1992.feasibility import Feasibility
from pairing.engine.systems.dutch1992.leaving_duals import LeavingDuals

from .test_dutch1992_bitsets import RULES, _random_bracket, _symmetric
from .test_dutch1992_deficits import _random_level


def _least(
    players: list[Entrant], allowed: list[int], side1: int, side2: int, must: int = 0
) -> int | None:
    """The oracle: the fewest colour conflicts of a pairing of S1 into S2 pairing every
    S2 player of ``must``, from the assignment network built from nothing."""
    columns = [j for j in range(len(players)) if side2 >> j & 1]
    options = [
        [
            (t, int(colour_conflict(players[i], players[j])))
            for t, j in enumerate(columns)
            if allowed[i] >> j & 1
        ]
        for i in range(len(players))
        if side1 >> i & 1
    ]
    cover = frozenset(t for t, j in enumerate(columns) if must >> j & 1)
    return least_assignment_cost(options, len(columns), must_cover=cover)


def test_dutch_b4_leaving_dual_never_above_the_least_conflicts() -> None:
    """For every exchange of D2 of random brackets, the dual of its players leaving S1
    with its players entering priced in bounds its least number of colour conflicts from
    below; it is often that number itself, and often above the bound shared by the
    exchanges with the same players leaving.  Its total is the least of the players
    staying in S1 into the original S2 with those leaving, when they can be paired."""
    rng = random.Random(2963)
    exact = above_leaving = bounded = raised = 0
    for _ in range(120):
        n = rng.randint(4, 20)
        p = rng.randint(1, n // 2)
        players = _symmetric(_random_bracket(rng, n), rng)
        rules = rng.choice(RULES)
        allowed = Feasibility().partner_masks(players, rules, frozenset())
        free = free_masks(players, allowed)
        costly = [row & ~clear for row, clear in zip(allowed, free, strict=True)]
        deficits = ExchangeDeficits(free, p, (allowed, 0), allowed)
        everyone = (1 << n) - 1
        original = (1 << p) - 1
        duals: dict[int, LeavingDuals] = {}
        for out_of, into in exchange_order(n, p):
            leaving = _bits(i - 1 for i in out_of)
            entering = _bits(j - 1 for j in into)
            staying = original & ~leaving
            if leaving not in duals:
                duals[leaving] = LeavingDuals(free, costly, staying, everyone & ~staying)
            side1 = staying | entering
            side2 = everyone & ~side1
            bound = duals[leaving].bound(entering, side2)
            least = _least(players, allowed, side1, side2)
            if least is None:
                continue
            assert bound <= least, (out_of, into)
            assert duals[leaving].total <= least
            staying_least = _least(players, allowed, staying, everyone & ~staying)
            if staying_least is not None:
                assert duals[leaving].total == staying_least  # raised to their least
                raised += 1
            exact += bound == least
            bounded += bound > 0
            above_leaving += bound > deficits._leaving_bound(leaving)
    assert exact > 1000
    assert bounded > 200
    assert above_leaving > 100
    assert raised > 1000


def test_dutch_b4_exchange_bound_read_from_the_leaving_dual(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """``ExchangeDeficits.at_least`` rules out exchanges by the dual of their players
    leaving without working out their own bound (its matching and paths, or its least),
    and only exchanges that the least number of conflicts (the S2 players who may not
    be left unpaired paired) rules out as well."""
    own = 0
    real = ExchangeDeficits._least_paths
    real_fewest = ExchangeDeficits._fewest

    def counted(self: ExchangeDeficits, side1: int, side2: int) -> int:
        nonlocal own
        own += 1
        return real(self, side1, side2)

    def counted_fewest(
        self: ExchangeDeficits, side1: int, side2: int, x: int, least: bool = True
    ) -> int:
        nonlocal own
        own += 1
        return real_fewest(self, side1, side2, x, least)

    monkeypatch.setattr(ExchangeDeficits, "_least_paths", counted)
    monkeypatch.setattr(ExchangeDeficits, "_fewest", counted_fewest)
    rng = random.Random(2913)
    spared = 0
    for _ in range(80):
        n = rng.randint(6, 20)
        p = rng.randint(2, n // 2)
        players = _symmetric(_random_bracket(rng, n), rng)
        rules = rng.choice(RULES)
        allowed = Feasibility().partner_masks(players, rules, frozenset())
        deficits = exchange_deficits(players, allowed, p, (allowed, 0), (rules, frozenset(), False))
        everyone = (1 << n) - 1
        for out_of, into in exchange_order(n, p):
            side1 = (1 << p) - 1 & ~_bits(i - 1 for i in out_of) | _bits(j - 1 for j in into)
            x = rng.randint(1, 3)
            before = own
            bound = deficits.at_least(side1, x)
            if bound <= x or own != before:
                continue
            if deficits._leaving_bound((1 << p) - 1 & ~side1) > x:
                continue  # ruled out by the bound shared by the same players leaving
            if deficits.at_least(side1) > x:
                continue  # by the deficiency alone
            spared += 1
            side2 = everyone & ~side1
            least = _least(players, allowed, side1, side2, deficits._stay & side2)
            assert least is None or least >= bound > x
    assert spared > 100


def test_dutch_b4_exchange_matching_from_the_original_without_walking_it() -> None:
    """An exchange's own bound starts from the original division's conflict-free
    matching less the pairs of the players exchanged, taken without walking the whole
    original matching again, and is the bound it was (the same matching, in the same
    order, as that matching filtered pair by pair)."""

    class Unwalked(dict[int, int]):
        def items(self) -> NoReturn:
            raise AssertionError("the original matching walked again")

    rng = random.Random(1992)
    checked = 0
    for _ in range(60):
        n = rng.randint(4, 20)
        p = rng.randint(1, n // 2)
        players = _symmetric(_random_bracket(rng, n), rng)
        rules = rng.choice(RULES)
        allowed = Feasibility().partner_masks(players, rules, frozenset())
        deficits = ExchangeDeficits(free_masks(players, allowed), p, (allowed, 0), allowed)
        original = dict(deficits._mate)
        everyone = (1 << n) - 1
        for out_of, into in exchange_order(n, p):
            side1 = (1 << p) - 1 & ~_bits(i - 1 for i in out_of) | _bits(j - 1 for j in into)
            side2 = everyone & ~side1
            deficits._mate = original
            expected = least_paths(
                deficits._free,
                deficits._costly,
                [i for i in range(n) if side1 >> i & 1],
                side2,
                {low: u for low, u in original.items() if side1 >> u & 1 and side2 & low},
                side1.bit_count() + 1,
            )
            deficits._mate = Unwalked(original)
            assert deficits._least_paths(side1, side2) == expected
            checked += 1
    assert checked > 1000


def test_dutch_b4_free_pairing_reads_each_s2_players_own_mask(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """At x = 0 the S2 players who must be paired are matched into S1 by their own
    conflict-free masks (who may meet whom without a conflict does not depend on the
    order of the two), not by rows rebuilt player by player; and the answer is 0 exactly
    when a conflict-free pairing of S1 pairs them all (the oracle)."""
    rng = random.Random(2607)
    zero = blocked = 0
    for _ in range(60):
        n, p, players, rules, lowest, allowed, deficits = _random_level(rng, 18)
        stay = _bits(
            i
            for i, e in enumerate(players)
            if not may_leave(e, rules, frozenset(), lowest, frozenset())
        )
        everyone = (1 << n) - 1
        for out_of, into in [((), ()), *exchange_order(n, p)]:
            side1 = (1 << p) - 1 & ~_bits(i - 1 for i in out_of) | _bits(j - 1 for j in into)
            side2 = everyone & ~side1
            kept = _bits(j for j in range(n) if rng.random() < 0.2)
            must = (stay | kept) & side2
            if not must:
                continue
            with monkeypatch.context() as patched:
                patched.setattr(deficits_module, "_bits", None)
                answer = deficits.at_least(side1, 0, kept)
            least = _least(players, allowed, side1, side2, must)
            if least is None:
                continue
            assert (answer == 0) == (least == 0), (out_of, into)
            zero += answer == 0
            blocked += answer > 0
    assert zero > 50
    assert blocked > 50


def _random_masks(rng: random.Random, n: int) -> tuple[list[int], list[int]]:
    """Symmetric conflict-free and conflict partner masks of ``n`` positions."""
    free = [0] * n
    costly = [0] * n
    density, clash = rng.uniform(0.2, 0.6), rng.uniform(0.5, 0.95)
    for i in range(n):
        for j in range(i + 1, n):
            if rng.random() < density:
                masks = costly if rng.random() < clash else free
                masks[i] |= 1 << j
                masks[j] |= 1 << i
    return free, costly


def test_dutch_b4_leaving_dual_total_is_the_staying_players_least() -> None:
    """The dual of the players staying in S1 is raised to their least number of colour
    conflicts into the original S2 with the players leaving (the oracle: the assignment
    network), where the alternating paths' prices alone often fall short of it."""
    rng = random.Random(6006)
    raised = 0
    for _ in range(1500):
        n = rng.randint(4, 14)
        free, costly = _random_masks(rng, n)
        side1 = sum(1 << i for i in range(n) if rng.random() < 0.45)
        side2 = ((1 << n) - 1) & ~side1
        columns = [j for j in range(n) if side2 >> j & 1]
        options = [
            [
                (t, int(costly[i] >> j & 1))
                for t, j in enumerate(columns)
                if (free[i] | costly[i]) >> j & 1
            ]
            for i in range(n)
            if side1 >> i & 1
        ]
        least = least_assignment_cost(options, len(columns))
        if least is None:
            continue
        assert LeavingDuals(free, costly, side1, side2).total == least
        rows = [i for i in range(n) if side1 >> i & 1]
        raised += least_paths(free, costly, rows, side2, {}, len(rows) + 1) < least
    assert raised > 5
