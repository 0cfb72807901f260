"""1992 Dutch C12: whole levels of the previous bracket left out when none of their
candidates moves down players this bracket can take (``c12_levels.C12Levels``, #38).

Held here to every division within D2 and every transposition tried one by one on small
groups (a level refused has no pairing whose players left over, with those forced down,
each meet a resident of their own), and to C12's search without the test on the late
rounds of random near round robins.
"""

from __future__ import annotations

import itertools
import random
from collections.abc import Sequence

import pytest

from pairing.engine.matching import bipartite_matching_size
from pairing.engine.systems.dutch1992 import c12_levels
from pairing.engine.systems.dutch1992.c12_levels import C12Levels
from pairing.engine.systems.dutch1992.criteria import (
    FloatRules,
    colour_conflict,
    may_leave,
    pair_allowed,
)
from pairing.engine.systems.dutch1992.entrants import Entrant, compatible, entrants
from pairing.engine.systems.dutch1992.exchanges import _exchanged, exchange_order
from pairing.engine.systems.dutch1992.procedure import Search
from tests.engine.dutch1992_late import late_states, run_search

from .test_dutch1992_bitsets import RULES, _random_bracket, _symmetric


def _left_over_sets(
    players: Sequence[Entrant],
    p: int,
    x: int,
    rules: FloatRules,
    moved: frozenset[int],
    lowest: bool,
    kept: frozenset[int],
) -> set[frozenset[int]]:
    """The players left over by every pairing of the level: the original division and
    each exchange of D2 (C8), each with every transposition of S2 (C7), pairs allowed
    (B1, B2, floats), at most ``x`` colour conflicts (B4), every player left over free to
    leave (A5)."""
    divisions = [(list(players[:p]), list(players[p:]))]
    divisions += [_exchanged(players, p, *exchange) for exchange in exchange_order(len(players), p)]
    found: set[frozenset[int]] = set()
    for s1, s2 in divisions:
        for chosen in itertools.permutations(range(len(s2)), len(s1)):
            pairs = [(a, s2[t]) for a, t in zip(s1, chosen, strict=True)]
            if not all(pair_allowed(a, b, rules, moved) for a, b in pairs):
                continue
            if sum(colour_conflict(a, b) for a, b in pairs) > x:
                continue
            left = [s2[t] for t in range(len(s2)) if t not in chosen]
            if all(may_leave(b, rules, moved, lowest, kept) for b in left):
                found.add(frozenset(b.number for b in left))
    return found


def _taken(
    left: frozenset[int],
    group: Sequence[Entrant],
    forced: Sequence[Entrant],
    residents: Sequence[Entrant],
) -> bool:
    """Whether C12 takes these players moved down: with those forced down, each meets a
    resident of his own (B1, B2)."""
    down = [*forced, *(e for e in group if e.number in left)]
    rows = [[j for j, r in enumerate(residents) if compatible(a, r)] for a in down]
    return bipartite_matching_size(rows, len(residents)) == len(down)


def test_dutch_c12_a_level_left_out_has_no_candidate_c12_takes() -> None:
    """Dutch B4, C12, D2: whenever some pairing of a level leaves over players who, with
    those forced down, each meet a resident of their own, :meth:`C12Levels.possible` says
    so (asked once afresh and once after the levels before it), and it refuses many
    levels that have pairings, none of them taken."""
    rng = random.Random(2796)
    refused_with_pairings = 0
    outcomes = {True: 0, False: 0}
    for _ in range(300):
        n = rng.randint(5, 9)
        everyone = _symmetric(_random_bracket(rng, n + 6), rng)
        group, rest = everyone[:n], everyone[n:]
        forced = rest[: rng.choice((0, 0, 1))]
        residents = rest[len(forced) : len(forced) + rng.randint(1, 5)]
        p = rng.randint(1, n // 2)
        rules = rng.choice(RULES)
        moved = frozenset(e.number for e in group[:2] if rng.random() < 0.5)
        kept = frozenset(e.number for e in group if rng.random() < 0.2)
        levels = C12Levels(forced, residents)
        for x in range(p + 1):
            sets = _left_over_sets(group, p, x, rules, moved, False, kept)
            good = any(_taken(left, group, forced, residents) for left in sets)
            fresh = C12Levels(forced, residents).possible(group, p, x, rules, moved, False, kept)
            again = levels.possible(group, p, x, rules, moved, False, kept)
            assert fresh == again
            if good:
                assert fresh
            refused_with_pairings += bool(sets) and not fresh
            outcomes[fresh] += 1
    assert refused_with_pairings > 50
    assert min(outcomes.values()) > 100


EVENTS = ((24, 22, 101), (36, 30, 2), (30, 26, 13))
"""Players, rounds and seed of random near round robins, where C12 works."""


def test_dutch_c12_rounds_pair_alike_with_levels_left_out(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Dutch C12: every late round of random near round robins pairs the same with C12's
    levels left out as without the test, and some levels are left out."""
    refused: list[bool] = []
    possible = C12Levels.possible

    def counted(self: C12Levels, *args: object) -> bool:
        answer = possible(self, *args)  # type: ignore[arg-type]  # a spy passes on what it was given
        refused.append(not answer)
        return answer

    monkeypatch.setattr(c12_levels.C12Levels, "possible", counted)

    class _Without(Search):
        """The search without the test of C12's levels."""

        @staticmethod
        def _c12_levels(forced: object, residents: object) -> None:
            return None

    for players, rounds, seed in EVENTS:
        for state in late_states(players, rounds, seed, from_completed=players // 2):
            players_of_round = entrants(state)[0]
            fast = run_search(Search(players_of_round))
            slow = run_search(_Without(players_of_round))
            assert fast == slow, (seed, state.round_number)
    assert refused.count(True) > 10
