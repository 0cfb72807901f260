"""What every matching of greatest weight of a bracket's graph shares, settled by this
project's matching (``pairing.engine.systems.dutch.ties``, #38): C9's question (is one
of the next bracket's players paired below it?) and C4's (can those left over and
everyone below complete the round?) of FIDE C.04.3 2026, as the round reads them.

The helpers are checked against every matching of small random graphs, listed by brute
force; then rounds whose answers used to need NetworkX's matching are paired without
it, as the oracle (NetworkX's matching for every step) pairs them.
"""

from __future__ import annotations

import random
from collections.abc import Iterator

import pytest

from pairing.engine import System, pair_round
from pairing.engine.generator import tournament_states
from pairing.engine.matching import primal_dual
from pairing.engine.model import RoundPairing
from pairing.engine.systems.dutch import ties
from pairing.engine.systems.dutch.procedure import RoundProcedure

Weights = dict[tuple[int, int], int]


def _matchings(vertices: list[int], weights: Weights) -> Iterator[list[tuple[int, int]]]:
    """Every matching of the graph (edges ``a < b`` of positive weight)."""
    if not vertices:
        yield []
        return
    first, others = vertices[0], vertices[1:]
    yield from _matchings(others, weights)
    for b in others:
        if weights.get((first, b), 0) > 0:
            rest = [v for v in others if v != b]
            for found in _matchings(rest, weights):
                yield [(first, b), *found]


def _optima(vertices: list[int], weights: Weights) -> list[list[tuple[int, int]]]:
    every = list(_matchings(vertices, weights))
    best = max(sum(weights[e] for e in m) for m in every)
    return [m for m in every if sum(weights[e] for e in m) == best]


def _graph(rng: random.Random) -> tuple[list[int], Weights]:
    """A small graph with few distinct weights, so that optima tie often."""
    n = rng.randint(3, 8)
    vertices = list(range(n))
    weights = {
        (a, b): rng.choice([1, 2, 2, 3])
        for b in vertices
        for a in vertices[:b]
        if rng.random() < 0.6
    }
    return vertices, weights


@pytest.mark.parametrize("seed", range(120))
def test_whether_every_matching_of_greatest_weight_has_a_marked_edge(seed: int) -> None:
    rng = random.Random(seed)
    vertices, weights = _graph(rng)
    if not weights:
        return
    chosen = set(rng.sample(sorted(weights), k=max(1, len(weights) // 3)))

    def marked(a: int, b: int) -> bool:
        return (a, b) in chosen

    having = {any(e in chosen for e in m) for m in _optima(vertices, weights)}
    expected = having.pop() if len(having) == 1 else None
    mate = primal_dual.max_weight_matching(vertices, weights)
    assert ties.some_edge_marked(vertices, weights, marked, mate) == expected


@pytest.mark.parametrize("seed", range(120))
def test_sets_left_over_and_the_answer_they_share(seed: int) -> None:
    rng = random.Random(1000 + seed)
    vertices, weights = _graph(rng)
    optima = _optima(vertices, weights)
    best = sum(weights[e] for e in optima[0])
    left_over = [frozenset(vertices) - {v for e in m for v in e} for m in optima]
    subsets = [
        {v for k, v in enumerate(vertices) if bits >> k & 1} for bits in range(1 << len(vertices))
    ]
    for unmatched in subsets:
        expected = frozenset(unmatched) in left_over
        assert ties.leaves_over(vertices, weights, best, unmatched) == expected, unmatched
    mate = primal_dual.max_weight_matching(vertices, weights)
    for _ in range(5):
        favoured = set(rng.sample(vertices, k=rng.randint(0, len(vertices))))

        def answer(unmatched: set[int], favoured: set[int] = favoured) -> bool:
            return unmatched <= favoured

        answers = {answer(set(s)) for s in left_over}
        shared = answers.pop() if len(answers) == 1 else None
        assert ties.common_answer(vertices, weights, mate, subsets, answer) == shared


def _round(players: int, rounds: int, number: int) -> tuple[RoundPairing, RoundPairing]:
    """The oracle's pairing (NetworkX's matching for every step) of one round of a near
    round robin, and today's, NetworkX refused."""
    states = tournament_states(System.DUTCH, players=players, rounds=rounds, seed=2026)
    state = next(s for s in states if s.round_number == number)
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(RoundProcedure, "own_matching", False)
        oracle = pair_round(state, System.DUTCH, seed=2026)
    with pytest.MonkeyPatch.context() as patch:

        def refused(*args: object, **kwargs: object) -> dict[int, int]:
            raise AssertionError("NetworkX was asked")

        patch.setattr("pairing.engine.weighted.max_weight_matching", refused)
        fast = pair_round(state, System.DUTCH, seed=2026)
    return oracle, fast


@pytest.mark.parametrize(
    ("players", "rounds", "number"),
    [
        (12, 11, 8),  # C9: whether the next bracket's players are paired below
        (12, 11, 10),  # the same
        (16, 15, 10),  # C4: whether those left over complete the round
    ],
)
def test_c_04_3_c4_and_c9_read_from_every_optimum_without_networkx(
    players: int, rounds: int, number: int
) -> None:
    """Rounds where the duals alone left C9's or C4's answer open, and NetworkX's
    matching used to be worked out: every matching of greatest weight answers alike,
    so this project's matchings settle it, and the round pairs as the oracle does."""
    oracle, fast = _round(players, rounds, number)
    assert (fast.boards, fast.pairing_allocated_bye, fast.explanation) == (
        oracle.boards,
        oracle.pairing_allocated_bye,
        oracle.explanation,
    )


@pytest.mark.parametrize("seed", range(120))
def test_every_optimum_uses_only_tight_edges(seed: int) -> None:
    """:meth:`primal_dual.Optimum.tight_neighbours` lists exactly the edges of zero
    reduced cost, and every matching of greatest weight (brute force) uses only them
    (complementary slackness)."""
    rng = random.Random(3000 + seed)
    vertices, weights = _graph(rng)
    optimum = primal_dual.certified_matching(vertices, weights)
    tight = optimum.tight_neighbours()
    for (a, b), w in weights.items():
        zero = optimum.reduced_cost(a, b) == 0
        assert (b in tight[a]) == zero == (a in tight[b]), (a, b, w)
    for m in _optima(vertices, weights):
        assert all(b in tight[a] for a, b in m)


@pytest.mark.parametrize("seed", range(120))
def test_sets_left_over_pass_the_tight_edge_test(seed: int) -> None:
    """A set some optimum leaves over has a complement the tight edges match perfectly
    (``perfect_within``, the test :func:`ties.common_answer` asks first), and with the
    tight edges given ``common_answer`` answers as without them."""
    rng = random.Random(5000 + seed)
    vertices, weights = _graph(rng)
    optima = _optima(vertices, weights)
    best = sum(weights[e] for e in optima[0])
    optimum = primal_dual.certified_matching(vertices, weights)
    tight = optimum.tight_neighbours()
    subsets = [
        {v for k, v in enumerate(vertices) if bits >> k & 1} for bits in range(1 << len(vertices))
    ]
    for unmatched in subsets:
        if ties.leaves_over(vertices, weights, best, unmatched):
            assert ties.perfect_within(vertices, unmatched, tight), unmatched
    for _ in range(5):
        favoured = set(rng.sample(vertices, k=rng.randint(0, len(vertices))))

        def answer(unmatched: set[int], favoured: set[int] = favoured) -> bool:
            return unmatched <= favoured

        assert ties.common_answer(
            vertices, weights, optimum.mate, subsets, answer, tight
        ) == ties.common_answer(vertices, weights, optimum.mate, subsets, answer)


def test_c4_settled_by_the_sets_tight_edges_allow() -> None:
    """Round 12 of a 20-player near round robin: the duals' sets left over answer C4
    differently, but only those whose other players the tight edges match perfectly
    can be left over by an optimum, and those agree: settled without asking
    :func:`ties.left_over_answer`, and paired as the oracle pairs it."""
    states = tournament_states(System.DUTCH, players=20, rounds=19, seed=2026)
    state = next(s for s in states if s.round_number == 12)
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(RoundProcedure, "own_matching", False)
        oracle = pair_round(state, System.DUTCH, seed=2026)
    calls: list[object] = []
    real = ties.left_over_answer

    def counted(*args: object, **kwargs: object) -> bool | None:
        calls.append(args)
        return real(*args, **kwargs)  # type: ignore[arg-type]  # a spy passes on what it was given

    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(ties, "left_over_answer", counted)
        fast = pair_round(state, System.DUTCH, seed=2026)
    assert not calls
    assert (fast.boards, fast.pairing_allocated_bye, fast.explanation) == (
        oracle.boards,
        oracle.pairing_allocated_bye,
        oracle.explanation,
    )


def _uniform_graph(rng: random.Random) -> tuple[list[int], Weights]:
    """A small graph whose weights are nearly all alike: many vertices of zero dual,
    every optimum leaving the same number over, as in a late round's brackets."""
    n = rng.randint(3, 9)
    vertices = list(range(n))
    weights = {
        (a, b): rng.choice([2, 2, 2, 3])
        for b in vertices
        for a in vertices[:b]
        if rng.random() < 0.5
    }
    return vertices, weights


@pytest.mark.parametrize("seed", range(160))
def test_sets_of_one_size_hold_every_set_left_over(seed: int) -> None:
    """``leftover_split`` parts the vertices of zero dual into those every optimum
    leaves over and those some may; :func:`ties.sets_of_one_size` gives sets holding
    every optimum's left-over set (brute force) when all optima leave as many, None
    exactly when they do not (the cap aside); :func:`ties.common_answer` over them
    gives the answer every optimum shares."""
    rng = random.Random(7000 + seed)
    vertices, weights = (_graph if seed % 2 else _uniform_graph)(rng)
    optimum = primal_dual.certified_matching(vertices, weights)
    sure, open_ = optimum.leftover_split()
    left_over = {
        frozenset(vertices) - {v for e in m for v in e} for m in _optima(vertices, weights)
    }
    for unmatched in left_over:
        assert set(sure) <= unmatched <= set(sure) | set(open_)
    sets = ties.sets_of_one_size(vertices, weights, optimum.mate, (sure, open_), 1 << 12)
    if len({len(s) for s in left_over}) > 1:
        assert sets is None
        return
    assert sets is not None
    assert left_over <= {frozenset(s) for s in sets}
    assert all(len(s) == len(next(iter(left_over))) for s in sets)
    for _ in range(5):
        favoured = set(rng.sample(vertices, k=rng.randint(0, len(vertices))))

        def answer(unmatched: set[int], favoured: set[int] = favoured) -> bool:
            return unmatched <= favoured

        answers = {answer(set(s)) for s in left_over}
        shared = answers.pop() if len(answers) == 1 else None
        tight = optimum.tight_neighbours()
        assert ties.common_answer(vertices, weights, optimum.mate, sets, answer, tight) == shared


def test_sets_of_one_size_capped() -> None:
    """A star: the centre meets one of its leaves, any of them; the others are left
    over, ``comb(5, 4)`` ways (over the cap of 4: None)."""
    vertices = list(range(6))
    weights = {(0, b): 1 for b in range(1, 6)}
    optimum = primal_dual.certified_matching(vertices, weights)
    split = optimum.leftover_split()
    assert sorted(split[1]) == [1, 2, 3, 4, 5]
    assert ties.sets_of_one_size(vertices, weights, optimum.mate, split, 4) is None
    sets = ties.sets_of_one_size(vertices, weights, optimum.mate, split, 5)
    assert sets is not None
    assert sorted(sorted(s) for s in sets) == [
        [v for v in range(1, 6) if v != k] for k in range(5, 0, -1)
    ]


def test_sets_of_one_size_one_matching_when_one_is_left_over() -> None:
    """Every vertex of an odd cycle of equal weights may be the one left over: a
    matching leaving one vertex has the most edges any has, so only the optimum with
    the fewest edges is worked out (one weighted matching), and each vertex alone is
    a set to ask."""
    vertices = list(range(7))
    weights = {(a, (a + 1) % 7) if a < 6 else (0, 6): 1 for a in range(7)}
    optimum = primal_dual.certified_matching(vertices, weights)
    split = optimum.leftover_split()
    real = primal_dual.max_weight_matching
    calls: list[object] = []

    def counted(*args: object, **kwargs: object) -> dict[int, int]:
        calls.append(args)
        return real(*args, **kwargs)  # type: ignore[arg-type]  # a spy passes on what it was given

    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(primal_dual, "max_weight_matching", counted)
        sets = ties.sets_of_one_size(vertices, weights, optimum.mate, split, 64)
    assert len(calls) == 1
    assert sets is not None
    assert sorted(sorted(s) for s in sets) == [[v] for v in range(7)]


def test_c4_settled_beyond_eight_open_players() -> None:
    """Round 5 of a 30-player near round robin (seed 2027): more than eight of the
    last graph's players may be left over or not (the duals' subsets too many), but
    every optimum leaves one over, so each of them alone is asked: C4 is settled
    without NetworkX, and the round pairs as the oracle pairs it."""
    states = tournament_states(System.DUTCH, players=30, rounds=27, seed=2027)
    state = next(s for s in states if s.round_number == 5)
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(RoundProcedure, "own_matching", False)
        oracle = pair_round(state, System.DUTCH, seed=2027)
    with pytest.MonkeyPatch.context() as patch:

        def refused(*args: object, **kwargs: object) -> dict[int, int]:
            raise AssertionError("NetworkX was asked")

        patch.setattr("pairing.engine.weighted.max_weight_matching", refused)
        fast = pair_round(state, System.DUTCH, seed=2027)
    assert (fast.boards, fast.pairing_allocated_bye, fast.explanation) == (
        oracle.boards,
        oracle.pairing_allocated_bye,
        oracle.explanation,
    )


@pytest.mark.parametrize("seed", range(80))
def test_c4_asked_only_of_the_sets_some_optimum_leaves_over(seed: int) -> None:
    """With the optimum's duals, :func:`ties.common_answer` asks its question (C4's
    completion check, in the round) only of the set its matching leaves over and of
    the sets some matching of greatest weight leaves over (brute force), and answers
    as every optimum does: the sets no optimum leaves are passed over before asking."""
    rng = random.Random(9000 + seed)
    vertices, weights = _graph(rng)
    optima = _optima(vertices, weights)
    left = [frozenset(set(vertices) - {v for e in m for v in e}) for m in optima]
    optimum = primal_dual.certified_matching(vertices, weights)
    subsets = [
        {v for k, v in enumerate(vertices) if bits >> k & 1} for bits in range(1 << len(vertices))
    ]
    known = frozenset(set(vertices) - set(optimum.mate))
    favoured = set(rng.sample(vertices, k=rng.randint(0, len(vertices))))
    asked: list[frozenset[int]] = []

    def answer(unmatched: set[int]) -> bool:
        asked.append(frozenset(unmatched))
        return unmatched <= favoured

    found = ties.common_answer(vertices, weights, optimum.mate, subsets, answer, optimum=optimum)
    answers = {s <= favoured for s in left}
    assert found == (answers.pop() if len(answers) == 1 else None)
    assert set(asked) <= {known, *left}
