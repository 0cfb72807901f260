"""What every matching of greatest weight of a bracket's graph says, when the duals
alone do not tell (C.04.3 2026, C4 and C9 as the round reads them).

A bracket's graph may have several matchings of greatest weight that differ beyond the
bracket (the next score group, everyone below).  The round reads two things there:
whether one of the next bracket's players is paired below it (C9 in the next bracket)
and which players are left over (C4, whether the round can be completed).  When every
matching of greatest weight answers alike, the answer is the one any of them gives,
and this module settles it by this project's own matching, exactly:

- **marked edges.**  Scaling every weight by ``2**k`` (``2**k`` above the number of
  pairs) and adding one for each marked edge (or taking one off) keeps every matching
  of greatest weight ahead of the others, and among them takes one with the most (the
  fewest) marked edges (lexicographic weights); so one more matching tells whether
  all of them, none of them or some have one;
- **a set left over.**  A set ``S`` is what some matching of greatest weight leaves
  unmatched exactly when the graph without ``S``, each edge worth ``2**k`` times its
  weight plus one, has a matching that weighs the optimum and covers every other
  vertex.

``None`` answers mean the matchings of greatest weight disagree.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Iterable, Mapping, Sequence
from itertools import combinations
from math import comb

from pairing.engine.matching import has_perfect_matching, primal_dual
from pairing.engine.systems.dutch.order import Outcome

Weights = Mapping[tuple[int, int], int]


def _scale(vertices: Sequence[int]) -> int:
    """Bits below a weight that hold a count of edges of one matching."""
    return (len(vertices) // 2 + 1).bit_length()


def _weight(weights: Weights, mate: Mapping[int, int]) -> int:
    return sum(weights.get((a, b), 0) for a, b in mate.items() if a < b)


def some_edge_marked(
    vertices: Sequence[int],
    weights: Weights,
    marked: Callable[[int, int], bool],
    mate: Mapping[int, int],
) -> bool | None:
    """True when every matching of greatest weight has a ``marked`` edge (``a < b``),
    False when none has; None when some have and some have not.  ``mate`` is one such
    matching: when it has a marked edge, the one with the fewest is worked out, else
    the one with the most (one matching either way)."""
    known = any(marked(a, b) for a, b in mate.items() if a < b)
    shift = _scale(vertices)
    step = -1 if known else 1
    found = primal_dual.max_weight_matching(
        vertices,
        {
            (a, b): (w << shift) + (step if marked(a, b) else 0)
            for (a, b), w in weights.items()
            if w > 0 and a != b
        },
    )
    if any(marked(a, b) for a, b in found.items() if a < b) == known:
        return known
    return None


def leaves_over(
    vertices: Sequence[int], weights: Weights, best: int, unmatched: Collection[int]
) -> bool:
    """Whether some matching of total weight ``best`` (the greatest) leaves exactly
    ``unmatched`` unmatched."""
    others = [v for v in vertices if v not in unmatched]
    if len(others) % 2:
        return False
    inside = set(others)
    shift = _scale(vertices)
    found = primal_dual.max_weight_matching(
        others,
        {
            (a, b): (w << shift) + 1
            for (a, b), w in weights.items()
            if w > 0 and a in inside and b in inside
        },
    )
    return len(found) == len(others) and _weight(weights, found) == best


def common_answer(
    vertices: Sequence[int],
    weights: Weights,
    mate: Mapping[int, int],
    candidates: Iterable[set[int]],
    answer: Callable[[set[int]], bool],
    tight: Mapping[int, Sequence[int]] | None = None,
    optimum: primal_dual.Optimum | None = None,
) -> bool | None:
    """The answer every matching of greatest weight gives about the set it leaves
    unmatched, ``candidates`` holding every such set (and maybe others); None when two
    of them answer differently.  ``mate`` is one matching of greatest weight.

    ``tight``, when given, holds per vertex the neighbours along edges of zero
    reduced cost under optimal duals (:meth:`.primal_dual.Optimum.tight_neighbours`):
    every matching of greatest weight uses only those (complementary slackness), so a
    set whose complement they cannot match perfectly is left over by none, and its
    weighted matching is not asked.  ``optimum``, when given (the graph's optimum with
    its duals), decides each set without a weighted matching at all
    (:meth:`.primal_dual.Optimum.leaves_exactly`, the same answer as
    :func:`leaves_over`)."""
    best = _weight(weights, mate)
    known = set(vertices) - set(mate)
    expected = answer(known)
    for unmatched in candidates:
        if unmatched == known:
            continue
        if optimum is not None:
            # Whether some optimum leaves the set is asked first: most sets are left
            # by none, and the duals tell that for less than ``answer`` costs (a
            # completion check in the late rounds of #38).
            if optimum.leaves_exactly(unmatched) and answer(unmatched) != expected:
                return None
        elif answer(unmatched) == expected:
            continue
        elif (tight is None or perfect_within(vertices, unmatched, tight)) and leaves_over(
            vertices, weights, best, unmatched
        ):
            return None
    return expected


def perfect_within(
    vertices: Sequence[int], unmatched: Collection[int], tight: Mapping[int, Sequence[int]]
) -> bool:
    """Whether the vertices but ``unmatched`` can all be matched along ``tight``."""
    others = [v for v in vertices if v not in unmatched]
    index = {v: k for k, v in enumerate(others)}
    rows = [[index[w] for w in tight[v] if w in index] for v in others]
    return has_perfect_matching(rows, allow_one_unmatched=False)


def paired_below(outcome: Outcome, members: Sequence[int], below: Callable[[int], bool]) -> bool:
    """Whether the bracket's final matching (:attr:`Outcome.mate`) pairs one of
    ``members`` with a player ``below`` (C9 in the next bracket).  When that matching
    is still to be worked out, the answer every matching of greatest weight of the
    last graph shares, if they share one (only otherwise is it worked out)."""
    graph, duals = outcome.graph, outcome.duals
    if not outcome.pending or graph is None or duals is None:
        return _read_below(outcome, members, below)
    live, weights, fixed = graph
    if any(v in fixed and below(fixed[v]) for v in members):
        return True
    inside = set(members)

    def marked(a: int, b: int) -> bool:
        return (a in inside and below(b)) or (b in inside and below(a))

    shared = some_edge_marked(live, weights, marked, duals.mate)
    if shared is not None:
        return shared
    return _read_below(outcome, members, below)


def _read_below(outcome: Outcome, members: Sequence[int], below: Callable[[int], bool]) -> bool:
    mate = outcome.mate
    return any(below(mate.get(v, v)) for v in members)


def sets_of_one_size(
    vertices: Sequence[int],
    weights: Weights,
    mate: Mapping[int, int],
    split: tuple[Sequence[int], Sequence[int]],
    cap: int,
) -> list[set[int]] | None:
    """Every set a matching of greatest weight may leave unmatched (and maybe others),
    when all of them leave the same number of vertices: the ``sure`` vertices (matched
    by none) with each choice of the rest among the ``open`` ones, ``split`` holding
    both (:meth:`.primal_dual.Optimum.leftover_split`).  ``mate`` is one such matching.
    None when they leave different numbers, or there are more than ``cap`` sets.

    The number is the same in all when the one with the most edges and the one with
    the fewest (lexicographic weights, as :func:`some_edge_marked`) have as many as
    ``mate``; the first is not worked out when ``mate`` leaves over only the sure ones
    (every optimum leaves those) or at most one vertex (no matching has more edges)."""
    sure, open_ = split
    pairs = len(mate) // 2
    size = len(vertices) - 2 * pairs - len(sure)
    if size < 0 or comb(len(open_), size) > cap:
        return None
    shift = _scale(vertices)
    positive = [(e, w << shift) for e, w in weights.items() if w > 0 and e[0] != e[1]]
    steps = (-1, 1) if size and len(vertices) - 2 * pairs > 1 else (-1,)
    for step in steps:
        found = primal_dual.max_weight_matching(vertices, {e: w + step for e, w in positive})
        if len(found) // 2 != pairs:
            return None
    return [{*sure, *some} for some in combinations(open_, size)]


def left_over_answer(
    outcome: Outcome, answer: Callable[[set[int]], bool], limit: int
) -> bool | None:
    """What ``answer`` says of the players the bracket's final matching leaves
    unmatched in its last graph, when every matching of greatest weight answers alike;
    None when they differ, or when the sets to ask are too many: more than ``limit``
    players may be left over or not, and either the optima leave different numbers of
    players or there are more than ``2 ** (limit - 1)`` ways to choose them
    (:func:`sets_of_one_size`)."""
    graph, duals = outcome.graph, outcome.duals
    if graph is None or duals is None:
        return None
    sets = duals.unmatched_sets(limit)
    if sets is None:
        live, weights = graph[0], graph[1]
        split = duals.leftover_split()
        sets = sets_of_one_size(live, weights, duals.mate, split, 1 << max(limit - 1, 0))
    if sets is None:
        return None
    return common_answer(graph[0], graph[1], duals.mate, sets, answer, optimum=duals)


__all__ = [
    "common_answer",
    "leaves_over",
    "left_over_answer",
    "paired_below",
    "perfect_within",
    "sets_of_one_size",
    "some_edge_marked",
]
