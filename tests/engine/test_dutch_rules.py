"""Small rule cases for the FIDE Dutch system (C.04.3 of 1 February 2026): one case per
criterion or colour step, each a handful of players, each answered by the endorsed program.

Every ``tests/data/dutch-rules/<case>.trf`` is a short event written by hand so that one
rule decides the next round's pairing; ``<case>.expected`` is what bbpPairings answered
for it (``bbpPairings.exe --dutch <case>.trf -p <case>.expected``), checked by hand
against the rule (the folder's README says what each case shows).  Each test pairs the
case with this project's ``dutch`` engine through the command line and requires the same
boards, colours and bye, so that a failure names the rule it breaks rather than a
99-player event of the parity corpus.
"""

from __future__ import annotations

from pathlib import Path

from pairing.__main__ import main
from tests.engine.reference_data import DATA

CASES = DATA / "dutch-rules"


def _assert_reference(case: str, rule: str, tmp_path: Path) -> None:
    """Pair ``case`` with the engine and compare with the reference's pairing."""
    out = tmp_path / f"{case}.out"
    status = main(["--dutch", str(CASES / f"{case}.trf"), "-p", str(out)])
    assert status == 0, f"{rule}: the engine could not pair {case}.trf (exit {status})"
    expected = (CASES / f"{case}.expected").read_text(encoding="utf-8")
    ours = out.read_text(encoding="utf-8")
    assert ours == expected, (
        f"{rule} ({case}): the engine paired\n{ours}but the reference paired\n{expected}"
    )


def test_c1_no_rematch(tmp_path: Path) -> None:
    _assert_reference("c1_no_rematch", "C1 (two players meet at most once)", tmp_path)


def test_c2_no_second_pab(tmp_path: Path) -> None:
    _assert_reference("c2_no_second_pab", "C2 (no second pairing-allocated bye)", tmp_path)


def test_c2_no_pab_after_forfeit_win(tmp_path: Path) -> None:
    _assert_reference("c2_no_pab_after_forfeit_win", "C2 (no PAB after a forfeit win)", tmp_path)


def test_c2_no_pab_after_full_point_bye(tmp_path: Path) -> None:
    _assert_reference(
        "c2_no_pab_after_full_point_bye", "C2 (no PAB after a full-point bye)", tmp_path
    )


def test_c2_half_point_bye_keeps_pab_eligibility(tmp_path: Path) -> None:
    _assert_reference(
        "c2_half_point_bye_keeps_pab_eligibility",
        "C2 (a half-point bye is not a win's worth)",
        tmp_path,
    )


def test_c3_no_two_nontopscorers_same_absolute_colour(tmp_path: Path) -> None:
    _assert_reference(
        "c3_no_two_nontopscorers_same_absolute_colour",
        "C3 (no two non-topscorers with the same absolute colour preference)",
        tmp_path,
    )


def test_c3_topscorers_may_meet_in_last_round(tmp_path: Path) -> None:
    _assert_reference(
        "c3_topscorers_may_meet_in_last_round",
        "C3 (topscorers of the last round are exempt)",
        tmp_path,
    )


def test_c4_round_can_be_completed(tmp_path: Path) -> None:
    _assert_reference("c4_round_can_be_completed", "C4 (the round can be completed)", tmp_path)


def test_c5_pab_to_the_lowest_score(tmp_path: Path) -> None:
    _assert_reference(
        "c5_pab_to_the_lowest_score", "C5 (the bye to the lowest score possible)", tmp_path
    )


def test_c6_most_pairs_in_bracket(tmp_path: Path) -> None:
    _assert_reference("c6_most_pairs_in_bracket", "C6 (the most pairs in the bracket)", tmp_path)


def test_c7_highest_scores_paired_in_bracket(tmp_path: Path) -> None:
    _assert_reference(
        "c7_highest_scores_paired_in_bracket",
        "C7 (the highest scores paired in the bracket)",
        tmp_path,
    )


def test_c8_most_pairs_in_next_bracket(tmp_path: Path) -> None:
    _assert_reference(
        "c8_most_pairs_in_next_bracket", "C8 (the most pairs in the next bracket)", tmp_path
    )


def test_c8_highest_scores_paired_in_next_bracket(tmp_path: Path) -> None:
    _assert_reference(
        "c8_highest_scores_paired_in_next_bracket",
        "C8 (the highest scores paired in the next bracket)",
        tmp_path,
    )


def test_c9_pab_to_fewest_unplayed_games(tmp_path: Path) -> None:
    _assert_reference(
        "c9_pab_to_fewest_unplayed_games", "C9 (the PAB to the fewest unplayed games)", tmp_path
    )


def test_c10_topscorer_colour_difference_beyond_two(tmp_path: Path) -> None:
    _assert_reference(
        "c10_topscorer_colour_difference_beyond_two",
        "C10 (no topscorer beyond a colour difference of two)",
        tmp_path,
    )


def test_c11_topscorer_same_colour_three_times(tmp_path: Path) -> None:
    _assert_reference(
        "c11_topscorer_same_colour_three_times",
        "C11 (no topscorer with one colour three times running)",
        tmp_path,
    )


def test_c12_colour_preferences(tmp_path: Path) -> None:
    _assert_reference("c12_colour_preferences", "C12 (the most colour preferences met)", tmp_path)


def test_c13_strong_colour_preferences(tmp_path: Path) -> None:
    _assert_reference(
        "c13_strong_colour_preferences", "C13 (the most strong colour preferences met)", tmp_path
    )


def test_c14_no_repeated_downfloat(tmp_path: Path) -> None:
    _assert_reference(
        "c14_no_repeated_downfloat",
        "C14 (no repeated downfloat from the previous round)",
        tmp_path,
    )


def test_c15_no_repeated_upfloat(tmp_path: Path) -> None:
    _assert_reference(
        "c15_no_repeated_upfloat",
        "C15 (no repeated upfloat from the previous round)",
        tmp_path,
    )


def test_c16_no_downfloat_as_two_rounds_before(tmp_path: Path) -> None:
    _assert_reference(
        "c16_no_downfloat_as_two_rounds_before",
        "C16 (no repeated downfloat from two rounds before)",
        tmp_path,
    )


def test_c17_no_upfloat_as_two_rounds_before(tmp_path: Path) -> None:
    _assert_reference(
        "c17_no_upfloat_as_two_rounds_before",
        "C17 (no repeated upfloat from two rounds before)",
        tmp_path,
    )


def test_c18_repeated_downfloater_lowest_score(tmp_path: Path) -> None:
    _assert_reference(
        "c18_repeated_downfloater_lowest_score",
        "C18 (the lowest scores among repeated downfloaters, previous round)",
        tmp_path,
    )


def test_c19_repeated_upfloater_lowest_opponent(tmp_path: Path) -> None:
    _assert_reference(
        "c19_repeated_upfloater_lowest_opponent",
        "C19 (the lowest scores against repeated upfloaters, previous round)",
        tmp_path,
    )


def test_c20_downfloater_of_two_rounds_before_lowest_score(tmp_path: Path) -> None:
    _assert_reference(
        "c20_downfloater_of_two_rounds_before_lowest_score",
        "C20 (the lowest scores among repeated downfloaters, two rounds before)",
        tmp_path,
    )


def test_c21_upfloater_of_two_rounds_before_lowest_opponent(tmp_path: Path) -> None:
    _assert_reference(
        "c21_upfloater_of_two_rounds_before_lowest_opponent",
        "C21 (the lowest scores against repeated upfloaters, two rounds before)",
        tmp_path,
    )


def test_article_5_2_step_1_both_preferences(tmp_path: Path) -> None:
    _assert_reference(
        "article_5_2_step_1_both_preferences",
        "Article 5, step 1 (both colour preferences granted)",
        tmp_path,
    )


def test_article_5_2_step_2_absolute_over_mild(tmp_path: Path) -> None:
    _assert_reference(
        "article_5_2_step_2_absolute_over_mild",
        "Article 5, step 2 (an absolute preference over a mild one)",
        tmp_path,
    )


def test_article_5_2_step_2_strong_over_mild(tmp_path: Path) -> None:
    _assert_reference(
        "article_5_2_step_2_strong_over_mild",
        "Article 5, step 2 (a strong preference over a mild one)",
        tmp_path,
    )


def test_article_5_2_step_2_wider_difference_between_absolute(tmp_path: Path) -> None:
    _assert_reference(
        "article_5_2_step_2_wider_difference_between_absolute",
        "Article 5, step 2 (between absolute preferences, the wider colour difference)",
        tmp_path,
    )


def test_article_5_2_step_3_alternation(tmp_path: Path) -> None:
    _assert_reference(
        "article_5_2_step_3_alternation",
        "Article 5, step 3 (alternate from the latest differing round)",
        tmp_path,
    )


def test_article_5_2_step_4_higher_ranked_preference(tmp_path: Path) -> None:
    _assert_reference(
        "article_5_2_step_4_higher_ranked_preference",
        "Article 5, step 4 (the higher-ranked player's preference)",
        tmp_path,
    )


def test_article_5_2_step_5_initial_colour_round_one(tmp_path: Path) -> None:
    _assert_reference(
        "article_5_2_step_5_initial_colour_round_one",
        "Article 5, step 5 (the initial colour by the order's parity)",
        tmp_path,
    )


def test_every_case_has_a_test() -> None:
    """A case added to the folder without a test here would check nothing."""
    cases = {path.stem for path in CASES.glob("*.trf")}
    expected = {path.stem for path in CASES.glob("*.expected")}
    tests = {name.removeprefix("test_") for name in globals() if name.startswith("test_")}
    assert cases == expected
    assert cases <= tests, f"cases without a test: {sorted(cases - tests)}"
