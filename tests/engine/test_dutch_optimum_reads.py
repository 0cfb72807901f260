"""A bracket paired with everyone in view (FIDE C.04.3 2026, Article 2 C4) never asks
whether all its graph's optima leave the same players over (its matching is read
from the tie rules instead, ``order.settled``): the duals are not scanned for it, and
an optimum scans them only when asked, answering as the same reading at once."""

from __future__ import annotations

import random

import pytest

from pairing.engine import NoValidPairing, System
from pairing.engine.generator import tournament_states
from pairing.engine.matching import primal_dual
from pairing.engine.systems.dutch.entrants import entrants
from pairing.engine.systems.dutch.order import pair_bracket
from pairing.engine.systems.dutch.procedure import RoundProcedure

from .test_dutch_quality_kept import top_groups


def _same_at_once(optimum: primal_dual.Optimum) -> bool:
    search = optimum._search
    u, adjacent = search.u, search.adjacent
    return all(
        u[v] > 0
        if m != -1
        else search.top[v] == v and all(u[v] + u[w] > x for w, x in adjacent[v].items())
        for v, m in enumerate(search.mate)
    )


def test_same_players_left_over_read_when_asked_as_at_once() -> None:
    rng = random.Random(4)
    for _ in range(300):
        n = rng.randint(2, 10)
        weights = {
            (a, b): rng.choice([1, 2, 2, 3])
            for b in range(n)
            for a in range(b)
            if rng.random() < 0.5
        }
        optimum = primal_dual.certified_matching(range(n), weights)
        assert optimum.same_unmatched == _same_at_once(optimum)


def test_c4_bracket_with_everyone_in_view_asks_no_same_left_over(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    reads = 0
    real = primal_dual.Optimum.same_unmatched

    def counted(self: primal_dual.Optimum) -> bool:
        nonlocal reads
        reads += 1
        value: bool = real.fget(self)  # type: ignore[attr-defined]  # the property's getter
        return value

    monkeypatch.setattr(primal_dual.Optimum, "same_unmatched", property(counted))
    paired = 0
    try:
        for state in tournament_states(System.DUTCH, players=24, rounds=21, seed=10601):
            players, _ = entrants(state)
            if state.round_number < 8:
                continue
            procedure = RoundProcedure(players, state.rounds_completed)
            residents, nxt, rest = top_groups(players)
            before = reads
            outcome = pair_bracket(procedure, [], residents, nxt, rest, False, full=True)
            assert reads == before
            paired += outcome.duals is not None
    except NoValidPairing:
        pass
    assert paired > 5
