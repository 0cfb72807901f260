"""FIDE C.07: the rating tie-breaks of Article 10 (TPR, PTP, APRO, APPO), Koya, and any
tie-break with the modifiers its definition allows, in any order.

Every expectation is worked out by hand in the comment above it, from FIDE B.02's
tables where a performance is involved.
"""

from __future__ import annotations

import math
from fractions import Fraction

import pytest

from pairing.engine.model import TournamentState
from pairing.engine.performance import (
    expected_score,
    perfect_performance,
    rating_difference,
    tournament_performance,
)
from pairing.engine.standings import standings
from pairing.engine.tiebreaks import (
    TieBreak,
    TieBreakContext,
    TieBreakSpec,
    average_perfect_performance_of_opponents,
    average_performance_of_opponents,
    fide_code,
    fide_order,
    koya,
    parse_tiebreak,
    parse_tiebreaks,
    perfect_tournament_performance,
    tiebreak_context,
    tournament_performance_rating,
    value_function,
)

from .test_tiebreaks import N, tournament

F = Fraction


# --- FIDE B.02 8.1: the two tables ------------------------------------------------------


@pytest.mark.parametrize(
    ("p", "dp"),
    [(50, 0), (51, 7), (75, 193), (99, 677), (100, 800), (49, -7), (25, -193), (0, -800)],
)
def test_b02_table_a_turns_a_fractional_score_into_a_rating_difference(p: int, dp: int) -> None:
    """B.02 8.1(a): 0.75 gives 193, 0.99 gives 677, 1.00 gives 800, below 0.50 the
    same with the sign changed."""
    assert rating_difference(p) == dp


@pytest.mark.parametrize(
    ("difference", "higher"),
    [(0, 50), (3, 50), (4, 51), (10, 51), (11, 52), (400, 92), (735, 99), (736, 100), (900, 100)],
)
def test_b02_table_b_gives_the_expected_score_of_each_side(difference: int, higher: int) -> None:
    """B.02 8.1(b): 0-3 points apart each expects 0.50, 4-10 apart the higher 0.51, 400
    apart 0.92, 736 and more 1.00; the lower rated player expects the rest."""
    assert expected_score(2000 + difference, 2000) == higher
    assert expected_score(2000, 2000 + difference) == 100 - higher


# --- C.07 Article 10: performances -------------------------------------------------------


def test_c07_10_2_tpr_is_the_average_opponent_plus_dp() -> None:
    """TPR: 3 from 4 against 1800, 1900, 2000 and 2100: ARO 1950, p = 0.75, dp = 193."""
    assert tournament_performance(F(3), [1800, 1900, 2000, 2100]) == 1950 + 193


def test_c07_10_2_tpr_rounds_the_fractional_score_to_hundredths() -> None:
    """2 from 3 is p = 0.667, read as 0.67: dp = 125 on an ARO of 2000."""
    assert tournament_performance(F(2), [2000, 2000, 2000]) == 2125


def test_c07_10_3_ptp_is_the_lowest_rating_whose_expected_score_reaches_the_score() -> None:
    """PTP: the lowest R with the summed expected score at least the score.  Checked
    against every rating around it."""
    ratings = [1800, 1900, 2000, 2100, 2250]
    for score in (F(1, 2), F(2), F(7, 2), F(9, 2)):
        found = perfect_performance(score, ratings)
        assert sum(expected_score(found, r) for r in ratings) >= 100 * score
        assert sum(expected_score(found - 1, r) for r in ratings) < 100 * score


def test_c07_10_3_ptp_of_no_point_and_of_a_full_score() -> None:
    """No point: the lowest rated opponent less 800.  A full score needs a PD of 1.00
    against everyone, 736 above the highest rated opponent."""
    assert perfect_performance(F(0), [1800, 2000]) == 1000
    assert perfect_performance(F(2), [1800, 2000]) == 2736


def test_c07_10_3_ptp_is_the_lowest_such_rating_not_the_nearest() -> None:
    """2 from 4 against four 2000s: B.02 expects 0.50 of a player up to 3 points apart,
    so 1997 already expects 2.00 and is the lowest; 1996 expects 4 x 0.49."""
    assert perfect_performance(F(2), [2000] * 4) == 1997


def test_c07_article_10_performances_of_a_tournament() -> None:
    """Four players, two rounds: 1 beats 2 (1900) and draws 3 (2100); 2 beats 4 (1700)
    and loses to 1 (2000); 3 draws 1 (2000) and draws 4 (1700); 4 draws 3 (2100) and
    loses to 2 (1900); ratings 2000, 1900, 2100, 1700.

    TPR of 1: ARO (1900 + 2100) / 2 = 2000, p = 0.75, dp 193: 2193.
    TPR of 2: ARO (2000 + 1700) / 2 = 1850, p = 0.50: 1850.
    TPR of 3: ARO 1850, p = 0.50: 1850.  TPR of 4: ARO 2000, p = 0.25, dp -193: 1807.
    APRO of 1: its opponents 2 and 3, (1850 + 1850) / 2 = 1850.
    APRO of 4: opponents 3 and 2, 1850.
    """
    state = tournament(
        4,
        "1-2 1-0, 3-4 =",
        "3-1 =, 2-4 1-0",
        ratings={1: 2000, 2: 1900, 3: 2100, 4: 1700},
    )
    context = tiebreak_context(state)
    tpr = {n: tournament_performance_rating(context, N(n)) for n in range(1, 5)}
    assert tpr == {1: 2193, 2: 1850, 3: 1850, 4: 1807}
    assert average_performance_of_opponents(context, N(1)) == 1850
    assert average_performance_of_opponents(context, N(4)) == 1850
    ptp = {n: perfect_tournament_performance(context, N(n)) for n in range(1, 5)}
    assert ptp[2] == perfect_performance(F(1), [2000, 1700])
    assert average_perfect_performance_of_opponents(context, N(1)) == (
        (ptp[2] + ptp[3] + 1) // 2  # a half rounded up
    )


def test_c07_article_10_leaves_performances_out_with_an_unrated_player() -> None:
    """With an unrated player and no rating given for one, every rating tie-break is 0;
    with one given, the unrated opponent counts with it."""
    state = tournament(3, "1-2 1-0", "1-3 1-0", ratings={2: 2000, 3: 0})
    assert tournament_performance_rating(tiebreak_context(state), N(1)) == 0
    rated = tiebreak_context(state, unrated_rating=1000)
    # ARO (2000 + 1000) / 2 = 1500, p = 1.00: dp 800.
    assert tournament_performance_rating(rated, N(1)) == 2300


def test_forfeits_and_byes_are_no_games_for_performances() -> None:
    """A forfeit win and a bye leave only the game against 2 (a draw against 2000)."""
    state = tournament(4, "1-2 =", "1-3 +-", "1 U", ratings={2: 2000, 3: 2400})
    assert tournament_performance_rating(tiebreak_context(state), N(1)) == 2000


# --- Koya --------------------------------------------------------------------------------


def koya_event() -> tuple[TournamentState, TieBreakContext]:
    """Four players, three rounds (maximum 3 points, half of it 1½):
    1: beats 2, beats 3, draws 4 -> 2½;   2: loses to 1, beats 4, beats 3 -> 2;
    3: draws 4, loses to 1, loses to 2 -> ½;   4: draws 3, loses to 2, draws 1 -> 1."""
    state = tournament(4, "1-2 1-0, 3-4 =", "1-3 1-0, 2-4 1-0", "4-1 =, 2-3 1-0")
    return state, tiebreak_context(state)


def test_c07_article_9_koya_counts_the_points_against_half_the_maximum_or_more() -> None:
    """Only 1 (2½) and 2 (2) have 1½ or more.  KS of 1: 1 (against 2); of 2: 0; of 3:
    0; of 4: 0 (lost to 2, drew 1: ½)."""
    _, context = koya_event()
    assert [koya(context, N(n)) for n in range(1, 5)] == [1, 0, 0, F(1, 2)]


def test_c07_article_9_koya_limit_can_be_moved() -> None:
    """KS-L30: 30% of 3 is 0.9, so 4 (1 point) counts too: 1 gets 1 + ½ = 1½.
    KS-L-2: one point lower, ½: everyone counts, KS = the score."""
    state, context = koya_event()
    assert value_function(parse_tiebreak("KS-L30"))(context, N(1)) == F(3, 2)
    lower = value_function(parse_tiebreak("KS-L-2"))
    assert [lower(context, N(n)) for n in range(1, 5)] == [F(5, 2), 2, F(1, 2), 1]


# --- Modifiers, any order ---------------------------------------------------------------


def test_c07_article_14_cut_and_median_of_aro() -> None:
    """1 met 1800, 2000 and 2200.  ARO 2000; ARO-C1 (2000 + 2200) / 2 = 2100; ARO-M1
    2000 alone."""
    state = tournament(4, "1-2 1-0", "1-3 1-0", "1-4 1-0", ratings={2: 1800, 3: 2000, 4: 2200})
    context = tiebreak_context(state)
    values = {
        code: value_function(parse_tiebreak(code))(context, N(1))
        for code in ("ARO", "ARO-C1", "ARO-M1", "ARO-C2", "ARO-M2")
    }
    assert values == {"ARO": 2000, "ARO-C1": 2100, "ARO-M1": 2000, "ARO-C2": 2200, "ARO-M2": 0}


def test_c07_progressive_scores_with_a_cut_leave_out_the_first_rounds() -> None:
    """1 wins, loses, wins: running scores 1, 1, 2.  PS 4, PS-C1 3, PS-C2 2."""
    state = tournament(4, "1-2 1-0", "1-3 0-1", "1-4 1-0")
    context = tiebreak_context(state)
    assert [
        value_function(parse_tiebreak(code))(context, N(1)) for code in ("PS", "PS-C1", "PS-C2")
    ] == [4, 3, 2]


def test_c07_8_2_aob_fore_averages_the_opponents_fore_buchholz() -> None:
    """AOB-F is the opponents' FB averaged, AOB their BH averaged, each to two decimals
    with a half rounded up (every player here met the three others)."""
    state, context = koya_event()
    fb = value_function(parse_tiebreak("FB"))
    bh = value_function(parse_tiebreak("BH"))

    def two_decimals(value: Fraction) -> Fraction:
        return F(math.floor(value * 100 + F(1, 2)), 100)

    for number in range(1, 5):
        others = [N(n) for n in range(1, 5) if n != number]
        fore = value_function(parse_tiebreak("AOB-F"))(context, N(number))
        plain = value_function(parse_tiebreak("AOB"))(context, N(number))
        assert fore == two_decimals(sum((fb(context, o) for o in others), F(0)) / 3)
        assert plain == two_decimals(sum((bh(context, o) for o in others), F(0)) / 3)
    fore_all = value_function(parse_tiebreak("AOB-F"))
    plain_all = value_function(parse_tiebreak("AOB"))
    assert any(fore_all(context, N(n)) != plain_all(context, N(n)) for n in range(1, 5))


@pytest.mark.parametrize(
    ("text", "spec", "written"),
    [
        ("BH-C1", TieBreakSpec(TieBreak.BH, cut=1), "BH-C1"),
        ("bh/m1", TieBreakSpec(TieBreak.BH, cut=1, median=True), "MBH"),
        ("MBH", TieBreakSpec(TieBreak.BH, cut=1, median=True), "MBH"),
        ("FB/M2", TieBreakSpec(TieBreak.FB, cut=2, median=True), "FB-M2"),
        ("ARO-C1", TieBreakSpec(TieBreak.ARO, cut=1), "ARO-C1"),
        ("PS/C1", TieBreakSpec(TieBreak.PROG, cut=1), "PROG-C1"),
        ("AOB/F", TieBreakSpec(TieBreak.AOB, fore=True), "AOB-F"),
        ("KS/L40", TieBreakSpec(TieBreak.KS, limit_percent=40), "KS-L40"),
        ("KS-L-2", TieBreakSpec(TieBreak.KS, limit_shift=-2), "KS-L-2"),
        ("GE", TieBreakSpec(TieBreak.REP), "REP"),
        ("TPR", TieBreakSpec(TieBreak.TPR), "TPR"),
    ],
)
def test_c07_codes_with_modifiers_are_read_and_written(
    text: str, spec: TieBreakSpec, written: str
) -> None:
    """C.07 names a tie-break by its code and modifiers, "-" or "/" between them."""
    assert parse_tiebreak(text) == spec
    assert spec.value == written
    assert parse_tiebreak(spec.value) == spec


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("SB-M1", "the modifier M1 does not apply to SB"),
        ("AOB-C1", "the modifier C1 does not apply to AOB"),
        ("WIN-C1", "does not apply to WIN (it takes none)"),
        ("BH-C1-M1", "one cut or median modifier"),
        ("MBH-C1", "MBH already has its cut"),
        ("BH/V2026", "cannot read the modifiers of 'BH/V2026'"),
        ("XYZ-C1", "unknown tie-break code 'XYZ-C1'"),
    ],
)
def test_modifiers_a_code_does_not_take_are_refused_by_name(text: str, message: str) -> None:
    """Each code takes only the modifiers its definition allows; the message says which."""
    with pytest.raises(ValueError, match=message.replace("(", r"\(").replace(")", r"\)")):
        parse_tiebreaks(f"BH,{text}")


def test_standings_rank_by_any_tiebreaks_in_the_order_given() -> None:
    """KS, then TPR, then PTP, as an organiser may order them: 1 and 2 (both 2000) end
    level on 2 points and on all three, so the pairing number puts 1 first and the row
    of 2 is marked tied.  1 beats 3 (1800) and 4 (2200) and loses to 2; 2 loses to 4,
    beats 3 and beats 1; 3 and 4 draw."""
    state = tournament(
        4,
        "1-3 1-0, 2-4 0-1",
        "1-4 1-0, 2-3 1-0",
        "1-2 0-1, 3-4 =",
        ratings={1: 2000, 2: 2000, 3: 1800, 4: 2200},
    )
    # Scores: 1: 2, 2: 2, 3: ½, 4: 1½.  Half the maximum is 1½: 1, 2 and 4 count.
    # KS of 1: 1 (beat 4) + 0 (lost to 2) = 1; KS of 2: 0 (lost to 4) + 1 (beat 1) = 1.
    # TPR of 1: ARO (1800 + 2200 + 2000) / 3 = 2000, p = 0.67: 2125; of 2 the same.
    # PTP decides nothing either; pairing number does: 1 before 2.
    rows = standings(state, tiebreaks=parse_tiebreaks("KS,TPR,PTP"))
    assert [row.pairing_number for row in rows[:2]] == [1, 2]
    assert rows[0].values == (Fraction(1), Fraction(2125), rows[1].values[2])
    assert rows[1].tied_with_previous
    rows = standings(state, tiebreaks=parse_tiebreaks("BH,KS"))
    # BH of 1: ½ + 1½ + 2 = 4; of 2: 1½ + ½ + 2 = 4; KS still level: tied.
    assert rows[1].tied_with_previous


def test_trf_2026_202_writes_fide_codes_up_to_the_first_that_is_not_c07s() -> None:
    """TRF-2026 202 holds FIDE's codes (``BH/C1``, ``PS``); DE1 (Dutch F10) and LOT are
    not C.07's, so the list stops before them and still ranks as ours as far as it goes."""
    assert fide_order(parse_tiebreaks("BH-C1,MBH,PS-C1,AOB-F,KS-L-2,ARO-M2,DE,LOT,BH")) == (
        "BH/C1",
        "BH/M1",
        "PS/C1",
        "AOB/F",
        "KS/L-2",
        "ARO/M2",
        "DE",
    )
    assert fide_order(parse_tiebreaks("DE1,ARO,LOT")) == ()
    for code in ("BH/C1", "BH/M1", "PS/C1", "AOB/F", "KS/L-2", "KS/L40", "ARO/M2", "TPR"):
        assert fide_code(parse_tiebreak(code)) == code
