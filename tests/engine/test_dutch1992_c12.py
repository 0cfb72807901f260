"""1992 Dutch C12: the count before its search (``c12.c12_feasible``).

The players C12 moves down are as many as those moved into the bracket before, each
meeting his own resident, the players forced down by C1 among them; when no matching of
the players it could move down into the residents is that large (or covers the forced
players), no candidate is good and the search is not entered.  Held here to the search
with no bound at all (the old path), on the late rounds of random near round robins.
"""

from __future__ import annotations

from collections.abc import Callable

import pytest

from pairing.engine.matching import bipartite_matching_size
from pairing.engine.systems.dutch1992 import c12
from pairing.engine.systems.dutch1992.brackets import Accepted, Bracket
from pairing.engine.systems.dutch1992.entrants import compatible, entrants
from pairing.engine.systems.dutch1992.procedure import Search
from tests.engine.dutch1992_late import late_states, run_search

EVENTS = ((20, 17, 7), (30, 26, 13), (40, 36, 5), (24, 22, 101))
"""Players, rounds and seed of the random events: near round robins, where C12 works."""


class _Unbounded(Search):
    """The search with C12's bounds switched off."""

    @staticmethod
    def _c12_feasible(previous: Accepted, bracket: Bracket) -> Callable[[frozenset[int]], bool]:
        return lambda keep: True

    @staticmethod
    def _c12_kept_up(previous: Accepted, bracket: Bracket) -> frozenset[int]:
        return frozenset()


def test_dutch_c12_count_before_the_search_finds_what_the_search_finds(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Dutch C12: each C12 search gives the same players moved down with its bounds as
    without them, some are ruled out by the count alone, and whole rounds pair alike."""
    real = Search.c12
    counted = 0

    def compared(self: Search, previous: Accepted, bracket: Bracket) -> Accepted | None:
        nonlocal counted
        found = real(self, previous, bracket)
        unbounded = real(_Unbounded(self.entrants), previous, bracket)
        assert (found is None) == (unbounded is None)
        if found is not None and unbounded is not None:
            assert found.outgoing == unbounded.outgoing
        keep = c12.c12_kept_up(previous, bracket)
        forced = previous.forced_down
        rows = [
            [j for j, r in enumerate(bracket.residents) if compatible(a, r)]
            for a in (*forced, *(a for a in previous.bracket.players if a.number not in keep))
        ]
        residents = len(bracket.residents)
        counted += bipartite_matching_size(rows, residents) < len(bracket.moved_in) or (
            bipartite_matching_size(rows[: len(forced)], residents) < len(forced)
        )
        return found

    for players, rounds, seed in EVENTS:
        for state in late_states(players, rounds, seed, from_completed=players // 2):
            players_of_round = entrants(state)[0]
            with monkeypatch.context() as patch:
                patch.setattr(Search, "c12", compared)
                fast = run_search(Search(players_of_round))
            assert run_search(_Unbounded(players_of_round)) == fast, (seed, state.round_number)
    assert counted


def test_dutch_c12_count_read_from_earlier_answers_as_worked_out(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Dutch C12: the count before each sub-search, read from the answers given to the
    sub-searches before it where they tell, is what it is worked out anew (answers of
    both kinds met)."""
    real = c12.c12_feasible
    answers: list[bool] = []

    def checked(previous: Accepted, bracket: Bracket) -> Callable[[frozenset[int]], bool]:
        remembered = real(previous, bracket)

        def feasible(keep: frozenset[int]) -> bool:
            answer = remembered(keep)
            assert answer == real(previous, bracket)(keep)
            answers.append(answer)
            return answer

        return feasible

    monkeypatch.setattr(Search, "_c12_feasible", staticmethod(checked))
    for players, rounds, seed in EVENTS:
        for state in late_states(players, rounds, seed, from_completed=players // 2):
            run_search(Search(entrants(state)[0]))
    assert answers.count(True) > 10 and answers.count(False) > 5
