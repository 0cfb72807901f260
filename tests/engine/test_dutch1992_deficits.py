"""The bound on each exchange's colour conflicts from one deficient set (1992 Dutch B4,
C8, D2): never above the bound of ``LevelSearch._conflict_bound`` (a maximum matching of
the conflict-free allowed pairs, built from nothing: the oracle), equal to it for the
original division; the exchanges listed against a from-scratch matching; and whole late
rounds paired alike with the bound and without it."""

from __future__ import annotations

import random

import pytest

from pairing.engine.brackets import exchange
from pairing.engine.matching import least_assignment_cost
from pairing.engine.systems.dutch1992.bitsets import _bits
from pairing.engine.systems.dutch1992.criteria import (
    LOOSEST,
    FloatRules,
    colour_conflict,
    may_leave,
    pair_allowed,
)
from pairing.engine.systems.dutch1992.deficits import (
    ExchangeDeficits,
    exchange_deficits,
    free_masks,
)
from pairing.engine.systems.dutch1992.divisions import matching_size
from pairing.engine.systems.dutch1992.entrants import Entrant, entrants
from pairing.engine.systems.dutch1992.exchanges import exchange_order
from pairing.engine.systems.dutch1992.feasibility import Feasibility
from pairing.engine.systems.dutch1992.levels import LevelSearch
from pairing.engine.systems.dutch1992.procedure import Search
from tests.engine.dutch1992_late import late_states, run_search

from .test_dutch1992_bitsets import RULES, _random_bracket, _symmetric

EVENTS = ((20, 17, 7), (30, 26, 13), (40, 36, 5))
"""Players, rounds and seed of the random events: near round robins."""


def _conflict_bound(free: list[int], side1: list[int], side2: list[int]) -> int:
    """The oracle: S1 players a maximum conflict-free matching into S2 leaves over."""
    rows = [_bits(t for t, j in enumerate(side2) if free[i] >> j & 1) for i in side1]
    return len(side1) - matching_size(rows)


def _random_level(
    rng: random.Random, most: int
) -> tuple[int, int, list[Entrant], FloatRules, bool, list[int], ExchangeDeficits]:
    """A random bracket of 4 to ``most`` players with a random p, float rules and lowest
    flag (drawn in that order), its partner masks and its exchanges' bounds."""
    n = rng.randint(4, most)
    p = rng.randint(1, n // 2)
    players = _symmetric(_random_bracket(rng, n), rng)
    rules = rng.choice(RULES)
    lowest = rng.random() < 0.5
    allowed = Feasibility().partner_masks(players, rules, frozenset())
    deficits = exchange_deficits(players, allowed, p, (allowed, 0), (rules, frozenset(), lowest))
    return n, p, players, rules, lowest, allowed, deficits


def test_dutch_b4_exchange_deficit_never_above_the_conflict_bound() -> None:
    rng = random.Random(1992)
    bounded = equal = 0
    for _ in range(150):
        n = rng.randint(4, 22)
        p = rng.randint(1, n // 2)
        players = _symmetric(_random_bracket(rng, n), rng)
        rules = rng.choice(RULES)
        allowed = Feasibility().partner_masks(players, rules, frozenset())
        free = free_masks(players, allowed)
        for i, a in enumerate(players):
            for j, b in enumerate(players):
                expected = i != j and pair_allowed(a, b, rules, frozenset())
                assert (free[i] >> j & 1) == (expected and not colour_conflict(a, b))
        deficits = ExchangeDeficits(free, p, (allowed, 0))
        first = list(range(p))
        assert deficits.at_least((1 << p) - 1) == _conflict_bound(free, first, list(range(p, n)))
        for out_of, into in exchange_order(n, p):
            side1 = [i for i in first if i + 1 not in out_of] + [j - 1 for j in into]
            side2 = [j for j in range(n) if j not in side1]
            bound = _conflict_bound(free, side1, side2)
            fast = deficits.at_least(_bits(side1))
            assert fast <= bound
            bounded += fast > 0
            equal += fast == bound
    assert bounded and equal


def test_dutch_b4_exchange_bound_never_passes_the_least_conflicts() -> None:
    """Past the deficiency (at any ``x`` not below it), the bound on an exchange's colour
    conflicts, with the players kept up and those who may not be left unpaired as S2
    players who must be paired, is never above the least number of conflicts of its
    pairings (the oracle: the assignment network, built from nothing), nor is the bound
    shared by the exchanges with the same players leaving; each is often above the
    deficiency, and the exchange's own often the least itself.  At x = 0 it is 0
    exactly when the least is (a conflict-free pairing of S1 that pairs those S2
    players too)."""
    rng = random.Random(2607)
    above = shared = exact = free_ones = blocked = 0
    for _ in range(60):
        n, p, players, rules, lowest, allowed, deficits = _random_level(rng, 20)
        stay = [not may_leave(e, rules, frozenset(), lowest, frozenset()) for e in players]
        first = list(range(p))
        for out_of, into in [((), ()), *exchange_order(n, p)]:
            side1 = [i for i in first if i + 1 not in out_of] + [j - 1 for j in into]
            side2 = [j for j in range(n) if j not in side1]
            kept = _bits(j for j in range(n) if rng.random() < 0.15)
            must = frozenset(t for t, j in enumerate(side2) if stay[j] or kept >> j & 1)
            options = [
                [
                    (t, int(colour_conflict(players[i], players[j])))
                    for t, j in enumerate(side2)
                    if allowed[i] >> j & 1
                ]
                for i in side1
            ]
            least = least_assignment_cost(options, len(side2), must_cover=must)
            deficit = deficits.at_least(_bits(side1))
            x = rng.randint(max(0, deficit), len(side1))
            bound = deficits.at_least(_bits(side1), x, kept)
            own = deficits.at_least(_bits(side1), len(side1), kept)
            zero = deficits.at_least(_bits(side1), 0, kept)
            leaving = deficits._leaving_bound(_bits(i - 1 for i in out_of))
            assert bound >= deficit
            assert own >= deficit
            if least is None:
                continue
            assert bound <= least, (out_of, into, x)
            assert own <= least, (out_of, into)
            assert leaving <= least, (out_of, into)
            assert zero <= least
            assert (zero == 0) == (least == 0), (out_of, into)
            free_ones += least == 0 and must != frozenset()
            blocked += zero == 1 and deficits.at_least(_bits(side1), 0) <= 0
            above += own > deficit
            shared += leaving > deficit
            exact += own == least
    assert above > 300
    assert shared > 50
    assert exact > 2000
    assert free_ones > 500
    assert blocked > 100


def test_dutch_b4_exchange_over_x_read_across_levels_as_worked_out() -> None:
    """Dutch B4, C11: whether an exchange's bound passes x, asked at the levels' x in
    any order and read from the answers at other x where they tell
    (:meth:`ExchangeDeficits.over`), is what :meth:`ExchangeDeficits.at_least` says at
    that x, of a fresh bound with nothing remembered; answers of both kinds met."""
    rng = random.Random(2796)
    answers = {True: 0, False: 0}
    for _ in range(30):
        n = rng.randint(4, 16)
        p = rng.randint(1, n // 2)
        players = _symmetric(_random_bracket(rng, n), rng)
        rules = rng.choice(RULES)
        lowest = rng.random() < 0.5
        allowed = Feasibility().partner_masks(players, rules, frozenset())
        level = (rules, frozenset[int](), lowest)
        deficits = exchange_deficits(players, allowed, p, (allowed, 0), level)
        first = list(range(p))
        for out_of, into in [((), ()), *exchange_order(n, p)]:
            side1 = _bits([i for i in first if i + 1 not in out_of] + [j - 1 for j in into])
            for x in rng.sample(range(1, p + 1), p):
                answer = deficits.over(side1, x)
                fresh = exchange_deficits(players, allowed, p, (allowed, 0), level)
                assert answer == (fresh.at_least(side1, x, least=True) > x)
                answers[answer] += 1
    assert min(answers.values()) > 200


def test_dutch_c8_exchanges_left_out_of_the_listing_cannot_be_paired() -> None:
    """Every exchange the listing leaves out has an S1 that cannot be paired into its
    S2 at that level, or more S2 players who must be paired than S1 players; and each
    one listed has S1 and S2 as ``brackets.exchange`` gives them, and its S1 as a bit
    set for its reader."""
    rng = random.Random(1993)
    left_out = 0
    for _ in range(150):
        n = rng.randint(4, 22)
        p = rng.randint(1, n // 2)
        players = _symmetric(_random_bracket(rng, n), rng)
        rules = rng.choice(RULES)
        lowest = rng.random() < 0.5
        search = LevelSearch(Feasibility())
        listed = {
            index: (s1, s2)
            for index, s1, s2 in search._exchange_splits(players, p, rules, frozenset(), lowest)
        }
        division: tuple[object, ...] = (tuple(e.number for e in players), frozenset(), lowest, p)
        exchanges = search._deficits[(division, rules)].exchanges
        allowed = search.feasibility.partner_masks(players, rules, frozenset())
        for index, (out_of, into) in enumerate(exchange_order(n, p)):
            side1 = [i for i in range(p) if i + 1 not in out_of] + [j - 1 for j in into]
            side2 = [j for j in range(n) if j not in side1]
            if index in listed:
                assert exchanges[index][0] == _bits(side1)
                assert listed[index] == exchange(players, p, out_of, into)
                continue
            left_out += 1
            staying = [
                j
                for j in side2
                if not may_leave(players[j], LOOSEST, frozenset(), lowest, frozenset())
            ]
            rows = [_bits(t for t, j in enumerate(side2) if allowed[i] >> j & 1) for i in side1]
            assert len(staying) > p or matching_size(rows) < len(side1)
    assert left_out


def _pairs(loose: list[int], side1: list[int]) -> bool:
    """The oracle: whether ``side1`` can be paired into the rest, from nothing."""
    side2 = [j for j in range(len(loose)) if j not in side1]
    rows = [_bits(t for t, j in enumerate(side2) if loose[i] >> j & 1) for i in side1]
    return matching_size(rows) == len(side1)


def test_dutch_c8_exchange_of_two_listed_only_when_each_alone_can_be_paired() -> None:
    """An exchange with two players entering S1 is listed only when S1, with the same
    players leaving it and either of the two entering alone, can be paired into S2 under
    B1 and B2 (a matching built from nothing: the oracle); with both it cannot otherwise.
    """
    rng = random.Random(1994)
    skipped = 0
    for _ in range(150):
        n = rng.randint(6, 22)
        p = rng.randint(2, n // 2)
        players = _symmetric(_random_bracket(rng, n), rng)
        rules = rng.choice(RULES)
        lowest = rng.random() < 0.5
        search = LevelSearch(Feasibility())
        listed = {i for i, _, _ in search._exchange_splits(players, p, rules, frozenset(), lowest)}
        loose = search.feasibility.partner_masks(players, LOOSEST, frozenset())

        for index, (out_of, into) in enumerate(exchange_order(n, p)):
            if len(into) < 2:
                continue
            kept = [i for i in range(p) if i + 1 not in out_of]
            alone = all(_pairs(loose, [*kept, j - 1]) for j in into)
            if index in listed:
                assert alone
            elif not alone:
                skipped += 1
                assert not _pairs(loose, [*kept, *(j - 1 for j in into)])
    assert skipped


@pytest.mark.parametrize(("players", "rounds", "seed"), EVENTS)
def test_dutch_b4_exchange_deficits_pair_as_before(
    players: int, rounds: int, seed: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Whole late rounds are paired alike with the exchanges' bound and without it (then
    each exchange goes on to its pairing check and search), and the bound rules some
    exchanges out."""
    real = ExchangeDeficits.at_least
    ruled_out = 0

    def counted(
        self: ExchangeDeficits, side1: int, x: int | None = None, kept: int = 0, **kw: bool
    ) -> int:
        nonlocal ruled_out
        answer = real(self, side1, x, kept, **kw)
        ruled_out += answer > 0
        return answer

    for state in late_states(players, rounds, seed, from_completed=players // 2):
        players_of_round = entrants(state)[0]
        monkeypatch.setattr(ExchangeDeficits, "at_least", counted)
        fast = run_search(Search(players_of_round))
        monkeypatch.setattr(ExchangeDeficits, "at_least", lambda self, *args, **kw: 0)
        assert run_search(Search(players_of_round)) == fast, f"round {state.round_number}"
    assert ruled_out


def test_dutch_b4_exchange_bound_above_x_exactly_when_the_least_is() -> None:
    """At x > 0 with ``least`` (as the exchanges' listing asks it) an exchange is ruled
    out exactly when its pairings, pairing the S2 players who may not be left unpaired,
    all need more than x colour conflicts (the oracle: the assignment network, built
    from nothing): the bound passes its paths bound on to the least itself
    (``ExchangeDeficits._fewest``).  Asked again with a larger x, a bound above the
    first x is worked out again, never read as the least; asked without ``least``, the
    paths bound is never above the least."""
    rng = random.Random(6006)
    ruled_out = passed = raised = 0
    for _ in range(60):
        n, p, players, rules, lowest, allowed, deficits = _random_level(rng, 20)
        stay = [not may_leave(e, rules, frozenset(), lowest, frozenset()) for e in players]
        first = list(range(p))
        for out_of, into in [((), ()), *exchange_order(n, p)]:
            side1 = [i for i in first if i + 1 not in out_of] + [j - 1 for j in into]
            side2 = [j for j in range(n) if j not in side1]
            must = frozenset(t for t, j in enumerate(side2) if stay[j])
            options = [
                [
                    (t, int(colour_conflict(players[i], players[j])))
                    for t, j in enumerate(side2)
                    if allowed[i] >> j & 1
                ]
                for i in side1
            ]
            least = least_assignment_cost(options, len(side2), must_cover=must)
            # x is at most the pairs of S1 (A8): no pairing at all is above it.
            for x in sorted({rng.randint(1, len(side1)), min(rng.randint(1, 3), len(side1))}):
                paths = deficits.at_least(_bits(side1), x)
                assert least is None or paths <= least
                bound = deficits.at_least(_bits(side1), x, least=True)
                assert (bound > x) == (least is None or least > x), (out_of, into, x)
                assert least is None or bound <= least
                ruled_out += bound > x
                passed += bound <= x
                raised += least is not None and bound < least
    assert ruled_out > 500
    assert passed > 500
    assert raised
