"""Whether a level of the 1992 Dutch could give its pairs at all (Dutch C8), by
``LevelChecks._pairs_possible``: each answer of the late rounds of random near round
robins is the answer of a perfect matching built from nothing (the oracle), including
those given by counting the players who may not leave before any matching."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

import pytest

from pairing.engine.matching import maximum_matching
from pairing.engine.systems.dutch1992.criteria import FloatRules, may_leave, pair_allowed
from pairing.engine.systems.dutch1992.entrants import Entrant, entrants
from pairing.engine.systems.dutch1992.level_checks import CONFLICT_CHECK_BELOW, LevelChecks
from pairing.engine.systems.dutch1992.levels import COLOUR_BOUND_FROM
from pairing.engine.systems.dutch1992.lowest import least_conflicts
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


def test_dutch_b4_level_matching_within_x_is_the_fewest_conflicts() -> None:
    """A level's matching keeps to x colour conflicts exactly when the fewest conflicts
    of such a matching (:func:`least_conflicts`, a weighted matching) are at most x,
    with the partner masks worked out before or not."""
    rng = random.Random(2026)
    answers: set[bool] = set()
    for _ in range(300):
        n = rng.randint(2, CONFLICT_CHECK_BELOW - 1)
        p = rng.randint(1, n // 2)
        x = rng.randint(0, p - 1)
        players = _symmetric(_random_bracket(rng, n), rng)
        rules, lowest = rng.choice(RULES), rng.random() < 0.5
        moved = frozenset(e.number for e in players if rng.random() < 0.2)
        keep = frozenset(e.number for e in players if rng.random() < 0.2)
        checks = LevelChecks()
        if rng.random() < 0.5:
            checks.partner_masks(players, rules, moved)
        answer = checks._conflicts_within(players, 0, p, x, rules, rules, moved, lowest, keep)
        least = least_conflicts(players, p, rules, moved, lowest, keep)
        assert answer == (least is not None and least <= x)
        answers.add(answer)
    assert answers == {False, True}


@pytest.mark.parametrize(("players", "rounds", "seed"), EVENTS)
def test_dutch_b4_level_matching_within_x_pairs_as_before(
    players: int, rounds: int, seed: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Whole late rounds are paired alike with the check of a level's matching against
    x and without it (the old path), and the check rules some levels out."""
    real = LevelChecks._conflicts_within
    ruled_out = 0

    def counted(self: LevelChecks, *args: Any) -> bool:
        nonlocal ruled_out
        answer = real(self, *args)
        ruled_out += not answer
        return answer

    for state in late_states(players, rounds, seed, from_completed=players // 2):
        players_of_round = entrants(state)[0]
        monkeypatch.setattr(LevelChecks, "_conflicts_within", counted)
        fast = run_search(Search(players_of_round))
        monkeypatch.setattr(LevelChecks, "_conflicts_within", lambda self, *args: True)
        assert run_search(Search(players_of_round)) == fast, f"round {state.round_number}"
    assert ruled_out


def test_dutch_b4_level_matching_checked_against_x_below_the_colour_bounds() -> None:
    """The check of a level's matching against x stops where the weighted colour bounds
    of the search take over (they decide the same)."""
    assert CONFLICT_CHECK_BELOW == COLOUR_BOUND_FROM


def test_dutch_c8_level_check_of_random_groups_answers_as_a_perfect_matching() -> None:
    """On random groups (some players to be paired only with the others, one pair or
    a few, partner masks worked out before or not) the level check answers as the
    perfect matching built from nothing."""
    rng = random.Random(38)
    answers: set[tuple[int, bool]] = set()
    for _ in range(400):
        n = rng.randint(2, 16)
        pairs = rng.choice((1, 1, 2, rng.randint(1, n // 2)))
        first = rng.choice((0, 0, rng.randint(0, pairs)))
        players = _symmetric(_random_bracket(rng, n), rng)
        rules, lowest = rng.choice(RULES), rng.random() < 0.5
        moved = frozenset(e.number for e in players if rng.random() < 0.2)
        keep = frozenset(e.number for e in players if rng.random() < 0.2)
        checks = LevelChecks()
        if rng.random() < 0.5:
            checks.partner_masks(players, rules, moved)
        args = (players, first, pairs, rules, rules, moved, lowest, keep)
        answer = checks._pairs_possible(*args)
        assert answer == _from_nothing(*args)
        answers.add((min(pairs, 2), answer))
    assert answers == {(1, False), (1, True), (2, False), (2, True)}
