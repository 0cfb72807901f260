"""1992 Dutch C13: the search without the test of the lowest bracket and the fitted
search by turns (``c13_fit.fitted_search``, #38).

C13 takes the penultimate bracket's first pairing, in the procedure's order, with which
the lowest bracket can be paired.  Both searches give that pairing, so the turns between
them, weighed by the sub-searches and the test's matchings, change only the time.  Held
here to the order of the turns on a scripted search, and to the search without the test
(the oracle) on the late rounds of random near round robins with budgets so small that
the fitted search is stopped and started again.
"""

from __future__ import annotations

from collections.abc import Callable

import pytest

from pairing.engine.systems.dutch1992 import c13_fit
from pairing.engine.systems.dutch1992.brackets import Accepted, Bracket
from pairing.engine.systems.dutch1992.c13_fit import LowestFit, OverBudget, fitted_search
from pairing.engine.systems.dutch1992.entrants import entrants
from pairing.engine.systems.dutch1992.procedure import Search
from tests.engine.dutch1992_late import late_states, run_search

EVENTS = ((20, 17, 7), (30, 26, 13), (24, 21, 2031), (26, 23, 5), (22, 20, 11))
"""Players, rounds and seed of the random events: near round robins, where C13 works."""


class _Scripted:
    """A stand-in for C13's search: the search without the test asks ``feasible`` before
    each of its ``plain`` sub-searches and gives ``answer`` after them; the fitted search
    works out ``matchings`` matchings of the test (one at a time, as the test does) and
    gives ``answer``.  ``calls`` records what happened, in order."""

    def __init__(self, fit: LowestFit, plain: int, matchings: int) -> None:
        self.fit = fit
        self.plain = plain
        self.matchings = matchings
        self.answer = object()
        self.calls: list[str] = []

    def __call__(
        self, *, feasible: Callable[[frozenset[int]], bool], fit: LowestFit | None = None
    ) -> object:
        if fit is None:
            for _ in range(self.plain):
                feasible(frozenset())
                self.calls.append("sub-search")
            return self.answer
        self.calls.append(f"fitted, budget {fit.budget}")
        for _ in range(self.matchings):
            fit._spend()
        return self.answer


def _scripted(plain: int, matchings: int) -> tuple[_Scripted, object]:
    search = _Scripted(LowestFit((), ()), plain, matchings)
    answer = fitted_search(search, lambda keep: True, search.fit)  # type: ignore[arg-type]  # a stand-in search
    return search, answer


def test_dutch_c13_turns_fitted_search_after_patience(monkeypatch: pytest.MonkeyPatch) -> None:
    """Dutch C13: after :data:`PATIENCE` sub-searches the fitted search has its turn, and
    when it ends within its budget its answer is C13's; a search ending sooner never
    works out the test."""
    monkeypatch.setattr(c13_fit, "PATIENCE", 1)
    monkeypatch.setattr(c13_fit, "FIT_BUDGET", 5)
    search, answer = _scripted(plain=10, matchings=5)
    assert answer is search.answer
    assert search.calls == ["sub-search", "fitted, budget 5"]
    assert search.fit.matchings == 5
    search, answer = _scripted(plain=1, matchings=5)
    assert answer is search.answer
    assert search.calls == ["sub-search"]
    assert search.fit.matchings == 0


def test_dutch_c13_turns_over_budget_goes_back_then_runs_to_the_end(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Dutch C13: a fitted search passing :data:`FIT_BUDGET` matchings is stopped before
    working out one more, the search without the test goes on where it stood, and after
    :data:`LAST_TURN` sub-searches the fitted search runs to its end, unbounded."""
    monkeypatch.setattr(c13_fit, "PATIENCE", 2)
    monkeypatch.setattr(c13_fit, "FIT_BUDGET", 3)
    monkeypatch.setattr(c13_fit, "LAST_TURN", 5)
    search, answer = _scripted(plain=10, matchings=7)
    assert answer is search.answer
    assert search.calls == [
        "sub-search",
        "sub-search",
        "fitted, budget 3",
        "sub-search",
        "sub-search",
        "sub-search",
        "fitted, budget None",
    ]
    assert search.fit.matchings == 3 + 7
    assert search.fit.budget is None
    with pytest.raises(OverBudget):
        search.fit.budget = search.fit.matchings
        search.fit._spend()
    search, answer = _scripted(plain=4, matchings=7)
    assert answer is search.answer  # the search without the test ended first
    assert search.calls[-1] == "sub-search"
    assert search.fit.matchings == 3


@pytest.mark.parametrize(("patience", "budget", "last"), [(0, 1, 2), (1, 2, 3), (2, 2, 4)])
def test_dutch_c13_turns_pair_as_the_search_without_the_test(
    patience: int, budget: int, last: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Dutch C13: with budgets so small that fitted searches are stopped mid-way (in the
    test of a prefix or a remainder) and started again later, the late rounds are paired
    as without the test: stopping one leaves nothing the round's other searches read."""
    monkeypatch.setattr(c13_fit, "PATIENCE", patience)
    monkeypatch.setattr(c13_fit, "FIT_BUDGET", budget)
    monkeypatch.setattr(c13_fit, "LAST_TURN", last)
    stopped = 0
    original = c13_fit.LowestFit._spend

    def spied(self: LowestFit) -> None:
        nonlocal stopped
        try:
            original(self)
        except OverBudget:
            stopped += 1
            raise

    def fitted(previous: Accepted, lowest: Bracket) -> LowestFit | None:
        return c13_fit.lowest_fit(previous, lowest)

    monkeypatch.setattr(LowestFit, "_spend", spied)
    for players, rounds, seed in EVENTS:
        states = list(late_states(players, rounds, seed, from_completed=players // 2))
        monkeypatch.setattr(Search, "_c13_fit", staticmethod(lambda previous, lowest: None))
        without = [repr(run_search(Search(entrants(state)[0]))) for state in states]
        monkeypatch.setattr(Search, "_c13_fit", staticmethod(fitted))
        assert [repr(run_search(Search(entrants(state)[0]))) for state in states] == without
    assert stopped
