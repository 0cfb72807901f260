"""1992 Dutch C13: the fit of the penultimate bracket's pairings keeps its S2 players who
may not be left over (kept up, or barred from leaving by B1b, B5, B6) paired in the
bracket (``c13_fit.LowestFit.division``, ``stay``).

C13 takes the penultimate bracket's first pairing, in the procedure's order, with which
the lowest bracket can be paired.  The pairings a division's search yields pair every
such player (``must_pair``), so in the fit's graph they meet S1 players only.  Held here
to brute force on random small brackets, and to the fit without them on the search of a
division's pairings: the same pairings, found after fewer choices of partners.
"""

from __future__ import annotations

import itertools
import random
from collections.abc import Callable, Sequence

import pytest

from pairing.engine.matching import lexicographic_assignments
from pairing.engine.systems.dutch1992 import fit_prefixes
from pairing.engine.systems.dutch1992.bitsets import _bits
from pairing.engine.systems.dutch1992.c13_fit import LowestFit
from pairing.engine.systems.dutch1992.entrants import Entrant, _rank, compatible
from pairing.engine.systems.dutch1992.lowest import lowest_pairable
from tests.engine.test_dutch1992_c13_fit_exchanges import _homogeneous_low, _instance


def _good_completion(
    s1: Sequence[Entrant],
    s2: Sequence[Entrant],
    rows: Sequence[int],
    stay: frozenset[int],
    prefix: tuple[int, ...],
    forced: Sequence[Entrant],
    residents: Sequence[Entrant],
) -> bool:
    """Brute force: some pairing of S1 into S2 (by ``rows``) through ``prefix`` pairs every
    S2 player of ``stay`` and leaves over players with whom the lowest bracket can be
    paired (its closed form)."""
    for rest in itertools.permutations(range(len(s2)), len(s1) - len(prefix)):
        assignment = (*prefix, *rest)
        if len(set(assignment)) < len(assignment) or not stay <= set(assignment):
            continue
        if any(not rows[i] >> t & 1 for i, t in enumerate(assignment)):
            continue
        down = [b for t, b in enumerate(s2) if t not in assignment]
        if lowest_pairable(_rank([*down, *forced, *residents])):
            return True
    return False


def _division(
    rng: random.Random,
) -> tuple[list[Entrant], list[Entrant], list[Entrant], list[Entrant], list[int], frozenset[int]]:
    """A random division, its players forced down and residents, S1's rows and up to half
    of its S2 players as those who may not be left over."""
    s1, s2, forced, residents = _instance(rng)
    rows = [
        _bits(t for t, b in enumerate(s2) if compatible(a, b) and rng.random() < 0.8) for a in s1
    ]
    stay = frozenset(rng.sample(range(len(s2)), rng.randint(0, (len(s2) + 1) // 2)))
    return s1, s2, forced, residents, rows, stay


def test_dutch_c13_fit_keeps_the_players_who_may_not_leave_as_brute_force(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Dutch C13 (A5, B5, B6 as the level keeps them): on random small brackets the fit
    given the S2 players who may not be left over accepts a choice of S1's partners
    exactly when some pairing through it pairs them all and leaves over players with whom
    the lowest bracket can be paired (when that bracket is homogeneous and the limit of D2
    is asked of every choice; else whenever there is one), and it refuses some choices that
    the fit without them accepts."""
    monkeypatch.setattr(fit_prefixes, "LIMITED_PREFIX", 1 << 20)
    rng = random.Random(13_1992)
    asked = beyond = 0
    for _ in range(300):
        s1, s2, forced, residents, rows, stay = _division(rng)
        exact = _homogeneous_low(len(s2) - len(s1), forced, residents)
        check = LowestFit(forced, residents).division(s1, s2, rows, stay)
        without = LowestFit(forced, residents).division(s1, s2, rows)
        for length in range(len(s1) + 1):
            for prefix in itertools.permutations(range(len(s2)), length):
                if any(not rows[i] >> t & 1 for i, t in enumerate(prefix)):
                    continue
                expected = _good_completion(s1, s2, rows, stay, prefix, forced, residents)
                answer = check(prefix)
                assert answer == expected if exact else answer or not expected, (s1, s2, prefix)
                asked += 1
                beyond += without(prefix) and not answer
    assert asked > 1000
    assert beyond


def _walk(
    rows: Sequence[int],
    columns: int,
    stay: frozenset[int],
    viable: Callable[[tuple[int, ...]], bool],
) -> tuple[list[tuple[int, ...]], int]:
    """The pairings of S1 into S2 by ``rows`` pairing every player of ``stay``, in D1 order
    as a level's search walks them with the fit (``viable``), and the choices it asked."""
    asked = 0

    def counted(prefix: tuple[int, ...]) -> bool:
        nonlocal asked
        asked += 1
        return viable(prefix)

    options = [[(t, 0) for t in range(columns) if row >> t & 1] for row in rows]
    found = list(
        lexicographic_assignments(options, columns, budget=0, must_cover=stay, viable=counted)
    )
    return found, asked


def test_dutch_c13_fit_with_the_players_who_may_not_leave_works_less() -> None:
    """Dutch C13: a division's search (``must_pair``, as ``levels`` walks it) with the fit
    given its S2 players who may not be left over yields the same pairings as with the fit
    without them, and asks fewer choices of partners and fewer of the fit's matchings
    (``LowestFit.matchings``) on the way."""
    rng = random.Random(13_48)
    asked_with = asked_without = matchings_with = matchings_without = 0
    for _ in range(300):
        s1, s2, forced, residents, rows, stay = _division(rng)
        fit, bare = LowestFit(forced, residents), LowestFit(forced, residents)
        found, asked = _walk(rows, len(s2), stay, fit.division(s1, s2, rows, stay))
        expected, asked_old = _walk(rows, len(s2), stay, bare.division(s1, s2, rows))
        assert found == expected
        asked_with += asked
        asked_without += asked_old
        matchings_with += fit.matchings
        matchings_without += bare.matchings
    assert asked_with < asked_without
    assert matchings_with < matchings_without
