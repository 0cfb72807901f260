"""Today's Dutch system's late rounds worked out faster (#38) give what the long way gives.

C4's wider graph (FIDE Handbook C.04.3, Article 2 C4) weighs every pair below the next
score group by the completion field alone: the weights kept for the round
(``RoundProcedure.completion_weights``) are those :meth:`RoundProcedure.weight` gives
pair by pair.  C4's maximum matchings begun from pairs found before answer as from
nothing, and each matching of a bracket's steps begun from the step before pairs as
one found from nothing (the oracle).
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence

import pytest

from pairing.engine import NoValidPairing, System
from pairing.engine.generator import tournament_states
from pairing.engine.matching import dense_maximum_matching, maximum_matching, primal_dual
from pairing.engine.systems.dutch.entrants import Entrant, compatible, entrants
from pairing.engine.systems.dutch.procedure import RoundProcedure
from tests.engine.test_dutch_fast_paths import NEAR_ROUND_ROBINS, _play_both_ways


def test_c_4_completion_weights_kept_for_the_round_are_the_weights_pair_by_pair() -> None:
    """Every split of a late round's players into a view and the players below, asked in
    the order the brackets ask (top down, so rows are kept and read again), gives the
    weights of the pairs with a player below one by one."""
    checked = 0
    try:
        for state in tournament_states(System.DUTCH, players=23, rounds=20, seed=7):
            players, _ = entrants(state)
            n = len(players)
            if n < 4 or state.round_number < 10:
                continue
            procedure = RoundProcedure(players, state.rounds_completed)
            for start in range(0, n - 2, 3):
                for cut in (start + 1, start + 3):
                    view = list(range(start, min(cut, n)))
                    rest = list(range(min(cut, n), n))
                    expected = {}
                    for pos, j in enumerate(rest):
                        for i in view + rest[:pos]:
                            w = procedure.weight(i, j, False, False, False, True)
                            if w:
                                expected[(i, j)] = w
                    assert procedure.completion_weights(view, rest) == expected
                    checked += len(expected)
    except NoValidPairing:
        pass  # the event ran out of pairings; the rounds before it were checked
    assert checked > 1000


def test_dense_matching_begun_from_a_matching_is_as_large_as_from_nothing() -> None:
    """A maximum matching grown from any matching of the graph has the size of one
    grown from nothing (Edmonds): random graphs, dense and sparse, random starts."""
    rng = random.Random(11)
    for _ in range(400):
        n = rng.randint(1, 24)
        density = rng.choice((0.15, 0.5, 0.9))
        edges = {(a, b) for b in range(n) for a in range(b) if rng.random() < density}

        def adjacent(i: int, j: int, edges: set[tuple[int, int]] = edges) -> bool:
            return (min(i, j), max(i, j)) in edges

        start = [-1] * n
        for a, b in rng.sample(sorted(edges), len(edges)):
            if start[a] == -1 and start[b] == -1 and rng.random() < 0.7:
                start[a], start[b] = b, a
        fresh = dense_maximum_matching(n, adjacent)
        begun = dense_maximum_matching(n, adjacent, start)
        for found in (fresh, begun):
            assert all(m == -1 or (found[m] == v and adjacent(v, m)) for v, m in enumerate(found))
        assert sum(m != -1 for m in begun) == sum(m != -1 for m in fresh)


def test_c_4_completion_begun_from_pairs_found_before_answers_as_from_nothing() -> None:
    """:meth:`RoundProcedure._completable_now`, which begins from pairs earlier questions
    of the round found, answers as a procedure that has asked nothing before, over random
    sets of late rounds' players, asked one after the other."""
    rng = random.Random(5)
    asked = 0
    try:
        for state in tournament_states(System.DUTCH, players=25, rounds=22, seed=9):
            players, _ = entrants(state)
            n = len(players)
            if n < 6 or state.round_number < 12:
                continue
            warm = RoundProcedure(players, state.rounds_completed)
            for _ in range(40):
                members = sorted(rng.sample(range(n), rng.randint(2, n)))
                bye = None if rng.random() < 0.7 else sorted(rng.sample(members, 2))
                cold = RoundProcedure(players, state.rounds_completed)
                cold._pairs_seen.clear()
                assert warm._completable_now(members, bye) == cold._completable_now(members, bye)
                asked += 1
    except NoValidPairing:
        pass
    assert asked > 100


def test_c_4_bracket_needing_everyone_found_from_pairs_found_before_as_from_nothing() -> None:
    """:meth:`RoundProcedure._needs_everyone`, whose last matching begins from pairs found
    before among the players below, answers as a procedure that found none, for random
    brackets (moved-down players, residents, everyone below) of late rounds."""
    rng = random.Random(3)
    asked = needing = 0
    try:
        for state in tournament_states(System.DUTCH, players=27, rounds=24, seed=4):
            players, _ = entrants(state)
            n = len(players)
            if n < 8 or state.round_number < 12:
                continue
            warm = RoundProcedure(players, state.rounds_completed)
            for _ in range(30):
                first, cut = sorted(rng.sample(range(1, n - 1), 2))
                carried = sorted(rng.sample(range(first), rng.randint(0, min(3, first))))
                residents = list(range(first, cut))
                below = list(range(cut, n))
                warm._completable(below, None)
                cold = RoundProcedure(players, state.rounds_completed)
                cold._pairs_seen.clear()
                answer = cold._needs_everyone(carried, residents, below)
                assert warm._needs_everyone(carried, residents, below) == answer
                asked += 1
                needing += answer
    except NoValidPairing:
        pass
    assert asked > 100 and needing


@pytest.mark.parametrize(("players", "rounds", "seed"), [*NEAR_ROUND_ROBINS, (40, 36, 2026)])
def test_c_04_3_article_4_steps_begun_from_the_step_before_pair_as_from_nothing(
    players: int, rounds: int, seed: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Each matching of a bracket's steps after the first begun from the optimum of the
    step before (``RoundProcedure.warm_start``) pairs every round as when each is found
    from nothing: the same boards, bye and explanation."""
    warm = 0
    certified = primal_dual.certified_matching

    def counted(
        vertices: Sequence[int],
        weights: Mapping[tuple[int, int], int],
        start: primal_dual.Optimum | None = None,
        **options: object,
    ) -> primal_dual.Optimum:
        nonlocal warm
        warm += start is not None
        return certified(vertices, weights, start, **options)  # type: ignore[arg-type]  # a spy passes on what it was given

    monkeypatch.setattr(primal_dual, "certified_matching", counted)
    _play_both_ways(monkeypatch, "warm_start", players=players, rounds=rounds, seed=seed)
    assert warm


def test_c1_c3_neighbour_lists_kept_for_the_round_give_the_matchings_asked_of_each_pair() -> None:
    """The maximum matchings of C4's checks read each player's neighbours from sets kept
    for the round: the matching of :meth:`RoundProcedure._matching` is the one the
    predicate gives pair by pair, and :meth:`RoundProcedure._completable_now` answers
    as a maximum matching over ``compatible`` and the bye's rules (the oracle)."""
    rng = random.Random(8)
    asked = 0
    try:
        for state in tournament_states(System.DUTCH, players=24, rounds=21, seed=12):
            players, _ = entrants(state)
            n = len(players)
            if n < 6 or state.round_number < 10:
                continue
            procedure = RoundProcedure(players, state.rounds_completed)
            for _ in range(30):
                members = sorted(rng.sample(range(n), rng.randint(2, n)))
                apart = set(rng.sample(members, rng.randint(0, min(3, len(members)))))

                def adjacent(
                    i: int,
                    j: int,
                    m: list[int] = members,
                    held: set[int] = apart,
                    p: list[Entrant] = players,
                ) -> bool:
                    a, b = m[i], m[j]
                    return not (a in held and b in held) and compatible(p[a], p[b])

                assert procedure._matching(members, apart) == dense_maximum_matching(
                    len(members), adjacent
                )
                bye = [m for m in members if procedure.bye.candidate(players[m])]
                dummy = len(members)
                size = dummy + dummy % 2
                rows: list[list[int]] = [[] for _ in range(size)]
                for i in range(size):
                    for j in range(size):
                        if i == j:
                            continue
                        if dummy in (i, j):
                            edge = members[min(i, j)] in bye
                        else:
                            edge = compatible(players[members[i]], players[members[j]])
                        if edge:
                            rows[i].append(j)
                oracle = all(m != -1 for m in maximum_matching(rows))
                assert procedure._completable_now(members, None) == oracle
                asked += 1
    except NoValidPairing:
        pass
    assert asked > 100
