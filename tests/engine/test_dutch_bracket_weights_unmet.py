"""A bracket's graph (FIDE C.04.3 2026, Article 2 with C1): a pair that has met, or is
kept apart, weighs 0 and stays out of the graph, so ``bracket_weights`` leaves it out
before weighing it (#38: in a late round most pairs of a bracket have met); the graphs
are those weighing every pair gives.  So with C4's wider graph beyond the view."""

from __future__ import annotations

import contextlib
from collections.abc import Callable

import pytest

from pairing.engine import NoValidPairing, System, pair_round
from pairing.engine.generator import tournament_states
from pairing.engine.model import TournamentState
from pairing.engine.systems.dutch.procedure import RoundProcedure
from pairing.engine.systems.dutch.terms import PairTerms


def late_states() -> list[TournamentState]:
    """Rounds 8 on of a 24-player near round robin (seed 10600), up to the round the
    event stops before: brackets most of whose pairs have met."""
    states = []
    try:
        for state in tournament_states(System.DUTCH, players=24, rounds=21, seed=10600):
            if state.round_number >= 8:
                states.append(state)
    except NoValidPairing:
        pass
    return states


def test_c1_pairs_that_met_not_weighed_in_a_brackets_graph(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    states = late_states()
    expected = []
    for state in states:
        with contextlib.suppress(NoValidPairing):  # the round the event stopped before
            expected.append((state, pair_round(state, System.DUTCH, seed=1)))
    inside = False
    weighed = met = 0
    real_weight = PairTerms.weight
    real_graph = RoundProcedure.bracket_weights

    def counted(terms: PairTerms, high: int, low: int, *flags: bool, **c1: bool) -> int:
        nonlocal weighed, met
        if inside:
            weighed += 1
            met += terms.players[low].number in terms.players[high].avoid
        return real_weight(terms, high, low, *flags, **c1)

    def graph(
        real: Callable[..., dict[tuple[int, int], int]],
    ) -> Callable[..., dict[tuple[int, int], int]]:
        def within(*args: object) -> dict[tuple[int, int], int]:
            nonlocal inside
            inside = True
            try:
                return real(*args)
            finally:
                inside = False

        return within

    outside = outside_met = 0
    real_outside = RoundProcedure._outside_weight

    def outside_counted(procedure: RoundProcedure, high: int, low: int, full: bool) -> int:
        nonlocal outside, outside_met
        outside += 1
        outside_met += procedure.players[low].number in procedure.players[high].avoid
        return real_outside(procedure, high, low, full)

    monkeypatch.setattr(RoundProcedure, "_outside_weight", outside_counted)
    monkeypatch.setattr(PairTerms, "weight", counted)
    monkeypatch.setattr(RoundProcedure, "bracket_weights", graph(real_graph))
    for state, pairing in expected:
        assert pair_round(state, System.DUTCH, seed=1) == pairing
    assert len(expected) > 5
    assert weighed > 100
    assert met == 0
    # Nor in C4's wider graph beyond the view (``completion_weights``).
    assert outside > 100
    assert outside_met == 0
