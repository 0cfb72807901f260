"""The one search that tells whether some division pairs every player of a remainder of
2p players (1992 Dutch B4, C6-C9, D2), against the walk of every D2 division."""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence

import pytest

from pairing.engine.systems.dutch1992.bitsets import _bits
from pairing.engine.systems.dutch1992.criteria import (
    FloatRules,
    colour_conflict,
    remainder_budget_at_most,
)
from pairing.engine.systems.dutch1992.entrants import Entrant, entrants
from pairing.engine.systems.dutch1992.exchanges import _division_sides
from pairing.engine.systems.dutch1992.feasibility import LEFTOVER_CHECK, Feasibility
from pairing.engine.systems.dutch1992.leftover_bound import some_division_pairs_all
from pairing.engine.systems.dutch1992.procedure import Search
from pairing.engine.systems.dutch1992.remainder import RemainderNeed
from tests.engine.dutch1992_late import late_states, run_search
from tests.engine.test_dutch1992 import entrant

HISTORIES = ("", "W", "B", "WB", "BW", "WW", "BB", "WBW", "BWB")


def _group(rng: random.Random, n: int) -> list[Entrant]:
    return [entrant(number, rng.choice(HISTORIES)) for number in range(1, n + 1)]


def _walked(rest: list[Entrant], p: int, budget: int, allowed: list[list[bool]]) -> frozenset[int]:
    """The sets left over by each division's pairings within the budget, division by
    division: S1 players given S2 players in turn, the fewest conflicts of each set."""
    n = len(rest)
    family: set[int] = set()
    for side1 in _division_sides(n, p):
        side2 = [j for j in range(n) if j not in side1]
        spent = {0: 0}
        for i in side1:
            taken: dict[int, int] = {}
            for mask, cost in spent.items():
                for j in side2:
                    if mask >> j & 1 or not allowed[i][j]:
                        continue
                    total = cost + colour_conflict(rest[i], rest[j])
                    if total <= budget and taken.get(mask | 1 << j, budget + 1) > total:
                        taken[mask | 1 << j] = total
            spent = taken
        family.update(_bits(side2) & ~mask for mask in spent)
    return frozenset(family)


def _symmetric(rng: random.Random, n: int) -> list[list[bool]]:
    density = rng.random()
    allowed = [[i < j and rng.random() < density for j in range(n)] for i in range(n)]
    return [[allowed[min(i, j)][max(i, j)] for j in range(n)] for i in range(n)]


def test_dutch_d2_some_division_pairs_all_as_when_every_division_is_walked() -> None:
    """A perfect matching with at most two pairs inside the upper half is a division's
    pairing: the same answer as walking the original division and every exchange, for
    a group given as any bit set of players."""
    rng = random.Random(1992)
    answers = set()
    for _ in range(500):
        p = rng.randint(0, 6)
        size = 2 * p + rng.randint(0, 3)
        everyone = _group(rng, size)
        allowed = _symmetric(rng, size)
        places = sorted(rng.sample(range(size), 2 * p))
        meets = [_bits(u for u in range(size) if allowed[t][u]) for t in range(size)]
        conflicts = [
            _bits(u for u in range(size) if colour_conflict(everyone[t], everyone[u]))
            for t in range(size)
        ]
        budget = rng.randint(0, p)
        answer = some_division_pairs_all(meets, conflicts, _bits(places), budget)
        rest = [everyone[t] for t in places]
        among = [[allowed[t][u] for u in places] for t in places]
        assert answer == (0 in _walked(rest, p, budget, among)), (p, budget)
        answers.add(answer)
    assert answers == {True, False}


def test_dutch_d2_some_division_pairs_all_sharing_what_failed() -> None:
    """The open sets remembered as failing, shared by the groups of one set of players
    (as a remainder graph shares them between its leaves), give the same answers."""
    rng = random.Random(38)
    answers = set()
    for _ in range(12):
        size = 16
        everyone = _group(rng, size)
        # Mostly neighbours meet, so that many groups need pairs inside their halves.
        allowed = [
            [i != j and rng.random() < (0.9 if abs(i - j) <= 2 else 0.1) for j in range(size)]
            for i in range(size)
        ]
        allowed = [[allowed[min(i, j)][max(i, j)] for j in range(size)] for i in range(size)]
        meets = [_bits(u for u in range(size) if allowed[t][u]) for t in range(size)]
        conflicts = [
            _bits(u for u in range(size) if colour_conflict(everyone[t], everyone[u]))
            for t in range(size)
        ]
        failed: set[tuple[int, int, int, int]] = set()
        for _ in range(40):
            p = rng.randint(3, 7)
            places = sorted(rng.sample(range(size), 2 * p))
            budget = rng.randint(0, 2)
            answer = some_division_pairs_all(meets, conflicts, _bits(places), budget, failed)
            rest = [everyone[t] for t in places]
            among = [[allowed[t][u] for u in places] for t in places]
            assert answer == (0 in _walked(rest, p, budget, among)), (places, budget)
            answers.add(answer)
    assert answers == {True, False}


@pytest.mark.parametrize("seed", [1, 2])
def test_dutch_c8_leftover_sets_as_when_every_division_is_walked(seed: int) -> None:
    """The sets of players a remainder's pairings could leave over (who may meet being
    symmetric) are those of the walk of the original division and every exchange of D2,
    whether or not the group has exactly twice as many players as pairs."""
    rng = random.Random(seed)
    paired = refuted = 0
    for _ in range(300):
        p = rng.randint(0, 5)
        n = 2 * p + rng.choice((0, 0, 0, 1, 2))
        rest = _group(rng, n)
        allowed = _symmetric(rng, n)
        budget = rng.randint(0, p)
        quick = Feasibility()._remainder_leftovers(rest, p, budget, 0, frozenset(), allowed)
        assert quick == _walked(rest, p, budget, allowed), (n, p, budget)
        if n == 2 * p and p:
            paired += bool(quick)
            refuted += not quick
    assert paired and refuted


@pytest.mark.parametrize("p", [2, 3, 4, 5, 6])
def test_dutch_d2_no_division_moves_three_players(p: int) -> None:
    """Players who may only meet inside their own half need p // 2 pairs inside the
    upper half: D2 moves at most two players, so from p = 6 no division pairs them."""
    n = 2 * p
    rest = [entrant(number, "") for number in range(1, n + 1)]
    allowed = [[i != j and (i < p) == (j < p) for j in range(n)] for i in range(n)]
    meets = [_bits(j for j in range(n) if allowed[i][j]) for i in range(n)]
    answer = some_division_pairs_all(meets, [0] * n, (1 << n) - 1, 0)
    assert answer == (p % 2 == 0 and p // 2 <= 2)
    assert answer == (0 in _walked(rest, p, 0, allowed))


def test_dutch_c6_small_remainder_accepted_only_with_a_perfect_matching(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Dutch C6, C7: a complete pairing of S1 whose small remainder passes the checks of
    its leftover sets is asked no perfect matching of S1, S2 and the players left over
    first: the remainder's pairing they find makes one.  Over the late rounds of random
    near round robins, every such pairing accepted has one."""
    checked = 0
    viable_of = Feasibility.remainder_viable

    def asserting(
        self: Feasibility,
        s1: Sequence[Entrant],
        s2: Sequence[Entrant],
        rules: FloatRules,
        moved: frozenset[int],
        need: RemainderNeed,
        x: int | None = None,
    ) -> Callable[[tuple[int, ...]], bool]:
        viable = viable_of(self, s1, s2, rules, moved, need, x)
        numbers = (tuple(a.number for a in s1), tuple(b.number for b in s2))
        free = (
            x == 0,
            x is not None and remainder_budget_at_most(s1, s2, need.p, x, need.j, need.k) == 0,
        )
        graph = self._remainder_graphs[(*numbers, rules, moved, need.p, need.stay, free)]

        def checked_viable(prefix: tuple[int, ...]) -> bool:
            nonlocal checked
            answer = viable(prefix)
            # A pairing of S1 over its x is asked too (the search's own bound refuses it
            # after); its remainder's budget may be over what the level's counts allow.
            within = x is None or sum(map(colour_conflict, s1, (s2[t] for t in prefix))) <= x
            if answer and within and len(prefix) == len(s1) and len(s2) - len(s1) <= LEFTOVER_CHECK:
                assert graph.completes(prefix)
                checked += 1
            return answer

        return checked_viable

    monkeypatch.setattr(Feasibility, "remainder_viable", asserting)
    for players, rounds, seed in ((24, 21, 11), (30, 26, 13)):
        for state in late_states(players, rounds, seed, from_completed=players // 3):
            run_search(Search(entrants(state)[0]))
    assert checked
