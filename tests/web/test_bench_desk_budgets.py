"""The desk budgets' bench (``python -m bench.desk_budgets``, #34 item 2 and #35): its
pure parts only; its timings are ``make bench``'s, never a test's."""

from __future__ import annotations

import pytest

from bench.desk_budgets import BUDGETS, chosen, timed, verdicts


def test_every_budget_of_issues_34_and_35_is_measured() -> None:
    assert set(BUDGETS) == {
        "submitted entry",
        "submitted entry, accepted at once",
        "desk check-in of one player",
        "entries CSV (1,500 entries)",
        "standings with Rp and rating change",
    }
    assert BUDGETS["entries CSV (1,500 entries)"] == 1.0
    assert BUDGETS["standings with Rp and rating change"] == 0.3


def test_a_median_over_its_budget_is_reported_over() -> None:
    found = {name: (budget / 2, budget * 3) for name, budget in BUDGETS.items()}
    found["standings with Rp and rating change"] = (0.31, 0.31)
    within = {name: ok for name, _, _, _, ok in verdicts(found)}
    assert within == {name: name != "standings with Rp and rating change" for name in BUDGETS}


def test_the_warm_up_call_is_not_counted() -> None:
    calls: list[int] = []
    median, slowest = timed(calls.append, 4)
    assert calls == [0, 1, 2, 3, 4]
    assert 0 <= median <= slowest


def test_only_chooses_the_figures_by_a_word_of_their_names() -> None:
    assert chosen([]) == list(BUDGETS)
    assert chosen(["standings"]) == ["standings with Rp and rating change"]
    assert chosen(["Entry", "check-in"]) == [
        "submitted entry",
        "submitted entry, accepted at once",
        "desk check-in of one player",
    ]
    with pytest.raises(ValueError, match="no figure"):
        chosen(["pairing"])


def test_figures_left_out_by_only_are_not_listed() -> None:
    found = {"standings with Rp and rating change": (0.2, 0.25)}
    assert verdicts(found) == [("standings with Rp and rating change", 0.2, 0.25, 0.3, True)]
