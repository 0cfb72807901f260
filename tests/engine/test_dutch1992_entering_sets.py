"""1992 Dutch: exchanges passed over by the players they bring into S1 (#38).

``pairing.engine.systems.dutch1992.entering_sets`` bounds, for one level, the colour
conflicts of every pairing of an exchange by the players of the original S2 entering S1
alone (the duals of one weighted matching of the group).  Held here to every
transposition of each exchange tried one by one on small brackets, and the levels of
lowest brackets to the search without it.
"""

from __future__ import annotations

import itertools
import random

import pytest

from pairing.engine.systems.dutch1992 import entering
from pairing.engine.systems.dutch1992.entering import top_pair
from pairing.engine.systems.dutch1992.entering_sets import EnteringSets
from pairing.engine.systems.dutch1992.exchanges import _exchanged, exchange_order
from pairing.engine.systems.dutch1992.feasibility import Feasibility
from pairing.engine.systems.dutch1992.levels import LevelSearch

from .test_dutch1992_bitsets import RULES, _random_bracket, _symmetric
from .test_dutch1992_entering import _division_pairs, _first_phases, _lowest_bracket


def test_dutch_d2_players_entering_found_barren_pair_no_exchange_bringing_them() -> None:
    """Dutch B4, C8, D2: whenever :meth:`EnteringSets.barren` says the players entering
    S1 leave the level without a pairing within x, no transposition of any exchange of
    D2 bringing them in pairs it within x, whatever players are kept up, at every x one
    matching answers for; and it says so of many."""
    rng = random.Random(10198)
    barren = 0
    for _ in range(300):
        n = rng.randint(4, 10)
        p = rng.randint(1, n // 2)
        players = _symmetric(_random_bracket(rng, n), rng)
        rules = rng.choice(RULES)
        moved = frozenset(e.number for e in players[:2] if rng.random() < 0.5)
        lowest = rng.random() < 0.5
        kept = frozenset(e.number for e in players if rng.random() < 0.2)
        tops = top_pair(players, p, rules, moved, lowest, frozenset())
        sets = EnteringSets(players, p, rules, moved, lowest, tops)
        for (out_of, into), x in itertools.product(exchange_order(n, p), range(p + 1)):
            entering_players = sorted({into[0] - 1, into[-1] - 1})
            if not sets.barren(entering_players, x):
                continue
            barren += 1
            s1, s2 = _exchanged(players, p, out_of, into)
            for keep in (frozenset(), kept):
                assert not _division_pairs(s1, s2, x, rules, moved, lowest, keep)
    assert barren > 100


def test_dutch_c8_levels_pair_the_same_with_exchanges_passed_over_by_players_entering(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Dutch C8, C11: with the players entering S1 asked from the first exchange on,
    every level of random lowest brackets gives the same pairings in the same order as
    when they are never asked, and some exchanges are passed over so."""
    rng = random.Random(10187)
    monkeypatch.setattr(entering, "PATIENCE", 1)
    passed: list[bool] = []
    barren = EnteringSets.barren

    def counted(self: EnteringSets, chosen: list[int], x: int) -> bool:
        answer = barren(self, chosen, x)
        passed.append(answer)
        return answer

    for _ in range(40):
        players = _lowest_bracket(rng)
        monkeypatch.setattr(EnteringSets, "barren", counted)
        fast = _first_phases(LevelSearch(Feasibility()), players)
        monkeypatch.setattr(EnteringSets, "barren", lambda *_: False)
        slow = _first_phases(LevelSearch(Feasibility()), players)
        assert fast == slow
    assert passed.count(True) > 20
