"""C4 of today's Dutch (FIDE C.04.3 2026, Articles 2 C2 and C4): an odd number of
players can all be paired only with one of them taking the bye.  When none of them
may, the answer is No without a maximum matching (#38: such sets are asked in late
rounds, of the players below a bracket whose leftover takes the bye)."""

from __future__ import annotations

import pytest

from pairing.engine import System
from pairing.engine.generator import tournament_states
from pairing.engine.systems.dutch.entrants import entrants
from pairing.engine.systems.dutch.procedure import RoundProcedure
from tests.engine.test_dutch_c4_matchings_kept import _counting


def test_c4_odd_set_with_no_one_to_take_the_bye_asks_no_matching(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    states = tournament_states(System.DUTCH, players=24, rounds=6, seed=10600)
    state = next(s for s in states if s.round_number == 6)
    players, _ = entrants(state)
    procedure = RoundProcedure(players, state.rounds_completed)
    sizes = _counting(monkeypatch)  # one entry per maximum matching worked out
    members = list(range(5))
    assert not procedure._completable(members, [])
    assert not procedure._completable(list(range(1, 6)), [7, 8])  # candidates elsewhere
    assert len(sizes) == 0
    # With a candidate among them the matching decides.
    procedure._completable(members, [members[0]])
    assert len(sizes) == 1
