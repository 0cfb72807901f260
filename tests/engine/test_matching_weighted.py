"""The project's maximum-weight matching (``pairing.engine.matching.primal_dual``)
against NetworkX's on random graphs: the same greatest total weight, always a matching.

Matchings of equal weight may differ; the total may not.  The graphs run from sparse to
complete, with small weights (many ties, many blossoms) and with weights of hundreds of
bits like the Dutch system's, where any floating point would lose the lowest fields."""

from __future__ import annotations

import itertools
import random

import networkx as nx
import pytest

from pairing.engine.matching import primal_dual

Weights = dict[tuple[int, int], int]


def _random_weights(rng: random.Random, count: int) -> Weights:
    density = rng.choice([0.1, 0.3, 0.6, 1.0])
    kind = rng.choice(["tiny", "small", "wide", "fields"])
    weights: Weights = {}
    for a, b in itertools.combinations(range(count), 2):
        if rng.random() >= density:
            continue
        if kind == "tiny":
            weights[a, b] = rng.randint(1, 3)
        elif kind == "small":
            weights[a, b] = rng.randint(1, 60)
        elif kind == "wide":
            weights[a, b] = rng.randint(1, 1 << 300)
        else:
            # Fields like the Dutch weights: a few levels, each far above the next.
            weights[a, b] = sum(rng.randint(0, 3) << (40 * level) for level in range(8)) or 1
    return weights


def _networkx_total(count: int, weights: Weights) -> int:
    graph: nx.Graph[int] = nx.Graph()
    graph.add_nodes_from(range(count))
    graph.add_weighted_edges_from((a, b, w) for (a, b), w in weights.items())
    return sum(graph[a][b]["weight"] for a, b in nx.max_weight_matching(graph))


def _total(mate: dict[int, int], weights: Weights) -> int:
    return sum(weights[a, b] for a, b in mate.items() if a < b)


def _is_matching(mate: dict[int, int], weights: Weights) -> bool:
    return all(mate[b] == a and (min(a, b), max(a, b)) in weights for a, b in mate.items())


@pytest.mark.parametrize("seed", range(120))
def test_max_weight_matching_weighs_as_networkx(seed: int) -> None:
    """Random graphs of 1-40 vertices: the same total as NetworkX's matching."""
    rng = random.Random(seed)
    count = rng.randint(1, 14 if seed < 80 else 40)
    weights = _random_weights(rng, count)
    mate = primal_dual.max_weight_matching(range(count), weights)
    assert _is_matching(mate, weights)
    assert _total(mate, weights) == _networkx_total(count, weights)


def test_max_weight_matching_takes_any_labels_and_ignores_non_positive_weights() -> None:
    """Vertices are any integers; a pair weighing nothing (or less) is not an edge."""
    weights = {(10, 20): 5, (20, 30): 0, (30, 40): -4, (40, 10): 3}
    mate = primal_dual.max_weight_matching([40, 30, 20, 10], weights)
    assert mate == {10: 20, 20: 10}


def test_max_weight_matching_prefers_weight_over_cardinality() -> None:
    """A path a-b-c-d whose middle edge outweighs the two ends together: one pair."""
    weights = {(0, 1): 2, (1, 2): 5, (2, 3): 2}
    assert primal_dual.max_weight_matching(range(4), weights) == {1: 2, 2: 1}


@pytest.mark.parametrize("seed", range(150))
def test_certified_answers_hold_for_networkx_matching(seed: int) -> None:
    """What the duals certify of every best matching holds for NetworkX's: the same
    vertices left over (when certified), only edges of zero reduced cost, and a
    vertex of positive dual matched to one of its possible partners."""
    rng = random.Random(1000 + seed)
    count = rng.randint(1, 16)
    weights = _random_weights(rng, count)
    optimum = primal_dual.certified_matching(range(count), weights)
    graph: nx.Graph[int] = nx.Graph()
    graph.add_nodes_from(range(count))
    graph.add_weighted_edges_from((a, b, w) for (a, b), w in weights.items())
    theirs = {}
    for a, b in nx.max_weight_matching(graph):
        theirs[a], theirs[b] = b, a
    if optimum.same_unmatched:
        assert set(theirs) == set(optimum.mate)
    # NetworkX's pairs are among those the duals allow, and a vertex the duals say is
    # matched in every best matching is matched, to one of its possible partners.
    assert all(optimum.may_meet(a, b) for a, b in theirs.items())
    for v in range(count):
        partners = optimum.possible_partners(v)
        if partners is not None:
            assert theirs[v] in partners


def test_certified_matching_says_when_the_unmatched_set_may_differ() -> None:
    """A triangle of equal edges: any vertex may be left over, so no certificate; a
    path whose middle edge is heaviest leaves its ends over in every best matching."""
    triangle = {(0, 1): 4, (1, 2): 4, (0, 2): 4}
    assert not primal_dual.certified_matching(range(3), triangle).same_unmatched
    path = primal_dual.certified_matching(range(4), {(0, 1): 1, (1, 2): 5, (2, 3): 1})
    assert path.mate == {1: 2, 2: 1}
    assert path.same_unmatched
    assert path.possible_partners(1) == [2]
    assert path.possible_partners(0) is None
    assert not path.may_meet(0, 1)


def _matchings(vertices: list[int], weights: Weights) -> list[list[tuple[int, int]]]:
    """Every matching of the graph (brute force, small graphs)."""
    if not vertices:
        return [[]]
    first, others = vertices[0], vertices[1:]
    found = _matchings(others, weights)  # ``first`` left over
    for b in others:
        if (first, b) in weights and weights[first, b] > 0:
            rest = [v for v in others if v != b]
            found += [[(first, b), *m] for m in _matchings(rest, weights)]
    return found


@pytest.mark.parametrize("seed", range(150))
def test_unmatched_sets_hold_what_every_best_matching_leaves_over(seed: int) -> None:
    """Every matching of greatest weight (all found by brute force) leaves over one of
    the sets the duals give, when they give them."""
    rng = random.Random(5000 + seed)
    count = rng.randint(1, 9)
    weights = _random_weights(rng, count)
    optimum = primal_dual.certified_matching(range(count), weights)
    sets = optimum.unmatched_sets(count)
    assert sets is not None
    every = _matchings(list(range(count)), weights)
    best = max(sum(weights[p] for p in m) for m in every)
    for m in every:
        if sum(weights[p] for p in m) == best:
            matched = {v for pair in m for v in pair}
            assert set(range(count)) - matched in sets


def test_unmatched_sets_of_a_triangle_hold_each_vertex_alone() -> None:
    """A triangle of equal edges may leave any one vertex over: each alone is given, and
    the three together (an odd set; the duals do not say how many are left over); more
    open vertices than the limit give no sets."""
    triangle = primal_dual.certified_matching(range(3), {(0, 1): 4, (1, 2): 4, (0, 2): 4})
    sets = triangle.unmatched_sets(3)
    assert sets is not None
    assert sorted(map(sorted, sets)) == [[0], [0, 1, 2], [1], [2]]
    assert triangle.unmatched_sets(2) is None


@pytest.mark.parametrize("seed", range(80))
def test_held_loss_bounds_the_matchings_held_to_some_partners(seed: int) -> None:
    """Linear programming duality, checked against NetworkX: with ``a``'s edges to all but
    ``partners`` taken away, no matching weighs more than the optimum less half of
    :meth:`Optimum.held_loss`; and no reduced cost is negative (the duals are feasible)."""
    rng = random.Random(2000 + seed)
    count = rng.randint(2, 16)
    weights = _random_weights(rng, count)
    optimum = primal_dual.certified_matching(range(count), weights)
    best = _total(optimum.mate, weights)
    for a, b in weights:
        cost = optimum.reduced_cost(a, b)
        assert cost is not None and cost >= 0
    a = rng.randrange(count)
    others = [v for v in range(count) if v != a]
    partners = set(rng.sample(others, rng.randint(0, len(others))))
    held = {(v, w): x for (v, w), x in weights.items() if a not in (v, w) or v + w - a in partners}
    loss = optimum.held_loss(a, partners)
    assert loss >= 0
    assert 2 * _networkx_total(count, held) <= 2 * best - loss
