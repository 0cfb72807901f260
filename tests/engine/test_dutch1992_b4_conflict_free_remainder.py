"""1992 Dutch: a heterogeneous level whose pairings can have no colour conflict (#38).

Dutch A8, B4, C10, C11.  At x = 0 no pairing of the moved-down players S1 has a colour
conflict, and when the colour counts leave every remainder of the level x = 0 too
(:func:`criteria.remainder_budget_at_most`), no remainder pair has one either.
``Feasibility.remainder_viable`` then asks its perfect matching of S1, S2 and the players
left over without those pairs (``free`` of ``remainder._RemainderGraph``): a choice of
partners for the first S1 players whose every completion needs one is refused at once,
not after every completion is tried (round 58 of the 150-player, 143-round, seed-11189
event asked 41,119 prefixes before its first pairing; 29 in the whole round now).
"""

from __future__ import annotations

import dataclasses

import pytest

from pairing.engine.matching import lexicographic_assignments
from pairing.engine.systems.dutch1992 import remainder
from pairing.engine.systems.dutch1992.criteria import (
    FloatRules,
    colour_conflict,
    pair_allowed,
    remainder_budget_at_most,
)
from pairing.engine.systems.dutch1992.entrants import Entrant
from pairing.engine.systems.dutch1992.feasibility import Feasibility
from pairing.engine.systems.dutch1992.remainder import RemainderNeed

from .test_dutch1992 import entrant

RULES = FloatRules(down=2, up=2)
NEED = RemainderNeed(p=2, j=0, k=0, lowest=False, stay=frozenset(), kept=frozenset())


def _barred(player: Entrant, *numbers: int) -> Entrant:
    return dataclasses.replace(player, barred=frozenset(player.barred | set(numbers)))  # type: ignore[arg-type]  # a frozen set of the barred numbers


def _level() -> tuple[list[Entrant], list[Entrant]]:
    """S1: 1 prefers white, 2 black; S2: 3, 5, 7 prefer black, 4, 6, 8 white.  At x = 0
    player 1 takes one of 3, 5, 7 and player 2 one of 4, 6, 8, which leaves two of each
    preference: the remainder's x is 0 (A8).  5 and 7 may meet only 4 of those who
    prefer white, so when 1 takes 3, no remainder pairs both without a conflict."""
    s1 = [entrant(1, "B"), entrant(2, "W")]
    s2 = [entrant(n, "W" if n % 2 else "B") for n in range(3, 9)]
    s2[2] = _barred(s2[2], 6, 8)
    s2[4] = _barred(s2[4], 6, 8)
    s2[3] = _barred(s2[3], 5, 7)
    s2[5] = _barred(s2[5], 5, 7)
    return s1, s2


def _search(s1: list[Entrant], s2: list[Entrant]) -> tuple[list[tuple[int, ...]], int]:
    """The pairings of S1 at x = 0 that leave the remainder a chance, and the prefixes
    asked of ``remainder_viable`` to list them."""
    viable = Feasibility().remainder_viable(s1, s2, RULES, frozenset(), NEED, 0)
    asked = [0]

    def counted(prefix: tuple[int, ...]) -> bool:
        asked[0] += 1
        return viable(prefix)

    options = [
        [
            (t, int(colour_conflict(a, b)))
            for t, b in enumerate(s2)
            if pair_allowed(a, b, RULES, frozenset())
        ]
        for a in s1
    ]
    found = list(lexicographic_assignments(options, len(s2), budget=0, viable=counted))
    return found, asked[0]


def test_level_leaves_the_remainder_no_conflict() -> None:
    s1, s2 = _level()
    assert remainder_budget_at_most(s1, s2, 2, 0, 0, 0) == 0
    assert remainder_budget_at_most(s1, s2, 2, 1, 0, 0) > 0  # x = 1 lets S1 take others
    assert remainder_budget_at_most(s1, s2, 2, 0, 0, 1) == 1  # the C11 step k


def test_b4_refuses_the_choice_without_a_conflict_free_completion(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    s1, s2 = _level()
    found, asked = _search(s1, s2)
    assert found and found[0][0] == 2  # 1 takes 5, not 3
    assert found == [(2, 3), (2, 5), (4, 3), (4, 5)]
    assert asked == 16
    # Without leaving out the pairs with a conflict, the choice of 3 for player 1 is
    # entered and each of player 2's partners below it tried: the same pairings.
    monkeypatch.setattr(
        remainder, "_without_conflicts", lambda adjacent, *_: [list(row) for row in adjacent]
    )
    plain, more = _search(s1, s2)
    assert plain == found
    assert more == 21
