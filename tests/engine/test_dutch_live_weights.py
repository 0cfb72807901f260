"""A bracket's matchings (FIDE C.04.3 2026, Article 4, steps 1-4) are asked of the
weights of the players not yet paired: before any pair is made that is every weight,
copied as it is; only after some pairs are made (steps 2 and 4) are the weights of
their players left out, one pass over the weights (#38)."""

from __future__ import annotations

import pytest

from pairing.engine import NoValidPairing, System, pair_round
from pairing.engine.generator import tournament_states
from pairing.engine.matching import primal_dual
from pairing.engine.systems.dutch.folds import Graph


def test_article_4_weights_filtered_only_once_pairs_are_made(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    states = []
    try:
        for state in tournament_states(System.DUTCH, players=24, rounds=21, seed=10600):
            states.append(state)
    except NoValidPairing:
        pass
    filtered = 0
    solved = 0
    real_without = Graph.without
    real_matching = primal_dual.certified_matching

    def without(graph: Graph, fixed: object) -> dict[tuple[int, int], int]:
        nonlocal filtered
        filtered += 1
        return real_without(graph, fixed)  # type: ignore[arg-type]  # a spy passes on what it was given

    def matching(*args: object, **kwargs: object) -> primal_dual.Optimum:
        nonlocal solved
        solved += 1
        return real_matching(*args, **kwargs)  # type: ignore[arg-type]  # a spy passes on what it was given

    monkeypatch.setattr(Graph, "without", without)
    monkeypatch.setattr(primal_dual, "certified_matching", matching)
    for state in states:
        try:
            pair_round(state, System.DUTCH, seed=1)
        except NoValidPairing:
            break
    # Most matchings are asked before any pair of the bracket is made.
    assert solved > 100
    assert 0 < filtered < solved // 2
