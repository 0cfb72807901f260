"""1992 Dutch C13: the level test of the penultimate bracket (``c13_levels.LevelFit``)
with the lowest bracket's own exchange limit (D2) and with the graphs it found without a
perfect matching remembered for every p and every larger set of players kept up (#38).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import replace

import pytest

from pairing.engine.model import PairingNumber
from pairing.engine.systems.dutch1992 import c13_levels, optima
from pairing.engine.systems.dutch1992.brackets import make_bracket
from pairing.engine.systems.dutch1992.c13_fit import LowestFit
from pairing.engine.systems.dutch1992.c13_levels import LevelFit
from pairing.engine.systems.dutch1992.criteria import LOOSEST
from pairing.engine.systems.dutch1992.entrants import Entrant
from pairing.engine.systems.dutch1992.level_graphs import Unmatchable, lowest_lower_half
from pairing.engine.systems.dutch1992.lowest import lowest_pairable

from .test_dutch1992 import entrant


def _barred(players: list[Entrant], pairs: Iterable[tuple[int, int]]) -> list[Entrant]:
    """The players with these pairs of numbers barred from meeting (B1a)."""
    bars: dict[int, set[PairingNumber]] = {e.number: set() for e in players}
    for a, b in pairs:
        bars[a].add(PairingNumber(b))
        bars[b].add(PairingNumber(a))
    return [replace(e, barred=frozenset(bars[e.number])) for e in players]


def _event() -> tuple[list[Entrant], list[Entrant]]:
    """A penultimate bracket of 4 players on 4 points, of whom only 1 and 2 may meet, above
    a lowest bracket of 18 residents on 2 points (5-22) and 20 on none (23-42), those 20
    barred from everyone but each other."""
    group = [entrant(n, score=4) for n in range(1, 5)]
    high = [entrant(n, score=2) for n in range(5, 23)]
    low = [entrant(n, score=0) for n in range(23, 43)]
    everyone = [*group, *high, *low]
    bars = [(a, b) for a in (1, 2) for b in (3, 4)] + [(3, 4)]
    bars += [(a.number, b.number) for a in low for b in (*group, *high)]
    players = _barred(everyone, bars)
    return players[:4], players[4:]


def test_dutch1992_c13_level_refused_by_the_lowest_brackets_own_exchanges(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Dutch C13 with D2 in the lowest bracket: at p = 1 the group can only pair 1-2 and
    move 3 and 4 down.  The lowest bracket (40 players, homogeneous) then has a perfect
    matching, but its 20 players of the original S2 meet only each other: 10 pairs
    inside S2, more than D2's two exchanges allow, so it cannot be paired and the level
    gives C13 nothing.  The test refuses it (before the lowest bracket's S2 was priced,
    the group's own matching had no pair inside its S2 and the level was tried)."""
    monkeypatch.setattr(c13_levels, "FEW_DIVISIONS", 0)
    group, residents = _event()
    lowest = make_bracket(residents, [group[2], group[3]])
    assert lowest_pairable(lowest.players) is False
    half = lowest_lower_half(group, 1, (), residents)
    assert half is not None
    assert len(half) == 20
    fit = LowestFit((), residents)
    answer = LevelFit().possible(group, 1, 0, LOOSEST, frozenset(), False, frozenset(), fit)
    assert answer is False


def test_dutch1992_c13_level_without_the_lowest_brackets_s2_decided_as_before(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Dutch C13: when the players moved down would not all be in the lowest bracket's
    original S1 (here they would leave it heterogeneous), its S2 is not priced, and the
    level is asked as before: the group pairs 1-2 and its two others can be paired
    below, so the level is tried."""
    monkeypatch.setattr(c13_levels, "FEW_DIVISIONS", 0)
    players = [*(entrant(n, score=4) for n in range(1, 5)), *(entrant(n) for n in range(23, 29))]
    players = _barred(players, [(a, b) for a in (1, 2) for b in (3, 4)] + [(3, 4)])
    group = players[:4]
    fit = LowestFit((), players[4:])
    assert lowest_lower_half(group, 1, (), fit.residents) is None
    answer = LevelFit().possible(group, 1, 0, LOOSEST, frozenset(), False, frozenset(), fit)
    assert answer is True


def test_dutch1992_c13_level_unmatchable_remembered_for_other_p_and_more_kept(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Dutch C13, A5: player 3 kept up meets nobody of the group, so no pairing of any
    level keeps him; the graph without a perfect matching found at p = 1 refuses the
    level at p = 2 with 3 and 4 kept up (a graph with fewer edges: more players kept
    up only take edges away, and p adds none) without another matching."""
    monkeypatch.setattr(c13_levels, "FEW_DIVISIONS", 0)
    group, residents = _event()
    fit = LowestFit((), residents)
    matched = c13_levels.perfectly_matchable
    asked = 0

    def counted(size: int, edges: Iterable[tuple[int, int]]) -> bool:
        nonlocal asked
        asked += 1
        return matched(size, edges)

    monkeypatch.setattr(c13_levels, "perfectly_matchable", counted)
    level_fit = LevelFit()
    assert not level_fit.possible(group, 1, 1, LOOSEST, frozenset(), False, frozenset({3}), fit)
    assert asked == 1
    assert not level_fit.possible(group, 2, 1, LOOSEST, frozenset(), False, frozenset({3, 4}), fit)
    assert asked == 1


def test_dutch1992_c13_unmatchable_refutes_subgraphs_only() -> None:
    """A graph with a subset of the own pairs and of the players free to leave of one
    without a perfect matching has none either; a graph with an own pair or a player
    free to leave more is not refuted."""
    known = Unmatchable()
    known.add(frozenset({(0, 1), (2, 3)}), frozenset({1, 2}))
    assert known.refutes(frozenset({(0, 1)}), frozenset({2}))
    assert known.refutes(frozenset({(0, 1), (2, 3)}), frozenset({1, 2}))
    assert not known.refutes(frozenset({(0, 1), (1, 3)}), frozenset({1}))
    assert not known.refutes(frozenset({(0, 1)}), frozenset({0, 2}))


def test_dutch1992_c13_level_matchings_begin_from_the_last_optimum(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Dutch C13: the level test of one group at one p asked again with other players
    kept up begins its weighted matching from the last optimum of that group and p
    (``optima.warm_matching``), and answers as a test worked out afresh."""
    monkeypatch.setattr(c13_levels, "FEW_DIVISIONS", 0)
    group, residents = _event()
    fit = LowestFit((), residents)
    warm = optima.warm_matching
    keys: list[tuple[object, ...]] = []

    def recorded(
        key: tuple[object, ...], size: int, weights: dict[tuple[int, int], int]
    ) -> dict[int, int]:
        keys.append(key)
        return warm(key, size, weights)

    monkeypatch.setattr(c13_levels, "warm_matching", recorded)
    level_fit = LevelFit()
    for kept in (frozenset(), frozenset({1}), frozenset({1, 2})):
        answer = level_fit.possible(group, 1, 1, LOOSEST, frozenset(), False, kept, fit)
        afresh = LevelFit().possible(group, 1, 1, LOOSEST, frozenset(), False, kept, fit)
        assert answer is afresh is False
    assert len(keys) >= 2
    assert len(set(keys)) == 1
