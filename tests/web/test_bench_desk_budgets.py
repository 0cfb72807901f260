"""The desk budgets' bench (``python -m bench.desk_budgets``, #34 item 2 and #35): its
pure parts only; its timings are ``make bench``'s, never a test's."""

from __future__ import annotations

from bench.desk_budgets import BUDGETS, SIZE_BUDGETS, size_verdicts, timed, verdicts


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


def test_the_players_page_weighs_at_most_150_kb() -> None:
    """#36 item 4: the arbiter's players page at 1,000 players, weighed by the bench."""
    assert SIZE_BUDGETS["players page"] == 150_000


def test_the_festival_page_weighs_at_most_60_kb_in_the_bench() -> None:
    """#34: a festival of 3 sections x 500 players, its page at most 60 KB of HTML."""
    assert SIZE_BUDGETS["festival page"] == SIZE_BUDGETS["festival page with a search"] == 60_000
    verdict = size_verdicts({"festival page": 59_000, "festival page with a search": 61_000})
    assert [ok for *_, ok in verdict] == [True, False]
