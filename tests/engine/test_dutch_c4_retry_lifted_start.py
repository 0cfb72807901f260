"""A bracket paired again with everyone in view (C.04.3 2026, Article 2 C4) begins its
matching of Article 4's steps 1 and 2 from the first try's (#38).

The first try pairs the bracket with its own players and the next score group, without
C4; the retry's weights are the same plus C4's field, which
:meth:`RoundProcedure.completion_lift` splits between the two players of each pair.
The first try's optimum with its duals raised by those halves is a start the search
finishes in fewer dual changes than from nothing; the pairings are those of the search
from nothing (``test_dutch_late_rounds``'s warm-start test plays near round robins
both ways).
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence

import pytest

from pairing.engine import NoValidPairing, System, pair_round
from pairing.engine.generator import tournament_states
from pairing.engine.matching import primal_dual
from pairing.engine.matching.primal_dual_search import Search
from pairing.engine.systems.dutch.entrants import compatible, entrants
from pairing.engine.systems.dutch.procedure import RoundProcedure

Weights = dict[tuple[int, int], int]


def test_c4_field_is_what_each_player_of_a_pair_brings_to_it() -> None:
    """For every pair of a late round and every place of it (in the bracket, in the next
    score group, below), the weight with C4 less the weight without is the two
    players' lifts (a pair that cannot meet weighs nothing either way)."""
    checked = 0
    try:
        for state in tournament_states(System.DUTCH, players=20, rounds=17, seed=12):
            players, _ = entrants(state)
            if state.round_number < 8:
                continue
            procedure = RoundProcedure(players, state.rounds_completed)
            n = len(players)
            lift = procedure.completion_lift(list(range(n)), 1)
            for j in range(n):
                for i in range(j):
                    both = lift[i] + lift[j] if compatible(players[i], players[j]) else 0
                    for in_bracket, in_next in ((True, False), (False, True), (False, False)):
                        full = procedure.weight(i, j, in_bracket, in_next, False, True)
                        first = procedure.weight(i, j, in_bracket, in_next, False, False)
                        assert (full - first) << 1 == both
                        checked += 1
    except NoValidPairing:
        pass  # the event ran out of pairings; the rounds before it were checked
    assert checked > 1000


def test_c4_retry_begins_steps_1_and_2_from_the_first_try_with_fewer_dual_changes(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Round 13 of a 20-player near round robin pairs four brackets again with everyone
    in view.  Each begins its matching of steps 1 and 2 from the first try's, and the
    round's matchings take 47 dual changes in all (73 when those four begin from
    nothing) and 21 searches from nothing (25)."""
    states = tournament_states(System.DUTCH, players=20, rounds=17, seed=12)
    state = next(s for s in states if s.round_number == 13)
    counts = {"changes": 0, "cold": 0, "lifted": 0}
    change_duals = Search.change_duals
    begin = Search.__init__
    certified = primal_dual.certified_matching

    def counted_change(self: Search, queue: list[int]) -> bool:
        counts["changes"] += 1
        return change_duals(self, queue)

    def counted_begin(
        self: Search,
        n: int,
        adjacent: list[dict[int, int]],
        start: tuple[list[int], list[int]] | None = None,
    ) -> None:
        counts["cold"] += start is None
        begin(self, n, adjacent, start)

    def counted_certified(
        vertices: Sequence[int],
        weights: Mapping[tuple[int, int], int],
        warm: primal_dual.Optimum | None = None,
        **options: object,
    ) -> primal_dual.Optimum:
        found = certified(vertices, weights, warm, **options)  # type: ignore[arg-type]  # a spy passes on what it was given
        if "lift" in options:
            assert found.begun_warm
            counts["lifted"] += 1
        return found

    monkeypatch.setattr(Search, "change_duals", counted_change)
    monkeypatch.setattr(Search, "__init__", counted_begin)
    monkeypatch.setattr(primal_dual, "certified_matching", counted_certified)
    pair_round(state, System.DUTCH, seed=12)
    assert counts == {"changes": 47, "cold": 21, "lifted": 4}


def _weight(mate: dict[int, int], weights: Weights) -> int:
    return sum(weights.get((a, b), 0) for a, b in mate.items() if a < b)


def test_matching_begun_lifted_weighs_what_one_from_nothing_weighs() -> None:
    """On 1,000 random graphs grown by vertices whose edges weigh their ends' lifts
    (and by a lift on every vertex), the matching begun from the smaller graph's
    optimum with ``lift`` is proved by its own duals and weighs what the search from
    nothing finds."""
    rng = random.Random(38)
    for _ in range(1000):
        n = rng.randint(2, 20)
        added = rng.randint(0, 20)
        density = rng.choice((0.2, 0.5, 0.9))
        top = rng.choice((8, 1000))
        first: Weights = {
            (a, b): rng.randint(1, top)
            for b in range(n)
            for a in range(b)
            if rng.random() < density
        }
        lift = {v: rng.choice((1, 3)) << 12 for v in range(n + added)}
        weights = {edge: w + lift[edge[0]] + lift[edge[1]] for edge, w in first.items()}
        for b in range(n, n + added):
            for a in range(b):
                if rng.random() < density:
                    weights[(a, b)] = lift[a] + lift[b]
        earlier = primal_dual.certified_matching(range(n), first)
        vertices = range(n + added)
        begun = primal_dual.certified_matching(vertices, weights, earlier, near=1, lift=lift)
        assert begun.begun_warm
        cold = primal_dual.certified_matching(vertices, weights)
        assert _weight(begun.mate, weights) == _weight(cold.mate, weights)
