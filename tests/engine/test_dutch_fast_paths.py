"""The 2025 Dutch system's shortcuts for late rounds (#38) give what the long way gives.

Article 4's steps folded into fewer matchings (FIDE Handbook C.04.3, Articles 3.2-3.3
and 4.2-4.4) pair exactly as the steps taken one matching at a time, and the scores
before each round (1.4.2's floats) kept as running totals are the sums of the rounds
before.

Late rounds of near round robins are where brackets carry many moved-down players, step
1 has to choose among them and step 2 places each one's opponent: every round of random
such events is paired both ways (``RoundProcedure.fold_steps``) and must come out the
same, boards, colours, bye and explanation.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence

import pytest

from pairing.engine import NoValidPairing, System, pair_round, weighted
from pairing.engine.generator import tournament_states
from pairing.engine.matching import primal_dual
from pairing.engine.model import PairingOptions, RoundPairing, TournamentState
from pairing.engine.systems.dutch import order
from pairing.engine.systems.dutch.acceleration import accelerations
from pairing.engine.systems.dutch.criteria import edge_weight
from pairing.engine.systems.dutch.entrants import (
    _scores_before,
    colours_allow,
    compatible,
    entrants,
)
from pairing.engine.systems.dutch.procedure import RoundProcedure
from pairing.engine.trf import read_trf, state_from_trf
from tests.engine.corpus import EventSpec, build

Solve = Callable[[], dict[int, int]]
Mate = dict[int, int]

NEAR_ROUND_ROBINS = [(16, 14, 11), (20, 17, 12), (26, 22, 13), (26, 24, 100), (34, 29, 14)]


def _play_both_ways(
    monkeypatch: pytest.MonkeyPatch, flag: str, *, players: int, rounds: int, seed: int
) -> None:
    """Play a near round robin with every round paired with ``RoundProcedure.<flag>``
    off and on, the two pairings required equal (boards, bye, explanation)."""

    def both_ways(state: TournamentState, system: System, lot: int) -> RoundPairing:
        monkeypatch.setattr(RoundProcedure, flag, False)
        exact = pair_round(state, system, seed=lot)
        monkeypatch.setattr(RoundProcedure, flag, True)
        fast = pair_round(state, system, seed=lot)
        where = f"round {state.round_number}"
        assert fast.boards == exact.boards, where
        assert fast.pairing_allocated_bye == exact.pairing_allocated_bye, where
        assert fast.explanation == exact.explanation, where
        return fast

    played = 0
    try:
        for _ in tournament_states(
            System.DUTCH, players=players, rounds=rounds, seed=seed, pairer=both_ways
        ):
            played += 1
    except NoValidPairing:
        pass  # a near round robin may run out of pairings before its last round
    assert played > rounds // 2


@pytest.mark.parametrize(("players", "rounds", "seed"), NEAR_ROUND_ROBINS)
def test_c_04_3_article_4_steps_in_one_matching_pair_as_step_by_step(
    players: int, rounds: int, seed: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Steps 1 and 2 (which moved-down players are paired, and with whom) and step 3's
    exchanges, each in one matching."""
    folds = exchanged = 0
    steps_1_and_2 = order._steps_1_and_2_at_once
    exchanges = order._exchanges_at_once

    def counted(
        carried: list[int], residents: list[int], weights: order.Graph, solve: Solve
    ) -> dict[int, int]:
        nonlocal folds
        folds += 1
        return steps_1_and_2(carried, residents, weights, solve)

    def counted_exchanges(
        remainder: list[int], pairs: int, weights: order.Graph, solve: Solve
    ) -> dict[int, int]:
        nonlocal exchanged
        mate = exchanges(remainder, pairs, weights, solve)
        exchanged += any(mate[a] < a or mate[a] not in remainder for a in remainder[:pairs])
        return mate

    monkeypatch.setattr(order, "_steps_1_and_2_at_once", counted)
    monkeypatch.setattr(order, "_exchanges_at_once", counted_exchanges)

    _play_both_ways(monkeypatch, "fold_steps", players=players, rounds=rounds, seed=seed)
    assert folds, "no bracket took steps 1 and 2 in one matching"
    assert exchanged, "no bracket exchanged players in one matching"


@pytest.mark.parametrize("accelerated", [False, True])
def test_1_4_2_scores_before_each_round_are_the_sums_of_the_rounds_before(
    accelerated: bool,
) -> None:
    """Late entries, byes, forfeits and Baku acceleration's virtual points included."""
    spec = EventSpec(
        system=System.DUTCH,
        players=23,
        rounds=9,
        seed=5,
        options=PairingOptions(acceleration=accelerated),
        forbidden=1,
        late=3,
    )
    text, record = build(spec)
    trf = read_trf(text)
    for number in range(1, len(record["rounds"]) + 1):
        state = state_from_trf(trf, round_to_pair=number)
        ordered = sorted(state.players, key=lambda p: p.pairing_number)
        bonus = accelerations(state)
        summed = {
            r: {
                p.pairing_number: sum(
                    state.points.points_for(h.outcome) for h in p.history[: r - 1]
                )
                + bonus.get((p.pairing_number, r), 0)
                for p in ordered
            }
            for r in range(1, state.rounds_completed + 2)
        }
        assert _scores_before(state, ordered) == summed, f"round {number}"


def test_c_4_weight_outside_the_bracket_is_the_completion_field_alone() -> None:
    """A pair outside the bracket and the next score group (C4's wider graph) weighs
    what :func:`edge_weight` gives it, quality fields and all."""
    checked = 0
    try:
        for state in tournament_states(System.DUTCH, players=21, rounds=18, seed=3):
            players, _ = entrants(state)
            if len(players) < 2:
                continue
            procedure = RoundProcedure(players, state.rounds_completed)
            for j in range(len(players)):
                for i in range(j):
                    for full in (False, True):
                        expected = edge_weight(
                            players[i],
                            players[j],
                            layout=procedure.layout,
                            in_bracket=False,
                            in_next=False,
                            bye=procedure.bye,
                            single_downfloater_takes_bye=False,
                            completion=full,
                        )
                        assert procedure.weight(i, j, False, False, False, full) == expected
                        checked += bool(expected)
    except NoValidPairing:
        pass  # the event ran out of pairings; the rounds before it were checked
    assert checked


def test_c1_c3_compatible_is_c1_then_colours_allow() -> None:
    """C1 and C3 together (written out for speed: every dense matching asks it of every
    pair) answer as C1, not met and not forbidden, then C3 alone (``colours_allow``),
    over every pair of late rounds where absolute preferences and topscorers abound."""
    checked = forbidden_by_c3 = 0
    try:
        for state in tournament_states(System.DUTCH, players=21, rounds=18, seed=5):
            players, _ = entrants(state)
            for a in players:
                for b in players:
                    if a is b:
                        continue
                    expected = b.number not in a.avoid and colours_allow(a, b)
                    assert compatible(a, b) == expected
                    checked += 1
                    forbidden_by_c3 += not colours_allow(a, b)
    except NoValidPairing:
        pass  # the event ran out of pairings; the rounds before it were checked
    assert checked
    assert forbidden_by_c3


def test_c_4_completion_remembered_for_the_round_answers_as_worked_out() -> None:
    """The same players asked again, with another set allowed the bye, get the answer
    worked out afresh: the round's memory of C4's questions keys on both."""
    rng = random.Random(38)
    asked = 0
    try:
        for state in tournament_states(System.DUTCH, players=19, rounds=16, seed=8):
            players, _ = entrants(state)
            if len(players) < 4:
                continue
            procedure = RoundProcedure(players, state.rounds_completed)
            everyone = list(range(len(players)))
            for _ in range(12):
                members = sorted(rng.sample(everyone, rng.randrange(2, len(players) + 1)))
                for bye in (None, [], members[:1], members[-2:]):
                    for _ in range(2):
                        worked_out = procedure._completable_now(members, bye)
                        assert procedure._completable(members, bye) == worked_out
                        asked += 1
    except NoValidPairing:
        pass  # the event ran out of pairings; the rounds before it were checked
    assert asked


@pytest.mark.parametrize(("players", "rounds", "seed"), NEAR_ROUND_ROBINS)
def test_c_04_3_c4_bracket_sent_to_everyone_early_pairs_as_trying_smaller_first(
    players: int, rounds: int, seed: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    """C4 (completion) asked before a bracket is paired: when its pairings with the
    most pairs of its own (C6) cannot complete the round, it goes straight to the
    pairing with everyone in view, and the round comes out as when the smaller
    pairings were tried and thrown away first."""
    early = 0
    needs_everyone = RoundProcedure._needs_everyone

    def counted(
        procedure: RoundProcedure, carried: list[int], residents: list[int], below: list[int]
    ) -> bool:
        nonlocal early
        answer = needs_everyone(procedure, carried, residents, below)
        early += answer
        return answer

    monkeypatch.setattr(RoundProcedure, "_needs_everyone", counted)

    _play_both_ways(monkeypatch, "early_completion", players=players, rounds=rounds, seed=seed)
    assert early, "no bracket was sent to the pairing with everyone before the others"


@pytest.mark.parametrize(("players", "rounds", "seed"), NEAR_ROUND_ROBINS)
def test_c_04_3_article_4_steps_with_own_matching_pair_as_with_networkx(
    players: int, rounds: int, seed: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The steps of Article 4 paired with the project's weighted matching come out as
    with NetworkX's for every step: the same boards, bye and explanation (where the
    round reads players beyond the bracket and the matchings of equal weight answer
    differently there, the last graph is handed to NetworkX; the test counts it)."""
    own = networkx = 0
    own_matching = primal_dual.certified_matching
    networkx_matching = weighted.max_weight_matching

    def counted_own(
        vertices: Sequence[int],
        weights: Mapping[tuple[int, int], int],
        warm: primal_dual.Optimum | None = None,
        **options: object,
    ) -> primal_dual.Optimum:
        nonlocal own
        own += 1
        return own_matching(vertices, weights, warm, **options)  # type: ignore[arg-type]  # a spy passes on what it was given

    def counted_networkx(vertices: Sequence[int], weights: Mapping[tuple[int, int], int]) -> Mate:
        nonlocal networkx
        networkx += RoundProcedure.own_matching
        return networkx_matching(vertices, weights)

    monkeypatch.setattr(primal_dual, "certified_matching", counted_own)
    monkeypatch.setattr(weighted, "max_weight_matching", counted_networkx)
    _play_both_ways(monkeypatch, "own_matching", players=players, rounds=rounds, seed=seed)
    assert own > networkx >= 0


def test_c_04_3_why_others_float_is_found_without_networkx(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Round 4 of a 12-player near round robin floats others than its bracket's lowest
    residents; the criterion that made them float (the explanation) comes from this
    project's matching, NetworkX not asked, and is the one NetworkX's matching gives."""
    states = tournament_states(System.DUTCH, players=12, rounds=11, seed=2026)
    state = next(s for s in states if s.round_number == 4)
    monkeypatch.setattr(RoundProcedure, "own_matching", False)
    oracle = pair_round(state, System.DUTCH, seed=2026)
    monkeypatch.setattr(RoundProcedure, "own_matching", True)

    def refused(*args: object, **kwargs: object) -> Mate:
        raise AssertionError("NetworkX was asked")

    monkeypatch.setattr("networkx.max_weight_matching", refused)
    fast = pair_round(state, System.DUTCH, seed=2026)
    assert fast.explanation == oracle.explanation
    assert (fast.boards, fast.pairing_allocated_bye) == (
        oracle.boards,
        oracle.pairing_allocated_bye,
    )


def test_c_4_completion_read_from_the_duals_without_networkx(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Round 7 of a 12-player near round robin: whether each bracket's leftovers and
    those below can complete the round (C4) is the same for every set of players its
    matching's duals may leave over, so NetworkX's matching is not asked, and the round
    pairs as the oracle (NetworkX for every step) pairs it."""
    states = tournament_states(System.DUTCH, players=12, rounds=11, seed=2026)
    state = next(s for s in states if s.round_number == 7)
    monkeypatch.setattr(RoundProcedure, "own_matching", False)
    oracle = pair_round(state, System.DUTCH, seed=2026)
    monkeypatch.setattr(RoundProcedure, "own_matching", True)

    def refused(*args: object, **kwargs: object) -> Mate:
        raise AssertionError("NetworkX was asked")

    monkeypatch.setattr("networkx.max_weight_matching", refused)
    fast = pair_round(state, System.DUTCH, seed=2026)
    assert (fast.boards, fast.pairing_allocated_bye, fast.explanation) == (
        oracle.boards,
        oracle.pairing_allocated_bye,
        oracle.explanation,
    )
