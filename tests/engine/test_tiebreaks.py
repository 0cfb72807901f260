"""Tie-breaks: the SB text's examples, hand-built cases per convention, four real events.

Every expectation is worked out by hand in the comment above it; values are in points.
"""

from __future__ import annotations

import csv
from collections.abc import Mapping
from dataclasses import replace
from datetime import date
from fractions import Fraction

import pytest

from pairing.engine.errors import InvalidState
from pairing.engine.model import (
    Colour,
    GameRecord,
    Outcome,
    PairingNumber,
    Player,
    Points,
    PointSystem,
    RequestKind,
    RoundRequest,
    TournamentState,
)
from pairing.engine.tiebreaks import (
    DEFAULT_TIEBREAKS,
    TieBreak,
    UnplayedRounds,
    as_spec,
    average_of_opponents_buchholz,
    average_rating_of_opponents,
    buchholz,
    buchholz_cut1,
    buchholz_cut2,
    buchholz_median2,
    contributions,
    direct_encounter,
    direct_encounter_places,
    dutch_f10_order,
    fore_buchholz,
    games_with_black,
    games_won,
    games_won_with_black,
    median_buchholz,
    own_rating,
    pairing_number,
    parse_tiebreaks,
    points,
    progress,
    rounds_elected_to_play,
    score_as_opponent,
    sonneborn_berger,
    sonneborn_berger_cut1,
    sonneborn_berger_cut2,
    standard_points,
    tiebreak_context,
    truncated,
    unplayed_rounds_for,
    wins,
)
from pairing.engine.trf import decode_trf, read_trf, state_from_trf

from .reference_data import DATA

N = PairingNumber
F = Fraction
FIDE = UnplayedRounds.FIDE_2023
VIRTUAL = UnplayedRounds.VIRTUAL_OPPONENT_2009
ZERO = UnplayedRounds.ZERO

GAMES = {
    "1-0": (Outcome.WIN, Outcome.LOSS),
    "0-1": (Outcome.LOSS, Outcome.WIN),
    "=": (Outcome.DRAW, Outcome.DRAW),
    "+-": (Outcome.FORFEIT_WIN, Outcome.FORFEIT_LOSS),
    "-+": (Outcome.FORFEIT_LOSS, Outcome.FORFEIT_WIN),
}
BYES = {
    "U": Outcome.PAIRING_ALLOCATED_BYE,
    "F": Outcome.FULL_POINT_BYE,
    "H": Outcome.HALF_POINT_BYE,
    "Z": Outcome.ZERO_POINT_BYE,
}


def tournament(
    players: int,
    *rounds: str,
    ratings: Mapping[int, int] | None = None,
    points_system: PointSystem | None = None,
) -> TournamentState:
    """Players 1..``players``; each round is a comma-separated list of boards.

    A board is ``"white-black result"`` (result ``1-0 0-1 = +- -+``) or ``"player bye"``
    (bye ``U`` pairing-allocated, ``F`` full-point, ``H`` half-point, ``Z`` absent).
    Players not named in a round are absent (``Z``).  Ratings default to 2000.
    """
    history: dict[int, list[GameRecord]] = {n: [] for n in range(1, players + 1)}
    for number, text in enumerate(rounds, start=1):
        for board in filter(None, (b.strip() for b in text.split(","))):
            pair, result = board.split()
            if "-" not in pair:
                history[int(pair)].append(
                    GameRecord(
                        round_number=number, opponent=None, colour=None, outcome=BYES[result]
                    )
                )
                continue
            white, black = (int(x) for x in pair.split("-"))
            w, b = GAMES[result]
            history[white].append(
                GameRecord(round_number=number, opponent=N(black), colour=Colour.WHITE, outcome=w)
            )
            history[black].append(
                GameRecord(round_number=number, opponent=N(white), colour=Colour.BLACK, outcome=b)
            )
        for records in history.values():
            if len(records) < number:
                records.append(
                    GameRecord(
                        round_number=number,
                        opponent=None,
                        colour=None,
                        outcome=Outcome.ZERO_POINT_BYE,
                    )
                )
    return TournamentState(
        players=tuple(
            Player(
                pairing_number=N(n),
                name=f"Player {n}",
                rating=(ratings or {}).get(n, 2000),
                history=tuple(records),
            )
            for n, records in history.items()
        ),
        rounds_completed=len(rounds),
        total_rounds=len(rounds),
        points=points_system or PointSystem(),
    )


# --- The SB text's worked examples ---------------------------------------------------------

SB_TEXT_OPPONENT_SCORES = (F(7, 2), F(9, 2), F(2), F(5), F(4), F(6), F(11, 2))
"""SB text, Median-Buchholz example: the final scores of #57's seven opponents, in order."""


def sb_text_player_57() -> TournamentState:
    """#57 meets seven opponents who finish on exactly the scores the SB text lists.

    Opponent ``i`` (pairing numbers 1..7; the text's #8 and #28, on 2 and 6, are our 3 and 6) draws
    #57 in round ``i``; in the other six rounds it plays a fresh filler (8, 9, ...) and wins
    while at least a point is missing, draws for a missing half-point, then loses.  So its
    final score is ½ + the rest = the listed score, and nobody has an unplayed round that
    could change a value.
    """
    rounds: list[list[str]] = [[] for _ in range(7)]
    filler = 8
    for index, target in enumerate(SB_TEXT_OPPONENT_SCORES):
        opponent = index + 1
        rounds[index].append(f"57-{opponent} =")
        missing = 2 * target - 1  # half-points still to score after the draw with #57
        for other in (r for r in range(7) if r != index):
            result = "1-0" if missing >= 2 else "=" if missing == 1 else "0-1"
            missing -= {"1-0": 2, "=": 1, "0-1": 0}[result]
            rounds[other].append(f"{opponent}-{filler} {result}")
            filler += 1
    return tournament(57, *(", ".join(r) for r in rounds))


def test_sb_text_median_buchholz_example_player_57() -> None:
    """SB text, Median-Buchholz: #57's opponents' 3½ 4½ 2 5 4 6 5½ without 2 and 6 give 22½."""
    context = tiebreak_context(sb_text_player_57())
    # 3½ + 4½ + 5 + 4 + 5½ = 22½ (the text removes #8's 2 points and #28's 6 points).
    assert median_buchholz(context, N(57)) == F(45, 2)


def test_sb_text_buchholz_example_player_57_is_the_sum_of_its_addends() -> None:
    """SB text, Buchholz: the listed addends 3½+4½+2+5+4+6+5½ sum to 30½, not the printed 36.

    The text prints "= 36", but its own addends make 30½, and its Median-Buchholz
    22½ = 30½ - 2 - 6 only works with 30½; we read 36 as a misprint.
    """
    context = tiebreak_context(sb_text_player_57())
    assert sum(SB_TEXT_OPPONENT_SCORES) == F(61, 2)
    # 3½ + 4½ = 8; + 2 = 10; + 5 = 15; + 4 = 19; + 6 = 25; + 5½ = 30½.
    assert buchholz(context, N(57)) == F(61, 2)


def test_sb_text_progress_win_loss_win_draw_is_six_and_a_half() -> None:
    """SB text, Progress: W, L, W, D gives running scores 1, 1, 2, 2½ and Progress 6½."""
    state = tournament(5, "1-2 1-0", "1-3 0-1", "1-4 1-0", "1-5 =")
    # 1 + 1 + 2 + 2½ = 6½.
    assert progress(tiebreak_context(state), N(1)) == F(13, 2)


def test_sb_text_sonneborn_berger_beaten_plus_half_of_drawn() -> None:
    """SB text, Sonneborn-Berger: scores of the opponents beaten plus half those drawn."""
    state = tournament(4, "1-2 1-0, 3-4 1-0", "1-3 =, 2-4 =")
    # Scores: 1: 1½, 2: ½, 3: 1½, 4: ½.  1 beat 2 (½) and drew 3 (½ x 1½ = ¾): SB = 1¼.
    assert sonneborn_berger(tiebreak_context(state), N(1)) == F(5, 4)


# --- Buchholz family without unplayed rounds -------------------------------------------------


def test_buchholz_sums_the_opponents_final_scores() -> None:
    """SB text, Buchholz: "the sum of opponents' scores"."""
    state = tournament(4, "1-2 1-0, 3-4 1-0", "1-3 =, 2-4 =")
    # 1 met 2 (½) and 3 (1½): BH = 2.
    assert buchholz(tiebreak_context(state), N(1)) == 2


def test_buchholz_cut1_removes_the_lowest_opponent() -> None:
    """Buchholz cut-1 without unplayed rounds drops the lowest opponent's score."""
    state = tournament(4, "1-2 1-0, 3-4 1-0", "1-3 =, 2-4 =")
    # 1's values ½ (2) and 1½ (3): drop ½, BH-C1 = 1½.
    assert buchholz_cut1(tiebreak_context(state), N(1)) == F(3, 2)


def test_median_buchholz_of_two_opponents_is_zero() -> None:
    """SB text, Median-Buchholz: with two values, removing highest and lowest leaves 0."""
    state = tournament(4, "1-2 1-0, 3-4 1-0", "1-3 =, 2-4 =")
    assert median_buchholz(tiebreak_context(state), N(1)) == 0


def test_tiebreaks_of_a_player_with_no_rounds_are_zero() -> None:
    """Before round 1 every tie-break is 0."""
    context = tiebreak_context(tournament(2))
    assert (buchholz(context, N(1)), buchholz_cut1(context, N(1))) == (F(0), F(0))
    assert (sonneborn_berger(context, N(1)), progress(context, N(1))) == (F(0), F(0))


# --- FIDE 2023 convention (the default) -------------------------------------------------------


def test_fide_2023_own_bye_counts_the_players_own_final_score() -> None:
    """FIDE 2023: a player's own unplayed round counts as an opponent with his final score."""
    state = tournament(3, "1-2 1-0, 3 U", "3-1 1-0, 2 U")
    # Scores: 1: 1, 2: 1, 3: 2.  BH(2) = 1 (opponent 1) + 1 (own score, for the bye) = 2.
    assert buchholz(tiebreak_context(state), N(2)) == 2


def test_fide_2023_sb_multiplies_own_score_by_the_points_of_the_unplayed_round() -> None:
    """FIDE 2023: in SB an unplayed round gives own final score times the points it gave."""
    state = tournament(3, "1 H, 2-3 1-0", "1-2 1-0, 3 U")
    # Scores: 1: 1½, 2: 1, 3: 1.  SB(1) = ½ x 1½ (half-point bye) + 1 x 1 (beat 2) = 1¾.
    assert sonneborn_berger(tiebreak_context(state), N(1)) == F(7, 4)


def test_fide_2023_sb_absence_gives_nothing() -> None:
    """FIDE 2023: an absence scored 0, so its SB term is 0 x own score."""
    state = tournament(3, "1-2 1-0, 3 U", "2-3 1-0")
    # 1: W, absent = 1 point.  SB(1) = 1 x 2's score 1 + 0 x 1 = 1.
    assert sonneborn_berger(tiebreak_context(state), N(1)) == 1


def test_fide_2023_withdrawn_opponent_counts_later_rounds_as_draws() -> None:
    """FIDE 2023: the rounds after an opponent withdrew count as draws in his score."""
    state = tournament(4, "1-2 1-0, 3-4 1-0", "1-3 1-0", "1-3 =")
    # 2 lost round 1 and is absent in rounds 2-3 (withdrawn): 0 + ½ + ½ = 1.
    # 3: W, L, D = 1½.  BH(1) = 1 (2) + 1½ (3) + 1½ (3 again) = 4.
    context = tiebreak_context(state)
    assert score_as_opponent(context, N(2)) == 1
    assert buchholz(context, N(1)) == 4


def test_fide_2023_late_entry_keeps_the_zeros_of_its_first_rounds() -> None:
    """FIDE 2023: absences before a player's first game are not a withdrawal: they stay 0."""
    state = tournament(3, "1-3 1-0", "3-1 0-1", "1-2 1-0, 3 U")
    # 2: absent, absent, lost to 1 = 0; the last round was played, so no round is
    # adjusted and 2 counts 0.  3: L, L, bye = 1.  BH(1) = 1 + 1 + 0 = 2.
    context = tiebreak_context(state)
    assert score_as_opponent(context, N(2)) == 0
    assert buchholz(context, N(1)) == 2


def test_fide_2023_forfeit_loss_after_withdrawal_keeps_its_zero() -> None:
    """FIDE 2023: a forfeit loss has a scheduled opponent, so it is not counted as a draw."""
    state = tournament(3, "2-3 1-0", "1-2 +-", "1-3 1-0")
    # 2: beat 3, forfeited to 1, absent.  Last round not a voluntary unplayed round: 1.
    # After it: the forfeit loss keeps 0, the absence counts ½: 1 + 0 + ½ = 1½.
    assert score_as_opponent(tiebreak_context(state), N(2)) == F(3, 2)


def test_fide_2023_withdrawal_starts_after_the_last_round_not_voluntarily_unplayed() -> None:
    """FIDE 2023: absences and byes after the last game all count as draws, not just the tail."""
    state = tournament(3, "2-3 1-0", "", "2 H", "")
    # 2: beat 3, absent, half-point bye, absent = 1½.  Last game in round 1; after it
    # Z, H, Z count ½ each: 1 + ½ + ½ + ½ = 2½ (only the trailing absence: 2).
    context = tiebreak_context(state)
    assert score_as_opponent(context, N(2)) == F(5, 2)
    assert contributions(context, N(3))[0].value == F(5, 2)


@pytest.mark.parametrize(
    ("round_2", "bh", "cut1"),
    [
        # 1: beat 2 (who ends on 0), absent: 1 point.  Values 0 and own 1: the absence goes.
        ("1 Z", F(1), F(0)),
        # 1: beat 2, half-point bye: 1½.  Values 0 and 1½: the bye goes.
        ("1 H", F(3, 2), F(0)),
        # 1: beat 2, forfeited to 3: 1.  Values 0 and 1: the forfeit loss goes.
        ("1-3 -+", F(1), F(0)),
    ],
    ids=["absence", "half-point bye", "forfeit loss"],
)
def test_fide_2023_cut1_removes_a_voluntary_unplayed_round_first(
    round_2: str, bh: Fraction, cut1: Fraction
) -> None:
    """FIDE 2023 cut-1: an absence, half-point bye or forfeit loss goes before the lowest."""
    state = tournament(4, "1-2 1-0, 3-4 1-0", f"{round_2}, 2-4 0-1")
    context = tiebreak_context(state)
    assert (buchholz(context, N(1)), buchholz_cut1(context, N(1))) == (bh, cut1)


@pytest.mark.parametrize(
    "round_2",
    ["1-3 +-", "1 U", "1 F"],
    ids=["forfeit win", "pairing-allocated bye", "full-point bye"],
)
def test_fide_2023_cut1_removes_the_lowest_after_a_point_without_playing(round_2: str) -> None:
    """FIDE 2023 cut-1: a forfeit win, pairing-allocated or full-point bye is not cut first."""
    state = tournament(4, "1-2 1-0, 3-4 1-0", f"{round_2}, 2-4 0-1")
    # 1: beat 2 (who ends on 0), then a point without playing: 2 points.  Values 0 and
    # own 2: BH = 2, and cut-1 drops the lowest, the 0: BH-C1 = 2.
    context = tiebreak_context(state)
    assert (buchholz(context, N(1)), buchholz_cut1(context, N(1))) == (F(2), F(2))


def test_fide_2023_median_buchholz_cuts_a_voluntary_unplayed_round_as_the_low_value() -> None:
    """FIDE 2023 with the SB text's Median-Buchholz: the absence is the low value removed."""
    state = tournament(4, "1-2 1-0, 3-4 1-0", "2-3 0-1, 4 U", "1-3 0-1, 2-4 0-1")
    # Scores: 1: W, Z, L = 1; 2: 0; 3: 3; 4: L, bye, W = 2.  1's values: 0 (2), own 1
    # (absence), 3 (3).  Low cut removes the absence, high cut the 3: MBH = 0.
    assert median_buchholz(tiebreak_context(state), N(1)) == 0


# --- FIDE 2009 virtual opponent ----------------------------------------------------------------

# A 9-round record: three wins with a forfeit win in round 3, then W L W L W L.
DEFAULT_WIN_ROUND_3 = (
    "1-2 1-0",
    "1-3 1-0",
    "1-10 +-",
    "1-4 1-0",
    "1-5 0-1",
    "1-6 1-0",
    "1-7 0-1",
    "1-8 1-0",
    "1-9 0-1",
)


def test_virtual_opponent_2009_example_default_win_in_round_3() -> None:
    """FIDE 2009 example 1: 2 points after round 2, default win, 9 rounds: 2 + 0 + 6 x ½ = 5."""
    state = tournament(10, *DEFAULT_WIN_ROUND_3)
    # 1 scores 1 + 1 + 1 + 1 + 0 + 1 + 0 + 1 + 0 = 6, as in the example.
    context = tiebreak_context(state, unplayed=VIRTUAL)
    assert points(context, N(1)) == 6
    assert contributions(context, N(1))[2].value == 5


def test_virtual_opponent_2009_example_default_win_counts_as_a_draw_for_opponents() -> None:
    """FIDE 2009 example 1: the player counts 5½ for his opponents (default win as draw)."""
    state = tournament(10, *DEFAULT_WIN_ROUND_3)
    # 5 points from played games + ½ for the unplayed round = 5½.
    assert score_as_opponent(tiebreak_context(state, unplayed=VIRTUAL), N(1)) == F(11, 2)


def test_virtual_opponent_2009_example_absence_in_round_7() -> None:
    """FIDE 2009 example 2: 4 points after round 6, absent in round 7: 4 + 1 + 2 x ½ = 6."""
    rounds = [
        "1-2 1-0",
        "1-3 1-0",
        "1-4 1-0",
        "1-5 1-0",
        "1-6 0-1",
        "1-7 0-1",
        "",
        "1-8 1-0",
        "1-9 1-0",
    ]
    context = tiebreak_context(tournament(9, *rounds), unplayed=VIRTUAL)
    # 1 scores 4 + 0 + 0 + 0 + 2 = 6, as in the example; he counts 6 + ½ = 6½ for others.
    assert points(context, N(1)) == 6
    assert contributions(context, N(1))[6].value == 6
    assert score_as_opponent(context, N(1)) == F(13, 2)


def test_virtual_opponent_2009_cut1_removes_the_lowest_value() -> None:
    """FIDE 2009 has no voluntary-unplayed rule: cut-1 drops the lowest value."""
    state = tournament(3, "1-2 1-0", "2-3 0-1")
    # 1: beat 2 (0 points, no unplayed round), absent in round 2: the virtual opponent
    # starts on 1, wins (1) and has no round left: 2.  Values 0 and 2: BH-C1 = 2.
    context = tiebreak_context(state, unplayed=VIRTUAL)
    assert (buchholz(context, N(1)), buchholz_cut1(context, N(1))) == (F(2), F(2))


def test_virtual_opponent_2009_half_point_bye_is_drawn_by_the_virtual_opponent() -> None:
    """FIDE 2009: after a half-point bye the virtual opponent draws that round."""
    state = tournament(3, "1 H, 2-3 1-0", "1-2 =")
    # Round 1: the virtual opponent starts on 0, draws (½), then draws round 2 (½): 1.
    context = tiebreak_context(state, unplayed=VIRTUAL)
    assert contributions(context, N(1))[0].value == 1


# --- Unplayed rounds count zero ---------------------------------------------------------------


def test_zero_convention_unplayed_round_counts_nothing() -> None:
    """ZERO: a bye contributes 0 to Buchholz and Sonneborn-Berger."""
    state = tournament(3, "1-2 1-0, 3 U", "1 U, 2-3 0-1")
    # 1: beat 2 (who ends on 0), bye.  BH = 0 + 0; SB = 1 x 0 + 1 x 0 = 0.
    context = tiebreak_context(state, unplayed=ZERO)
    assert (buchholz(context, N(1)), sonneborn_berger(context, N(1))) == (F(0), F(0))


def test_zero_convention_withdrawn_opponent_keeps_his_final_score() -> None:
    """ZERO: an opponent who withdrew counts his final score, without draws added."""
    state = tournament(4, "1-2 1-0, 3-4 1-0", "1-3 1-0", "1-3 =")
    # As the FIDE test, but 2 counts 0: BH(1) = 0 + 1½ + 1½ = 3.
    assert buchholz(tiebreak_context(state, unplayed=ZERO), N(1)) == 3


# --- Progress, ARO, WIN, direct encounter, points ---------------------------------------------


def test_progress_counts_the_points_of_byes() -> None:
    """SB text, Progress: byes add their points to the running score."""
    state = tournament(2, "1 U", "1 H", "1-2 0-1")
    # Running scores 1, 1½, 1½: Progress = 4.
    assert progress(tiebreak_context(state), N(1)) == 4


def test_aro_fide_c07_10_1_rounds_a_half_up() -> None:
    """FIDE C.07 (2024 text) 10.1: ARO is a whole number, a half rounded up."""
    state = tournament(3, "1-2 1-0", "1-3 =", ratings={2: 2000, 3: 1801})
    # (2000 + 1801) / 2 = 1900.5, published and compared as 1901.
    assert average_rating_of_opponents(tiebreak_context(state), N(1)) == 1901


def test_aro_fide_c07_10_1_rounds_below_a_half_down() -> None:
    """FIDE C.07 (2024 text) 10.1: an average just below a half rounds down."""
    state = tournament(4, "1-2 1-0", "1-3 =", "1-4 0-1", ratings={2: 2000, 3: 1800, 4: 1801})
    # (2000 + 1800 + 1801) / 3 = 1867.0: whole.  Now one with a third: 5602 / 3 = 1867.33.
    assert average_rating_of_opponents(tiebreak_context(state), N(1)) == 1867
    state = tournament(4, "1-2 1-0", "1-3 =", "1-4 0-1", ratings={2: 2000, 3: 1801, 4: 1801})
    assert average_rating_of_opponents(tiebreak_context(state), N(1)) == 1867


def test_aro_players_whose_averages_round_alike_stay_tied() -> None:
    """FIDE C.07 (2024 text) 10.1: the comparison is on the published, rounded value."""
    state = tournament(
        6,
        "1-2 1-0, 4-5 1-0, 3-6 =",
        "1-3 =, 4-6 1-0, 2-5 =",
        ratings={2: 1900, 3: 1901, 5: 1901, 6: 1901},
    )
    context = tiebreak_context(state)
    # 1 met 1900 and 1901 (1900.5), 4 met 1901 twice: both publish 1901.
    assert average_rating_of_opponents(context, N(1)) == 1901
    assert average_rating_of_opponents(context, N(4)) == 1901


def test_c07_10_1_aro_leaves_out_forfeits_and_byes() -> None:
    """C.07 10.1: forfeits and byes have no opponent for ARO."""
    state = tournament(4, "1-2 1-0", "1-3 =", "1-4 +-", "1 U", ratings={2: 2000, 3: 1801, 4: 2400})
    # Counted: 2 (2000) and 3 (1801); not 4 (forfeit), nor the bye: 1900.5, rounded up.
    assert average_rating_of_opponents(tiebreak_context(state), N(1)) == 1901


def test_c07_10_unrated_players_leave_aro_out_unless_the_event_rates_them() -> None:
    """C.07 Article 10: with an unrated player in the event, ARO is not used (0 for all)
    unless the regulations give unrated players a rating; then they count with it."""
    state = tournament(3, "1-2 1-0", "1-3 =", ratings={2: 2000, 3: 0})
    assert average_rating_of_opponents(tiebreak_context(state), N(1)) == 0
    rated = tiebreak_context(state, unrated_rating=1000)
    assert average_rating_of_opponents(rated, N(1)) == 1500
    assert average_rating_of_opponents(rated, N(2)) == 2000  # 1 is rated 2000 by default


def test_aro_without_rated_opponents_is_zero() -> None:
    """ARO of a player who played no rated opponent is 0."""
    state = tournament(2, "1 U")
    assert average_rating_of_opponents(tiebreak_context(state), N(1)) == 0


def test_win_counts_forfeit_wins_and_byes_worth_a_win() -> None:
    """FIDE 2023 WIN: forfeit wins, full-point and pairing-allocated byes count; draws do not."""
    state = tournament(3, "1-2 1-0", "1-3 +-", "1 U", "1 F", "1 H", "1-2 =", "1-3 0-1")
    # Wins: round 1 (game), 2 (forfeit), 3 (PAB), 4 (FPB) = 4.
    assert wins(tiebreak_context(state), N(1)) == 4


def test_direct_encounter_counts_games_played_against_the_group_only() -> None:
    """Dutch F10: the points scored in games played against the others of the group."""
    state = tournament(5, "1-2 1-0", "1-3 =", "1-4 1-0", "1-5 +-")
    group = frozenset({N(1), N(2), N(3), N(5)})
    # Against 2: 1, against 3: ½; 4 is outside the group; the forfeit against 5 was not
    # played: DE = 1½.
    assert direct_encounter(tiebreak_context(state), N(1), group) == F(3, 2)


def test_points_follow_the_events_point_system() -> None:
    """With 3-1-0 scoring a win is 3 points and a draw 1."""
    system = PointSystem(win=Points(6), draw=Points(2), forfeit_win=Points(6))
    state = tournament(4, "1-2 1-0, 3-4 0-1", "1-3 =, 2-4 1-0", points_system=system)
    # 1: 3 + 1 = 4.
    assert points(tiebreak_context(state), N(1)) == 4


def test_sonneborn_berger_uses_the_events_points_on_both_sides() -> None:
    """SB with 3-1-0 scoring: opponent's score times the points scored against him."""
    system = PointSystem(win=Points(6), draw=Points(2), forfeit_win=Points(6))
    state = tournament(4, "1-2 1-0, 3-4 0-1", "1-3 =, 2-4 1-0", points_system=system)
    # Scores: 1: 3 + 1 = 4, 2: 0 + 3 = 3, 3: 0 + 1 = 1, 4: 3 + 0 = 3.
    # SB(1) = 3 x 3 (beat 2) + 1 x 1 (drew 3) = 10; BH(1) = 3 + 1 = 4.
    context = tiebreak_context(state)
    assert (sonneborn_berger(context, N(1)), buchholz(context, N(1))) == (F(10), F(4))


def test_game_against_a_player_not_in_the_state_is_invalid() -> None:
    """A played game naming an unknown player raises InvalidState."""
    state = tournament(2, "1-2 1-0")
    broken = TournamentState(players=state.players[:1], rounds_completed=1, total_rounds=1)
    with pytest.raises(InvalidState, match="unknown player 2"):
        tiebreak_context(broken)


# --- Codes, order and truncation ----------------------------------------------------------------


def test_dutch_f10_order_is_direct_encounter_for_first_then_aro_then_lot() -> None:
    """Dutch F10: after points, the games between those tied for first, ARO, then lot."""
    assert dutch_f10_order() == DEFAULT_TIEBREAKS == (TieBreak.DE1, TieBreak.ARO, TieBreak.LOT)


def test_parse_tiebreaks_reads_codes_in_order_case_insensitively() -> None:
    """Command-line codes are read in order, in any case, with spaces around them."""
    assert parse_tiebreaks(" bh, BH-C1,sb ,MBH,PROG,DE,ARO,WIN,LOT") == tuple(
        as_spec(code)
        for code in (
            TieBreak.BH,
            TieBreak.BH_C1,
            TieBreak.SB,
            TieBreak.MBH,
            TieBreak.PROG,
            TieBreak.DE,
            TieBreak.ARO,
            TieBreak.WIN,
            TieBreak.LOT,
        )
    )


def test_parse_tiebreaks_reads_the_slash_spelling_of_cut1() -> None:
    """``BH/C1``, as the published tables spell it, is BH-C1."""
    assert parse_tiebreaks("BH/C1") == (as_spec(TieBreak.BH_C1),)


def test_parse_tiebreaks_of_nothing_is_empty() -> None:
    """An empty list means points only, then pairing number."""
    assert parse_tiebreaks("") == ()


def test_parse_tiebreaks_names_an_unknown_code() -> None:
    """An unknown code raises ValueError naming it."""
    with pytest.raises(ValueError, match="unknown tie-break code 'XYZ'"):
        parse_tiebreaks("BH,xyz")


def test_truncated_keeps_the_first_rounds_only() -> None:
    """Standings after round r use the first r records of each history."""
    state = tournament(2, "1-2 1-0", "1-2 0-1")
    after_1 = truncated(state, 1)
    assert after_1.rounds_completed == 1
    assert [len(p.history) for p in after_1.players] == [1, 1]
    assert points(tiebreak_context(after_1), N(1)) == 1


def test_truncated_after_the_last_round_drops_only_the_requests() -> None:
    """The standings after the last completed round keep every player as read (no
    copy of 2,000 histories, #35); the next round's requests are not theirs."""
    state = tournament(2, "1-2 1-0", "1-2 0-1")
    asked = replace(
        state, requests=(RoundRequest(pairing_number=N(1), kind=RequestKind.HALF_POINT_BYE),)
    )
    after = truncated(asked, 2)
    assert after.requests == ()
    assert after.players is asked.players
    assert truncated(state, 2) is state


@pytest.mark.parametrize("rounds", [-1, 3])
def test_truncated_rejects_a_round_not_completed(rounds: int) -> None:
    """Truncating to a round outside 0..rounds completed is a ValueError."""
    with pytest.raises(ValueError, match="not between 0 and 2"):
        truncated(tournament(2, "1-2 1-0", "1-2 0-1"), rounds)


# --- The four real events --------------------------------------------------------------------

EVENTS = sorted(p.name for p in (DATA / "tiebreaks").iterdir() if p.is_dir())


def event_state(name: str) -> TournamentState:
    """The event's TRF, read with the engine's TRF reader."""
    data = (DATA / "tiebreaks" / name / "event.trf").read_bytes()
    return state_from_trf(read_trf(decode_trf(data)))


def published(name: str) -> list[tuple[int, Fraction, Fraction, Fraction, Fraction]]:
    """(start number, points, BH, BH-C1, SB) as published for the event."""
    with (DATA / "tiebreaks" / name / "expected_standings.csv").open(encoding="utf-8") as f:
        rows = list(csv.reader(f))[1:]
    return [(int(r[1]), F(r[2]), F(r[3]), F(r[4]), F(r[5])) for r in rows]


@pytest.mark.parametrize("event", EVENTS)
def test_fide_2023_published_points(event: str) -> None:
    """Every published score of the four real events."""
    context = tiebreak_context(event_state(event))
    wrong = [
        (n, pts, points(context, N(n)))
        for n, pts, *_ in published(event)
        if points(context, N(n)) != pts
    ]
    assert wrong == []


@pytest.mark.parametrize("event", EVENTS)
def test_fide_2023_published_buchholz(event: str) -> None:
    """Every published Buchholz of the four real events, exactly."""
    context = tiebreak_context(event_state(event))
    wrong = [
        (n, bh, buchholz(context, N(n)))
        for n, _, bh, _, _ in published(event)
        if buchholz(context, N(n)) != bh
    ]
    assert wrong == []


@pytest.mark.parametrize("event", EVENTS)
def test_fide_2023_published_buchholz_cut1(event: str) -> None:
    """Every published Buchholz cut-1 of the four real events, exactly."""
    context = tiebreak_context(event_state(event))
    wrong = [
        (n, c1, buchholz_cut1(context, N(n)))
        for n, _, _, c1, _ in published(event)
        if buchholz_cut1(context, N(n)) != c1
    ]
    assert wrong == []


@pytest.mark.parametrize("event", EVENTS)
def test_fide_2023_published_sonneborn_berger(event: str) -> None:
    """Every published Sonneborn-Berger of the four real events, to 0.05 (some print 1 decimal)."""
    context = tiebreak_context(event_state(event))
    wrong = [
        (n, sb, sonneborn_berger(context, N(n)))
        for n, _, _, _, sb in published(event)
        if abs(sonneborn_berger(context, N(n)) - sb) > F(1, 20)
    ]
    assert wrong == []


# --- FIDE C.07: direct encounter (Article 6) and the 2026 text (Article 16.4) ----------------


def _places(state: TournamentState, *group: int) -> dict[int, int]:
    found = direct_encounter_places(tiebreak_context(state), frozenset(N(n) for n in group))
    return {int(n): place for n, place in found.items()}


def test_c07_6_2_a_complete_group_is_ranked_by_its_games_and_again_within_a_tie() -> None:
    """C.07 6.2: all of 1-4 met: 1 won all (3), 2 and 3 drew (1½ each), 4 lost all.
    2 and 3 stay level in their own game too, so they share second place."""
    state = tournament(4, "1-2 1-0, 3-4 1-0", "1-3 1-0, 2-4 1-0", "1-4 1-0, 2-3 =")
    assert _places(state, 1, 2, 3, 4) == {1: 1, 2: 2, 3: 2, 4: 4}


def test_c07_6_2_reapplied_to_the_players_still_tied() -> None:
    """C.07 6.2 again on the subgroup: 1, 2, 3 each won one game among them (1 each), but
    against 4, 1 and 2 drew while 3 lost.  In the four-player table 1 and 2 have 1½, 3
    has 1 and 4 has 2: 4 first, then 1 and 2, separated by their own game (1 beat 2)."""
    state = tournament(
        4,
        "1-2 1-0, 3-4 0-1",
        "2-3 1-0, 1-4 =",
        "3-1 1-0, 2-4 =",
    )
    assert _places(state, 1, 2, 3, 4) == {4: 1, 1: 2, 2: 3, 3: 4}


def test_c07_6_3_an_incomplete_group_separates_only_whom_no_missing_game_can_reach() -> None:
    """C.07 6.3: 1 beat 2 and 3, 2 and 3 drew, 4 met nobody.  1 has 2, but 4 could still
    reach 3 with his three missing games: nobody is separated.  Once 1 has beaten 4 too,
    1 has 3 against at most ½ + 1 (2 or 3) and 0 + 2 (4): 1 is first.  Among 2, 3 and 4
    again (6.3 re-applied), 2 and 3 have ½ and 4 could reach 2: they stay level."""
    unseparated = tournament(4, "1-2 1-0", "1-3 1-0", "2-3 =")
    assert _places(unseparated, 1, 2, 3, 4) == {1: 0, 2: 0, 3: 0, 4: 0}
    one_out = tournament(4, "1-2 1-0", "1-3 1-0", "2-3 =", "1-4 1-0")
    assert _places(one_out, 1, 2, 3, 4) == {1: 1, 2: 2, 3: 2, 4: 2}


def test_c07_6_1_1_a_forfeit_is_not_a_game_between_the_tied() -> None:
    """C.07 6.1.1: 1 beat 2 by forfeit, so the two have not met: 1 is not separated."""
    state = tournament(3, "1-2 +-", "1-3 1-0", "2-3 1-0")
    assert _places(state, 1, 2, 3) == {1: 0, 2: 0, 3: 0}


def test_c07_6_1_2_players_who_met_twice_count_the_average() -> None:
    """C.07 6.1.2: 1 and 2 met twice (1-0 and =): 1 scores ¾, 2 scores ¼; 1 is first."""
    state = tournament(2, "1-2 1-0", "2-1 =")
    assert _places(state, 1, 2) == {1: 1, 2: 2}


def test_c07_2026_16_4_1_a_forfeit_counts_no_more_than_the_opponent() -> None:
    """C.07 (2026) 16.4.1: 1 wins a forfeit against 2 and his two games (3 points); 2
    loses everything (0).  The 2024 text counts the round as 1's own 3; the 2026 text
    caps it at 2's score, 0."""
    state = tournament(4, "1-2 +-, 3-4 1-0", "1-3 1-0, 2-4 0-1", "1-4 1-0, 2-3 0-1")
    old = tiebreak_context(state, unplayed=UnplayedRounds.FIDE_2023)
    new = tiebreak_context(state, unplayed=UnplayedRounds.FIDE_2026)
    # Opponents of 1: (2: forfeit) then 3 (score 2) and 4 (score 1).
    assert buchholz(old, N(1)) == 3 + 2 + 1
    assert buchholz(new, N(1)) == 0 + 2 + 1


def test_c07_2026_16_4_2_a_bye_counts_no_more_than_a_draw_per_round() -> None:
    """C.07 (2026) 16.4.2: 1 takes a half-point bye, then wins twice (2½ in three
    rounds).  The bye's stand-in scores at most ½ x 3 = 1½ instead of 2½; SB counts
    it times the ½ the bye gave."""
    state = tournament(3, "1 H, 2-3 1-0", "1-2 1-0", "1-3 1-0")
    old = tiebreak_context(state, unplayed=UnplayedRounds.FIDE_2023)
    new = tiebreak_context(state, unplayed=UnplayedRounds.FIDE_2026)
    # As opponents (16.3, both texts): 2 scored 1 + 0 and is absent in the last round,
    # which counts as a draw: 1½; 3 lost, was absent, then lost again: 0.
    assert buchholz(old, N(1)) == F(5, 2) + F(3, 2) + 0
    assert buchholz(new, N(1)) == F(3, 2) + F(3, 2) + 0
    assert sonneborn_berger(new, N(1)) == F(3, 2) * F(1, 2) + F(3, 2) + 0


def test_c07_edition_follows_the_events_start_date() -> None:
    """The 2026 text applies from 1 March 2026; an event without a date follows today's."""
    assert unplayed_rounds_for(date(2026, 2, 28)) is UnplayedRounds.FIDE_2023
    assert unplayed_rounds_for(date(2026, 3, 1)) is UnplayedRounds.FIDE_2026
    assert unplayed_rounds_for(None) is UnplayedRounds.FIDE_2026


def test_c07_2026_7_7_standard_points_count_a_round_by_a_draws_worth() -> None:
    """C.07 (2026) 7.7: a round worth more than a draw counts 1, a draw's worth ½, less
    0, whatever the event's points: with 3-1-0 scoring a win, a draw, a forfeit win and
    a loss make 1 + ½ + 1 + 0; with 1-½-0 a half-point bye counts ½."""
    system = PointSystem(win=Points(6), draw=Points(2), forfeit_win=Points(6))
    state = tournament(3, "1-2 1-0", "1-3 =", "1-2 +-", "1-3 0-1", points_system=system)
    assert standard_points(tiebreak_context(state), N(1)) == F(5, 2)
    assert standard_points(tiebreak_context(tournament(2, "1 H")), N(1)) == F(1, 2)


def test_c07_8_2_aob_averages_the_opponents_buchholz_to_two_decimals() -> None:
    """C.07 8.2: four players, three rounds, everyone plays.  Scores: 1: 2½, 2: 1, 3: 2,
    4: ½.  BH(2) = 2½ + ½ + 2 = 5, BH(3) = ½ + 2½ + 1 = 4, BH(4) = 2 + 1 + 2½ = 5½;
    1 met all three: 14½ / 3 = 4.8333..., written 4.83."""
    state = tournament(4, "1-2 1-0, 3-4 =", "1-3 =, 2-4 1-0", "1-4 1-0, 2-3 0-1")
    assert average_of_opponents_buchholz(tiebreak_context(state), N(1)) == F(483, 100)


def test_c07_2026_10_6_rating_counts_an_unrated_player_as_the_event_rates_him() -> None:
    """C.07 (2026) 10.6 with Article 10: RTNG is the rating; an unrated player counts with
    the event's rating for unrated players, and without one RTNG is left out (0)."""
    state = tournament(2, "1-2 1-0", ratings={1: 2100, 2: 0})
    assert own_rating(tiebreak_context(state), N(1)) == 0
    assert own_rating(tiebreak_context(state, unrated_rating=1200), N(2)) == 1200


def test_c07_8_3_fore_buchholz_counts_the_last_round_as_drawn() -> None:
    """C.07 8.3: every game of the last round counts as a draw, for the player and his
    opponents.  Fore scores: 1: 1 + ½ + ½ = 2, 2: 0 + 1 + ½ = 1½, 3: ½ + ½ + ½ = 1½,
    4: ½ + 0 + ½ = 1; FB(1) = 1½ + 1½ + 1 = 4, where BH(1) = 1 + 2 + ½ = 3½."""
    state = tournament(4, "1-2 1-0, 3-4 =", "1-3 =, 2-4 1-0", "1-4 1-0, 2-3 0-1")
    context = tiebreak_context(state)
    assert fore_buchholz(context, N(1)) == 4
    assert buchholz(context, N(1)) == F(7, 2)


def test_c07_14_and_16_5_cuts_take_a_voluntary_unplayed_round_first() -> None:
    """C.07 14.1-14.4 with 16.5.  1 beats 2 and 3, takes a half-point bye in round 3 and
    beats 4.  As opponents (16.3): 2 (1 point, absent in the last round) counts 1½, 3 (0,
    absent in the last round) ½, 4 (2, absent in round 3 but playing after) 2.  1's
    terms: 1½, ½, the bye standing for his own 3½ (voluntary), 2.  BH-C1 cuts the bye
    though ½ is lower; BH-C2 then cuts ½; BH-M2 cuts those and the two highest left.
    SB terms: 1½ x 1, ½ x 1, 3½ x ½ = 1¾, 2 x 1: SB-C1 weighs the bye's 1¾ against the
    least significant value's product ½ and cuts the higher, the bye; SB-C2 then ½."""
    state = tournament(4, "1-2 1-0, 3-4 0-1", "1-3 1-0, 2-4 0-1", "1 H, 2-3 1-0", "1-4 1-0")
    context = tiebreak_context(state)
    assert buchholz(context, N(1)) == F(3, 2) + F(1, 2) + F(7, 2) + 2
    assert buchholz_cut1(context, N(1)) == F(3, 2) + F(1, 2) + 2
    assert buchholz_cut2(context, N(1)) == F(3, 2) + 2
    assert buchholz_median2(context, N(1)) == 0
    assert sonneborn_berger_cut1(context, N(1)) == F(3, 2) + F(1, 2) + 2
    assert sonneborn_berger_cut2(context, N(1)) == F(3, 2) + 2


def test_c07_7_2_to_7_6_counts_of_games_and_rounds() -> None:
    """C.07 7.2 WON, 7.3 BPG, 7.4 BWG, 7.6 REP, 7.8 TPN: 1 wins with White, wins with
    Black, wins a forfeit, takes a half-point bye, loses with Black."""
    state = tournament(3, "1-2 1-0", "2-1 0-1", "1-3 +-", "1 H", "3-1 1-0")
    context = tiebreak_context(state)
    assert games_won(context, N(1)) == 2
    assert games_with_black(context, N(1)) == 2
    assert games_won_with_black(context, N(1)) == 1
    assert rounds_elected_to_play(context, N(1)) == 4  # all but the half-point bye
    assert pairing_number(context, N(3)) == 3
