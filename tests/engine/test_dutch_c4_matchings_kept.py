"""C4's and C6's maximum matchings of the same players asked again in one round (FIDE
C.04.3 2026, Article 2 C4 and C6): ``RoundProcedure._matching`` works each out once
and answers again from what it kept (#38: ``_extends`` asks it of the next score group
each time a bracket is paired, ``left_within`` of the players ``_no_one_pairs_below``
asked it of)."""

from __future__ import annotations

from collections.abc import Callable, Sequence

import pytest

from pairing.engine import System
from pairing.engine.generator import tournament_states
from pairing.engine.matching import dense_maximum_matching
from pairing.engine.systems.dutch.entrants import entrants
from pairing.engine.systems.dutch.procedure import RoundProcedure


def _counting(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """The sizes of the maximum matchings C4's checks work out."""
    sizes: list[int] = []

    def counted(
        n: int,
        adjacent: Callable[[int, int], bool],
        start: Sequence[int] | None = None,
        row: Callable[[int], list[int]] | None = None,
        *,
        until_unmatched: bool = False,
    ) -> list[int]:
        sizes.append(n)
        return dense_maximum_matching(n, adjacent, start, row, until_unmatched=until_unmatched)

    monkeypatch.setattr("pairing.engine.systems.dutch.completion.dense_maximum_matching", counted)
    return sizes


def test_c6_matching_of_the_same_players_worked_out_once_a_round(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    states = tournament_states(System.DUTCH, players=24, rounds=13, seed=10600)
    state = next(s for s in states if s.round_number == 13)
    players, _ = entrants(state)
    expected = RoundProcedure(players, state.rounds_completed)
    procedure = RoundProcedure(players, state.rounds_completed)
    sizes = _counting(monkeypatch)
    members = list(range(6, 15))
    first = procedure._matching(members, {6, 7})
    first[0] = -2  # the caller's copy: what was kept is not changed
    again = procedure._matching(list(members), {7, 6})
    left = procedure.left_within(members, {6, 7})
    assert sizes == [9]
    alone = procedure._matching(members)
    assert procedure._matching(members, set()) == alone
    assert sizes == [9, 9]
    assert again == expected._matching(members, {6, 7})
    assert alone == expected._matching(members)
    assert left == tuple(m for m, p in zip(members, again, strict=True) if p == -1)


def test_c4_checks_of_late_rounds_work_out_fewer_matchings(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The late rounds (11 on) of the 40-player event of seed 10600: C4's and C6's
    checks of their brackets worked out 385 maximum matchings before, 372 now.  The
    explanation's own C6 count of who floats (``c6_first``, which trades a weighted
    matching for a maximum one) is left out: it is counted by its own test."""
    monkeypatch.setattr(RoundProcedure, "c6_first", False)
    sizes = _counting(monkeypatch)
    asked = 0
    for state in tournament_states(System.DUTCH, players=40, rounds=19, seed=10600):
        if state.round_number < 11:
            continue
        players, _ = entrants(state)
        procedure = RoundProcedure(players, state.rounds_completed)
        before = len(sizes)
        procedure.run()
        asked += len(sizes) - before
    assert 0 < asked <= 375
