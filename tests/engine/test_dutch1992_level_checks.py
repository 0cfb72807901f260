"""Whether a level of the 1992 Dutch could give its pairs at all (Dutch C8), by
``LevelChecks._pairs_possible``: each answer of the late rounds of random near round
robins is the answer of a perfect matching built from nothing (the oracle), including
those given by counting the players who may not leave before any matching."""

from __future__ import annotations

import random
from collections.abc import Sequence

import pytest

from pairing.engine.matching import maximum_matching
from pairing.engine.systems.dutch1992.criteria import FloatRules, may_leave, pair_allowed
from pairing.engine.systems.dutch1992.entrants import Entrant, entrants
from pairing.engine.systems.dutch1992.level_checks import LevelChecks
from pairing.engine.systems.dutch1992.procedure import Search
from tests.engine.dutch1992_late import late_states, run_search

from .test_dutch1992_bitsets import RULES, _random_bracket, _symmetric

EVENTS = ((20, 17, 7), (30, 26, 13), (40, 36, 5))
"""Players, rounds and seed of the random events: near round robins, where C12 and C13
work."""


def _from_nothing(
    players: Sequence[Entrant],
    first: int,
    pairs: int,
    edge_rules: FloatRules,
    leave_rules: FloatRules,
    moved: frozenset[int],
    lowest: bool,
    keep: frozenset[int],
) -> bool:
    """A perfect matching of the players (the first ``first`` never paired together)
    and one stand-in for each player left over, joined to those who may leave."""
    n = len(players)
    spare = n - 2 * pairs
    if spare < 0:
        return False
    adjacent: list[list[int]] = [[] for _ in range(n + spare)]
    for i in range(n):
        for j in range(max(i + 1, first), n):
            if pair_allowed(players[i], players[j], edge_rules, moved):
                adjacent[i].append(j)
                adjacent[j].append(i)
        if i >= first and may_leave(players[i], leave_rules, moved, lowest, keep):
            for d in range(n, n + spare):
                adjacent[i].append(d)
                adjacent[d].append(i)
    return all(m != -1 for m in maximum_matching(adjacent))


@pytest.mark.parametrize(("players", "rounds", "seed"), EVENTS)
def test_dutch_c8_level_check_answers_as_a_perfect_matching(
    players: int, rounds: int, seed: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Dutch C8: every level check answers as a perfect matching built from nothing,
    and some are answered by the count of players who may not leave."""
    real = LevelChecks._pairs_possible
    asked = counted = 0

    def checked(
        self: LevelChecks,
        players: Sequence[Entrant],
        first: int,
        pairs: int,
        edge_rules: FloatRules,
        leave_rules: FloatRules,
        moved: frozenset[int],
        lowest: bool,
        keep: frozenset[int],
    ) -> bool:
        nonlocal asked, counted
        args = (players, first, pairs, edge_rules, leave_rules, moved, lowest, keep)
        answer = real(self, *args)
        assert answer == _from_nothing(*args)
        asked += 1
        staying = first + sum(
            1 for e in players[first:] if not may_leave(e, leave_rules, moved, lowest, keep)
        )
        counted += staying > 2 * pairs
        return answer

    monkeypatch.setattr(LevelChecks, "_pairs_possible", checked)
    for state in late_states(players, rounds, seed, from_completed=players // 2):
        run_search(Search(entrants(state)[0]))
    assert asked and counted


def test_dutch_b1_b2_b5_b6_partner_masks_ask_each_pair_once() -> None:
    """The partner masks, each pair asked once, are those of asking :func:`pair_allowed`
    of every ordered pair (B1, B2, B5, B6)."""
    rng = random.Random(1992)
    for _ in range(80):
        n = rng.randint(1, 18)
        players = _symmetric(_random_bracket(rng, n), rng)
        rules = rng.choice(RULES)
        moved = frozenset(e.number for e in players if rng.random() < 0.2)
        masks = LevelChecks().partner_masks(players, rules, moved)
        assert masks == [
            sum(
                1 << j
                for j, b in enumerate(players)
                if a is not b and pair_allowed(a, b, rules, moved)
            )
            for a in players
        ]
