"""C4's questions after a bracket is paired without it (C.04.3 2026, Articles 2 C4 and 3)
reuse the matchings already found (#38): the counts, and the answers unchanged.

- :meth:`primal_dual.Optimum.leaves_exactly` grows one maximum matching of the shrunk
  tight graph per optimum, not one per set it is asked about;
- the early C4 check (``Completion._needs_everyone``) reads the players a bracket's
  maximum matchings may leave over from the bracket's own remembered matching;
- ``Completion._extends`` settles the sets of its duals exactly (``leaves_exactly``),
  a completion check only for those some optimum leaves, without asking
  :func:`ties.left_over_answer` of the same sets.
"""

from __future__ import annotations

import random

import pytest

from pairing.engine import System, pair_round
from pairing.engine.generator import tournament_states
from pairing.engine.matching import blossom, primal_dual
from pairing.engine.model import TournamentState
from pairing.engine.systems.dutch import ties
from pairing.engine.systems.dutch.completion import Completion
from pairing.engine.systems.dutch.procedure import RoundProcedure
from tests.engine.test_matching_leaves_exactly import _graph, _left_over_by_optima, _subsets


@pytest.mark.parametrize("seed", range(40))
def test_leaves_exactly_grows_one_matching_per_optimum(
    seed: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Every set asked of one optimum begins from one maximum matching of the shrunk
    tight graph (one greedy start in all), and the answers are brute force's."""
    rng = random.Random(12000 + seed)
    vertices, weights = _graph(rng)
    if not weights:
        return
    left_over = _left_over_by_optima(vertices, weights)
    optimum = primal_dual.certified_matching(vertices, weights)
    starts = 0
    real = blossom._greedy

    def counted(adjacent: list[list[int]]) -> list[int]:
        nonlocal starts
        starts += 1
        return real(adjacent)

    monkeypatch.setattr(blossom, "_greedy", counted)
    for unmatched in _subsets(vertices):
        assert optimum.leaves_exactly(unmatched) == (frozenset(unmatched) in left_over)
    assert starts <= 1


def _round(number: int) -> TournamentState:
    states = tournament_states(System.DUTCH, players=20, rounds=19, seed=2026)
    return next(s for s in states if s.round_number == number)


def test_needs_everyone_grows_the_brackets_own_matching(monkeypatch: pytest.MonkeyPatch) -> None:
    """Round 10 of a 20-player near round robin: each search over the sets a bracket's
    maximum matchings leave over begins from the bracket's remembered matching, so no
    maximum matching is grown from nothing there; the pairing is the oracle's."""
    state = _round(10)
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(RoundProcedure, "own_matching", False)
        oracle = pair_round(state, System.DUTCH, seed=2026)
    searches = 0
    grown = 0
    real_search = Completion._no_floaters_complete
    real_matching = blossom.maximum_matching

    def search(self: Completion, *args: object) -> bool:
        nonlocal searches
        searches += 1
        return real_search(self, *args)  # type: ignore[arg-type]  # a spy passes on what it was given

    def matching(adjacent: list[list[int]]) -> list[int]:
        nonlocal grown
        grown += 1
        return real_matching(adjacent)

    monkeypatch.setattr(Completion, "_no_floaters_complete", search)
    monkeypatch.setattr(blossom, "maximum_matching", matching)
    fast = pair_round(state, System.DUTCH, seed=2026)
    assert searches > 0
    assert grown == 0
    assert (fast.boards, fast.pairing_allocated_bye, fast.explanation) == (
        oracle.boards,
        oracle.pairing_allocated_bye,
        oracle.explanation,
    )


def test_extends_settles_the_duals_sets_exactly(monkeypatch: pytest.MonkeyPatch) -> None:
    """Round 10 of a 20-player near round robin: the sets the duals may leave over
    answer C4 differently and the tight edges alone do not settle it; which of them an
    optimum leaves, read exactly from the duals, does, without
    :func:`ties.left_over_answer` (which asked it of the same sets before); the pairing
    is the oracle's."""
    state = _round(10)
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(RoundProcedure, "own_matching", False)
        oracle = pair_round(state, System.DUTCH, seed=2026)
    calls = 0
    real = ties.left_over_answer

    def counted(*args: object, **kwargs: object) -> bool | None:
        nonlocal calls
        calls += 1
        return real(*args, **kwargs)  # type: ignore[arg-type]  # a spy passes on what it was given

    monkeypatch.setattr(ties, "left_over_answer", counted)
    fast = pair_round(state, System.DUTCH, seed=2026)
    assert calls == 0
    assert (fast.boards, fast.pairing_allocated_bye, fast.explanation) == (
        oracle.boards,
        oracle.pairing_allocated_bye,
        oracle.explanation,
    )


def test_extends_asks_completion_of_the_sets_an_optimum_leaves(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Round 9 of a 20-player near round robin (seed 2027): of the sets the duals may
    leave over, only those some optimum leaves (:meth:`primal_dual.Optimum.leaves_exactly`,
    asked first) get a completion check: 15 matchings in all for the round, 19 when
    every such set was checked; the pairing is the oracle's."""
    states = tournament_states(System.DUTCH, players=20, rounds=19, seed=2027)
    state = next(s for s in states if s.round_number == 9)
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(RoundProcedure, "own_matching", False)
        oracle = pair_round(state, System.DUTCH, seed=2027)
    checks = 0
    real = Completion._completable_now

    def counted(self: Completion, *args: object) -> bool:
        nonlocal checks
        checks += 1
        return real(self, *args)  # type: ignore[arg-type]  # a spy passes on what it was given

    monkeypatch.setattr(Completion, "_completable_now", counted)
    fast = pair_round(state, System.DUTCH, seed=2027)
    assert checks <= 15
    assert (fast.boards, fast.pairing_allocated_bye, fast.explanation) == (
        oracle.boards,
        oracle.pairing_allocated_bye,
        oracle.explanation,
    )
