"""C4 of today's Dutch (FIDE C.04.3 2026, Articles 2 C2 and C4): an odd number of
players can all be paired only with one of them taking the bye.  When none of them
may, the answer is No without a maximum matching (#38: such sets are asked in late
rounds, of the players below a bracket whose leftover takes the bye)."""

from __future__ import annotations

from collections.abc import Callable, Sequence

import pytest

from pairing.engine import System
from pairing.engine.generator import tournament_states
from pairing.engine.matching import dense_maximum_matching
from pairing.engine.systems.dutch.entrants import entrants
from pairing.engine.systems.dutch.procedure import RoundProcedure


def test_c4_odd_set_with_no_one_to_take_the_bye_asks_no_matching(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    states = tournament_states(System.DUTCH, players=24, rounds=6, seed=10600)
    state = next(s for s in states if s.round_number == 6)
    players, _ = entrants(state)
    procedure = RoundProcedure(players, state.rounds_completed)
    matchings = 0

    def counted(
        n: int,
        adjacent: Callable[[int, int], bool],
        start: Sequence[int] | None = None,
        row: Callable[[int], list[int]] | None = None,
        *,
        until_unmatched: bool = False,
    ) -> list[int]:
        nonlocal matchings
        matchings += 1
        return dense_maximum_matching(n, adjacent, start, row, until_unmatched=until_unmatched)

    monkeypatch.setattr("pairing.engine.systems.dutch.completion.dense_maximum_matching", counted)
    members = list(range(5))
    assert not procedure._completable(members, [])
    assert not procedure._completable(list(range(1, 6)), [7, 8])  # candidates elsewhere
    assert matchings == 0
    # With a candidate among them the matching decides.
    procedure._completable(members, [members[0]])
    assert matchings == 1
