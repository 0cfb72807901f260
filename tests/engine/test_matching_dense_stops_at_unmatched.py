"""Edmonds: a free vertex without an augmenting path keeps none after later augmentations.

C4's completion checks of today's Dutch (FIDE C.04.3 2026, Article 2 C4) read only
whether a maximum matching leaves a vertex over.  ``dense_maximum_matching`` searched
from every vertex its greedy pass left free; with ``until_unmatched`` it stops at the
first whose search fails, which already decides the answer.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

import pytest

from pairing.engine import NoValidPairing, System
from pairing.engine.generator import tournament_states
from pairing.engine.matching import blossom
from pairing.engine.systems.dutch.entrants import entrants
from pairing.engine.systems.dutch.procedure import RoundProcedure


def _two_stars() -> list[set[int]]:
    """Vertex 0 meets 1, 2 and 3; vertex 4 meets 5, 6 and 7; no other edges."""
    return [{1, 2, 3}, {0}, {0}, {0}, {5, 6, 7}, {4}, {4}, {4}]


def _searches(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """The roots of Edmonds' searches (over the whole graph or less failed trees)."""
    roots: list[int] = []
    search = blossom._augment

    def counted(
        root: int,
        adjacent: Sequence[Sequence[int]],
        mate: list[int],
        alive: Sequence[bool],
        even: list[bool] | None = None,
        parents: list[int] | None = None,
    ) -> list[int] | None:
        roots.append(root)
        return search(root, adjacent, mate, alive, even, parents)

    monkeypatch.setattr(blossom, "_augment", counted)
    return roots


def test_matching_dense_stops_at_the_first_failed_search(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    calls = _searches(monkeypatch)
    stars = _two_stars()
    # Greedy pairs 0-1 and 4-5 and leaves 2, 3, 6 and 7 free: no search from them can
    # succeed.
    mate = blossom.dense_maximum_matching(8, lambda a, b: b in stars[a], until_unmatched=True)
    assert calls == [2]
    assert -1 in mate
    calls.clear()
    blossom.dense_maximum_matching(8, lambda a, b: b in stars[a])
    # 3 meets only the tree of the failed search from 2, 7 only that from 6
    # (test_matching_dense_prunes_failed_trees).
    assert calls == [2, 6]


@pytest.mark.parametrize("seed", range(60))
def test_matching_dense_unmatched_answer_as_a_maximum_matching(seed: int) -> None:
    rng = random.Random(seed)
    n = rng.randint(2, 14)
    density = rng.random()
    edges = [{b for b in range(n) if b != a and rng.random() < density} for a in range(n)]
    for a in range(n):
        for b in edges[a]:
            edges[b].add(a)

    def adjacent(a: int, b: int) -> bool:
        return b in edges[a]

    full = blossom.dense_maximum_matching(n, adjacent)
    early = blossom.dense_maximum_matching(n, adjacent, until_unmatched=True)
    assert (-1 in early) == (-1 in full)
    for v, m in enumerate(early):
        assert m == -1 or (early[m] == v and adjacent(v, m))


def test_c4_completion_answers_as_a_full_maximum_matching() -> None:
    """Every set of players a round asks C4 of: the same answer as a matching grown to
    the maximum (the sets and answers of real rounds, 30 players, late rounds)."""
    asked = 0
    try:
        for state in tournament_states(System.DUTCH, players=30, rounds=27, seed=8):
            players, _ = entrants(state)
            if state.round_number < 12 or len(players) < 6:
                continue
            procedure = RoundProcedure(players, state.rounds_completed)
            procedure.run()
            for (members, allowed), answer in procedure._completable_sets.items():
                fresh = RoundProcedure(players, state.rounds_completed)
                fresh._pairs_seen = {}
                odd = len(members) % 2 == 1
                who = set(
                    allowed
                    if allowed is not None
                    else (m for m in members if fresh.bye.candidate(players[m]))
                )
                adjacency = [
                    [j for j, b in enumerate(members) if b != a and b in fresh._may_meet(a)]
                    + ([len(members)] if odd and a in who else [])
                    for a in members
                ]
                if odd:
                    adjacency.append([i for i, a in enumerate(members) if a in who])
                mate = blossom.maximum_matching(adjacency)
                assert answer == all(m != -1 for m in mate)
                asked += 1
    except NoValidPairing:
        pass  # the event ran out of pairings; the rounds before it were checked
    assert asked > 100
