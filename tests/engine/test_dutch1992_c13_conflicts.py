"""1992 Dutch C13, B4: whole levels of the penultimate bracket at x > 0 refused against
the lowest bracket by their colour conflicts (``c13_conflicts.ConflictFit``, #38).

C13 takes the penultimate bracket's first pairing, in the procedure's order, with which
the lowest bracket can be paired.  A level none of whose pairings within x colour
conflicts (B4), in any division within D2's exchanges, leaves players with whom the
lowest bracket can be paired is passed over without trying its divisions.  Held here to
brute force (every pairing of every division of a level, each lowest bracket it leaves
tried for a perfect matching: each good one is worth no less than the module's bound
says), to the search without the test on the late rounds of random near round robins,
and to the work of :class:`LowestFit` it saves there.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import pytest

from pairing.engine.systems.dutch1992 import c13_fit, c13_levels
from pairing.engine.systems.dutch1992.c13_conflicts import ConflictFit, heaviest
from pairing.engine.systems.dutch1992.c13_fit import LowestFit
from pairing.engine.systems.dutch1992.c13_levels import LevelFit
from pairing.engine.systems.dutch1992.criteria import FloatRules, colour_conflict
from pairing.engine.systems.dutch1992.entrants import Entrant, entrants
from pairing.engine.systems.dutch1992.feasibility import Feasibility
from pairing.engine.systems.dutch1992.levels import LevelSearch
from pairing.engine.systems.dutch1992.lowest import EXCHANGES
from pairing.engine.systems.dutch1992.procedure import Search
from tests.engine.dutch1992_late import late_states, run_search
from tests.engine.test_dutch1992_c13_levels import _lowest_paired

EVENTS = ((26, 23, 5), (24, 21, 2031), (30, 26, 13), (24, 21, 11))
"""Players, rounds and seed of the random events: near round robins whose late rounds
ask the test (C13 works there); the first refuses two levels by it."""

BRUTE_FORCE_UP_TO = 16
"""Groups of at most this many players have every pairing of every level walked."""


def _good_pairings_worth(
    players: Sequence[Entrant],
    p: int,
    x: int,
    rules: FloatRules,
    moved: frozenset[int],
    lowest: bool,
    keep: frozenset[int],
    fit: LowestFit,
) -> list[int]:
    """For each pairing of the level, in any division D2 allows (the level's own search,
    without the test), that leaves players with whom the lowest bracket can be paired
    completely: p less its colour conflicts and its pairs inside the original S2."""
    original_s2 = {e.number for e in players[p:]}
    worths = []
    search = LevelSearch(Feasibility())
    for phase in search.split_pairings(players, p, x, rules, moved, lowest, keep):
        taken = set(phase.assignment)
        left = [b for t, b in enumerate(phase.s2) if t not in taken]
        if not _lowest_paired([*left, *fit.forced], fit.residents):
            continue
        pairs = [(phase.s1[i], phase.s2[t]) for i, t in enumerate(phase.assignment)]
        conflicts = sum(1 for a, b in pairs if colour_conflict(a, b))
        inside = sum(1 for a, b in pairs if {a.number, b.number} <= original_s2)
        assert conflicts <= x
        assert inside <= EXCHANGES
        worths.append(p - conflicts - inside)
    return worths


@pytest.mark.parametrize(("players", "rounds", "seed"), EVENTS)
def test_dutch_c13_level_refused_by_conflicts_only_without_a_good_pairing(
    players: int, rounds: int, seed: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Dutch C13, B4, D2: for every level asked at x > 0, every pairing that lets the
    lowest bracket be paired (brute force) is worth no more than the heaviest matching
    of the level's graph, and a level the test refuses has none; the late rounds are
    paired as without the test.  Every level is asked here, however few its divisions."""
    monkeypatch.setattr(c13_fit, "PATIENCE", 0)  # the fitted search, which asks the test
    monkeypatch.setattr(c13_levels, "FEW_DIVISIONS", 0)
    original = LevelFit.possible
    checked = refused = 0

    def compared(
        self: LevelFit,
        group: Sequence[Entrant],
        p: int,
        x: int,
        rules: FloatRules,
        moved: frozenset[int],
        lowest: bool,
        keep: frozenset[int],
        fit: LowestFit,
    ) -> bool:
        nonlocal checked, refused
        answer = original(self, group, p, x, rules, moved, lowest, keep, fit)
        if x == 0 or len(group) > BRUTE_FORCE_UP_TO:
            return answer
        worths = _good_pairings_worth(group, p, x, rules, moved, lowest, keep, fit)
        graph = self._graph(group, False, rules, moved, lowest, fit)
        kept = keep.intersection(e.number for e in group)
        found = heaviest(graph, group, graph.leaving(group, kept), p, ("test",))
        if worths:
            assert answer
            assert found is not None
            assert max(worths) <= found[0]
        checked += 1
        if not answer:
            plain = LevelFit()
            plain.conflicts = None
            refused += original(plain, group, p, x, rules, moved, lowest, keep, fit)
        return answer

    states = list(late_states(players, rounds, seed, from_completed=players // 2))
    monkeypatch.setattr(LevelFit, "possible", lambda self, *args: True)
    without = [repr(run_search(Search(entrants(state)[0]))) for state in states]
    monkeypatch.setattr(LevelFit, "possible", compared)
    assert [repr(run_search(Search(entrants(state)[0]))) for state in states] == without
    assert checked
    if seed == 5:
        assert refused


def test_dutch_c13_conflict_answers_remembered_are_the_answers_afresh(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Dutch C13, C9, C10, B4: an answer given from what was remembered (a refusal of a
    level as loose with x as large, or a matching of one as strict with x as small, with
    the players kept up as :class:`ConflictFit` says) is the one a new test works out
    for that level alone."""
    monkeypatch.setattr(c13_fit, "PATIENCE", 0)
    monkeypatch.setattr(c13_levels, "FEW_DIVISIONS", 0)
    original = ConflictFit.possible
    asked = 0

    def compared(self: ConflictFit, *args: Any) -> bool:
        nonlocal asked
        asked += 1
        answer = original(self, *args)
        assert original(ConflictFit(), *args) == answer
        return answer

    monkeypatch.setattr(ConflictFit, "possible", compared)
    for players, rounds, seed in EVENTS:
        for state in late_states(players, rounds, seed, from_completed=players // 2):
            run_search(Search(entrants(state)[0]))
    assert asked


def test_dutch_c13_conflicts_spare_divisions_of_the_fitted_search(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Dutch C13, B4: on the event whose levels the test refuses, the fitted search
    pairs every late round as without the test and tries fewer divisions under
    :class:`LowestFit` (those of the levels refused are not tried one by one)."""
    monkeypatch.setattr(c13_fit, "PATIENCE", 0)
    monkeypatch.setattr(c13_levels, "FEW_DIVISIONS", 0)
    original = LevelSearch._split_assignments
    tried = 0

    def counted(self: LevelSearch, *args: Any) -> Any:
        nonlocal tried
        tried += args[11] is not None  # the fit
        return original(self, *args)

    monkeypatch.setattr(LevelSearch, "_split_assignments", counted)
    states = list(late_states(26, 23, 5, from_completed=13))
    answers = {}
    divisions = {}
    for with_conflicts in (False, True):
        tried = 0
        pairings = []
        for state in states:
            search = Search(entrants(state)[0])
            if not with_conflicts:
                search.candidate_search.level_fit.conflicts = None
            pairings.append(repr(run_search(search)))
        answers[with_conflicts] = pairings
        divisions[with_conflicts] = tried
    assert answers[True] == answers[False]
    assert divisions[True] < divisions[False]
