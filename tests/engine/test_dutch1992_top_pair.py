"""1992 Dutch: the two highest S1 players never leave S1 together (D2), in the question of
whether any division within D2's exchanges pairs a level (#38).

``entering.entering_witness`` gives the two highest S1 players one stand-in of their own
when D2 keeps them from being exchanged together (S2 the larger); with it the question
is exact on small brackets: a matching is found exactly when some division within D2
pairs the level, every division and transposition tried one by one.  A C12 sub-search
resumed after a pairing of a level asks it too, and pairs as when it walks on.
"""

from __future__ import annotations

import itertools
import random
from typing import Any

import pytest

from pairing.engine.systems.dutch1992 import entering, levels
from pairing.engine.systems.dutch1992.entering import entering_witness, top_pair
from pairing.engine.systems.dutch1992.entrants import Entrant
from pairing.engine.systems.dutch1992.feasibility import Feasibility
from pairing.engine.systems.dutch1992.levels import LevelSearch

from .test_dutch1992_bitsets import RULES, _random_bracket, _symmetric
from .test_dutch1992_entering import _level_pairs, _lowest_bracket


def test_dutch_d2_a_matching_is_found_exactly_when_a_division_pairs_the_level() -> None:
    """Dutch A5, B4, C8, D2: on brackets whose S2 is the larger and whose S1 holds two
    players or more, :func:`entering_witness` finds a matching exactly when the original
    division or an exchange of D2 pairs the level within x (without the stand-in of the
    two highest S1 players, 11 of these 300 levels have a matching and no pairing)."""
    rng = random.Random(1992)
    outcomes = {True: 0, False: 0}
    tops = 0
    for _ in range(300):
        n = rng.randint(6, 9)
        p = rng.randint(2, (n - 2) // 2)
        players = _symmetric(_random_bracket(rng, n), rng)
        rules = rng.choice(RULES)
        moved = frozenset(e.number for e in players[:2] if rng.random() < 0.5)
        lowest = rng.random() < 0.5
        kept = frozenset(e.number for e in players[2:] if rng.random() < 0.3)
        x = rng.randint(0, p)
        witness = entering_witness(players, p, rules, moved, lowest, kept, x)
        pairs = _level_pairs(players, p, x, rules, moved, lowest, kept)
        assert (witness is not None) == pairs
        outcomes[pairs] += 1
        tops += top_pair(players, p, rules, moved, lowest, kept) is not None
    assert min(outcomes.values()) > 50
    assert tops > 50


def _resumed_phases(
    search: LevelSearch, players: list[Entrant], p: int, resuming: list[bool]
) -> list[object]:
    """For the levels at x > 0 of a bracket at ``p``: after each of the first pairings of
    a level, the pairings of the same level resumed after it with one more player kept
    up, one it leaves over, as C12's sub-searches resume (:meth:`Search.alternatives`);
    ``resuming[0]`` tells which is read."""
    found: list[object] = []
    for x in range(1, p + 1):
        for rules in RULES[::4]:
            level = search.split_pairings(players, p, x, rules, frozenset(), False, frozenset())
            for phase in itertools.islice(level, 3):
                paired = {e.number for e in phase.s1} | {
                    phase.s2[t].number for t in phase.assignment
                }
                after = (phase.exchange_index, phase.assignment)
                for e in players:
                    if e.number in paired:
                        continue
                    keep = frozenset({e.number})
                    again = search.split_pairings(
                        players, p, x, rules, frozenset(), False, keep, after
                    )
                    resuming[0] = True
                    found.append(
                        [(q.exchange_index, q.assignment) for q in itertools.islice(again, 2)]
                    )
                    resuming[0] = False
    return found


def test_dutch_c12_resumed_levels_pair_as_when_they_walk_every_exchange(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Dutch C8, C12: levels resumed after a pairing with one more player kept up give the
    same pairings when they ask whether the level has any pairing left (after the first
    exchange searched) as when they walk every exchange, and some of them stop early."""
    rng = random.Random(2913)
    monkeypatch.setattr(entering, "RESUMED_PATIENCE", 1)
    asked: list[bool] = []
    resuming = [False]
    refuted = entering.refuted

    def counted(*args: Any) -> bool:
        answer = refuted(*args)
        if resuming[0]:
            asked.append(answer)
        return answer

    for _ in range(30):
        players = _lowest_bracket(rng)
        p = len(players) // 2 - rng.randint(1, 2)
        monkeypatch.setattr(levels, "refuted", counted)
        fast = _resumed_phases(LevelSearch(Feasibility()), players, p, resuming)
        monkeypatch.setattr(levels, "refuted", lambda *_: False)
        slow = _resumed_phases(LevelSearch(Feasibility()), players, p, resuming)
        assert fast == slow
    assert asked.count(True) > 5
