"""The generic matchings of ``pairing.engine.matching`` against brute force on small
random graphs."""

from __future__ import annotations

import itertools
import random

import pytest

from pairing.engine.matching import (
    ShrinkingMatching,
    assignment_network,
    augment,
    exposable_vertices,
    exposable_without,
    exposed_by_some,
    grow_matching,
    least_assignment_cost,
    lexicographic_assignments,
    matching_size,
    perfect_matching_within,
)


def _graph(rng: random.Random, count: int, density: float) -> list[list[int]]:
    adjacent: list[list[int]] = [[] for _ in range(count)]
    for a, b in itertools.combinations(range(count), 2):
        if rng.random() < density:
            adjacent[a].append(b)
            adjacent[b].append(a)
    return adjacent


def _without(adjacent: list[list[int]], gone: set[int]) -> list[list[int]]:
    return [[] if v in gone else [w for w in ns if w not in gone] for v, ns in enumerate(adjacent)]


@pytest.mark.parametrize("seed", range(40))
def test_shrinking_matching_stays_maximum_as_vertices_leave(seed: int) -> None:
    """After every removal the size equals a matching computed from scratch (Berge)."""
    rng = random.Random(seed)
    count = rng.randrange(2, 18)
    adjacent = _graph(rng, count, rng.choice([0.15, 0.35, 0.7]))
    matching = ShrinkingMatching(adjacent)
    gone: set[int] = set()
    assert matching.size == matching_size(adjacent)
    while len(gone) < count - 1:
        alive = sorted(set(range(count)) - gone)
        leaving = rng.sample(alive, min(len(alive), rng.choice([1, 2])))
        expected = matching_size(_without(adjacent, gone | set(leaving)))
        assert matching.size_without(leaving) == expected
        assert matching.size == matching_size(_without(adjacent, gone))
        assert matching.remove(leaving) == expected
        gone |= set(leaving)


@pytest.mark.parametrize("seed", range(20))
def test_shrinking_matching_dense_graphs_short_paths(seed: int) -> None:
    """Dense graphs (where the one- and three-edge augmenting paths are found without a
    search) and pairs leaving with a bound: the size is right and the kept matching is a
    matching of the graph."""
    rng = random.Random(seed)
    count = rng.randrange(20, 60)
    adjacent = _graph(rng, count, rng.choice([0.8, 0.95]))
    matching = ShrinkingMatching(adjacent)
    gone: set[int] = set()
    assert matching.size == matching_size(adjacent)
    while len(gone) < count - 2:
        alive = sorted(set(range(count)) - gone)
        leaving = rng.sample(alive, 2)
        expected = matching_size(_without(adjacent, gone | set(leaving)))
        bound = (len(alive) - 2) // 2  # no matching of the rest is larger
        assert matching.size_without(leaving, bound=bound) == expected
        matching.remove(leaving, bound=bound)
        gone |= set(leaving)
        for v, partner in enumerate(matching.mate):
            if partner != -1:
                assert v not in gone and partner not in gone
                assert matching.mate[partner] == v and partner in adjacent[v]
        assert matching.size == sum(1 for m in matching.mate if m != -1) // 2


@pytest.mark.parametrize("seed", range(40))
def test_shrinking_matching_at_least_stops_early_and_stays_exact(seed: int) -> None:
    """``at_least``: an answer below it is the maximum; an answer at or above it is a
    matching that exists; a later call without it is exact again."""
    rng = random.Random(seed)
    count = rng.randrange(4, 24)
    adjacent = _graph(rng, count, rng.choice([0.2, 0.5, 0.9]))
    matching = ShrinkingMatching(adjacent)
    gone: set[int] = set()
    while len(gone) < count - 2:
        alive = sorted(set(range(count)) - gone)
        leaving = rng.sample(alive, 2)
        expected = matching_size(_without(adjacent, gone | set(leaving)))
        if rng.random() < 0.5:
            at_least = rng.randrange(0, len(alive) // 2 + 1)
            found = matching.size_without(leaving, at_least=at_least)
            if found < at_least:
                assert found == expected
            else:
                assert at_least <= found <= expected
            matching.remove(leaving, at_least=at_least)
        else:
            assert matching.size_without(leaving) == expected
            assert matching.remove(leaving) == expected
        gone |= set(leaving)


def _fewest_costly_by_search(cheap: list[list[int]], costly: list[list[int]]) -> int | None:
    """The fewest costly edges of any perfect matching, by trying every matching."""

    def fewest(left: tuple[int, ...]) -> int | None:
        if not left:
            return 0
        first, rest = left[0], left[1:]
        best: int | None = None
        for index, other in enumerate(rest):
            if other in cheap[first] or other in costly[first]:
                below = fewest(rest[:index] + rest[index + 1 :])
                if below is not None:
                    total = below + (other in costly[first])
                    best = total if best is None else min(best, total)
        return best

    return fewest(tuple(range(len(cheap))))


@pytest.mark.parametrize("seed", range(60))
def test_perfect_matching_within_is_exact(seed: int) -> None:
    """perfect_matching_within finds a perfect matching within every budget from the
    fewest costly edges up, with no more costly edges than allowed, and none below it."""
    rng = random.Random(seed)
    count = rng.choice((2, 4, 6, 8, 10))
    cheap: list[list[int]] = [[] for _ in range(count)]
    costly: list[list[int]] = [[] for _ in range(count)]
    for a, b in itertools.combinations(range(count), 2):
        kind = rng.random()
        if kind < 0.35:
            cheap[a].append(b)
            cheap[b].append(a)
        elif kind < 0.7:
            costly[a].append(b)
            costly[b].append(a)
    fewest = _fewest_costly_by_search(cheap, costly)
    for budget in range(count // 2 + 1):
        found = perfect_matching_within(cheap, costly, budget)
        if fewest is None or budget < fewest:
            assert found is None
            continue
        assert found is not None
        assert all(found[found[v]] == v and found[v] != v for v in range(count))
        assert all(found[v] in cheap[v] or found[v] in costly[v] for v in range(count))
        assert sum(1 for v in range(count) if v < found[v] and found[v] in costly[v]) <= budget


def _assignments_by_search(
    options: list[list[tuple[int, int]]], columns: int, budget: int, must_cover: frozenset[int]
) -> list[tuple[int, ...]]:
    """Every assignment within the budget covering ``must_cover``, in lexicographic order."""
    found = []
    for chosen in itertools.product(*([column for column, _ in row] for row in options)):
        if len(set(chosen)) < len(chosen) or not must_cover <= set(chosen):
            continue
        cost = sum(dict(row)[column] for row, column in zip(options, chosen, strict=True))
        if cost <= budget:
            found.append(chosen)
    return sorted(found)


def _random_options(
    rng: random.Random, rows: int, columns: int, *, share: float
) -> list[list[tuple[int, int]]]:
    """Each row's allowed columns (each kept with probability ``share``) with 0/1 costs,
    in ascending column order, as :func:`lexicographic_assignments` takes them."""
    return [
        [(column, rng.randrange(2)) for column in range(columns) if rng.random() < share]
        for _ in range(rows)
    ]


@pytest.mark.parametrize("seed", range(40))
def test_lexicographic_assignments_in_order_and_after_a_given_one(seed: int) -> None:
    """All assignments in lexicographic order (the D1 order of the Dutch search), and with
    ``after`` exactly those that come after it, whether or not it is one of them (the
    C12/C13 sub-searches resume after a candidate that keeps fewer players up)."""
    rng = random.Random(seed)
    rows = rng.randrange(0, 5)
    columns = rng.randrange(rows, rows + 4)
    options = _random_options(rng, rows, columns, share=0.7)
    must_cover = frozenset(column for column in range(columns) if rng.random() < 0.2)
    budget = rng.randrange(3)
    expected = _assignments_by_search(options, columns, budget, must_cover)
    assert (
        list(lexicographic_assignments(options, columns, budget=budget, must_cover=must_cover))
        == expected
    )
    probes = [*expected, *(tuple(rng.randrange(columns) for _ in range(rows)) for _ in range(5))]
    for after in probes:
        resumed = lexicographic_assignments(
            options, columns, budget=budget, must_cover=must_cover, after=after
        )
        assert list(resumed) == [found for found in expected if found > after]


@pytest.mark.parametrize("seed", range(60))
def test_lexicographic_assignments_skip_prefixes_failing_viable(seed: int) -> None:
    """A branch whose set of columns fails ``viable`` is not entered, and a set searched
    in full without a yield is not searched again.  ``viable`` may turn false for a set
    once an assignment taking it has been read (the Dutch search then knows that the
    remainder it leaves gives nothing): later assignments taking the same set are
    skipped, exactly as filtering the plain sequence while reading it would skip them."""
    rng = random.Random(seed)
    rows = rng.randrange(1, 5)
    columns = rng.randrange(rows, rows + 4)
    options = _random_options(rng, rows, columns, share=0.8)
    budget = rng.randrange(3)
    barred = {
        frozenset(rng.sample(range(columns), size))
        for size in range(1, rows + 1)
        for _ in range(2)
        if rng.random() < 0.4
    }
    kills = [rng.random() < 0.5 for _ in range(200)]
    """Whether reading the n-th assignment makes its set of columns fail from then on."""

    def passes(found: tuple[int, ...]) -> bool:
        return all(frozenset(found[:size]) not in barred for size in range(1, rows + 1))

    dead: set[frozenset[int]] = set()
    expected: list[tuple[int, ...]] = []
    for found in _assignments_by_search(options, columns, budget, frozenset()):
        if passes(found) and frozenset(found) not in dead:
            expected.append(found)
            if kills[len(expected) - 1]:
                dead.add(frozenset(found))

    def viable(prefix: tuple[int, ...]) -> bool:
        taken = frozenset(prefix)
        return taken not in barred and (len(prefix) < rows or taken not in dead)

    dead.clear()
    got: list[tuple[int, ...]] = []
    for found in lexicographic_assignments(options, columns, budget=budget, viable=viable):
        got.append(found)
        if kills[len(got) - 1]:
            dead.add(frozenset(found))
    assert got == expected


def _size_without(adjacent: list[list[int]], v: int) -> int:
    keep = [u for u in range(len(adjacent)) if u != v]
    index = {u: k for k, u in enumerate(keep)}
    return matching_size([[index[w] for w in adjacent[u] if w != v] for u in keep])


@pytest.mark.parametrize("seed", range(4))
def test_exposable_vertices_are_those_some_maximum_matching_leaves_over(seed: int) -> None:
    """Gallai-Edmonds, as the Dutch system of 2026's look-ahead uses it: in a graph whose
    maximum matchings leave one vertex over, the vertices that can be that one."""
    rng = random.Random(seed)
    for _ in range(400):
        n = rng.choice([3, 5, 7, 9, 11])
        p = rng.random()
        adjacent: list[list[int]] = [[] for _ in range(n)]
        for i in range(n):
            for j in range(i):
                if rng.random() < p:
                    adjacent[i].append(j)
                    adjacent[j].append(i)
        size = matching_size(adjacent)
        got = exposable_vertices(adjacent)
        if 2 * size != n - 1:
            assert got is None
            continue

        assert got == {v for v in range(n) if 2 * _size_without(adjacent, v) == n - 1}


@pytest.mark.parametrize("seed", range(30))
def test_perfect_matching_within_a_subset_keeping_failures_is_exact(seed: int) -> None:
    """Asked about many subsets of one graph with the failed sets kept between calls,
    perfect_matching_within answers as it does on each subset's own graph."""
    rng = random.Random(seed)
    count = rng.choice((6, 8, 10, 12))
    cheap: list[list[int]] = [[] for _ in range(count)]
    costly: list[list[int]] = [[] for _ in range(count)]
    for a, b in itertools.combinations(range(count), 2):
        kind = rng.random()
        if kind < 0.35:
            cheap[a].append(b)
            cheap[b].append(a)
        elif kind < 0.7:
            costly[a].append(b)
            costly[b].append(a)
    failed: dict[frozenset[int], int] = {}
    for _ in range(25):
        within = frozenset(v for v in range(count) if rng.random() < 0.7)
        budget = rng.randrange(count // 2 + 1)
        order = sorted(within)
        local = {v: i for i, v in enumerate(order)}
        alone = perfect_matching_within(
            [[local[w] for w in cheap[v] if w in within] for v in order],
            [[local[w] for w in costly[v] if w in within] for v in order],
            budget,
        )
        found = perfect_matching_within(cheap, costly, budget, within=within, failed=failed)
        assert (found is None) == (alone is None)
        if found is not None:
            assert all(found[found[v]] == v for v in within)
            assert all(found[v] == -1 for v in range(count) if v not in within)
            dear = sum(1 for v in within if v < found[v] and found[v] in costly[v])
            assert dear <= budget


@pytest.mark.parametrize("prune", [False, True])
@pytest.mark.parametrize("seed", range(30))
def test_grow_matching_reaches_a_maximum_matching_from_any_start(seed: int, prune: bool) -> None:
    """Grown from any matching of the live vertices, the result is maximum (Berge), also
    when the vertices of each failed search are left out of the later ones (``prune``,
    which leaves the caller's live vertices as they were)."""
    rng = random.Random(seed)
    count = rng.randrange(2, 16)
    adjacent = _graph(rng, count, rng.choice([0.15, 0.35, 0.7]))
    alive = [rng.random() < 0.8 for _ in range(count)]
    mate = [-1] * count
    for v in range(count):
        for w in adjacent[v]:
            if alive[v] and alive[w] and mate[v] == -1 and mate[w] == -1 and rng.random() < 0.5:
                mate[v], mate[w] = w, v
    gone = {v for v in range(count) if not alive[v]}
    before = list(alive)
    size = grow_matching(adjacent, mate, alive, prune=prune)
    assert size == matching_size(_without(adjacent, gone))
    assert all(mate[v] == -1 or (alive[v] and mate[mate[v]] == v) for v in range(count))
    assert alive == before


@pytest.mark.parametrize("seed", range(30))
def test_augment_keeps_a_matching_maximum_as_vertices_join(seed: int) -> None:
    """Vertices joining one at a time, one search from each keeps the matching maximum
    (Berge: any augmenting path ends at the vertex that joined)."""
    rng = random.Random(seed)
    count = rng.randrange(2, 16)
    adjacent = _graph(rng, count, rng.choice([0.15, 0.35, 0.7]))
    alive = [False] * count
    mate = [-1] * count
    size = 0
    for v in rng.sample(range(count), count):
        alive[v] = True
        size += augment(v, adjacent, mate, alive)
        gone = {u for u in range(count) if not alive[u]}
        assert size == matching_size(_without(adjacent, gone))


@pytest.mark.parametrize("seed", range(40))
def test_exposed_by_some_are_the_vertices_a_maximum_matching_can_miss(seed: int) -> None:
    """Gallai-Edmonds' D: v is in it exactly when the graph without v matches as many."""
    rng = random.Random(seed)
    count = rng.randrange(1, 14)
    adjacent = _graph(rng, count, rng.choice([0.1, 0.25, 0.5]))
    alive = [rng.random() < 0.85 for _ in range(count)]
    gone = {v for v in range(count) if not alive[v]}
    mate = [-1] * count
    size = grow_matching(adjacent, mate, alive)
    found = exposed_by_some(adjacent, mate, alive)
    for v in range(count):
        expected = alive[v] and matching_size(_without(adjacent, gone | {v})) == size
        assert found[v] == expected


@pytest.mark.parametrize("seed", range(60))
def test_least_assignment_cost_is_the_cheapest_assignment_by_search(seed: int) -> None:
    """The least cost (started from a maximum matching on the columns that cost nothing)
    is the cheapest of every assignment tried one by one, None when there is none."""
    rng = random.Random(seed)
    rows = rng.randrange(0, 6)
    columns = rng.randrange(rows, rows + 4)
    options = _random_options(rng, rows, columns, share=rng.choice((0.4, 0.7, 0.9)))
    must_cover = frozenset(column for column in range(columns) if rng.random() < 0.3)
    every = _assignments_by_search(options, columns, rows, must_cover)
    costs = [
        sum(dict(row)[column] for row, column in zip(options, chosen, strict=True))
        for chosen in every
    ]
    assert least_assignment_cost(options, columns, must_cover=must_cover) == (
        min(costs) if costs else None
    )


@pytest.mark.parametrize("seed", range(20))
def test_least_assignment_cost_of_few_rows_is_the_networks(seed: int) -> None:
    """With at most ``FEW_ROWS`` rows the least cost is found by trying the assignments
    (the rows' cheapest columns only); it is the minimum-cost network's answer, on 200
    random cases each of up to 16 columns, many of which must be covered."""
    rng = random.Random(seed)
    for _ in range(200):
        rows = rng.randrange(0, assignment_network.FEW_ROWS + 1)
        columns = rng.randrange(max(rows - 1, 0), 17)
        options = _random_options(rng, rows, columns, share=rng.choice((0.3, 0.6, 0.9)))
        must_cover = frozenset(c for c in range(columns) if rng.random() < rng.random() / 3)
        network = assignment_network.AssignmentNetwork(options, columns, must_cover)
        expected = network.total if network.initialise(free_first=True) else None
        assert least_assignment_cost(options, columns, must_cover=must_cover) == expected


@pytest.mark.parametrize("seed", range(40))
def test_exposable_without_is_a_perfect_matching_less_each_vertex(seed: int) -> None:
    """Gallai-Edmonds, as the 1992 Dutch C13 fit reads a prefix's next partners: given
    a perfect matching of the live vertices and one of them gone, v is marked exactly
    when the live vertices less the one gone and v still have a perfect matching."""
    rng = random.Random(seed)
    asked = 0
    for _ in range(30):
        count = rng.randrange(2, 15)
        adjacent = _graph(rng, count, rng.choice([0.2, 0.4, 0.7]))
        alive = [rng.random() < 0.85 for _ in range(count)]
        gone = {v for v in range(count) if not alive[v]}
        mate = [-1] * count
        size = grow_matching(adjacent, mate, alive)
        if 2 * size != count - len(gone):
            continue  # no perfect matching of the live vertices
        for leaving in (v for v in range(count) if alive[v]):
            found = exposable_without(adjacent, mate, alive, leaving)
            assert found is not None
            for v in range(count):
                rest = gone | {leaving, v}
                expected = (
                    alive[v]
                    and v != leaving
                    and (2 * matching_size(_without(adjacent, rest)) == count - len(rest))
                )
                assert found[v] == expected
            asked += 1
    assert asked
    assert exposable_without([[1], [0], []], [1, 0, -1], [True, True, True], 2) is None
