"""C4's neighbour lists of today's Dutch (FIDE C.04.3 2026, Article 2 C1, C3 and C4)
read from the sets kept for the round by membership alone (#38).

A matching's neighbour list of a player was made by scanning the whole round's set of
those he may meet (and sorting); in ``_no_floaters_complete`` the lists of the loose
players, the stand-ins and the bye asked the predicate of every vertex.  The lists are
now made from the matching's own vertices, asking the kept sets whether each is in
them: the same lists, with no scan of a round's set and no pair asked one by one.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence

import pytest

from pairing.engine import System
from pairing.engine.generator import tournament_states
from pairing.engine.matching import dense_maximum_matching
from pairing.engine.systems.dutch.entrants import Entrant, compatible, entrants
from pairing.engine.systems.dutch.procedure import RoundProcedure


class _Scanned(set[int]):
    """A kept set that counts the scans of it."""

    scans = 0

    def __iter__(self) -> Iterator[int]:  # a set made from it, or a scan
        _Scanned.scans += 1
        return super().__iter__()


def test_c4_neighbour_lists_ask_no_pair_and_scan_no_kept_set(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    counting = in_row = False
    asked_in_rows = 0
    rows_made = 0

    def asked(a: Entrant, b: Entrant) -> bool:
        nonlocal asked_in_rows
        asked_in_rows += in_row
        return compatible(a, b)

    def counted(
        n: int,
        adjacent: Callable[[int, int], bool],
        start: Sequence[int] | None = None,
        row: Callable[[int], list[int]] | None = None,
        *,
        until_unmatched: bool = False,
    ) -> list[int]:
        def made(v: int) -> list[int]:
            nonlocal in_row, rows_made  # of the round asked, not of the generator's
            assert row is not None
            in_row, rows_made = counting, rows_made + counting
            try:
                return row(v)
            finally:
                in_row = False

        kept = made if row is not None else None
        return dense_maximum_matching(n, adjacent, start, kept, until_unmatched=until_unmatched)

    monkeypatch.setattr("pairing.engine.systems.dutch.completion.compatible", asked)
    monkeypatch.setattr("pairing.engine.systems.dutch.completion.dense_maximum_matching", counted)
    rounds = 0
    for state in tournament_states(System.DUTCH, players=24, rounds=16, seed=10600):
        if state.round_number < 11:
            continue
        players, _ = entrants(state)
        procedure = RoundProcedure(players, state.rounds_completed)
        # Each player's set made first (by the predicate), and counted when scanned.
        procedure._met = {a: _Scanned(procedure._may_meet(a)) for a in range(len(players))}
        counting = True
        procedure.run()
        counting = False
        rounds += 1
    assert rounds > 4
    assert rows_made > 300
    assert asked_in_rows == 0
    assert _Scanned.scans == 0
