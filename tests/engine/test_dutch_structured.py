"""The 2025 Dutch system's brackets paired from the structure of their criteria
(FIDE Handbook C.04.3, Articles 3 and 4) give exactly what the weighted matching gives.

The weighted matching of :mod:`pairing.engine.systems.dutch.procedure` is the oracle:
every round of random tournaments is paired both ways and must come out the same, boards,
colours, bye and explanation.  The pieces are checked on their own against brute force:
the transportation problem and its dual prices, and the dense maximum matching.
"""

from __future__ import annotations

import itertools
import random
from collections.abc import Iterator

import pytest

from pairing.engine import System, pair_round, weighted
from pairing.engine.generator import tournament_states
from pairing.engine.matching import dense_maximum_matching, maximum_matching, primal_dual
from pairing.engine.model import PairingOptions, TournamentState
from pairing.engine.systems.dutch.procedure import RoundProcedure
from pairing.engine.systems.dutch.structured import transport
from pairing.engine.trf import read_trf, state_from_trf
from tests.engine.corpus import EventSpec, build


def _rounds(players: int, rounds: int, seed: int, accelerated: bool) -> Iterator[TournamentState]:
    """The state before each round: a plain random event, or (``accelerated``) one with
    Baku acceleration, late entries, absences, full-point byes and forbidden pairs."""
    if not accelerated:
        for state in tournament_states(System.DUTCH, players=players, rounds=rounds, seed=seed):
            if state.rounds_completed < rounds:
                yield state
        return
    spec = EventSpec(
        system=System.DUTCH,
        players=players,
        rounds=rounds,
        seed=seed,
        options=PairingOptions(acceleration=True),
        forbidden=players // 20,
        late=players // 10,
    )
    text, record = build(spec)
    trf = read_trf(text)
    for number in range(1, len(record["rounds"]) + 1):
        yield state_from_trf(trf, round_to_pair=number)


EVENTS = [
    (24, 7, 1, False),
    (61, 9, 2, True),
    (97, 8, 3, False),
    (130, 9, 5, True),
    (150, 9, 4, False),
]


@pytest.mark.parametrize(("players", "rounds", "seed", "accelerated"), EVENTS)
def test_c_04_3_article_4_structured_brackets_pair_as_the_weighted_matching(
    players: int, rounds: int, seed: int, accelerated: bool, monkeypatch: pytest.MonkeyPatch
) -> None:
    for state in _rounds(players, rounds, seed, accelerated):
        monkeypatch.setattr(RoundProcedure, "use_structure", True)
        fast = pair_round(state, System.DUTCH, seed=seed)
        monkeypatch.setattr(RoundProcedure, "use_structure", False)
        exact = pair_round(state, System.DUTCH, seed=seed)
        where = f"round {state.round_number}"
        assert fast.boards == exact.boards, where
        assert fast.pairing_allocated_bye == exact.pairing_allocated_bye, where
        assert fast.explanation == exact.explanation, where


def test_c_04_3_article_4_a_large_score_group_needs_no_weighted_matching(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Round 2 of 200 players: every bracket is proved by its structure."""
    states = list(tournament_states(System.DUTCH, players=200, rounds=2, seed=7))
    expected = pair_round(states[1], System.DUTCH, seed=7)

    def refuse(*_: object) -> dict[int, int]:
        raise AssertionError("a weighted matching was run")

    monkeypatch.setattr(primal_dual, "certified_matching", refuse)
    monkeypatch.setattr(weighted, "max_weight_matching", refuse)
    assert pair_round(states[1], System.DUTCH, seed=7).boards == expected.boards


def _best_plan(supply: list[int], demand: list[int], weights: dict[tuple[int, int], int]) -> int:
    """The heaviest plan by brute force over unit shipments (tiny instances)."""
    units_left = [i for i, n in enumerate(supply) for _ in range(n)]
    units_right = [j for j, n in enumerate(demand) for _ in range(n)]
    best = -1
    for order in itertools.permutations(units_right):
        pairs = list(zip(units_left, order, strict=True))
        if all(p in weights for p in pairs):
            best = max(best, sum(weights[p] for p in pairs))
    return best


def test_transport_is_optimal_and_its_prices_prove_it() -> None:
    rng = random.Random(11)
    for _ in range(150):
        n_left, n_right = rng.randint(1, 3), rng.randint(1, 3)
        total = rng.randint(1, 5)
        supply = [0] * n_left
        demand = [0] * n_right
        for _ in range(total):
            supply[rng.randrange(n_left)] += 1
            demand[rng.randrange(n_right)] += 1
        weights = {
            (i, j): rng.choice((0, 1, 5, 2**90 + rng.randrange(9)))
            for i in range(n_left)
            for j in range(n_right)
            if rng.random() < 0.8
        }
        best = _best_plan(supply, demand, weights)
        plan = transport(supply, demand, weights)
        if best < 0:
            assert plan is None
            continue
        assert plan is not None
        assert plan.value == best
        u, v = plan.left_prices, plan.right_prices
        assert all(u[i] + v[j] >= w for (i, j), w in weights.items())
        assert (
            sum(s * p for s, p in zip(supply, u, strict=True))
            + sum(d * p for d, p in zip(demand, v, strict=True))
            == best
        )


def test_dense_maximum_matching_is_maximum() -> None:
    rng = random.Random(5)
    for _ in range(300):
        n = rng.randint(1, 24)
        density = rng.choice((0.1, 0.3, 0.6, 0.9, 1.0))
        edges = {
            frozenset((a, b)) for a in range(n) for b in range(a + 1, n) if rng.random() < density
        }

        def linked(a: int, b: int, e: set[frozenset[int]] = edges) -> bool:
            return frozenset((a, b)) in e

        mate = dense_maximum_matching(n, linked)
        assert all(
            m == -1 or (mate[m] == v and frozenset((v, m)) in edges) for v, m in enumerate(mate)
        )
        adjacent = [[b for b in range(n) if frozenset((a, b)) in edges] for a in range(n)]
        expected = sum(1 for m in maximum_matching(adjacent) if m != -1)
        assert sum(1 for m in mate if m != -1) == expected
