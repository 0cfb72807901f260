"""SB 3, the acceleration of rounds 1 and 2, for every system (``acceleration.py``); and
the Baku acceleration of the 2026 Dutch system as FIDE C.04.7 writes it
(``systems/dutch/acceleration.py``)."""

from __future__ import annotations

import random
from collections.abc import Iterable
from dataclasses import replace
from fractions import Fraction

from pairing.engine import System, pair_round
from pairing.engine.acceleration import (
    accelerated_points,
    acceleration_in_force,
    imaginary_points,
    round_1_participants,
    top_half,
)
from pairing.engine.generator import initial_state, play
from pairing.engine.history import pairing_scores, scores
from pairing.engine.model import (
    AcceleratedPoints,
    GameRecord,
    Outcome,
    PairingNumber,
    PairingOptions,
    Points,
    PointSystem,
    RequestKind,
    RoundRequest,
    TournamentState,
)
from pairing.engine.registry import acceleration_of
from pairing.engine.standings import standings
from pairing.engine.systems.dutch.acceleration import group_a_size
from pairing.engine.tiebreaks import TieBreak, buchholz, sonneborn_berger, tiebreak_context
from pairing.engine.trf import read_trf, state_from_trf, trf_from_state, write_trf

from .builders import boards, build

N = PairingNumber
ON = PairingOptions(acceleration=True)
OFF = PairingOptions(acceleration=False)


def test_sb_3_top_half_of_the_initial_list_by_rating() -> None:
    """Eight players rated in pairing-number order: 1-4 are the top half."""
    state = build(8)
    assert top_half(state.players) == (1, 2, 3, 4)


def test_sb_3_initial_list_is_ordered_by_rating_not_by_number() -> None:
    """Numbers not in rating order (say an alphabetical list): the rating decides."""
    # Ratings of 1..6: 1500, 2200, 1800, 2400, 1600, 2000.  By rating: 4 (2400),
    # 2 (2200), 6 (2000) | 3, 5, 1.  Top half: 2, 4, 6.
    state = build(6, ratings=[1500, 2200, 1800, 2400, 1600, 2000])
    assert sorted(top_half(state.players)) == [2, 4, 6]


def test_sb_3_odd_number_of_players_the_middle_one_is_in_the_lower_half() -> None:
    """Seven players: n // 2 = 3, so 1-3 get the point and 4 (the middle) does not."""
    state = build(7)
    assert top_half(state.players) == (1, 2, 3)


def test_sb_3_equal_ratings_at_the_boundary_keep_pairing_number_order() -> None:
    """Players 2-5 all rated 2000: of them only 2 and 3 fit in the top half of six."""
    # Top half = 3 players: 1 (2100), then the first two of 2, 3, 4, 5 (2000) by number.
    state = build(6, ratings=[2100, 2000, 2000, 2000, 2000, 1900])
    assert top_half(state.players) == (1, 2, 3)


def test_sb_3_unrated_players_are_at_the_bottom_of_the_initial_list() -> None:
    """An unrated player (0) numbered 1 still belongs to the lower half."""
    state = build(4, ratings=[0, 2000, 1900, 1800])
    assert top_half(state.players) == (2, 3)


def test_sb_3_withdrawn_player_stays_in_the_initial_list() -> None:
    """A withdrawal after round 1 does not move the boundary for round 2."""
    # Six players, 1 withdrawn after round 1: still the list of six, top half 1-3.
    state = build(6, [[(1, 4, "1-0"), (5, 2, "0-1"), (3, 6, "1-0")]], withdrawn=[1])
    assert top_half(state.players) == (1, 2, 3)


def test_sb_3_late_entry_is_not_on_the_initial_list() -> None:
    """A player absent from round 1 (a late entry) does not carry the point in round 2."""
    # Round 1 of six: top half 1, 2, 3.  Player 7 (rated 2500) enters for round 2; his
    # round 1 is a zero-point bye, so he is not one of the players who took part in round
    # 1: the list is still the six, its top half still 1, 2, 3.
    state = build(7, [[(1, 4, "1-0"), (5, 2, "0-1"), (3, 6, "1-0")]])
    late = replace(state.players[6], rating=2500)
    state = replace(state, players=(*state.players[:6], late), options=ON)
    assert [p.pairing_number for p in round_1_participants(state)] == [1, 2, 3, 4, 5, 6]
    assert imaginary_points(state) == {1: 2, 2: 2, 3: 2}


def test_sb_3_player_known_absent_in_round_1_is_not_on_the_initial_list() -> None:
    """Round 1: a known absence is left out of the list; a half-point bye is not."""
    # Six players by rating 1-6; 2 is absent, 5 asked for a half-point bye.  The list is
    # 1, 3, 4, 5, 6: five players, top half n // 2 = 2: players 1 and 3.
    state = replace(
        build(6),
        options=ON,
        requests=(
            RoundRequest(pairing_number=N(2), kind=RequestKind.ABSENT),
            RoundRequest(pairing_number=N(5), kind=RequestKind.HALF_POINT_BYE),
        ),
    )
    assert imaginary_points(state) == {1: 2, 3: 2}


def test_sb_3_check_mode_repairs_accelerated_rounds_with_a_late_entry() -> None:
    """``-c`` on a finished file gives back rounds 1 and 2 of an accelerated event with a
    player who entered in round 2: he is absent in round 1 of the file, so he is not on
    the initial list when the file is checked, as he was not when round 1 was paired."""
    round_1 = replace(build(6), options=ON)
    first = pair_round(round_1, System.SB, seed=3)
    # The same event as the finished file shows it: a seventh player (rated above
    # everyone) with an absence in round 1.
    late = replace(build(7).players[6], rating=2700)
    with_late = replace(
        round_1,
        players=(*round_1.players, late),
        requests=(RoundRequest(pairing_number=N(7), kind=RequestKind.ABSENT),),
    )
    assert pair_round(with_late, System.SB, seed=3).boards == first.boards


def test_sb_3_the_point_is_a_win_and_only_in_rounds_1_and_2() -> None:
    """3-1-0 scoring: the imaginary point is a win's 3 points, for rounds 1 and 2 only."""
    three_one = PointSystem(win=Points(6), draw=Points(2), pairing_allocated_bye=Points(6))
    state = replace(build(4), points=three_one)
    assert accelerated_points(state.players, state.points) == (
        AcceleratedPoints(pairing_number=N(1), round_number=1, points=Points(6)),
        AcceleratedPoints(pairing_number=N(1), round_number=2, points=Points(6)),
        AcceleratedPoints(pairing_number=N(2), round_number=1, points=Points(6)),
        AcceleratedPoints(pairing_number=N(2), round_number=2, points=Points(6)),
    )


def test_sb_3_imaginary_point_gone_from_round_3() -> None:
    """Round 3 is paired on real scores only: "deducted before ... the third round"."""
    rounds = [[(1, 3, "1-0"), (4, 2, "=")], [(2, 1, "0-1"), (3, 4, "1-0")]]
    state = replace(build(4, rounds), options=ON)
    assert imaginary_points(state) == {}
    assert pairing_scores(state) == scores(state)


def test_sb_3_round_2_pairing_score_adds_the_point_to_the_top_half() -> None:
    """After 1-3 1-0 and 4-2 =: 1 has 1 + 1, 2 has ½ + 1, 3 has 0, 4 has ½ (half-points)."""
    state = replace(build(4, [[(1, 3, "1-0"), (4, 2, "=")]]), options=ON)
    assert pairing_scores(state) == {1: 4, 2: 3, 3: 0, 4: 1}
    assert scores(state) == {1: 2, 2: 1, 3: 0, 4: 1}


def test_sb_3_option_left_open_follows_the_system_default() -> None:
    """``acceleration=None``: on when the system's text accelerates (sb), off otherwise."""
    state = build(4)
    assert acceleration_in_force(state) == ()
    assert len(acceleration_in_force(state, system_default=True)) == 4
    assert acceleration_in_force(replace(state, options=OFF), system_default=True) == ()


def test_sb_3_explicit_xxa_points_are_used_as_they_are() -> None:
    """A state with XXA points: those count, for the rounds they name, nothing computed."""
    given = (AcceleratedPoints(pairing_number=N(4), round_number=1, points=Points(2)),)
    state = replace(build(4), acceleration=given, options=ON)
    assert acceleration_in_force(state) == given
    assert pairing_scores(state) == {1: 0, 2: 0, 3: 0, 4: 2}


def test_sb_3_acceleration_option_for_the_dutch_system_round_1() -> None:
    """Dutch with acceleration: round 1 pairs within the halves, not across them."""
    # Eight players, 1-4 carry a point.  Dutch A3: brackets {1,2,3,4} (1 point) and
    # {5,6,7,8} (0).  A6: S1 = 1, 2 and S2 = 3, 4: 1-3, 2-4; then 5-7, 6-8.  E4 round 1
    # (top seed white): the odd S1 positions (1, 5) get white, the even (2, 6) black.
    # F1: the 1-point boards first, each bracket in A2 order of the higher player.
    state = replace(build(8), options=ON)
    pairing = pair_round(state, System.DUTCH_1992, seed=1)
    assert boards(pairing) == [(1, 3), (4, 2), (5, 7), (8, 6)]
    # Without the option: one bracket, S1 = 1-4, S2 = 5-8: 1-5, 6-2, 3-7, 8-4.
    plain = pair_round(replace(state, options=OFF), System.DUTCH_1992, seed=1)
    assert boards(plain) == [(1, 5), (6, 2), (3, 7), (8, 4)]


def test_sb_3_imaginary_point_never_in_standings_or_tie_breaks() -> None:
    """After round 2 of an accelerated event, standings and BH/SB use real points only."""
    # Round 1: 1-3 1-0, 4-2 =; round 2: 2-1 0-1, 3-4 1-0.  Real scores: 1: 2, 2: ½,
    # 3: 1, 4: ½.  BH of 1 = score of 3 + score of 2 = 1 + ½ = 1½; SB of 1 = the same
    # (two wins).  With the imaginary points counted (1, 2 + 2 points) it would differ.
    rounds = [[(1, 3, "1-0"), (4, 2, "=")], [(2, 1, "0-1"), (3, 4, "1-0")]]
    state = replace(build(4, rounds), options=ON)
    rows = standings(state, tiebreaks=(TieBreak.BH, TieBreak.SB))
    assert [(r.pairing_number, r.points) for r in rows] == [
        (1, 2),
        (3, 1),
        (2, Fraction(1, 2)),
        (4, Fraction(1, 2)),
    ]
    context = tiebreak_context(state)
    assert buchholz(context, N(1)) == Fraction(3, 2)
    assert sonneborn_berger(context, N(1)) == Fraction(3, 2)


def test_sb_3_trf_writes_the_imaginary_points_as_xxa_lines_only() -> None:
    """TRF: XXA lines for rounds 1 and 2, and the 001 points stay the real ones."""
    state = replace(build(4, [[(1, 3, "1-0"), (4, 2, "=")]]), options=ON)
    text = write_trf(trf_from_state(state))
    xxa = [line for line in text.splitlines() if line.startswith("XXA")]
    assert xxa == ["XXA    1  1.0  1.0", "XXA    2  1.0  1.0"]
    again = state_from_trf(read_trf(text))
    assert scores(again) == scores(state)
    assert pairing_scores(again) == pairing_scores(state)


def test_sb_3_acceleration_option_for_the_lim_system_round_1() -> None:
    """Lim with acceleration: two score groups in round 1, each split in halves (Lim 9.4)."""
    # Groups {1, 2, 3, 4} (1 point) and {5, 6, 7, 8} (0).  Lim 9.4: the upper half of a
    # group plays the lower half in order: 1-3, 2-4 and 5-7, 6-8.
    state = replace(build(8), options=ON)
    pairing = pair_round(state, System.LIM, seed=1)
    assert {frozenset((b.white, b.black)) for b in pairing.boards} == {
        frozenset({1, 3}), frozenset({2, 4}), frozenset({5, 7}), frozenset({6, 8})
    }  # fmt: skip


def test_sb_3_swo_acceleration_option_read_as_before() -> None:
    """``SWO acceleration=1``/``=0`` (the name older files use) turn it on/off; absent: open."""
    base = write_trf(trf_from_state(build(2)))
    assert state_from_trf(read_trf(base)).options.acceleration is None
    for value, expected in (("1", True), ("0", False)):
        text = base.replace("XXR", f"SWO acceleration={value}\nXXR", 1)
        assert state_from_trf(read_trf(text)).options.acceleration is expected


def test_sb_3_option_and_xxa_lines_pair_every_system_alike() -> None:
    """The event's acceleration option and the same points written as XXA pair alike
    (the SB text's acceleration, or Baku's for the 2025 Dutch system).

    Lim 10.1 judged round 2's floats without the option's imaginary points while it
    counted XXA's, so the web (option) and the command line (XXA) paired round 3 of an
    accelerated Lim event differently.
    """
    for system in System:
        for seed in range(6):
            rng = random.Random(seed)
            state = replace(initial_state(40, 5, rng), options=ON)
            for _ in range(5):
                explicit = replace(state, acceleration=acceleration_of(state, system))
                by_option = pair_round(state, system, seed=seed)
                assert boards(by_option) == boards(pair_round(explicit, system, seed=seed)), (
                    f"{system.value} seed {seed} round {state.round_number}"
                )
                state = play(state, by_option, rng)


# --- Baku acceleration of the 2026 Dutch system (FIDE C.04.7) --------------------------
#
# Every expected answer below is worked out by hand from the published text: group A is
# the first half of the players rounded up to the nearest even number (2 x ceil(n / 4));
# the accelerated rounds are the first half of the rounds, rounded up; group A carries 1
# virtual point in the first half of those (rounded up) and 0.5 in the others; a late
# entry leaves the last player of group A where round 1 put him.

ONE, HALF = Points(2), Points(1)
"""One virtual point and half a point, in the engine's half-point units."""


def _group_a(given: Iterable[AcceleratedPoints], round_number: int = 1) -> set[int]:
    return {a.pairing_number for a in given if a.round_number == round_number}


def _baku(state: TournamentState) -> tuple[AcceleratedPoints, ...]:
    return acceleration_of(replace(state, options=ON), System.DUTCH)


def test_c0451_group_a_is_half_rounded_up_to_even() -> None:
    """10 players: half is 5, the even number at or above it 6.  11: half 5.5, so 6.
    161 (the text's own example): half 80.5, so 82.  Group B is everyone else."""
    assert group_a_size(10) == 6
    assert group_a_size(11) == 6
    assert group_a_size(161) == 82
    assert _group_a(_baku(build(10, total_rounds=9))) == set(range(1, 7))
    assert _group_a(_baku(build(11, total_rounds=9))) == set(range(1, 7))
    assert _group_a(_baku(build(161, total_rounds=9))) == set(range(1, 83))


def test_c0451_group_a_never_holds_more_players_than_there_are() -> None:
    """One player: half is 0.5, the even number above it 2, but there is only one."""
    assert _group_a(_baku(build(1, total_rounds=5))) == {1}


def _schedule(total_rounds: int) -> dict[int, Points]:
    """The virtual points of player 1 (group A) by round, for 10 players."""
    given = _baku(build(10, total_rounds=total_rounds))
    assert not [a for a in given if a.pairing_number > 6], "group B has no virtual points"
    return {a.round_number: a.points for a in given if a.pairing_number == 1}


def test_c0451_nine_rounds_five_accelerated_three_with_one_point() -> None:
    """9 rounds: accelerated 9 / 2 = 4.5 -> 5; of those, 5 / 2 = 2.5 -> 3 carry one
    point (rounds 1-3), the other two half a point (4-5); none from round 6 on (the text
    gives this very example)."""
    assert _schedule(9) == {1: ONE, 2: ONE, 3: ONE, 4: HALF, 5: HALF}


def test_c0451_seven_rounds_four_accelerated_two_with_one_point() -> None:
    """7 rounds: accelerated 3.5 -> 4; of those 4 / 2 = 2 carry one point (rounds 1-2),
    rounds 3-4 half a point."""
    assert _schedule(7) == {1: ONE, 2: ONE, 3: HALF, 4: HALF}


def test_c0451_five_rounds_three_accelerated_two_with_one_point() -> None:
    """5 rounds: accelerated 2.5 -> 3; of those 1.5 -> 2 carry one point (rounds 1-2),
    round 3 half a point."""
    assert _schedule(5) == {1: ONE, 2: ONE, 3: HALF}


# Round 1 of ten players (numbers of round 1: r1..r10), group A r1-r6, paired as the
# Dutch system pairs it: r1-r4, r5-r2, r3-r6 in group A, r7-r9, r10-r8 in group B, white
# winning every game.
_ROUND_1_OF_TEN = [(1, 4), (5, 2), (3, 6), (7, 9), (10, 8)]


def test_c0451_late_entry_above_the_last_group_a_player_joins_group_a() -> None:
    """A late entry rated between r3 and r4 enters round 2 as number 4: r4-r10 become
    5-11, and the last player of group A (r6) is now number 7.  Group A is 1-7 (seven
    players: odd after round 1, as the text allows), not the first half of 11 players
    rounded up to even (6), nor ceil(11 / 2) = 6 as the reference counts."""
    now = {r: r if r < 4 else r + 1 for r in range(1, 11)}
    round_1 = [(now[w], now[b], "1-0") for w, b in _ROUND_1_OF_TEN]
    state = build(11, [round_1], total_rounds=9)
    assert state.players[3].history[0].outcome is Outcome.ZERO_POINT_BYE
    given = _baku(state)
    assert _group_a(given, 2) == set(range(1, 8))
    assert {a.points for a in given if a.round_number == 2} == {ONE}


def test_c0451_late_entry_below_the_last_group_a_player_stays_in_group_b() -> None:
    """Twelve players in round 1: group A is r1-r6.  A late entry rated between r8 and r9
    enters round 2 as number 9 (r9-r12 become 10-13).  The last player of group A is
    still r6, number 6: group A stays 1-6, where the reference, counting 13 players,
    takes ceil(13 / 2) = 7."""
    now = {r: r if r < 9 else r + 1 for r in range(1, 13)}
    twelve = [(1, 4), (5, 2), (3, 6), (7, 10), (11, 8), (9, 12)]
    round_1 = [(now[w], now[b], "1-0") for w, b in twelve]
    state = build(13, [round_1], total_rounds=7)
    assert state.players[8].history[0].outcome is Outcome.ZERO_POINT_BYE
    assert _group_a(_baku(state), 2) == set(range(1, 7))


def test_c0451_group_a_counts_the_players_paired_in_round_1() -> None:
    """13 players, number 13 with a half-point bye in round 1: 12 players are paired,
    group A is 6 of them (1-6).  The same in round 2, when the bye is history: the last
    group A player never moves."""
    before = build(13, total_rounds=7, half_point_byes=[13])
    assert _group_a(_baku(before)) == set(range(1, 7))
    twelve = [(1, 4), (5, 2), (3, 6), (7, 10), (11, 8), (9, 12)]
    after = build(13, [[(w, b, "=") for w, b in twelve]], total_rounds=7)
    bye = GameRecord(round_number=1, opponent=None, colour=None, outcome=Outcome.HALF_POINT_BYE)
    players = tuple(
        replace(p, history=(bye,)) if p.pairing_number == 13 else p for p in after.players
    )
    assert _group_a(_baku(replace(after, players=players)), 2) == set(range(1, 7))


def test_c0451_ten_players_round_1_accelerates_six() -> None:
    """Ten players, nine rounds: group A (1-6) carries a point and is paired apart, S1
    1-3 against S2 4-6; group B 7-8 against 9-10.  Colours of round 1 by the pairing
    number of the higher player (odd: the initial colour, white)."""
    state = replace(build(10, total_rounds=9), options=ON)
    pairing = pair_round(state, System.DUTCH, seed=1)
    assert boards(pairing) == [(1, 4), (5, 2), (3, 6), (7, 9), (10, 8)]
