"""1992 Dutch C13: the pairings of S1 whose remainder C13's fitted search already knows
to give nothing are left out of that search's listing (#38).

C13's fitted search (:class:`LowestFit`) remembers the remainders that gave nothing
apart from the search without it (their memory's key holds the test's key).  The filter
of the pairings of S1 (``Feasibility.remainder_viable``) reads the memory of the search
it lists for (``RemainderNeed.fitted``), so a pairing that the fitted search would skip
is not listed for it, and one skipped only there is still listed for the other.
"""

from __future__ import annotations

from collections.abc import Sequence

import pytest

from pairing.engine.systems.dutch1992 import feasibility
from pairing.engine.systems.dutch1992.criteria import FloatRules, x_of
from pairing.engine.systems.dutch1992.entrants import Entrant, entrants
from pairing.engine.systems.dutch1992.feasibility import Feasibility
from pairing.engine.systems.dutch1992.remainder import RemainderNeed
from tests.engine.dutch1992_late import late_states


class _Open:
    """A remainder graph that lets every pairing of S1 through, so that only the memory of
    remainders giving nothing decides (the graph's own checks are tested elsewhere)."""

    def __init__(self, s1: Sequence[Entrant], s2: Sequence[Entrant], *args: object) -> None:
        self.s2 = s2
        self.size = len(s2)
        self.leaves: dict[tuple[int, int], dict[int, object]] = {}

    def completes(self, prefix: tuple[int, ...]) -> bool:
        return True

    def places(self, prefix: tuple[int, ...]) -> list[int]:
        return [t for t in range(self.size) if t not in prefix]

    def fits(self, prefix: tuple[int, ...], budget: int) -> bool:
        return True

    def fits_exactly(self, count: int) -> bool:
        return False

    def x_left(self, taken: int) -> int:
        return x_of([b for t, b in enumerate(self.s2) if not taken >> t & 1])


def test_dutch1992_c13_fitted_search_lists_no_head_whose_remainder_it_knows_barren(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Dutch C13 (C6, C7): a remainder remembered as giving nothing by the fitted search
    refuses the pairing of S1 that leaves it in that search's listing only."""
    monkeypatch.setattr(feasibility, "_RemainderGraph", _Open)
    monkeypatch.setattr(feasibility, "LEFTOVER_CHECK", 0)
    players = entrants(next(late_states(16, 15, 3, from_completed=5)))[0]
    s1, s2 = players[:1], players[1:4]
    rules, moved, fit_key = FloatRules(), frozenset[int](), ("c13 fit", (1,), (2,))
    checks = Feasibility()
    fitted = checks.remainder_viable(
        s1, s2, rules, moved, RemainderNeed(1, 0, 0, False, frozenset(), frozenset(), (fit_key,))
    )
    plain = checks.remainder_viable(
        s1, s2, rules, moved, RemainderNeed(1, 0, 0, False, frozenset(), frozenset())
    )
    assert fitted((0,)) and plain((0,))
    rest = s2[1:]
    budget = min(1, x_of(rest))
    memo = ("remainder", tuple(b.number for b in rest), 1, budget, 0, moved, False, fit_key)
    checks.barren[memo] = [checks.mask(frozenset())]
    assert not fitted((0,))
    assert plain((0,))
    assert fitted((1,)) and plain((1,))
