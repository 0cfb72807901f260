"""The players who must be paired and fall short of conflict-free partners (1992 Dutch
B4, C8): ``crowded_set`` finds a set of largest deficiency (the oracle: every subset,
by brute force), and ``ExchangeDeficits._must_short``, reading the sets found for other
S1s first, is never above that deficiency and above x exactly when it is (read from
those sets alone, never above it)."""

from __future__ import annotations

import random

from pairing.engine.systems.dutch1992.bitsets import _positions
from pairing.engine.systems.dutch1992.deficits import ExchangeDeficits, crowded_set
from pairing.engine.systems.dutch1992.divisions import Matching


def _random_free(rng: random.Random, n: int) -> list[int]:
    """Symmetric conflict-free partner masks of ``n`` positions, of random density."""
    density = rng.choice((0.15, 0.3, 0.5))
    free = [0] * n
    for i in range(n):
        for j in range(i + 1, n):
            if rng.random() < density:
                free[i] |= 1 << j
                free[j] |= 1 << i
    return free


def _deficiency(free: list[int], players: int, side1: int) -> int:
    """How many more ``players`` there are than their conflict-free partners in S1."""
    near = 0
    for v in _positions(players):
        near |= free[v]
    return players.bit_count() - (near & side1).bit_count()


def _largest(free: list[int], must: int, side1: int) -> int:
    """The oracle: the largest deficiency of any subset of ``must`` (0 for none)."""
    members = list(_positions(must))
    best = 0
    for chosen in range(1 << len(members)):
        players = sum(1 << members[k] for k in range(len(members)) if chosen >> k & 1)
        best = max(best, _deficiency(free, players, side1))
    return best


def _division(rng: random.Random, n: int) -> tuple[int, int]:
    """A random S1 and a random set of S2 players who must be paired."""
    side1 = sum(1 << i for i in range(n) if rng.random() < 0.4)
    must = sum(1 << i for i in range(n) if not side1 >> i & 1 and rng.random() < 0.6)
    return side1, must


def test_dutch_b4_crowded_set_has_the_largest_deficiency() -> None:
    rng = random.Random(2963)
    short = covered = 0
    for _ in range(400):
        n = rng.randint(2, 14)
        free = _random_free(rng, n)
        side1, must = _division(rng, n)
        found = crowded_set(free, must, side1)
        largest = _largest(free, must, side1)
        if largest == 0:
            assert found == 0
            covered += 1
        else:
            assert found & must == found
            assert _deficiency(free, found, side1) == largest
            short += 1
    assert short > 50
    assert covered > 50


def test_dutch_b4_must_short_read_across_exchanges_as_the_largest() -> None:
    rng = random.Random(6515)
    ruled_out = passed = read = 0
    for _ in range(40):
        n = rng.randint(4, 14)
        free = _random_free(rng, n)
        p = rng.randint(1, n // 2)
        deficits = ExchangeDeficits(free, p, (free, 0))
        for _ in range(30):
            side1, must = _division(rng, n)
            x = rng.randint(0, 3)
            before = len(deficits._crowded)
            largest = _largest(free, must, side1)
            # Read from the sets found before alone: never above the largest either.
            assert deficits._must_short(side1, must, x, fresh=False) <= largest
            assert len(deficits._crowded) == before
            short = deficits._must_short(side1, must, x)
            assert short <= largest
            assert (short > x) == (largest > x)
            ruled_out += short > x
            passed += short <= x
            read += short > x and len(deficits._crowded) == before
    assert ruled_out > 100
    assert passed > 100
    assert read > 20


def _least_of_largest(free: list[int], must: int, side1: int) -> int:
    """The oracle for the set itself: the common part of every subset of ``must`` of
    largest deficiency (0 when that deficiency is 0), by brute force."""
    members = list(_positions(must))
    largest = _largest(free, must, side1)
    common = must
    for chosen in range(1 << len(members)):
        players = sum(1 << members[k] for k in range(len(members)) if chosen >> k & 1)
        if _deficiency(free, players, side1) == largest:
            common &= players
    return common if largest else 0


def test_dutch_b4_crowded_set_grown_across_exchanges_is_the_same_set() -> None:
    # A matching carried from one S1 to the next (as across a level's exchanges) gives
    # the same set as a fresh one: the least set of largest deficiency.
    rng = random.Random(10055)
    short = grown = 0
    for _ in range(60):
        n = rng.randint(2, 12)
        free = _random_free(rng, n)
        matching = Matching([-1] * n, 0)
        side1, must = _division(rng, n)
        for _ in range(12):
            if rng.random() < 0.7:  # a neighbouring exchange: one or two players moved
                for _ in range(rng.randint(1, 2)):
                    moved = rng.randrange(n)
                    side1 ^= 1 << moved
                    must &= ~side1
                    if not side1 >> moved & 1 and rng.random() < 0.6:
                        must |= 1 << moved
            else:
                side1, must = _division(rng, n)
            grown += matching.matched != 0
            found = crowded_set(free, must, side1, matching)
            assert found == crowded_set(free, must, side1)
            assert found == _least_of_largest(free, must, side1)
            short += found != 0
    assert short > 100
    assert grown > 300
