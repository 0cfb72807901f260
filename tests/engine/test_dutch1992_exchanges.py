"""The bound of D2's two exchanges (Dutch C6-C8, D2) against the search it passes over.

``pairing.engine.systems.dutch1992.lowest.within_exchanges`` and
``least_conflicts_within_exchanges`` let a level of a bracket (C13's sub-searches of the
penultimate bracket above all, which keep players up) be passed over when no division
within two exchanges can give a pairing there.  Here every level the search meets in
random near round robins is judged both ways, and whole rounds are paired with and
without the bound, with the Lagrange bound asked of every group however small.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence

import pytest

from pairing.engine.model import TournamentState
from pairing.engine.systems.dutch1992 import levels
from pairing.engine.systems.dutch1992.brackets import Phase
from pairing.engine.systems.dutch1992.c13_fit import LowestFit
from pairing.engine.systems.dutch1992.criteria import FloatRules
from pairing.engine.systems.dutch1992.entrants import Entrant, entrants
from pairing.engine.systems.dutch1992.lowest import (
    least_conflicts_within_exchanges,
    within_exchanges,
)
from pairing.engine.systems.dutch1992.procedure import Search
from tests.engine.dutch1992_late import late_states, run_search

EVENTS = ((16, 15, 5), (20, 17, 7), (24, 21, 11), (30, 26, 13))
"""Players, rounds and seed of the random events: near round robins, where C13 works."""

Level = tuple[tuple[Entrant, ...], int, int, FloatRules, frozenset[int], bool, frozenset[int]]


class _Levels(levels.LevelSearch):
    """The old level search, keeping each level it tries and whether it gave anything."""

    def __init__(self, search: levels.LevelSearch, tried: list[tuple[Level, bool]]) -> None:
        super().__init__(search.feasibility, exact_exchanges=False)
        self.tried = tried

    def split_pairings(
        self,
        players: Sequence[Entrant],
        p: int,
        x: int,
        rules: FloatRules,
        moved: frozenset[int],
        lowest: bool,
        keep: frozenset[int],
        after: tuple[int, tuple[int, ...]] | None = None,
        fit: LowestFit | None = None,
    ) -> Iterator[Phase]:
        level = (tuple(players), p, x, rules, moved, lowest, keep)
        found = False
        for phase in super().split_pairings(players, p, x, rules, moved, lowest, keep, after, fit):
            if after is None and not found:
                self.tried.append((level, True))
            found = True
            yield phase
        if after is None and not found:
            self.tried.append((level, False))


def _tried_levels(state: TournamentState) -> list[tuple[Level, bool]]:
    tried: list[tuple[Level, bool]] = []
    search = Search(entrants(state)[0], exact_exchanges=False)
    search.levels = _Levels(search.levels, tried)
    search.candidate_search.levels = search.levels
    run_search(search)
    return tried


@pytest.mark.parametrize(("players", "rounds", "seed"), EVENTS)
def test_dutch_d2_exchange_bound_never_passes_over_a_level_the_search_pairs(
    players: int, rounds: int, seed: int
) -> None:
    """Dutch B4, C6-C8, D2: every level at which the old search finds a pairing has a
    matching within two exchanges and a Lagrange bound on its colour conflicts of at most
    x; and the bound passes over some levels the search tried in vain."""
    passed_over = 0
    for state in late_states(players, rounds, seed, from_completed=players // 2):
        for (group, p, x, rules, moved, lowest, keep), paired in _tried_levels(state):
            kept = keep.intersection(e.number for e in group)
            shape = within_exchanges(group, p, rules, moved, lowest, kept)
            least = least_conflicts_within_exchanges(group, p, rules, moved, lowest, kept)
            if paired:
                assert shape, f"round {state.round_number}"
                assert least is not None and least <= x, f"round {state.round_number}"
            elif p and (not shape or least is None or least > x):
                passed_over += 1
    assert passed_over


@pytest.mark.parametrize(("players", "rounds", "seed"), EVENTS)
def test_dutch_d2_exchange_bound_pairs_every_round_as_the_search(
    players: int, rounds: int, seed: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Dutch C6-C8, C13, D2: the same brackets accepted, pairs and players moved down,
    round by round, with the exchange bound (asked of every group) and without it."""
    monkeypatch.setattr(levels, "COLOUR_BOUND_FROM", 0)
    for state in late_states(players, rounds, seed, from_completed=players // 2):
        players_of_round = entrants(state)[0]
        fast = run_search(Search(players_of_round))
        slow = run_search(Search(players_of_round, exact_exchanges=False))
        assert fast == slow, f"round {state.round_number}"
