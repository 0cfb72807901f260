"""The neighbour lists C4's maximum matchings read (FIDE C.04.3 2026, C1 and C3 with
C4): each picked from the player's may-meet set in one pass over the matching's
players (``compress`` over the set's test, #38), the same list, ascending, as asking
whether each pair may meet."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Sequence
from itertools import compress

import pytest

from pairing.engine import NoValidPairing, System
from pairing.engine.generator import tournament_states
from pairing.engine.matching import dense_maximum_matching
from pairing.engine.systems.dutch import completion as completion_module


def test_c4_rows_picked_in_one_pass_each(monkeypatch: pytest.MonkeyPatch) -> None:
    picked = 0
    built = 0
    most = 0  # passes for one row

    def counted(data: Iterable[int], selectors: Iterable[object]) -> Iterator[int]:
        nonlocal picked
        picked += 1
        return compress(data, selectors)

    def checked(
        n: int,
        adjacent: Callable[[int, int], bool],
        start: Sequence[int] | None = None,
        row: Callable[[int], list[int]] | None = None,
        *,
        until_unmatched: bool = False,
    ) -> list[int]:
        nonlocal built, most
        if row is not None:
            for i in range(n):
                before = picked
                found = row(i)
                assert found == [j for j in range(n) if j != i and adjacent(i, j)]
                built += picked - before
                most = max(most, picked - before)
        return dense_maximum_matching(n, adjacent, start, row, until_unmatched=until_unmatched)

    monkeypatch.setattr(completion_module, "compress", counted)
    monkeypatch.setattr(completion_module, "dense_maximum_matching", checked)
    rounds = 0
    try:
        for _ in tournament_states(System.DUTCH, players=30, rounds=25, seed=10600):
            rounds += 1
    except NoValidPairing:
        pass
    assert rounds > 10
    # A row of a set's maximum matching, one pass; a row of C4's check after a
    # bracket (``_extends``), one pass a part (the loose players, the players below).
    assert built > 100
    assert most == 3  # a player below: the loose players, those above, those after
