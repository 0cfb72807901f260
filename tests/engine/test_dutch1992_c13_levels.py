"""1992 Dutch C13: whole levels of the penultimate bracket refused against the lowest
bracket by one weighted matching (``c13_levels.LevelFit``, #38).

C13 takes the penultimate bracket's first pairing, in the procedure's order, with which
the lowest bracket can be paired.  A level (p, x, float criteria) none of whose pairings,
in any division within D2's exchanges, leaves players with whom the lowest bracket can be
paired is passed over without trying its divisions.  Held here to brute force (every
pairing of every division of a refused level, each lowest bracket it leaves tried for a
perfect matching) and to the search without the test, on the late rounds of random near
round robins, where C13 works.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import pytest

from pairing.engine.systems.dutch1992 import c13_fit, c13_levels
from pairing.engine.systems.dutch1992.c13_fit import LowestFit
from pairing.engine.systems.dutch1992.c13_levels import LevelFit
from pairing.engine.systems.dutch1992.criteria import FloatRules
from pairing.engine.systems.dutch1992.entrants import Entrant, compatible, entrants
from pairing.engine.systems.dutch1992.feasibility import Feasibility
from pairing.engine.systems.dutch1992.levels import LevelSearch
from pairing.engine.systems.dutch1992.lowest import lowest_pairable
from pairing.engine.systems.dutch1992.procedure import Search
from tests.engine.dutch1992_late import late_states, run_search

EVENTS = ((20, 17, 7), (30, 26, 13), (24, 21, 2031), (22, 20, 11), (24, 21, 11), (40, 34, 5))
"""Players, rounds and seed of the random events: near round robins whose late rounds
ask the test (C13 works there)."""


def _pairable(players: Sequence[Entrant]) -> bool:
    """Whether the players can all be paired under B1 and B2, one of them taking the bye
    (B1b) when they are odd in number: brute force over the first player's partners."""
    known: dict[frozenset[int], bool] = {}

    def even(group: tuple[Entrant, ...]) -> bool:
        if not group:
            return True
        key = frozenset(e.number for e in group)
        if key not in known:
            first, rest = group[0], group[1:]
            known[key] = any(
                compatible(first, other) and even((*rest[:k], *rest[k + 1 :]))
                for k, other in enumerate(rest)
            )
        return known[key]

    group = tuple(players)
    if len(group) % 2 == 0:
        return even(group)
    return any(b.bye_allowed and even((*group[:k], *group[k + 1 :])) for k, b in enumerate(group))


def _good_pairing_exists(
    players: Sequence[Entrant],
    p: int,
    x: int,
    rules: FloatRules,
    moved: frozenset[int],
    lowest: bool,
    keep: frozenset[int],
    fit: LowestFit,
) -> bool:
    """Whether some pairing of the level, in any division D2 allows (the level's own
    search, without the test), leaves players with whom the lowest bracket can be paired
    completely."""
    search = LevelSearch(Feasibility())
    for phase in search.split_pairings(players, p, x, rules, moved, lowest, keep):
        taken = set(phase.assignment)
        left = [b for t, b in enumerate(phase.s2) if t not in taken]
        if _lowest_paired([*left, *fit.forced], fit.residents):
            return True
    return False


def _lowest_paired(down: Sequence[Entrant], residents: Sequence[Entrant]) -> bool:
    """Whether the lowest bracket of ``residents`` with ``down`` moved in can be paired
    completely: a perfect matching (brute force) and, when the bracket is paired as
    homogeneous, one within D2's two exchanges (``lowest``'s closed form, held to the
    bracket's own search by its tests)."""
    players = sorted((*down, *residents), key=lambda e: e.key)
    return _pairable(players) and lowest_pairable(players) is not False


@pytest.mark.parametrize(("players", "rounds", "seed"), EVENTS)
def test_dutch_c13_level_refused_only_without_a_good_pairing(
    players: int, rounds: int, seed: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Dutch C13: every level the test refuses has no pairing, in any division within
    D2's exchanges, that lets the lowest bracket be paired (brute force), and the late
    rounds are paired as without the test.  Every level is asked here, however few its
    divisions."""
    monkeypatch.setattr(c13_fit, "PATIENCE", 0)  # the fitted search, which asks the test
    monkeypatch.setattr(c13_levels, "FEW_DIVISIONS", 0)
    original = LevelFit.possible
    refusals_checked = 0

    def checked(
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
        nonlocal refusals_checked
        answer = original(self, group, p, x, rules, moved, lowest, keep, fit)
        if not answer and len(group) <= 14:
            assert not _good_pairing_exists(group, p, x, rules, moved, lowest, keep, fit)
            refusals_checked += 1
        return answer

    states = list(late_states(players, rounds, seed, from_completed=players // 2))
    monkeypatch.setattr(LevelFit, "possible", lambda self, *args: True)
    without = [repr(run_search(Search(entrants(state)[0]))) for state in states]
    monkeypatch.setattr(LevelFit, "possible", checked)
    assert [repr(run_search(Search(entrants(state)[0]))) for state in states] == without
    assert refusals_checked


def test_dutch_c13_level_answers_remembered_are_the_answers_afresh(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Dutch C13, C9, C10, B4: an answer given from what was remembered (a matching found
    for a level as strict, or a refusal of one as loose, with the players kept up as
    the text of :class:`LevelFit` says) is the one a new test works out for that level
    alone; and some answers are given so, without a matching."""
    monkeypatch.setattr(c13_fit, "PATIENCE", 0)
    monkeypatch.setattr(c13_levels, "FEW_DIVISIONS", 0)
    original = LevelFit.possible
    worked = LevelFit._witness
    asked = matchings = 0

    def counted(self: LevelFit, *args: Any) -> frozenset[int] | None:
        nonlocal matchings
        matchings += 1
        return worked(self, *args)

    def compared(self: LevelFit, *args: Any) -> bool:
        nonlocal asked
        asked += 1
        answer = original(self, *args)
        assert original(LevelFit(), *args) == answer
        return answer

    monkeypatch.setattr(LevelFit, "possible", compared)
    monkeypatch.setattr(LevelFit, "_witness", counted)
    for players, rounds, seed in EVENTS:
        for state in late_states(players, rounds, seed, from_completed=players // 2):
            run_search(Search(entrants(state)[0]))
    assert asked
    assert matchings < 2 * asked  # each afresh costs one: the others were remembered


def test_dutch_c13_level_with_few_divisions_is_not_asked() -> None:
    """Dutch C8, D2: a group of 8 at p = 4 has the text's 19 divisions (the original and
    the exchanges of matrices a-r); a level with fewer than ``FEW_DIVISIONS`` is left to
    its divisions (True without a matching), one with more is asked."""
    assert c13_levels.divisions(8, 4) == 19
    assert c13_levels.divisions(8, 4) < c13_levels.FEW_DIVISIONS
    assert c13_levels.divisions(31, 8) > c13_levels.FEW_DIVISIONS
