"""1992 Dutch: a level's colour bounds read from a matching found before (#38, issue 38).

The C13 sub-searches of a penultimate bracket ask the same level of the same bracket for
its bounds (:func:`least_conflicts`, :func:`priced_conflicts_within_exchanges`) with
many different players kept up.  A matching found for one set kept up that leaves none
of another set over is a matching for that one too, and when it shows both bounds at
most x the level is not passed over, so the bounds are not worked out again.  Held here
to the bounds themselves, and whole rounds to the search without the shortcut.
"""

from __future__ import annotations

import random

import pytest

from pairing.engine import System, pair_round
from pairing.engine.generator import tournament_states
from pairing.engine.matching import perfect_matching_within
from pairing.engine.systems.dutch1992.feasibility import Feasibility
from pairing.engine.systems.dutch1992.levels import LevelSearch
from pairing.engine.systems.dutch1992.lowest import (
    Witness,
    _within_budget,
    free_witness,
    least_conflicts,
    least_conflicts_within_exchanges,
    priced_conflicts_within_exchanges,
    within_exchanges,
)
from pairing.engine.systems.dutch1992.witnesses import WitnessFront

from .test_dutch1992_bitsets import RULES, _random_bracket, _symmetric


def test_dutch_b4_a_witness_never_claims_more_than_the_bounds() -> None:
    """When :meth:`LevelSearch._witnessed` says a level's bounds are at most x with some
    players kept up, they are (and every group is recorded as a matching of it)."""
    rng = random.Random(38)
    claims = [0, 0]
    for _ in range(150):
        n = rng.randint(4, 14)
        p = rng.randint(1, n // 2)
        players = _symmetric(_random_bracket(rng, n), rng)
        rules = rng.choice(RULES)
        lowest = rng.random() < 0.5
        numbers = [e.number for e in players]
        group = (players, p, rules, frozenset[int](), lowest)
        witnesses: list[Witness] = []
        for _ in range(3):
            kept = frozenset(m for m in numbers if rng.random() < 0.2)
            least_conflicts(*group, kept, witnesses)
            priced_conflicts_within_exchanges(*group, kept, rng.choice((1, 2, 4)), witnesses)
        front = WitnessFront(Feasibility().mask)
        front.add_all(list(witnesses))
        for _ in range(6):
            kept = frozenset(m for m in numbers if rng.random() < 0.3)
            least = least_conflicts(*group, kept)
            within = least_conflicts_within_exchanges(*group, kept)
            for x in range(n // 2 + 1):
                says_within, says_least = LevelSearch._witnessed(front, kept, x)
                if says_least:
                    claims[0] += 1
                    assert least is not None and least <= x
                if says_within:
                    claims[1] += 1
                    assert within_exchanges(*group, kept)
                    assert within is not None and within <= x
    assert min(claims) > 50


@pytest.mark.parametrize(
    ("players", "seed", "rounds"), [(40, 2026, 31), (40, 2028, 22), (80, 2026, 32)]
)
def test_dutch_c13_rounds_paired_as_without_witnesses(
    players: int, seed: int, rounds: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Every round of events whose lowest brackets go through C13 pairs the same with
    and without the matchings found before (the oracle: the bounds worked out each time)."""
    states = list(tournament_states(System.DUTCH_1992, players=players, rounds=rounds, seed=seed))[
        :-1
    ]
    lots = [random.Random(k).randrange(2**31) for k in range(len(states))]
    witnessed = LevelSearch._witnessed
    used = []

    def counted(front: WitnessFront, kept: frozenset[int], x: int) -> tuple[bool, bool]:
        answer = witnessed(front, kept, x)
        used.append(any(answer))
        return answer

    monkeypatch.setattr(LevelSearch, "_witnessed", staticmethod(counted))
    fast = [
        pair_round(state, System.DUTCH_1992, seed=lot)
        for state, lot in zip(states, lots, strict=True)
    ]
    assert any(used)
    monkeypatch.setattr(LevelSearch, "_witnessed", staticmethod(lambda *_: (False, False)))
    slow = [
        pair_round(state, System.DUTCH_1992, seed=lot)
        for state, lot in zip(states, lots, strict=True)
    ]
    assert fast == slow


def test_dutch_b4_a_free_witness_is_a_matching_without_conflicts() -> None:
    """:func:`free_witness`, when it finds a matching, finds one that proves both bounds
    0: the fewest conflicts of the level, and within D2's exchanges as well."""
    rng = random.Random(3813)
    found = 0
    for _ in range(300):
        n = rng.randint(4, 14)
        p = rng.randint(1, n // 2)
        players = _symmetric(_random_bracket(rng, n), rng)
        group = (players, p, rng.choice(RULES), frozenset[int](), rng.random() < 0.5)
        kept = frozenset(e.number for e in players if rng.random() < 0.2)
        witness = free_witness(*group, kept)
        if witness is None:
            continue
        found += 1
        assert witness.conflicts == 0 and witness.inside <= 2 and not witness.left & kept
        assert least_conflicts(*group, kept) == 0
        assert least_conflicts_within_exchanges(*group, kept) == 0
        assert within_exchanges(*group, kept)
    assert found > 30


def test_dutch_c13_within_budget_weighted_as_branch_and_bound() -> None:
    """C13's closed form (:func:`_pairable`) asks for a perfect matching with at most two
    pairs inside the lower half; in large graphs by a weighted matching, which answers
    as :func:`perfect_matching_within` does."""
    rng = random.Random(2033)
    answers = set()
    for _ in range(40):
        size = 2 * rng.randint(20, 26)  # 40-52 vertices: the sparse graphs of round 41
        cheap: list[list[int]] = [[] for _ in range(size)]
        costly: list[list[int]] = [[] for _ in range(size)]
        density, dear = rng.uniform(0.02, 0.12), rng.uniform(0.2, 0.8)
        for v in range(size):
            for w in range(v + 1, size):
                if rng.random() < density:
                    edges = costly if rng.random() < dear else cheap
                    edges[v].append(w)
                    edges[w].append(v)
        budget = rng.randint(0, 3)
        expected = perfect_matching_within(cheap, costly, budget) is not None
        assert _within_budget(cheap, costly, budget) == expected
        answers.add(expected)
    assert answers == {True, False}
