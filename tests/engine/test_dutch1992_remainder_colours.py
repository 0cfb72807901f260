"""1992 Dutch A8, B4, C10: the colour conflicts a heterogeneous bracket's remainder
cannot avoid, counted from its players' colour preferences and who may meet whom (#38).

FIDE Handbook C.04.1 (1992 text).  A remainder whose players who may only meet players
of their own colour preference force more conflicts than its x allows gives nothing
(:func:`remainder_colours.conflicts_at_least`, asked before
:meth:`_RemainderGraph.fits` searches a matching: round 56 of the 150-player,
124-round, seed-10003 event refutes thousands of remainders so).  Held here to the
fewest conflicts of every pairing, by brute force.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from pairing.engine.systems.dutch1992.bitsets import _bits
from pairing.engine.systems.dutch1992.criteria import (
    FloatRules,
    colour_conflict,
    pair_allowed,
    x_of,
)
from pairing.engine.systems.dutch1992.entrants import Entrant
from pairing.engine.systems.dutch1992.remainder import _RemainderGraph
from pairing.engine.systems.dutch1992.remainder_colours import conflicts_at_least, pairs_within
from tests.engine.test_dutch1992 import entrant

HISTORIES = ("", "W", "B", "WB", "BW", "WW", "BB", "WBW", "BWB", "WWB", "BBW")
NONE = 99


def fewest(rest: int, meets: Sequence[int], dear: Sequence[int], leaving: int, spare: int) -> int:
    """The fewest conflicts of a pairing of ``rest`` leaving over exactly ``spare`` of its
    players, all of ``leaving`` (NONE when there is none), by trying every one."""
    if not rest:
        return 0 if not spare else NONE
    low = rest & -rest
    t = low.bit_length() - 1
    others = rest ^ low
    best = fewest(others, meets, dear, leaving, spare - 1) if spare and leaving & low else NONE
    partners = meets[t] & others
    while partners:
        bit = partners & -partners
        partners ^= bit
        cost = fewest(others ^ bit, meets, dear, leaving, spare)
        best = min(best, cost + (dear[t] & bit != 0))
    return best


def _random_graph(
    rng: random.Random, count: int, density: float
) -> tuple[list[int], list[int], list[int]]:
    """``count`` players' colour preferences (0 white, 1 black, 2 none), who may meet whom
    (bit sets, each pair with probability ``density``) and which of those meetings are
    colour conflicts (Dutch B4)."""
    colour = [rng.choice((0, 0, 1, 1, 2)) for _ in range(count)]
    meets = [0] * count
    for t in range(count):
        for u in range(t + 1, count):
            if rng.random() < density:
                meets[t] |= 1 << u
                meets[u] |= 1 << t
    dear = [
        _bits(u for u in range(count) if colour[u] == colour[t] != 2) & meets[t]
        for t in range(count)
    ]
    return colour, meets, dear


def _colours(
    colour: Sequence[int], meets: Sequence[int], dear: Sequence[int]
) -> tuple[int, int, list[int]]:
    """The white- and black-preferring players (bit sets) and each player's meetings
    without a colour conflict."""
    count = len(colour)
    whites = _bits(t for t in range(count) if colour[t] == 0)
    blacks = _bits(t for t in range(count) if colour[t] == 1)
    return whites, blacks, [m & ~d for m, d in zip(meets, dear, strict=True)]


def test_dutch1992_b4_remainder_conflicts_at_least_never_above_the_fewest() -> None:
    rng = random.Random(10003)
    beyond = 0
    for _ in range(2000):
        count = rng.randint(1, 10)
        colour, meets, dear = _random_graph(rng, count, 0.45)
        whites, blacks, cheap = _colours(colour, meets, dear)
        rest = _bits(t for t in range(count) if rng.random() < 0.85)
        leaving = _bits(t for t in range(count) if rng.random() < 0.5)
        spare = rng.randint(0, 2) if rest.bit_count() % 2 else rng.choice((0, 0, 2))
        spare = min(spare, rest.bit_count())
        least = fewest(rest, meets, dear, leaving, spare)
        bound = conflicts_at_least(rest, cheap, whites, blacks, leaving, spare)
        if least != NONE:
            assert bound <= least, (rest, meets, colour, leaving, spare)
            w, b = (rest & whites).bit_count(), (rest & blacks).bit_count()
            free = rest.bit_count() - w - b + spare
            beyond += bound > max(0, (abs(w - b) - free + 1) // 2)
    assert beyond > 50


def test_dutch1992_b4_remainder_pairs_within_as_brute_force() -> None:
    rng = random.Random(124)
    answers = [0, 0]
    for _ in range(200):
        count = rng.randint(1, 12)
        colour, meets, dear = _random_graph(rng, count, 0.5)
        whites, blacks, cheap = _colours(colour, meets, dear)
        leaving = _bits(t for t in range(count) if rng.random() < 0.5)
        spare = rng.randint(0, 2)
        failed: dict[tuple[int, int], int] = {}
        for _ in range(10):
            rest = _bits(t for t in range(count) if rng.random() < 0.8)
            if (rest.bit_count() - spare) % 2 or rest.bit_count() < spare:
                continue
            budget = rng.randint(0, 3)
            found = pairs_within(
                rest, cheap, dear, (whites, blacks, leaving), spare, budget, failed
            )
            assert found == (fewest(rest, meets, dear, leaving, spare) <= budget), (rest, budget)
            answers[found] += 1
    assert min(answers) > 100


def brute_fits(graph: _RemainderGraph, s2: Sequence[Entrant], taken: int, budget: int) -> bool:
    """Whether the players S1 leaves pair within ``budget`` conflicts, only players
    who may leave left over, by trying every pairing."""
    count = len(s2)
    loosest = FloatRules(down=2, up=graph.loosest.up)
    meets = [
        _bits(
            u for u in range(count) if u != t and pair_allowed(s2[t], s2[u], loosest, graph.moved)
        )
        for t in range(count)
    ]
    dear = [
        _bits(u for u in range(count) if colour_conflict(s2[t], s2[u])) & meets[t]
        for t in range(count)
    ]
    rest = ((1 << count) - 1) & ~taken
    leaving = _bits(t for t in range(count) if t not in graph.stay)
    return fewest(rest, meets, dear, leaving, graph.spare) <= budget


def test_dutch1992_c10_remainder_fits_as_brute_force_and_then_completes() -> None:
    rng = random.Random(56)
    refused = fitted = 0
    for _ in range(400):
        head = rng.randint(0, 3)
        pairs = rng.randint(0, 5)
        count = head + 2 * pairs + rng.randint(0, 2)
        players = [entrant(n, rng.choice(HISTORIES)) for n in range(1, head + count + 1)]
        s1, s2 = players[:head], players[head:]
        stay = frozenset(t for t in range(count) if rng.random() < 0.6)
        rules = FloatRules(down=2, up=2)
        graph = _RemainderGraph(s1, s2, rules, frozenset(), pairs, stay)
        taken = tuple(rng.sample(range(count), head))
        budget = rng.randint(0, pairs)
        fits = graph.fits(taken, budget)
        assert graph.fits_exactly(count - head)
        assert fits == brute_fits(graph, s2, _bits(taken), budget), (taken, budget)
        if fits:
            assert graph.completes(taken)
        refused += not fits
        fitted += fits
    assert refused > 50
    assert fitted > 50


def test_dutch1992_a8_remainder_x_left_as_x_of_the_players_left() -> None:
    rng = random.Random(20)
    for _ in range(300):
        count = rng.randint(1, 14)
        players = [entrant(n, rng.choice(HISTORIES)) for n in range(1, count + 1)]
        graph = _RemainderGraph([], players, FloatRules(), frozenset(), 0, frozenset())
        taken = _bits(t for t in range(count) if rng.random() < 0.4)
        left = [b for t, b in enumerate(players) if not taken >> t & 1]
        assert graph.x_left(taken) == x_of(left)
