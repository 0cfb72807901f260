"""C4 before pairing (FIDE C.04.3 2026, Article 2 C4; C6 the top field without it):
``_needs_everyone`` first asks whether the players C6's own maximum matching of the
bracket leaves over complete the round with everyone below; only when they do not does
it search every set of floaters some maximum matching leaves over.  The answer is the
search's (real late rounds of a near round robin)."""

from __future__ import annotations

import pytest

from pairing.engine import NoValidPairing, System
from pairing.engine.generator import tournament_states
from pairing.engine.systems.dutch import completion
from pairing.engine.systems.dutch.entrants import entrants
from pairing.engine.systems.dutch.procedure import RoundProcedure


def _brackets(procedure: RoundProcedure) -> list[tuple[list[int], list[int], list[int]]]:
    """Each score group as a bracket with the lowest player of the group above moved
    down, and everyone below it."""
    players = procedure.players
    scores = sorted({p.score for p in players}, reverse=True)
    found = []
    for high, score in zip(scores, scores[1:], strict=False):
        above = [i for i, p in enumerate(players) if p.score == high]
        residents = [i for i, p in enumerate(players) if p.score == score]
        below = [i for i, p in enumerate(players) if p.score < score]
        found.append(([above[-1]], residents, below))
        found.append(([], residents, below))
    return found


def test_c4_leftover_of_c6_matching_answers_before_the_search(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    searched = 0
    real = completion.Completion._no_floaters_complete

    def counted(
        self: completion.Completion,
        bracket: list[int],
        apart: set[int],
        floaters: int,
        below: list[int],
    ) -> bool:
        nonlocal searched
        searched += 1
        return real(self, bracket, apart, floaters, below)

    monkeypatch.setattr(completion.Completion, "_no_floaters_complete", counted)
    asked = answered_early = 0
    try:
        for state in tournament_states(System.DUTCH, players=30, rounds=27, seed=8):
            players, _ = entrants(state)
            if state.round_number < 10 or len(players) < 8:
                continue
            procedure = RoundProcedure(players, state.rounds_completed)
            for carried, residents, below in _brackets(procedure):
                bracket = carried + residents
                apart = set(carried)
                floaters = len(bracket) - 2 * procedure.pairs_within(bracket, apart)
                if floaters == 0:
                    continue
                before = searched
                answer = procedure._needs_everyone(carried, residents, below)
                searched_now = searched - before
                assert answer == real(procedure, bracket, apart, floaters, below)
                left = procedure.left_within(bracket, apart)
                if procedure._completable(sorted([*left, *below]), None):
                    assert searched_now == 0
                    answered_early += 1
                asked += 1
    except NoValidPairing:
        pass  # the event ran out of pairings; the rounds before it were checked
    assert asked > 50
    assert answered_early > 10
