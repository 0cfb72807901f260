"""The desk budgets' bench (``python -m bench.desk_budgets``, #34 item 2 and #35): its
pure parts only; its timings are ``make bench``'s, never a test's."""

from __future__ import annotations

import pytest

from bench.desk_budgets import (
    BUDGETS,
    PROCESSOR_TIMES,
    SIZE_BUDGETS,
    chosen,
    size_verdicts,
    timed,
    verdicts,
)


def test_every_budget_of_issues_34_35_and_36_is_measured() -> None:
    assert set(BUDGETS) == {
        "submitted entry",
        "submitted entry, accepted at once",
        "desk check-in of one player",
        "entries CSV (1,500 entries)",
        "festival entries CSV (3 x 500 entries)",
        "standings with Rp and rating change",
        "result save by board number (server)",
        "draft review page (1,000 players)",
        "players' cards page (100 cards)",
    }
    assert BUDGETS["result save by board number (server)"] == 0.15
    assert BUDGETS["draft review page (1,000 players)"] == 0.2
    assert SIZE_BUDGETS["draft review page (1,000 players), HTML"] == 200_000
    assert BUDGETS["entries CSV (1,500 entries)"] == 1.0
    assert BUDGETS["festival entries CSV (3 x 500 entries)"] == 1.0
    assert BUDGETS["standings with Rp and rating change"] == 0.3
    assert BUDGETS["players' cards page (100 cards)"] == 1.0


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


def _verdict(sizes: dict[str, int], names: set[str]) -> list[bool]:
    return [ok for name, *_, ok in size_verdicts(sizes) if name in names]


def test_the_festival_page_weighs_at_most_60_kb_in_the_bench() -> None:
    """#34: a festival of 3 sections x 500 players, its page at most 60 KB of HTML."""
    assert SIZE_BUDGETS["festival page"] == SIZE_BUDGETS["festival page with a search"] == 60_000
    names = {"festival page", "festival page with a search"}
    verdict = _verdict({"festival page": 59_000, "festival page with a search": 61_000}, names)
    assert verdict == [True, False]


def test_a_page_over_its_size_or_not_measured_is_reported_over() -> None:
    name = "draft review page (1,000 players), HTML"
    assert _verdict({name: 199_000}, {name}) == [True]
    assert _verdict({name: 200_001}, {name}) == [False]
    assert _verdict({}, {name}) == [False]


def test_only_chooses_the_figures_by_a_word_of_their_names() -> None:
    assert chosen([]) == list(BUDGETS)
    assert chosen(["standings"]) == ["standings with Rp and rating change"]
    assert chosen(["Entry", "check-in"]) == [
        "submitted entry",
        "submitted entry, accepted at once",
        "desk check-in of one player",
    ]
    assert chosen(["draft", "cards"]) == [
        "draft review page (1,000 players)",
        "players' cards page (100 cards)",
    ]
    with pytest.raises(ValueError, match="no figure"):
        chosen(["pairing"])


def test_only_festival_chooses_the_festival_entries_csv() -> None:
    """#34: the festival's entries CSV of 3 x 500 entries is a figure of its own."""
    assert chosen(["festival"]) == ["festival entries CSV (3 x 500 entries)"]


def test_figures_left_out_by_only_are_not_listed() -> None:
    found = {"standings with Rp and rating change": (0.2, 0.25)}
    assert verdicts(found) == [("standings with Rp and rating change", 0.2, 0.25, 0.3, True)]


def test_a_named_figure_keeps_its_median_processor_time() -> None:
    """The standings' processor time is printed beside the wall time (#35): on a
    shared machine it is what compares two runs."""
    PROCESSOR_TIMES.pop("x", None)
    before = dict(PROCESSOR_TIMES)
    timed(lambda _: None, 3)
    assert before == PROCESSOR_TIMES  # a figure without a name keeps none
    timed(lambda _: None, 3, name="x")
    assert set(PROCESSOR_TIMES) - set(before) == {"x"}
    PROCESSOR_TIMES.pop("x")
