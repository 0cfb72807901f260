"""Step 3 of Article 4 (C.04.3 2026, Articles 3.3 and 4.3) in a bracket paired with
every remaining player in view (C4): when steps 1 and 2 leave no pair in the remainder,
no exchange can be made, and step 3's graph is kept for the round to read without
being solved; the matching and duals of steps 1 and 2 are optimal in it (#38)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import pytest

from pairing.engine import NoValidPairing, System
from pairing.engine.generator import tournament_states
from pairing.engine.matching import primal_dual
from pairing.engine.systems.dutch import procedure as procedure_module
from pairing.engine.systems.dutch.order import Outcome
from pairing.engine.systems.dutch.order import pair_bracket as pair_bracket_of_order

Weights = Mapping[tuple[int, int], int]


def _weight(weights: Weights, mate: Mapping[int, int], live: set[int]) -> int:
    return sum(weights.get((a, b), 0) for a, b in mate.items() if a < b and a in live and b in live)


def _play(monkeypatch: pytest.MonkeyPatch) -> tuple[int, int, list[Outcome]]:
    """24 players, 20 rounds, seed 3: the weighted matchings solved while brackets are
    paired with everyone in view, how many such brackets, and their outcomes."""
    solved = brackets = 0
    outcomes: list[Outcome] = []
    in_full = False
    certified = primal_dual.certified_matching

    def counted_matching(*args: Any, **kwargs: Any) -> primal_dual.Optimum:
        nonlocal solved
        solved += in_full
        return certified(*args, **kwargs)

    def counted_bracket(*args: object, **kwargs: bool) -> Outcome:
        nonlocal in_full, brackets
        in_full = kwargs["full"]
        try:
            outcome = pair_bracket_of_order(*args, **kwargs)  # type: ignore[arg-type]  # a spy passes on what it was given
        finally:
            in_full = False
        if kwargs["full"] and outcome.with_everyone:
            brackets += 1
            outcomes.append(outcome)
        return outcome

    monkeypatch.setattr(primal_dual, "certified_matching", counted_matching)
    monkeypatch.setattr(procedure_module, "pair_bracket", counted_bracket)
    try:
        for _ in tournament_states(System.DUTCH, players=24, rounds=20, seed=3):
            pass
    except NoValidPairing:
        pass
    return solved, brackets, outcomes


def test_c4_bracket_solves_step_3_only_with_a_remainder(monkeypatch: pytest.MonkeyPatch) -> None:
    """Before, 103 matchings for the 43 brackets paired with everyone in view; now 65."""
    solved, brackets, _ = _play(monkeypatch)
    assert brackets == 43
    assert solved <= 65


def test_c4_kept_graph_optimum_is_the_matching_read(monkeypatch: pytest.MonkeyPatch) -> None:
    """The matching of the duals the round reads weighs, in the graph kept for it, as
    much as a matching of greatest weight of that graph."""
    _, _, outcomes = _play(monkeypatch)
    checked = 0
    for outcome in outcomes:
        if outcome.graph is None or outcome.duals is None:
            continue
        live, weights, _ = outcome.graph
        inside = set(live)
        best = primal_dual.max_weight_matching(live, weights)
        assert _weight(weights, outcome.duals.mate, inside) == _weight(weights, best, inside)
        checked += 1
    assert checked > 30
