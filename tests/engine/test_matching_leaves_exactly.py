"""Which sets of vertices a matching of greatest weight may leave unmatched, read from
the duals of one optimum (complementary slackness, Edmonds; #38 item 1).

:meth:`primal_dual.Optimum.leaves_exactly` answers with one unweighted matching what
:func:`ties.leaves_over` answers with a weighted one; both are checked against every
matching of small random graphs, listed by brute force, with optima found from nothing
and begun warm, and graphs whose duals hold blossoms of positive dual among them.  Then
the FIDE Dutch's C4 question (C.04.3 2026: can the players left over complete the
round?) is settled without any weighted matching per set and the round pairs as the
oracle pairs it.
"""

from __future__ import annotations

import random
from collections.abc import Callable

import pytest

from pairing.engine import System, pair_round
from pairing.engine.generator import tournament_states
from pairing.engine.matching import primal_dual
from pairing.engine.systems.dutch import ties
from pairing.engine.systems.dutch.procedure import RoundProcedure
from tests.engine.test_dutch_ties import _matchings

Weights = dict[tuple[int, int], int]


def _left_over_by_optima(vertices: list[int], weights: Weights) -> set[frozenset[int]]:
    """The sets that some matching of greatest weight leaves unmatched (brute force)."""
    every = list(_matchings(vertices, weights))
    best = max(sum(weights[e] for e in m) for m in every)
    return {
        frozenset(vertices) - {v for e in m for v in e}
        for m in every
        if sum(weights[e] for e in m) == best
    }


def _graph(rng: random.Random) -> tuple[list[int], Weights]:
    """A small graph, sparse to dense, with weights that tie often and odd cycles that
    make blossoms."""
    n = rng.randint(3, 9)
    density = rng.choice([0.3, 0.6, 0.9])
    vertices = list(range(n))
    weights = {
        (a, b): rng.choice([1, 2, 2, 3, 5, 8])
        for b in vertices
        for a in vertices[:b]
        if rng.random() < density
    }
    return vertices, weights


def _subsets(vertices: list[int]) -> list[set[int]]:
    return [
        {v for k, v in enumerate(vertices) if bits >> k & 1} for bits in range(1 << len(vertices))
    ]


def _positive_blossom(optimum: primal_dual.Optimum) -> bool:
    return any(z > 0 for z in optimum._search.z.values())


SEEDS = range(150)


@pytest.mark.parametrize("seed", SEEDS)
def test_complementary_slackness_gives_every_set_an_optimum_leaves_over(seed: int) -> None:
    """A set is left over by some matching of greatest weight exactly when the duals'
    conditions allow it: the same answer as brute force and as :func:`ties.leaves_over`
    for every set of vertices."""
    rng = random.Random(7000 + seed)
    vertices, weights = _graph(rng)
    if not weights:
        return
    left_over = _left_over_by_optima(vertices, weights)
    optimum = primal_dual.certified_matching(vertices, weights)
    best = sum(weights[(a, b)] for a, b in optimum.mate.items() if a < b)
    for unmatched in _subsets(vertices):
        expected = frozenset(unmatched) in left_over
        assert optimum.leaves_exactly(unmatched) == expected, unmatched
        assert ties.leaves_over(vertices, weights, best, unmatched) == expected, unmatched


@pytest.mark.parametrize("seed", SEEDS)
def test_complementary_slackness_holds_for_duals_begun_warm(seed: int) -> None:
    """An optimum begun from an earlier graph's (one player's weights changed, as
    between the steps of Article 4) has other duals, which decide the same sets."""
    rng = random.Random(9000 + seed)
    vertices, weights = _graph(rng)
    if not weights:
        return
    first = primal_dual.certified_matching(vertices, weights)
    moved = rng.choice(vertices)
    changed = {e: w + (rng.choice([0, 1, 3]) if moved in e else 0) for e, w in weights.items()}
    optimum = primal_dual.certified_matching(vertices, changed, first, near=1)
    left_over = _left_over_by_optima(vertices, changed)
    for unmatched in _subsets(vertices):
        assert optimum.leaves_exactly(unmatched) == (frozenset(unmatched) in left_over)


def test_the_random_graphs_hold_blossoms_of_positive_dual() -> None:
    """The graphs above reach the branch that shrinks blossoms: many optima have a
    blossom of positive dual (otherwise the test above would check the vertices'
    duals alone)."""
    holding = 0
    for seed in SEEDS:
        vertices, weights = _graph(random.Random(7000 + seed))
        holding += _positive_blossom(primal_dual.certified_matching(vertices, weights))
    assert holding >= 20


@pytest.mark.parametrize("seed", range(60))
def test_common_answer_from_the_duals_asks_no_weighted_matching(
    seed: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Given the optimum, :func:`ties.common_answer` answers as with a weighted matching
    per set, and asks none."""
    rng = random.Random(11000 + seed)
    vertices, weights = _graph(rng)
    optimum = primal_dual.certified_matching(vertices, weights)
    subsets = _subsets(vertices)
    favoured = [set(rng.sample(vertices, k=rng.randint(0, len(vertices)))) for _ in range(5)]

    def within(f: set[int]) -> Callable[[set[int]], bool]:
        return lambda s: s <= f

    slow = [
        ties.common_answer(vertices, weights, optimum.mate, subsets, within(f)) for f in favoured
    ]

    def refused(*args: object) -> bool:
        raise AssertionError("a weighted matching was asked")

    monkeypatch.setattr(ties, "leaves_over", refused)
    fast = [
        ties.common_answer(vertices, weights, optimum.mate, subsets, within(f), optimum=optimum)
        for f in favoured
    ]
    assert fast == slow


def test_c_04_3_c4_settled_from_the_duals_as_the_oracle_pairs() -> None:
    """Round 11 of a 24-player near round robin asked 15 weighted matchings of which
    players every optimum may leave over (C4); read from the duals it asks none, and
    pairs as the oracle (NetworkX's matching for every step) pairs it."""
    states = tournament_states(System.DUTCH, players=24, rounds=23, seed=2026)
    state = next(s for s in states if s.round_number == 11)
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(RoundProcedure, "own_matching", False)
        oracle = pair_round(state, System.DUTCH, seed=2026)
    with pytest.MonkeyPatch.context() as patch:

        def refused(*args: object) -> bool:
            raise AssertionError("a weighted matching per set was asked")

        patch.setattr(ties, "leaves_over", refused)
        fast = pair_round(state, System.DUTCH, seed=2026)
    assert (fast.boards, fast.pairing_allocated_bye, fast.explanation) == (
        oracle.boards,
        oracle.pairing_allocated_bye,
        oracle.explanation,
    )


@pytest.mark.parametrize("seed", range(40))
def test_complementary_slackness_shrinks_the_tight_graph_once_per_optimum(
    seed: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Every set asked of one optimum reads the same shrunk graph of edges of zero
    reduced cost: it is worked out once, and the answers are brute force's."""
    rng = random.Random(11000 + seed)
    vertices, weights = _graph(rng)
    if not weights:
        return
    built = 0
    real = primal_dual._shrunk_tight_graph

    def counted(optimum: primal_dual.Optimum) -> tuple[list[int], dict[int, set[int]]]:
        nonlocal built
        built += 1
        return real(optimum)

    monkeypatch.setattr(primal_dual, "_shrunk_tight_graph", counted)
    left_over = _left_over_by_optima(vertices, weights)
    optimum = primal_dual.certified_matching(vertices, weights)
    for unmatched in _subsets(vertices):
        assert optimum.leaves_exactly(unmatched) == (frozenset(unmatched) in left_over)
    assert built <= 1
