"""1992 Dutch: the bit-set fast paths of the search give what the slow ones gave (#38).

The exchanges of D2 are checked by growing the original division's matchings on bit sets
(``divisions``), the rows of a division's search are read from the bracket's partner
masks, and the greedy proof of a level reads them too.  Each is held here to the plain
computation on random brackets: bipartite matchings from scratch, ``pair_allowed`` pair
by pair.
"""

from __future__ import annotations

import dataclasses
import itertools
import random

from pairing.engine.floats import Float
from pairing.engine.matching import bipartite_matching_size
from pairing.engine.model import PairingNumber
from pairing.engine.systems.dutch1992.bitsets import _bits, _compress, _positions, _runs
from pairing.engine.systems.dutch1992.criteria import (
    LOOSEST,
    FloatRules,
    colour_conflict,
    may_leave,
    pair_allowed,
)
from pairing.engine.systems.dutch1992.divisions import base, exchange_covers, matching_size
from pairing.engine.systems.dutch1992.entrants import Entrant
from pairing.engine.systems.dutch1992.exchanges import exchange_order
from pairing.engine.systems.dutch1992.feasibility import Feasibility
from pairing.engine.systems.dutch1992.levels import LevelSearch
from pairing.engine.systems.dutch1992.lowest import (
    EXCHANGES,
    PENALTIES,
    least_conflicts_within_exchanges,
    priced_conflicts_within_exchanges,
)

from .test_dutch1992 import entrant

FLOATS = (None, Float.UP, Float.DOWN)
RULES = [FloatRules(down=d, up=u) for d in range(3) for u in range(3)]


def _random_graph(rng: random.Random, n: int, density: float) -> list[int]:
    rows = [0] * n
    for i in range(n):
        for j in range(i + 1, n):
            if rng.random() < density:
                rows[i] |= 1 << j
                rows[j] |= 1 << i
    return rows


def _covered(rows: list[int], left: list[int], right: list[int]) -> bool:
    adjacency = [[t for t, j in enumerate(right) if rows[i] >> j & 1] for i in left]
    return bipartite_matching_size(adjacency, len(right)) == len(left)


def test_dutch_d2_exchange_covers_as_new_matchings() -> None:
    rng = random.Random(38)
    checked = 0
    for _ in range(300):
        n = rng.randint(3, 14)
        p = n // 2
        rows = _random_graph(rng, n, rng.choice((0.2, 0.4, 0.7)))
        staying = _bits(i for i in range(n) if rng.random() < 0.4)
        origin = base(rows, (1 << p) - 1, ((1 << n) - 1) & ~((1 << p) - 1), staying)
        for out_of, into in exchange_order(n, p):
            leaving = _bits(i - 1 for i in out_of)
            entering = _bits(i - 1 for i in into)
            side1 = ((1 << p) - 1) & ~leaving | entering
            s1 = list(_positions(side1))
            s2 = [i for i in range(n) if not side1 >> i & 1]
            required = [j for j in s2 if staying >> j & 1]
            expected = _covered(rows, s1, s2) and _covered(rows, required, s1)
            got = exchange_covers(rows, origin, leaving, entering, side1, staying)
            fresh = base(rows, (1 << p) - 1, ((1 << n) - 1) & ~((1 << p) - 1), staying)
            assert exchange_covers(rows, fresh, leaving, entering, side1, staying) is expected
            assert got is expected, (rows, p, out_of, into, staying)
            checked += 1
    assert checked > 1000


def test_dutch_bit_sets_compress_reads_the_positions_in_order() -> None:
    rng = random.Random(5)
    for _ in range(500):
        n = rng.randint(1, 40)
        positions = sorted(rng.sample(range(n), rng.randint(0, n)))
        bits = rng.getrandbits(n)
        expected = _bits(k for k, j in enumerate(positions) if bits >> j & 1)
        assert _compress(bits, _runs(positions)) == expected


def _random_bracket(rng: random.Random, n: int) -> list[Entrant]:
    players = []
    for number in range(1, n + 1):
        colours = "".join(rng.choice("WB") for _ in range(rng.randint(0, 4)))
        players.append(
            dataclasses.replace(
                entrant(number, colours, score=rng.choice((2, 2, 2, 3)), exempt=rng.random() < 0.1),
                last_float=rng.choice(FLOATS),
                float_two_back=rng.choice(FLOATS),
                bye_allowed=rng.random() < 0.6,
                barred=frozenset(
                    PairingNumber(m) for m in range(1, n + 1) if m != number and rng.random() < 0.3
                ),
            )
        )
    return players


def _symmetric(players: list[Entrant], rng: random.Random) -> list[Entrant]:
    """B1a is mutual: each bar is made both ways."""
    barred = {e.number: set(e.barred) for e in players}
    for e in players:
        for m in e.barred:
            barred[m].add(e.number)
    return [dataclasses.replace(e, barred=frozenset(barred[e.number])) for e in players]


def test_dutch_c7_rows_from_partner_masks_give_the_same_pairings() -> None:
    rng = random.Random(1992)
    compared = 0
    for _ in range(120):
        n = rng.randint(4, 16)
        p = n // 2
        players = _symmetric(_random_bracket(rng, n), rng)
        rules = rng.choice(RULES)
        moved = frozenset(e.number for e in players[:2] if rng.random() < 0.5)
        lowest = rng.random() < 0.5
        x = rng.randint(0, p)
        fast = LevelSearch(Feasibility())
        slow = LevelSearch(Feasibility())
        for index, (out_of, into) in enumerate([((), ()), *exchange_order(n, p)][:12]):
            side1 = ((1 << p) - 1) & ~_bits(i - 1 for i in out_of) | _bits(i - 1 for i in into)
            s1 = [e for i, e in enumerate(players) if side1 >> i & 1]
            s2 = [e for i, e in enumerate(players) if not side1 >> i & 1]
            got = list(
                fast._split_assignments(
                    players, index - 1, s1, s2, x, rules, moved, lowest, frozenset(), None
                )
            )[:30]
            must = frozenset(
                t for t, b in enumerate(s2) if not may_leave(b, rules, moved, lowest, frozenset())
            )
            stuck = index > 0 and any(
                not any(pair_allowed(a, b, rules, moved) for a in s1)
                for t, b in enumerate(s2)
                if t in must
            )
            expected = [] if stuck else list(slow.assignments(s1, s2, x, rules, moved, must))[:30]
            assert got == expected, (index, [e.number for e in s1])
            compared += 1
    assert compared > 500


def test_dutch_c8_greedy_level_reads_the_masks_as_pair_allowed() -> None:
    rng = random.Random(2026)
    for _ in range(300):
        n = rng.randint(2, 16)
        players = _symmetric(_random_bracket(rng, n), rng)
        rules = rng.choice(RULES)
        moved = frozenset(e.number for e in players[:3] if rng.random() < 0.5)
        first = rng.randint(0, n // 2)
        pairs = rng.randint(0, n // 2)
        lowest = rng.random() < 0.5
        keep = frozenset(e.number for e in players if rng.random() < 0.2)
        with_masks = Feasibility()
        with_masks.partner_masks(players, rules, moved)
        args = (players, first, pairs, rules, rules, moved, lowest, keep)
        assert with_masks._greedy_level(*args) is Feasibility()._greedy_level(*args)


def test_dutch_c7_assignments_are_every_acceptable_pairing_in_d1_order() -> None:
    """The greedy first pairing and the search after it, read from bit sets, against
    every arrangement of S2 tried one by one (D1: lexicographic order of the S2
    indices given to S1)."""
    rng = random.Random(7)
    for _ in range(150):
        n = rng.randint(2, 10)
        p = n // 2
        players = _symmetric(_random_bracket(rng, n), rng)
        rules = rng.choice(RULES)
        moved = frozenset(e.number for e in players[:2] if rng.random() < 0.5)
        lowest = rng.random() < 0.5
        x = rng.randint(0, p)
        s1, s2 = players[:p], players[p:]
        must = frozenset(
            t for t, b in enumerate(s2) if not may_leave(b, rules, moved, lowest, frozenset())
        )
        expected = [
            arrangement
            for arrangement in itertools.permutations(range(len(s2)), p)
            if all(
                pair_allowed(a, s2[t], rules, moved) for a, t in zip(s1, arrangement, strict=True)
            )
            and sum(colour_conflict(a, s2[t]) for a, t in zip(s1, arrangement, strict=True)) <= x
            and must <= set(arrangement)
        ]
        got = list(
            LevelSearch(Feasibility())._split_assignments(
                players, -1, s1, s2, x, rules, moved, lowest, frozenset(), None
            )
        )
        assert got == expected


def test_dutch_b4_matching_size_on_bit_sets_as_kuhn_on_lists() -> None:
    rng = random.Random(4)
    for _ in range(500):
        rows = [rng.getrandbits(rng.randint(0, 12)) for _ in range(rng.randint(0, 10))]
        lists = [[t for t in range(12) if row >> t & 1] for row in rows]
        assert matching_size(rows) == bipartite_matching_size(lists, 12)


def test_dutch_d2_exchange_bound_stops_where_higher_prices_bound_no_higher() -> None:
    """least_conflicts_within_exchanges stops at a price whose matching has at most two
    pairs inside the original S2: the largest bound of all prices is the same."""
    rng = random.Random(11)
    stopped = 0
    for _ in range(120):
        n = rng.randint(4, 14)
        p = rng.randint(1, n // 2)
        players = _symmetric(_random_bracket(rng, n), rng)
        rules = rng.choice(RULES)
        lowest = rng.random() < 0.5
        group = (players, p, rules)
        every = [
            priced_conflicts_within_exchanges(*group, frozenset(), lowest, frozenset(), price)
            for price in PENALTIES
        ]
        least = least_conflicts_within_exchanges(*group, frozenset(), lowest, frozenset())
        if any(found is None for found in every):
            assert least is None
            continue
        assert least == max(0, *(found[0] for found in every if found is not None))
        stopped += every[0] is not None and every[0][1] <= EXCHANGES
    assert stopped > 10


def test_dutch_c8_division_possible_on_bit_sets_as_two_matchings() -> None:
    """S1 into S2 and the S2 players who must be paired (kept up, or without the bye)
    into S1, under B1 and B2 alone: two bipartite matchings on lists."""
    rng = random.Random(8)
    compared = 0
    for _ in range(100):
        n = rng.randint(2, 14)
        p = n // 2
        players = _symmetric(_random_bracket(rng, n), rng)
        moved = frozenset(e.number for e in players[:2] if rng.random() < 0.5)
        lowest = rng.random() < 0.5
        division = (tuple(e.number for e in players), moved, lowest, p)
        feasibility = Feasibility()
        for index, (out_of, into) in enumerate([((), ()), *exchange_order(n, p)][:15]):
            side1 = ((1 << p) - 1) & ~_bits(i - 1 for i in out_of) | _bits(i - 1 for i in into)
            s1 = [e for i, e in enumerate(players) if side1 >> i & 1]
            s2 = [e for i, e in enumerate(players) if not side1 >> i & 1]
            kept = frozenset(e.number for e in players if rng.random() < 0.2)
            allowed = [
                [t for t, b in enumerate(s2) if pair_allowed(a, b, LOOSEST, moved)] for a in s1
            ]
            required = [
                b
                for b in s2
                if b.number in kept or not may_leave(b, LOOSEST, moved, lowest, frozenset())
            ]
            into_s1 = [
                [k for k, a in enumerate(s1) if pair_allowed(a, b, LOOSEST, moved)]
                for b in required
            ]
            expected = bipartite_matching_size(allowed, len(s2)) == len(s1) and (
                bipartite_matching_size(into_s1, len(s1)) == len(required)
            )
            got = feasibility.division_possible(players, division, index - 1, s1, s2, kept)
            assert got is expected
            compared += 1
    assert compared > 500
