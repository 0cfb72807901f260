"""The 1992 Dutch rules ("Swiss System Based on Rating", 1992), rule by rule.

Every expected pairing below was derived by hand from the rule text (and the readings
written next to the code in ``pairing/engine/systems/dutch1992/``); the derivation is
written above the expectation: the brackets, S1/S2, and which criterion rules out which
candidate.  Players are rated in pairing-number order (1 highest) unless a test says
otherwise, so the A2 order inside a score bracket is the pairing-number order.
"""

from __future__ import annotations

import functools
import random
from collections.abc import Iterator, Mapping
from dataclasses import replace

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pairing.engine import System, pair_round
from pairing.engine.checker import check_round
from pairing.engine.colours import Strength, colour_preference, may_take, played_colours
from pairing.engine.errors import InvalidState, NoValidPairing
from pairing.engine.history import pairing_scores
from pairing.engine.model import (
    Colour,
    GameRecord,
    Outcome,
    PairingNumber,
    Player,
    Points,
    RequestKind,
    RoundPairing,
    RoundRequest,
    Title,
    TournamentState,
)
from pairing.engine.systems.dutch1992.brackets import Accepted, Candidate, Pair, make_bracket
from pairing.engine.systems.dutch1992.colours import allocate_colours
from pairing.engine.systems.dutch1992.criteria import (
    FloatRules,
    colour_conflict,
    pair_allowed,
    x_of,
)
from pairing.engine.systems.dutch1992.entrants import (
    Entrant,
    compatible,
    entrants,
    over_half_in_last_round,
    rank_key,
)
from pairing.engine.systems.dutch1992.exchanges import (
    _hall_violator,
    exchange_order,
    transposition_order,
)
from pairing.engine.systems.dutch1992.explanation import _points
from pairing.engine.systems.dutch1992.feasibility import Feasibility
from pairing.engine.systems.dutch1992.levels import LevelSearch
from pairing.engine.systems.dutch1992.procedure import Search
from pairing.engine.systems.dutch1992.round import pair

from .builders import boards, build
from .simulate import initial_state, play

W, B = Colour.WHITE, Colour.BLACK


def entrant(number: int, colours: str = "", *, score: int = 0, exempt: bool = False) -> Entrant:
    """An entrant with a played colour history such as ``"WB"`` (oldest first)."""
    played = tuple(W if c == "W" else B for c in colours)
    difference = played.count(W) - played.count(B)
    preference, strength = colour_preference(played, difference, exempt=exempt)
    return Entrant(
        number=PairingNumber(number),
        score=Points(score),
        rating=2400 - number,
        title=Title.NONE,
        name=f"P{number:02d}",
        key=rank_key(
            Points(score), 2400 - number, Title.NONE, f"P{number:02d}", PairingNumber(number)
        ),  # fmt: skip
        colours=played,
        difference=difference,
        preference=preference,
        strength=strength,
        may_white=exempt or may_take(played, difference, W),
        may_black=exempt or may_take(played, difference, B),
        last_float=None,
        float_two_back=None,
        barred=frozenset(),
        bye_allowed=True,
        exempt=exempt,
    )


def colours_of(first: Entrant, second: Entrant, position: int = 1) -> tuple[int, int, str]:
    """White, black and the deciding rule for a pair with ``first`` in S1."""
    white, black, rule, _ = allocate_colours(
        Pair(first=first, second=second, s1_position=position, phase=0), initial=W
    )
    return white.number, black.number, rule


def legal(state: TournamentState, pairing: RoundPairing) -> list[str]:
    """Absolute-criteria violations found by the independent checker."""
    return [v.message for v in check_round(state, pairing, "dutch1992")]


# --- A2: order ----------------------------------------------------------------------------


def test_dutch_a2_rating_then_title_then_name_order_a_bracket() -> None:
    """A2: equal scores are ordered by rating, then title, then name."""
    # Pairing numbers deliberately not in A2 order.  #3 has 2100; #2 (IM), #4 and #1 have
    # 2000.  A2 c: the IM #2 comes first of those; A2 d: "Adam" (#4) before "Zed" (#1).
    # Order 3, 2, 4, 1.  S1 = 3, 2; S2 = 4, 1.  C6: 3-4, 2-1.  E4 round 1: S1 position 1
    # (3) gets white, position 2 (2) black.  F1: 3's board first.
    state = build(4, ratings=[2000, 2000, 2100, 2000], names=["Zed", "Bob", "Cy", "Adam"])
    state = replace(
        state,
        players=tuple(
            replace(p, title=Title.IM) if p.pairing_number == 2 else p for p in state.players
        ),
    )
    assert boards(pair(state, seed=1)) == [(3, 4), (1, 2)]


def test_dutch_a2_pairing_number_breaks_a_complete_tie() -> None:
    """A2: with score, rating, title and name all equal, the lower pairing number ranks higher."""
    # Four identical players: order 1, 2, 3, 4; S1 = 1, 2; S2 = 3, 4: 1-3, 4-2.
    state = build(4, ratings=[2000] * 4, names=["Same"] * 4)
    assert boards(pair(state, seed=1)) == [(1, 3), (4, 2)]


# --- A7, A8: colour preferences and x ---------------------------------------------------


@pytest.mark.parametrize(
    ("colours", "expected"),
    [
        ("", (None, Strength.NONE)),
        ("W", (B, Strength.STRONG)),
        ("WB", (W, Strength.MILD)),
        ("BW", (B, Strength.MILD)),
        ("WWB", (B, Strength.STRONG)),
        ("BB", (W, Strength.ABSOLUTE)),
        ("WBWW", (B, Strength.ABSOLUTE)),
        ("BWBB", (W, Strength.ABSOLUTE)),
        ("WWBWW", (B, Strength.ABSOLUTE)),
        ("BBBWW", (B, Strength.ABSOLUTE)),
    ],
)
def test_dutch_a7_colour_preference(colours: str, expected: tuple[object, Strength]) -> None:
    """A7: absolute (difference beyond 1 or two alike), strong (difference), mild (alternate)."""
    # BBBWW: difference -1 suggests white, two whites in a row forbid a third (B2b): the
    # repeated colour decides (reading in the module docstring): black, absolute.
    e = entrant(1, colours)
    assert (e.preference, e.strength) == expected


def test_dutch_a7a_no_absolute_preference_over_half_in_last_round() -> None:
    """A7a: a player over 50% in the last round has a strong, not absolute, preference."""
    e = entrant(1, "WBWW", exempt=True)
    assert (e.preference, e.strength) == (B, Strength.STRONG)


def test_dutch_a8_x_counts_unfulfillable_colour_preferences() -> None:
    """A8: six players, five want white: w=5, b=1, q=3, so x = w - q = 2."""
    players = [entrant(n, "B") for n in range(1, 6)] + [entrant(6, "W")]
    assert x_of(players) == 2


def test_dutch_a8_x_is_zero_when_preferences_balance() -> None:
    """A8: two want white and two black: x = w - q = 2 - 2 = 0."""
    assert x_of([entrant(1, "W"), entrant(2, "B"), entrant(3, "W"), entrant(4, "B")]) == 0


def test_dutch_a8_x_never_negative_and_uses_q_rounded_up() -> None:
    """A8: five players, three want black: q = 3, x = b - q = 0; one preference only: x = 0."""
    players = [entrant(1, "W"), entrant(2, "W"), entrant(3, "W"), entrant(4, "B"), entrant(5)]
    assert x_of(players) == 0
    assert x_of([entrant(1, "W"), entrant(2), entrant(3)]) == 0


# --- D1, D2 ---------------------------------------------------------------------------


def test_dutch_d1_transposition_order_matches_the_text() -> None:
    """D1: S2 = 5,6,7,8 is transposed as 5678, 5687, 5768, 5786, 5867, 5876, 6578, 6587."""
    orders = ["".join(map(str, order)) for order in transposition_order([8, 7, 6, 5])]
    assert orders[:8] == ["5678", "5687", "5768", "5786", "5867", "5876", "6578", "6587"]
    assert orders == sorted(orders)
    assert len(orders) == 24


def test_dutch_d2_exchange_order_eight_players_matches_matrices() -> None:
    """D2: the exchanges a-r of the text, in order and nothing else, for S1 = 1-4, S2 = 5-8."""
    assert list(exchange_order(8, 4)) == [
        ((4,), (5,)), ((4,), (6,)), ((3,), (5,)), ((4,), (7,)), ((3,), (6,)),
        ((2,), (5,)), ((3,), (7,)), ((2,), (6,)), ((2,), (7,)),
        ((3, 4), (5, 6)), ((3, 4), (5, 7)), ((2, 4), (5, 6)), ((3, 4), (6, 7)),
        ((2, 4), (5, 7)), ((2, 3), (5, 6)), ((2, 4), (6, 7)), ((2, 3), (5, 7)),
        ((2, 3), (6, 7)),
    ]  # fmt: skip


def test_dutch_d2_exchange_order_odd_bracket_numbers_reduced_by_one() -> None:
    """D2 Remark: with 7 players (S1 = 1-3) every number drops by one; column 1+2 is obsolete."""
    assert list(exchange_order(7, 3)) == [
        ((3,), (4,)), ((3,), (5,)), ((2,), (4,)), ((3,), (6,)), ((2,), (5,)),
        ((1,), (4,)), ((2,), (6,)), ((1,), (5,)), ((1,), (6,)),
        ((2, 3), (4, 5)), ((2, 3), (4, 6)), ((1, 3), (4, 5)), ((2, 3), (5, 6)),
        ((1, 3), (4, 6)), ((1, 3), (5, 6)),
    ]  # fmt: skip


def test_dutch_d2_exchange_order_starts_by_difference_in_a_larger_bracket() -> None:
    """D2: with 10 players the smallest differences come first, lowest S1 player first."""
    # S1 = 1-5 (exchangeable 2-5), S2 = 6-10 (exchangeable 6-9).  Difference 1: 5-6;
    # difference 2: 5-7 then 4-6; difference 3: 5-8, 4-7, 3-6.
    assert list(exchange_order(10, 5))[:6] == [
        ((5,), (6,)), ((5,), (7,)), ((4,), (6,)), ((5,), (8,)), ((4,), (7,)), ((3,), (6,)),
    ]  # fmt: skip


def test_dutch_d2_equal_two_player_exchanges_take_the_highest_s2_players_first() -> None:
    """D2: two exchanges equal in difference and in S1 players: the higher S2 players first."""
    # Issue #5: the engine took 7+8 before 6+9 here, against its own reading (module
    # docstring: "then by the S2 players from the highest down").
    # 10 players: S1 = 1-5 (exchangeable 2-5), S2 = 6-10 (exchangeable 6-9); the 16
    # one-player exchanges come first.  Two players, by difference of the sums:
    # 4: 4+5/6+7.  5: 4+5/6+8, 3+5/6+7 (the one concerning the lowest S1 player, 5 then
    # 4, first).  6: 4+5/6+9 and 4+5/7+8 (same S1 players: the text is silent; as the
    # S1 players are compared from the one nearest S2, the S2 players are compared from
    # the one nearest S1: 6 before 7), then 3+5/6+8, 2+5/6+7, 3+4/6+7.
    assert list(exchange_order(10, 5))[16:24] == [
        ((4, 5), (6, 7)),
        ((4, 5), (6, 8)), ((3, 5), (6, 7)),
        ((4, 5), (6, 9)), ((4, 5), (7, 8)), ((3, 5), (6, 8)), ((2, 5), (6, 7)), ((3, 4), (6, 7)),
    ]  # fmt: skip


# --- E1-E4: colour allocation ----------------------------------------------------------


def test_dutch_e1_both_preferences_granted() -> None:
    """E1: 1 wants black (had W), 2 wants white (had B): 2 gets white."""
    assert colours_of(entrant(1, "W"), entrant(2, "B")) == (2, 1, "E1")


def test_dutch_e1_preference_granted_against_a_player_without_one() -> None:
    """E1: 2 has no colour yet; 1's preference for black is granted."""
    assert colours_of(entrant(1, "W"), entrant(2)) == (2, 1, "E1")


def test_dutch_e2_stronger_preference_granted() -> None:
    """E2: 1 mildly wants black (BW), 2 strongly wants black (WWB): 1 gets white."""
    assert colours_of(entrant(1, "BW"), entrant(2, "WWB")) == (1, 2, "E2")


def test_dutch_e2_absolute_beats_strong() -> None:
    """E2: 2 must have white (BB, absolute); 1 strongly wants white (B): 2 gets white."""
    assert colours_of(entrant(1, "B"), entrant(2, "BB")) == (2, 1, "E2")


def test_dutch_e3_alternate_to_last_round_with_different_colours() -> None:
    """E3: equal mild preferences; colours alternate from the last round they differed."""
    # 1 = BWWB and 2 = WBWB: difference 0 for both, both last had black: both want white.
    # From the latest round back: round 4 both B, round 3 both W, round 2 1:W 2:B differ.
    # 1 had white there, so 1 gets black now.
    assert colours_of(entrant(1, "BWWB"), entrant(2, "WBWB")) == (2, 1, "E3")


def test_dutch_e4_higher_ranked_gets_preference_when_histories_equal() -> None:
    """E4: same history WB, both want white: the higher ranked player 1 gets it."""
    assert colours_of(entrant(2, "WB"), entrant(1, "WB")) == (1, 2, "E4")


def test_dutch_e4_round_one_rule_for_players_without_preferences() -> None:
    """E4: without preferences the S1 player at an odd position gets the drawn colour."""
    assert colours_of(entrant(1), entrant(5), position=1) == (1, 5, "E4")
    assert colours_of(entrant(2), entrant(6), position=2) == (6, 2, "E4")


@pytest.mark.parametrize(
    ("history", "normalised"),
    [("BWW-B", "-BWWB"), ("WB-WB", "-WBWB"), ("BWW-B-W", "--BWWBW")],
)
def test_dutch_f3_colour_history_gaps_move_to_the_front(history: str, normalised: str) -> None:
    """F3 (the text's examples): a history with unplayed rounds is read gaps first."""

    records = tuple(
        GameRecord(round_number=i, opponent=None, colour=None, outcome=Outcome.ZERO_POINT_BYE)
        if c == "-"
        else GameRecord(
            round_number=i,
            opponent=PairingNumber(99),
            colour=W if c == "W" else B,
            outcome=Outcome.DRAW,
        )
        for i, c in enumerate(history, start=1)
    )
    played = played_colours(Player(pairing_number=PairingNumber(1), history=records))
    text = "".join("W" if c is W else "B" for c in played)
    assert "-" * (len(history) - len(text)) + text == normalised


F3_ROUNDS = [
    [(1, 3, "=")],
    [(4, 1, "="), (7, 2, "=")],
    [(5, 1, "="), (2, 8, "=")],
    [(1, 6, "="), (9, 2, "=")],
    [(2, 10, "=")],
]


def test_dutch_f3_e3_gaps_are_closed_before_alternating() -> None:
    """F3/E3: 1 = WBBW- and 2 = -BWBW are compared game by game from the last game played."""
    # Both drew four games: 2 points each; only 1 and 2 remain (fillers withdrawn).
    # Both have colour difference 0 and last played white: mild preference for black (E2
    # ties).  F3 reads 1 as -WBBW and 2 as -BWBW.  E3 from the latest game: W/W, B/B, then
    # B/W differ: 1 had black there and now gets white.  (Comparing round by round would
    # have stopped at round 4, W/B, and given 1 black.)
    pairing = pair(build(10, F3_ROUNDS, withdrawn=range(3, 11)), seed=1)
    assert boards(pairing) == [(1, 2)]
    assert any(e.rule == "Dutch E3" for e in pairing.explanation)


def test_dutch_b2_colours_never_break_absolute_criteria() -> None:
    """B2: 1 had BB and must not get black; against a strong preference for black it gets white."""
    white, black, _ = colours_of(entrant(1, "BB"), entrant(2, "W"))
    assert (white, black) == (1, 2)


# --- F4, E4, A5: round 1 ----------------------------------------------------------------


def test_dutch_f4_e4_forty_players_round_one_white_first() -> None:
    """F4, C.04.2 40-player example: #1 white gives 1-21, 22-2, 3-23, 24-4, ..., 40-20."""
    expected = [(k, k + 20) if k % 2 else (k + 20, k) for k in range(1, 21)]
    assert boards(pair(build(40, initial_colour=W), seed=1)) == expected


def test_dutch_f4_e4_forty_players_round_one_black_first() -> None:
    """F4, C.04.2 40-player example: #1 black gives 21-1, 2-22, 23-3, 4-24, ..., 20-40."""
    expected = [(k + 20, k) if k % 2 else (k, k + 20) for k in range(1, 21)]
    assert boards(pair(build(40, initial_colour=B), seed=1)) == expected


def test_dutch_f4_a5_odd_field_bye_to_lowest_ranked() -> None:
    """F4/A5: with 7 players S1 = 1-3, S2 = 4-7: 1-4, 5-2, 3-6 and the bye to #7."""
    pairing = pair(build(7, initial_colour=W), seed=3)
    assert boards(pairing) == [(1, 4), (5, 2), (3, 6)]
    assert pairing.pairing_allocated_bye == 7


def test_dutch_a7c_round_one_colour_by_lot_is_seeded() -> None:
    """A7c: without a fixed colour the top seed's colour is drawn from the seed, repeatably."""
    state = build(8, initial_colour=None)
    first = [boards(pair(state, seed=s))[0] for s in range(20)]
    assert first == [boards(pair(state, seed=s))[0] for s in range(20)]
    assert {(1, 5), (5, 1)} == set(first)


# --- C6, C7 with B4: a homogeneous round 2 ----------------------------------------------

ROUND_ONE_DECISIVE = [[(1, 5, "1-0"), (6, 2, "0-1"), (3, 7, "1-0"), (8, 4, "0-1")]]


def test_dutch_c7_transposition_grants_colour_preferences() -> None:
    """C6/C7 with B4 and x = 0: round 2 of 8 players after four decisive games."""
    # Brackets: 1 point {1,2,3,4}, 0 points {5,6,7,8}.
    # {1,2,3,4}: S1 = 1,2; S2 = 3,4.  Preferences: 1 B, 3 B (had white), 2 W, 4 W.
    # A8: w = 2, b = 2, q = 2, x = 0.  C6: 1-3 and 2-4 both fail a preference: rejected.
    # C7/D1: S2 = 4,3 gives 1-4 and 2-3, all preferences granted.  E1: 4 white, 2 white.
    # {5,6,7,8}: 5 W, 7 W, 6 B, 8 B; x = 0; 5-7 fails, D1 gives 5-8 and 6-7: 5 and 7 white.
    # F1: score 1 boards first, ordered by the higher player: 4-1, 2-3, then 5-8, 7-6.
    state = build(8, ROUND_ONE_DECISIVE)
    assert boards(pair(state, seed=1)) == [(4, 1), (2, 3), (5, 8), (7, 6)]


def test_dutch_b2b_transposition_avoids_third_colour_in_a_row() -> None:
    """B2b: 1 and 3 had BB, 2 and 4 had WW; 1-3 and 2-4 are illegal, so 1-4 and 3-2."""
    # Players 5-8 were their opponents and have withdrawn.  All four have 1 point.
    # S1 = 1,2; S2 = 3,4.  C6: 1-3 needs a third black for one of them (B2b): illegal.
    # D1: S2 = 4,3 -> 1-4 (1 white, 4 black) and 2-3 (3 white, 2 black).
    rounds = [
        [(5, 1, "0-1"), (2, 6, "1-0"), (7, 3, "0-1"), (4, 8, "1-0")],
        [(6, 1, "1-0"), (2, 5, "0-1"), (8, 3, "1-0"), (4, 7, "0-1")],
    ]
    state = build(8, rounds, withdrawn=[5, 6, 7, 8])
    assert boards(pair(state, seed=1)) == [(1, 4), (3, 2)]


def test_dutch_c1_c8_players_who_met_move_down_exchange_then_bye() -> None:
    """C1, A3, C8, A5: two who met move down; an exchange meets x; the one left gets the bye."""
    # Round 1 (5 players, #1 white): 1-3, 4-2, bye 5.  1 beats 3, 4-2 drawn.
    # Round 2 brackets: 1 point {1,5}, ½ {2,4}, 0 {3}.
    # {1,5}: 1-5 (1 had white, prefers black; 5 has no colour) -> E1: 5 white.
    # {2,4} met in round 1: C1 moves both down to {3}; 2 of 3 players moved down, so the
    # bracket is treated as homogeneous (A3): S1 = 2, S2 = 4, 3.
    # Preferences: 2 white (had black), 3 white (had black), 4 black (had white).
    # A8: w = 2, b = 1, q = 2: x = 0.  C6: 2-4 is B1a.  C7: 2-3 fails both wanting white
    # (B4 with x = 0).  C8/D2 (3 players: S1 = position 1, S2 = 2, 3; exchangeable S2
    # players all but the last): the only exchange swaps 2 and 4: S1 = 4, S2 = 2, 3;
    # 4-2 is B1a, 4-3 grants both preferences (E1: 3 white).  2 is left and gets the bye.
    state = build(5, [[(1, 3, "1-0"), (4, 2, "="), (5, 0, "bye")]])
    pairing = pair(state, seed=1)
    assert boards(pairing) == [(5, 1), (3, 4)]
    assert pairing.pairing_allocated_bye == 2
    rules = {e.rule for e in pairing.explanation}
    assert {"Dutch C1", "Dutch C8"} <= rules


# --- B1, F2 ------------------------------------------------------------------------------


def test_dutch_b1b_no_bye_after_a_forfeit_win() -> None:
    """B1b: the natural bye candidate won by forfeit, so another player gets the bye."""
    # Round 1: 1-4 1-0, 5-2 0-1, 3-6 forfeit win for 6.  3, 4 and 5 withdraw.
    # Round 2: one bracket {1,2,6}, S1 = 1, S2 = 2, 6.  C6: 1-2 leaves 6, but 6 had a
    # point without playing (B1b): no bye.  D1: 1-6 leaves 2, who gets the bye.
    # Colours: 1 had white and prefers black; 6's forfeit does not count (F2): E1, 6 white.
    state = build(6, [[(1, 4, "1-0"), (5, 2, "0-1"), (3, 6, "-+")]], withdrawn=[3, 4, 5])
    pairing = pair(state, seed=1)
    assert boards(pairing) == [(6, 1)]
    assert pairing.pairing_allocated_bye == 2


def test_dutch_b1b_no_second_bye() -> None:
    """B1b: the player who had the bye in round 1 is not given it again in round 2."""
    # Round 1 (3 players): 1-2, bye 3; 1 and 2 draw.  Round 2: 3 (1 point) is alone in his
    # bracket and moves down (C1) to {1, 2} (½ each): 1 of 3 moved down, heterogeneous.
    # S1 = 3, S2 = 1, 2.  C6: 3-1; the remainder {2} gets the bye (2 had none).
    # Colours: 3 has no colour, 1 had white (prefers black): E1 3 white.
    state = build(3, [[(1, 2, "="), (3, 0, "bye")]])
    pairing = pair(state, seed=1)
    assert boards(pairing) == [(3, 1)]
    assert pairing.pairing_allocated_bye == 2


def test_dutch_f2_forfeited_pairing_may_be_repeated() -> None:
    """F2: a pairing lost by forfeit is not a meeting: the two may be paired again."""
    # Round 1: 1-2 forfeited (1 wins), 3-4 drawn; 3 and 4 withdraw.  Round 2: {1} moves
    # down (C1, alone) to {2}: S1 = 1, S2 = 2: 1-2 is legal (F2).  The forfeit gave no
    # colours (F2): no preferences, E4 round 1 rule: S1 position 1 gets the drawn white.
    state = build(4, [[(1, 2, "+-"), (3, 4, "=")]], withdrawn=[3, 4])
    assert boards(pair(state, seed=1)) == [(1, 2)]


def test_dutch_b1a_players_never_meet_twice() -> None:
    """B1a: with two players left who have played each other, no pairing exists."""
    state = build(4, [[(1, 2, "1-0"), (3, 4, "=")]], withdrawn=[3, 4])
    with pytest.raises(NoValidPairing):
        pair(state, seed=1)


def test_dutch_b1a_forbidden_pair_treated_like_a_meeting() -> None:
    """B1a: a forbidden pair is avoided like a second meeting: C6 1-3 gives way to 1-4."""
    # Round 1 of 4: S1 = 1, 2; S2 = 3, 4.  C6 1-3 is forbidden; D1: 1-4, 2-3.
    # E4 round 1: position 1 (1) white, position 2 (2) black: 1-4, 3-2.
    state = replace(
        build(4), forbidden_pairs=frozenset({frozenset({PairingNumber(1), PairingNumber(3)})})
    )
    assert boards(pair(state, seed=1)) == [(1, 4), (3, 2)]


# --- F1, F5, F9 ----------------------------------------------------------------------------


def test_dutch_f5_withdrawn_and_absent_players_not_paired() -> None:
    """F5: withdrawn players and those known to be absent are left out of the pairing."""
    # Players 1, 5, 6 remain: S1 = 1, S2 = 5, 6: 1-5, the bye to 6 (F4).
    state = build(6, withdrawn=[2], absent=[3], half_point_byes=[4])
    pairing = pair(state, seed=1)
    assert boards(pairing) == [(1, 5)]
    assert pairing.pairing_allocated_bye == 6
    assert sorted(r.pairing_number for r in pairing.not_paired) == [3, 4]


def test_dutch_f1_boards_sorted_by_score_then_sum_then_rank() -> None:
    """F1: a board of two 1-point players comes first, then the ½-0 boards by rank."""
    # Round 1: 1-4, 5-2, 3-6 (#1 white); 1 beats 4, 5-2 drawn, 3 beats 6.
    # Round 2: {1,3}: 1-3.  {2,5} met: C1 moves both down to {4,6}: 2 of 4 moved down,
    # treated as homogeneous: S1 = 2,5; S2 = 4,6.  Preferences 2 W, 5 B, 4 W, 6 W: x = 1.
    # C6: 2-4 (one conflict, within x), 5-6 clean: accepted.  F1: (1,3) max 1; (2,4) and
    # (5,6) max ½, sum ½, higher players 2 then 5.
    state = build(6, [[(1, 4, "1-0"), (5, 2, "="), (3, 6, "1-0")]])
    order = [frozenset(b) for b in boards(pair(state, seed=1))]
    assert order == [frozenset({1, 3}), frozenset({2, 4}), frozenset({5, 6})]


def test_dutch_f1_boards_numbered_in_publication_order() -> None:
    """F1: boards are numbered 1, 2, ... in the order of publication; the bye has no board."""
    pairing = pair(build(7), seed=1)
    assert [b.number for b in pairing.boards] == [1, 2, 3]


def test_dutch_f9_adjourned_game_counts_as_a_draw() -> None:
    """F9: an adjourned game counts as a draw: both players go to the ½ bracket."""
    # Round 1: 1-3 adjourned, 4-2 1-0.  Scores: 4 = 1, 1 = ½, 3 = ½, 2 = 0.
    # Brackets {4}, {1,3}, {2}.  {4} alone moves down to {1,3}: heterogeneous, S1 = 4,
    # S2 = 1, 3.  4 had white (wants black), 1 white (black), 3 black (white).  x of the
    # bracket: w = 1, b = 2, q = 2: 0.  C6: 4-1 both want black: no.  D1: 4-3.  The
    # remainder {1} moves down to {2}: 1 of 2 moved down, homogeneous; 1-2 met? No: 1-3
    # and 4-2 were the games.  1-2: 2 had black (wants white): E1 2 white.

    state = build(4, [[(1, 3, "="), (4, 2, "1-0")]])
    players = []
    for p in state.players:
        if p.pairing_number in (1, 3):
            record = replace(p.history[0], outcome=Outcome.ADJOURNED)
            p = replace(p, history=(record,))
        players.append(p)
    pairing = pair(replace(state, players=tuple(players)), seed=1)
    assert boards(pairing) == [(3, 4), (2, 1)]


# --- C8, C11, C14: exchanges, raising x, lowering p --------------------------------------


def forbid(state: TournamentState, *pairs: tuple[int, int]) -> TournamentState:
    """The state with these pairs forbidden (treated like B1a)."""
    return replace(
        state,
        forbidden_pairs=frozenset(
            frozenset({PairingNumber(a), PairingNumber(b)}) for a, b in pairs
        ),
    )


def test_dutch_c8_exchange_between_s1_and_s2_grants_colours() -> None:
    """C8/D2: when no transposition works, 2 and 3 are exchanged: S1 = 1, 3; S2 = 2, 4."""
    # Round 2 after ROUND_ONE_DECISIVE, with 1-4 and 2-3 forbidden.
    # {1,2,3,4}: preferences 1 B, 2 W, 3 B, 4 W; x = 0.  S1 = 1, 2; S2 = 3, 4.
    # D1: 1-3 leaves a preference unfulfilled (x = 0); 1-4 is forbidden.
    # D2 (4 players): the only exchange is 2 with 3: S1 = 1, 3; S2 = 2, 4: 1-2, 3-4,
    # both clean.  E1: 2 white v 1, 4 white v 3.  Bracket 0 as in the C7 test: 5-8, 7-6.
    state = forbid(build(8, ROUND_ONE_DECISIVE), (1, 4), (2, 3))
    pairing = pair(state, seed=1)
    assert boards(pairing) == [(2, 1), (4, 3), (5, 8), (7, 6)]
    assert any(e.rule == "Dutch C8" for e in pairing.explanation)


def test_dutch_c11_x_raised_until_a_pairing_exists() -> None:
    """C11: with 1-2 and 1-4 forbidden, two colour conflicts are unavoidable: x goes 0 -> 2."""
    # {1,2,3,4}: preferences 1 B, 2 W, 3 B, 4 W; A8 x = 0.  1 may only meet 3 (both
    # want black), leaving 2-4 (both want white): 2 conflicts.  C6-C10 fail for x = 0
    # and x = 1 (the exchange 2<->3 gives S1 = 1, 3 and 1 cannot meet 2 or 4).  C11:
    # x = 2, C6 pairs 1-3 and 2-4.  Colours: same preference and history both times:
    # E3 finds no round with different colours, E4 gives the higher ranked player his
    # preference: 3 white v 1, 2 white v 4.  Bracket 0: 5-8, 7-6 as before.
    state = forbid(build(8, ROUND_ONE_DECISIVE), (1, 2), (1, 4))
    pairing = pair(state, seed=1)
    assert boards(pairing) == [(3, 1), (2, 4), (5, 8), (7, 6)]
    assert any(e.rule == "Dutch C11" and "0 to 2" in e.text for e in pairing.explanation)


def test_dutch_c14_p_lowered_when_the_bracket_cannot_be_paired_completely() -> None:
    """C14: 2, 3, 4 may not meet each other, so only one pair of {1..4}: 1-2, 3 and 4 move down."""
    # Round 2 after ROUND_ONE_DECISIVE, with 2-3, 2-4, 3-4 forbidden.  Nobody is without
    # an opponent (C1), but p = 2 fails for every x (C11 up to 2).  C14: p = 1, x stays
    # 0 (it was 0): S1 = 1, S2 = 2, 3, 4; 1-2 grants both preferences; 3 and 4 move down.
    # Bracket 0: {5,6,7,8} + 3, 4: 2 of 6 moved down, heterogeneous; S1 = 3, 4;
    # S2 = 5, 6, 7, 8.  Preferences 3 B, 4 W, 5 W, 6 B, 7 W, 8 B: x = 0.  C6: 3-5 (3 met
    # 7, not 5) and 4-6, both clean, upfloats fine (no earlier floats).  Remainder 7-8.
    # Colours E1: 2-1, 5-3, 4-6, 7-8.  F1: 1's board, then 3's and 4's (1 v 0), then 7-8.
    state = forbid(build(8, ROUND_ONE_DECISIVE), (2, 3), (2, 4), (3, 4))
    pairing = pair(state, seed=1)
    assert boards(pairing) == [(2, 1), (5, 3), (4, 6), (7, 8)]
    assert any(e.rule == "Dutch C14" for e in pairing.explanation)


# --- B5, B6, C9, C10: floats -----------------------------------------------------------


def test_dutch_b5_player_who_floated_down_last_round_does_not_get_the_bye() -> None:
    """B5/A5: the bye is a downfloat, so it skips the player who floated down last round."""
    # Fillers 6-10 withdraw after round 2.  Round 1: 1-6 1-0, 7-2 0-1, 3-8 0-1, 9-4 1-0,
    # 5-10 1-0.  Round 2 (scores before: 1, 2, 5, 8, 9 have 1): 8-1 1-0, 2-9 0-1, 6-3 0-1,
    # 4-7 1-0, 10-5 1-0 - 5 (1 point) met 10 (0 points): 5 floated down in round 2.
    # Round 3: one bracket {1..5}, all on 1 point.  Colours: 1 WB, 3 WB, 5 WB want white;
    # 2 BW, 4 BW want black.  A8: w = 3, b = 2, q = 3, x = 0.  S1 = 1, 2; S2 = 3, 4, 5.
    # D1: 3-4-5 and 3-5-4 pair 1-3 (both want white, x = 0): no.  4-3-5 pairs 1-4, 2-3
    # and leaves 5 for the bye, a second downfloat in a row (B5): no.  4-5-3 pairs 1-4 and
    # 2-5 and leaves 3 (no float in rounds 1-2, no bye before): accepted.
    # E1: 1 white v 4; 5 white v 2.  F1: the pair of 1 first.
    rounds = [
        [(1, 6, "1-0"), (7, 2, "0-1"), (3, 8, "0-1"), (9, 4, "1-0"), (5, 10, "1-0")],
        [(8, 1, "1-0"), (2, 9, "0-1"), (6, 3, "0-1"), (4, 7, "1-0"), (10, 5, "1-0")],
    ]
    state = build(10, rounds, withdrawn=[6, 7, 8, 9, 10])
    pairing = pair(state, seed=1)
    assert boards(pairing) == [(1, 4), (5, 2)]
    assert pairing.pairing_allocated_bye == 3


B6_ROUNDS = [
    [(1, 8, "1-0"), (9, 2, "0-1"), (3, 10, "1-0"), (11, 4, "0-1"), (12, 5, "0-1"),
     (6, 13, "="), (7, 14, "=")],
    [(2, 1, "="), (4, 3, "="), (5, 8, "1-0"), (11, 6, "="), (13, 7, "=")],
    [(1, 4, "="), (2, 3, "=")],
]  # fmt: skip


def test_dutch_b6_no_downfloat_as_two_rounds_before() -> None:
    """B6: 5 floated down two rounds ago, so the pairing moves another player down (C8)."""
    # Round 2: 5 (1 point) beat 8 (0): a downfloat; round 3: 5 absent (no float).
    # Round 4: bracket 2 points {1,2,3,4,5}, bracket 1 point {6,7} (fillers withdrawn).
    # Colours: 1 WBW strong B; 2 BWW absolute B; 3 WBB absolute W; 4 BWB strong W;
    # 5 BW mild B.  A8: w = 2, b = 3, q = 3, x = 0.  S1 = 1, 2; S2 = 3, 4, 5.
    # D1: 3-4-5: 1-3, 2-4 clean but 5 moves down: B6.  3-5-4: 2-5 both want black.
    # 4-..: 1-4 met.  5-..: 1-5 both want black.  D2 (5 players, S1 one short: S1
    # players 1, 2 and S2 players 3, 4 exchangeable): 2<->3 gives S1 = 1, 3 - 1 met 2 and
    # 4, 1-5 both black: nothing.  2<->4 gives S1 = 1, 4; S2 = 2, 3, 5: 1-2 met; 1-3 with
    # 4-2 leaves 5 (B6); 1-3 with 4-5 leaves 2 (no float before): accepted.
    # Bracket 1 point {6,7} + 2: S1 = 2, S2 = 6, 7: 2-6 clean (6 WB wants white; 6's
    # round-2 float was down, so an upfloat is fine); remainder 7 gets the bye.
    # E1: 3 white v 1, 4 white v 5, 6 white v 2.  F1: sums 4, 4 (rank 1 before 4), 3.
    state = build(14, B6_ROUNDS, withdrawn=range(8, 15))
    pairing = pair(state, seed=1)
    assert boards(pairing) == [(3, 1), (4, 5), (6, 2)]
    assert pairing.pairing_allocated_bye == 7


C9_ROUNDS = [
    [(1, 5, "1-0"), (6, 2, "0-1"), (3, 7, "1-0"), (8, 4, "=")],
    [(4, 1, "0-1"), (2, 8, "1-0"), (5, 3, "0-1"), (6, 7, "=")],
]


def test_dutch_c9_drop_b6_then_b5_for_downfloats() -> None:
    """C9: all of {1,2,3} floated down last round; B5 is dropped and 3 moves down."""
    # Round 2: 1 beat 4 (½), 2 beat 8 (½), 3 beat 5 (0): three downfloats.  5, 8 withdraw.
    # Round 3: {1,2,3} on 2 points; {4,6,7} on ½.  Colours 1 WB, 3 WB want white; 2 BW
    # black: x = 0.  S1 = 1, S2 = 2, 3.  Whoever is left moves down: a second downfloat
    # (B5) for each of them.  C6 1-2 leaves 3, 1-3 both want white, the exchange 1<->2:
    # 2-1 leaves 3, 2-3 leaves 1: all fail.  C9: B6 dropped - the same; B5 dropped: C6
    # 1-2, 3 moves down.  Bracket ½: S1 = 3, S2 = 4, 6, 7.  3-4: 4 floated up last round
    # (B5 for upfloats); 3-6 grants both (6 WW must have black, no float); remainder 4-7
    # (7 BB must have white).  E1: 1-2, 3-6, 7-4.
    state = build(8, C9_ROUNDS, withdrawn=[5, 8])
    pairing = pair(state, seed=1)
    assert boards(pairing) == [(1, 2), (3, 6), (7, 4)]
    texts = [e.text for e in pairing.explanation if e.rule == "Dutch C9"]
    assert texts and "B6 and B5 for downfloats" in texts[0]


def test_dutch_c10_remainder_forces_a_different_opponent_for_the_moved_down_player() -> None:
    """C10: the remainder left by 3-4 cannot be paired, so 3 takes the next opponent, 5."""
    # Round 1: 1-5, 6-2, 3-7 won by the higher player, 8-4 won by 8 (8 withdraws).
    # Round 2: {1,2,3}: 1 B, 2 W, 3 B, x = 0: C6 1-2, 3 moves down.  Bracket 0:
    # {4,5,6,7} + 3, heterogeneous: S1 = 3, S2 = 4, 5, 6, 7 (x = 0).  C6: 3-4 (clean)
    # leaves {5,6,7} with 5-6 and 6-7 forbidden: only 5-7, both wanting white, x = 0:
    # no pairing of the remainder (C8 and C9 change nothing).  C10: next opponent for 3:
    # 3-5 (clean); remainder {4,6,7}: S1 = 4, S2 = 6, 7: 4-6 clean, 7 gets the bye.
    # E1: 2-1, 5-3, 4-6.
    state = forbid(
        build(8, [[(1, 5, "1-0"), (6, 2, "0-1"), (3, 7, "1-0"), (8, 4, "1-0")]],
              withdrawn=[8]),
        (5, 6), (6, 7),
    )  # fmt: skip
    pairing = pair(state, seed=1)
    assert boards(pairing) == [(2, 1), (5, 3), (4, 6)]
    assert pairing.pairing_allocated_bye == 7
    assert any("remainder" in e.text and e.rule == "Dutch C7" for e in pairing.explanation)


# --- C12, C13 -----------------------------------------------------------------------------


def test_dutch_c12_previous_bracket_repaired_to_move_other_player_down() -> None:
    """C12: 3 cannot be paired in bracket 0, so bracket 1 is paired 1-3 and 2 moves down."""
    # Round 1: 1-5, 6-2, 7-3 and 4-8, won by 1, 2, 3 and 8; 6, 7, 8 withdraw.  3-4 and
    # 3-5 are forbidden.  Round 2: {1,2,3} (1 B, 2 W, 3 W; x = 0): C6 1-2, 3 moves down.
    # Bracket 0 {4,5} + 3: C1, 3 has no opponent and was moved down: C12.  The next
    # pairing of bracket 1 (D1) is 1-3, clean, moving 2 down; 2 can meet 4: accepted.
    # Bracket 0 {4,5} + 2: S1 = 2, S2 = 4, 5: 2-4 clean (4 had white); 5 gets the bye.
    # E1: 3-1, 2-4.
    state = forbid(
        build(8, [[(1, 5, "1-0"), (6, 2, "0-1"), (7, 3, "0-1"), (4, 8, "0-1")]],
              withdrawn=[6, 7, 8]),
        (3, 4), (3, 5),
    )  # fmt: skip
    pairing = pair(state, seed=1)
    assert boards(pairing) == [(3, 1), (2, 4)]
    assert pairing.pairing_allocated_bye == 5
    c12 = [e for e in pairing.explanation if e.rule == "Dutch C12"]
    assert len(c12) == 1 and set(c12[0].players) == {2, 3}


C13_ROUNDS = [
    [(1, 7, "1-0"), (8, 2, "0-1"), (3, 9, "1-0"), (10, 4, "0-1"), (6, 12, "1-0"), (5, 0, "bye")],
    [(4, 1, "0-1"), (2, 6, "1-0"), (3, 5, "1-0"), (7, 8, "="), (9, 10, "=")],
]


def test_dutch_c13_penultimate_bracket_repaired_for_the_lowest() -> None:
    """C13: with 3 moved down the lowest bracket fails (5 had a bye), so 2 moves down instead."""
    # After two rounds: {1,2,3} on 2 points, {4,5} on 1 (others withdrawn).  5 had the
    # bye in round 1 (B1b) and met 3 in round 2.  Colours: 1 WB (white), 2 BW (black),
    # 3 WW (must have black), 4 BW (black), 5 B (white).  {1,2,3}: x = 0, C6 1-2, 3 down.
    # Lowest {4,5} + 3: S1 = 3; 3-5 met; 3-4 (both black, allowed once x is raised)
    # leaves 5, who may not have a second bye.  No pairing: C13.  The penultimate
    # bracket's next pairing 1-3 (clean) moves 2 down: S1 = 2, S2 = 4, 5: 2-4 both want
    # black (x = 0), 2-5 clean, 4 gets the bye.  E1: 1-3, 5-2.
    state = build(12, C13_ROUNDS, withdrawn=range(6, 13))
    pairing = pair(state, seed=1)
    assert boards(pairing) == [(1, 3), (5, 2)]
    assert pairing.pairing_allocated_bye == 4
    assert any(e.rule == "Dutch C13" for e in pairing.explanation)


def test_dutch_c13_blocked_lowest_bracket_takes_the_whole_penultimate_one() -> None:
    """C13: when the lowest bracket cannot be paired, the penultimate one comes down (p = 0)."""
    # Round 1: 1-5 1-0, 6-2 0-1, 3-4 drawn, 7-8 drawn; 5-8 then withdraw.
    # Round 2 brackets: {1, 2} on 1 point, {3, 4} on ½ - but 3 and 4 have met (B1a).
    # C13: the pairing 1-2 is undone; no other pairing of {1, 2} moving a different set
    # down lets {3, 4} be paired until p = 0: both move down and the lowest bracket holds
    # all four, half moved down: homogeneous, S1 = 1, 2; S2 = 3, 4.  Preferences: 1 and
    # 3 black (had white), 2 and 4 white: x = 0.  C6 1-3 fails both wanting black; D1:
    # 1-4, 2-3.  E1: 4 white v 1, 2 white v 3.
    rounds = [[(1, 5, "1-0"), (6, 2, "0-1"), (3, 4, "="), (7, 8, "=")]]
    pairing = pair(build(8, rounds, withdrawn=[5, 6, 7, 8]), seed=1)
    assert boards(pairing) == [(4, 1), (2, 3)]


# --- The Note to B: over 50% in the last round ---------------------------------------------

NOTE_ROUNDS = [[(3, 1, "0-1"), (4, 2, "0-1")], [(5, 1, "0-1"), (6, 2, "0-1")]]


def test_dutch_note_b2_not_applied_over_half_in_the_last_round() -> None:
    """Note to B: 1 and 2 (both BB, 2/2) meet in the last round although both need white."""
    # Only 1 and 2 remain.  Both had black twice: absolute preference for white and B2b
    # forbids a third black.  In the last round both score over 50%: A7a and B2 are not
    # applied; preferences strong white; E3 finds no differing round; E4: 1 gets white.
    state = build(6, NOTE_ROUNDS, total_rounds=3, withdrawn=[3, 4, 5, 6])
    assert boards(pair(state, seed=1)) == [(1, 2)]


def test_dutch_note_b2_applies_before_the_last_round() -> None:
    """B2: the same two players cannot meet when it is not the last round."""
    state = build(6, NOTE_ROUNDS, total_rounds=5, withdrawn=[3, 4, 5, 6])
    with pytest.raises(NoValidPairing):
        pair(state, seed=1)


# --- Explanations ---------------------------------------------------------------------------


def test_dutch_explanation_names_the_rules_for_each_board() -> None:
    """The explanation cites the C-step of each bracket and the E-rule of each board."""
    pairing = pair(build(8, ROUND_ONE_DECISIVE), seed=1)
    rules = {step.rule for step in pairing.explanation}
    assert {"Dutch A3", "Dutch A6", "Dutch C7"} <= rules
    assert rules & {"Dutch E1", "Dutch E2", "Dutch E3", "Dutch E4"}
    board_steps = [s for s in pairing.explanation if s.text.startswith("Board 1:")]
    assert board_steps and set(board_steps[0].players) == {1, 4}
    c7 = [s for s in pairing.explanation if s.rule == "Dutch C7"]
    assert "1 and 3" not in c7[0].text and "B4" in c7[0].text


def test_dutch_explanation_says_who_floats_and_why() -> None:
    """A player moved down finds a step saying so, and his board names the float (A4)."""
    # As in the A3/A6 test below: 4 moves down from {1,4,5} and meets 3.
    pairing = pair(build(5, [[(1, 3, "1-0"), (4, 2, "1-0"), (5, 0, "bye")]]), seed=1)
    about_4 = [s for s in pairing.explanation if 4 in s.players]
    assert any("moved down" in s.text for s in about_4)
    assert any("Player 4 floats down, player 3 up (A4)" in s.text for s in about_4)
    assert any(s.rule == "Dutch A5" and s.players == (2,) for s in pairing.explanation)


def test_dutch_a3_a6_moved_down_player_is_s1_of_the_heterogeneous_bracket() -> None:
    """A3/A6: the player moved down is paired first in the lower bracket, floating down."""
    # Round 1 (5 players, #1 white): 1-3 1-0, 4-2 1-0, bye 5.  Scores: 1, 4, 5 on 1 point;
    # 2, 3 on 0.  Bracket 1: S1 = 1, S2 = 4, 5.  1 and 4 both had white and want black
    # (strong); 5 has no colour.  A8: w = 0, b = 2, q = 2, x = 0.  C6: 1-4 fails a
    # preference; D1: 1-5 (E1: 5 white).  4 moves down (no float before: B5 holds).
    # Bracket 0: 1 of 3 moved down, heterogeneous; S1 = 4, S2 = 2, 3.  4-2 met (B1a);
    # 4-3 grants both preferences (3 had black).  The remainder {2} gets the bye.
    # F1: 5-1 (score sum 2) before 3-4 (sum 1).
    pairing = pair(build(5, [[(1, 3, "1-0"), (4, 2, "1-0"), (5, 0, "bye")]]), seed=1)
    assert boards(pairing) == [(5, 1), (3, 4)]
    assert pairing.pairing_allocated_bye == 2


# --- Properties over random tournaments ------------------------------------------------------


def f1_key(state: TournamentState, pairing: RoundPairing) -> list[tuple[int, int]]:
    """Per board: minus the higher score and minus the sum of scores (Dutch F1)."""

    scores = pairing_scores(state)
    keys = []
    for board in pairing.boards:
        a, b = scores[board.white], scores[board.black]
        keys.append((-max(a, b), -(a + b)))
    return keys


def any_pairing_exists(state: TournamentState) -> bool:
    """Brute force: whether any pairing keeps B1a, B1b and B2 (forbidden pairs included)."""

    players = entrants(state)[0]
    memo: dict[tuple[tuple[int, ...], bool], bool] = {}

    def solve(rest: tuple[Entrant, ...], bye_free: bool) -> bool:
        key = (tuple(e.number for e in rest), bye_free)
        if key not in memo:
            first, others = (rest[0], rest[1:]) if rest else (None, ())
            memo[key] = first is None or (
                (bye_free and first.bye_allowed and solve(others, False))
                or any(
                    compatible(first, b) and solve(others[:i] + others[i + 1 :], bye_free)
                    for i, b in enumerate(others)
                )
            )
        return memo[key]

    return solve(tuple(players), len(players) % 2 == 1)


@settings(max_examples=50, deadline=None)
@given(
    players=st.integers(min_value=2, max_value=20),
    rounds=st.integers(min_value=1, max_value=8),
    seed=st.integers(min_value=0, max_value=10**6),
)
def test_dutch_property_random_tournaments_keep_absolute_criteria(
    players: int, rounds: int, seed: int
) -> None:
    """Random events: B1, B2 (but the Note), B1b hold, everyone paired once, F1 board order."""
    rng = random.Random(seed)
    state = initial_state(players, rounds, rng)
    for _ in range(rounds):
        try:
            pairing = pair_round(state, System.DUTCH_1992, seed=rng.randrange(2**31))
        except NoValidPairing:
            # Small fields can run out of legal pairings in late rounds: check it by brute force.
            assert not any_pairing_exists(state)
            return
        assert legal(state, pairing) == []
        assert [b.number for b in pairing.boards] == list(range(1, len(pairing.boards) + 1))
        keys = f1_key(state, pairing)
        assert keys == sorted(keys)
        state = play(state, pairing, rng)


@settings(max_examples=30, deadline=None)
@given(seed=st.integers(min_value=0, max_value=10**6), size=st.integers(4, 16))
def test_dutch_property_same_input_same_output_whatever_the_order(seed: int, size: int) -> None:
    """The same state and seed give the same pairing, however the players are ordered."""
    rng = random.Random(seed)
    state = initial_state(size, 6, rng)
    try:
        for _ in range(3):
            state = play(state, pair_round(state, System.DUTCH_1992, seed=seed), rng)
    except NoValidPairing:
        return
    shuffled = list(state.players)
    random.Random(seed + 1).shuffle(shuffled)
    try:
        first = pair(state, seed=seed)
    except NoValidPairing:
        return
    assert pair(state, seed=seed) == first
    assert pair(replace(state, players=tuple(shuffled)), seed=seed) == first


@pytest.mark.slow
def test_dutch_property_large_event_all_rounds_legal() -> None:
    """A 300-player, 11-round event: every round keeps the absolute criteria."""
    rng = random.Random(1992)
    state = initial_state(300, 11, rng)
    for _ in range(11):
        pairing = pair_round(state, System.DUTCH_1992, seed=rng.randrange(2**31))
        assert legal(state, pairing) == []
        state = play(state, pairing, rng)


@settings(max_examples=60, deadline=None)
@given(data=st.data())
def test_dutch_d1_search_visits_pairings_in_transposition_order(data: st.DataObject) -> None:
    """C6/C7/D1: the search yields exactly the acceptable pairings, in the order of D1."""

    p = data.draw(st.integers(0, 3))
    extra = data.draw(st.integers(0, 2))
    players = [
        entrant(n, data.draw(st.sampled_from(["", "W", "B", "WB", "BW", "WW", "BB"])))
        for n in range(1, 2 * p + extra + 1)
    ]
    pairs = {(a, b) for a in range(1, len(players) + 1) for b in range(a + 1, len(players) + 1)}
    barred = data.draw(st.sets(st.sampled_from(sorted(pairs)))) if pairs else set()
    players = [
        replace(e, barred=frozenset(PairingNumber(b if a == e.number else a)
                                    for a, b in barred if e.number in (a, b)))
        for e in players
    ]  # fmt: skip
    s1, s2 = players[:p], players[p:]
    x = data.draw(st.integers(0, p))
    must = frozenset(data.draw(st.sets(st.integers(0, max(0, len(s2) - 1)))) if s2 else set())
    rules = FloatRules()
    expected: list[tuple[int, ...]] = []
    for order in transposition_order(range(len(s2))):
        chosen = tuple(order[:p])
        if chosen in expected:
            continue
        if not all(
            pair_allowed(a, s2[t], rules, frozenset()) for a, t in zip(s1, chosen, strict=True)
        ):
            continue
        if sum(colour_conflict(a, s2[t]) for a, t in zip(s1, chosen, strict=True)) > x:
            continue
        if not must <= set(chosen):
            continue
        expected.append(chosen)
    found = list(LevelSearch(Feasibility()).assignments(s1, s2, x, rules, frozenset(), must))
    assert found == expected


def test_dutch_c14_after_c13_moved_down_player_without_opponent_takes_the_bye() -> None:
    """C13 then C14: once every bracket is joined, p is lowered so that 1 can have the bye."""
    # History: round 1: 1 beats 4, 2 has the bye, 3 wins by forfeit (against 5); round 2:
    # 1 beats 2; round 3: 1 beats 3 (4, 5 withdraw; others absent when not listed).
    # Round 4: {1} on 3 points, {2, 3} on 1.  Only 2-3 with the bye to 1 is legal: 2 and 3
    # had a point without playing (B1b), 1 met both.
    # {1} alone moves down (C1).  Lowest {2,3} + 1: heterogeneous, S1 = 1, who has no
    # opponent (C1): C12/C13 find no other pairing above, the brackets are joined - the
    # same bracket, S1 = 1 again.  Reading: C14 now lowers p of the moved-down part to 0;
    # 1 joins the remainder {1,2,3}: S1 = 1, S2 = 2, 3: both met; D2 exchange 1<->2:
    # S1 = 2, S2 = 1, 3: 2-1 met, 2-3 leaves 1 for the bye.  1 floated down in round 3
    # (3 v 2 points), so the bye (a downfloat) needs B5 dropped for downfloats (C9).
    # Colours: 2 had black (wants white), 3 white (wants black): E1 2 white.
    rounds = [[(1, 4, "1-0"), (2, 0, "bye"), (3, 5, "+-")], [(1, 2, "1-0")], [(3, 1, "0-1")]]
    pairing = pair(build(5, rounds, withdrawn=[4, 5]), seed=1)
    assert boards(pairing) == [(2, 3)]
    assert pairing.pairing_allocated_bye == 1
    rules = [e.rule for e in pairing.explanation]
    assert "Dutch C14" in rules and "Dutch B1, B2" not in rules


C10_UP_ROUNDS = [
    [(1, 5, "1-0"), (6, 2, "0-1"), (3, 7, "1-0"), (8, 4, "="), (9, 10, "1-0")],
    [(4, 1, "0-1"), (2, 10, "1-0"), (3, 5, "1-0"), (8, 6, "="), (9, 7, "=")],
]


def test_dutch_c10_drop_b6_then_b5_for_upfloats() -> None:
    """C10: every resident of the lowest bracket floated up last round; B5 for upfloats goes."""
    # Round 2: 1, 2, 3 beat lower players (downfloats); 4 met 1, 6 met 8 and 7 met 9, all
    # higher: three upfloats.  5, 8, 9, 10 withdraw.  Round 3: {1,2,3} on 2 points
    # (1 WB wants white, 2 BW black, 3 WW must have black; x = 0): every pairing moves a
    # player who floated down last round: C9 drops B6, then B5: C6 1-2, 3 moves down.
    # {4,6,7} on ½ + 3: S1 = 3, S2 = 4, 6, 7 (x = 0).  Any opponent of 3 would float up
    # a second time (B5): C10 drops B6 for upfloats (no help), then B5: 3-4 both want
    # black, 3-6 grants both (6 had white, then black: wants white).  Remainder 4-7
    # (7 had black twice: must have white).  E1: 1-2, 6-3, 7-4.
    state = build(10, C10_UP_ROUNDS, withdrawn=[5, 8, 9, 10])
    pairing = pair(state, seed=1)
    assert boards(pairing) == [(1, 2), (6, 3), (7, 4)]
    c10 = [e.text for e in pairing.explanation if e.rule == "Dutch C10"]
    assert c10 and "B6 and B5 for upfloats" in c10[0]


def test_dutch_c1_lowest_bracket_player_without_opponent_takes_the_bye() -> None:
    """C1 reading: in an odd lowest bracket a player without an opponent can have the bye."""
    # Rounds 1-2: 1-2 and 3-4 drawn, then 1-3 and 2-5 drawn; 4, 5 withdraw.  Round 3: one
    # bracket {1,2,3}, all on 1 point; 1 met 2 and 3 (no opponent, C1) but the bracket
    # is odd and 1 never had a bye: no C13.  S1 = 1, S2 = 2, 3: both met.  D2 exchange
    # 1<->2: S1 = 2, S2 = 1, 3: 2-1 met; 2-3 (2 BW wants black, 3 WB white: x = 0,
    # clean) leaves 1 for the bye.  E1: 3 white.
    rounds = [[(1, 2, "="), (3, 4, "=")], [(1, 3, "="), (2, 5, "=")]]
    pairing = pair(build(5, rounds, withdrawn=[4, 5]), seed=1)
    assert boards(pairing) == [(3, 2)]
    assert pairing.pairing_allocated_bye == 1


def test_dutch_note_over_half_means_more_than_half_of_the_points_played_for() -> None:
    """Note to B reading: exactly 50% is not "over 50%"; more is, and only in the last round."""

    state = build(4, [[(1, 2, "1-0"), (3, 4, "=")], [(1, 3, "0-1"), (2, 4, "=")]],
                  total_rounds=3)  # fmt: skip
    # After two rounds a win is worth 2 points in all: 1 has 1 point (50%): not over.
    # 3 has 1½ (75%): over.  With a later last round nobody is exempt.
    scores = {1: Points(2), 3: Points(3)}
    assert not over_half_in_last_round(state, scores[1])
    assert over_half_in_last_round(state, scores[3])
    assert not over_half_in_last_round(replace(state, total_rounds=5), scores[3])


def test_dutch_f5_round_with_everyone_absent_has_no_boards() -> None:
    """F5: when every player asked to sit out, the pairing is empty and lists the requests."""
    pairing = pair(build(3, absent=[1, 2, 3]), seed=1)
    assert pairing.boards == () and pairing.pairing_allocated_bye is None
    assert [r.pairing_number for r in pairing.not_paired] == [1, 2, 3]


def test_dutch_invalid_state_is_refused() -> None:
    """A request for an unknown player, or a history of the wrong length, is an InvalidState."""

    state = build(4)
    unknown = replace(
        state, requests=(RoundRequest(pairing_number=PairingNumber(9), kind=RequestKind.ABSENT),)
    )
    with pytest.raises(InvalidState):
        pair(unknown, seed=1)
    with pytest.raises(InvalidState):
        pair(replace(state, rounds_completed=1), seed=1)


def _accepted(players: list[Entrant]) -> Accepted:
    """A penultimate bracket of these players, paired with nobody moved down (for C13)."""

    return Accepted(
        bracket=make_bracket(players, ()),
        candidate=Candidate(
            pairs=(), moved_down=(), phases=(), stage=(0,), heterogeneous=False, order=((0,),)
        ),
        forced_down=(),
        notes=(),
    )


def _barred(players: list[Entrant], *pairs: tuple[int, int]) -> list[Entrant]:
    """The players with these pairs made unable to meet (B1a)."""
    met: dict[int, set[int]] = {p.number: set() for p in players}
    for a, b in pairs:
        met[a].add(b)
        met[b].add(a)
    return [replace(p, barred=frozenset(PairingNumber(n) for n in met[p.number])) for p in players]


def test_dutch_c13_deficiency_of_lowest_bracket_bounds_players_moved_down() -> None:
    """C13: the lowest bracket can only be completed with at least as many players moved
    down as a maximum matching of its own leaves unpaired (each needs an opponent from
    above, or the bye)."""

    upper = [entrant(n, score=4) for n in range(1, 5)]
    # 5 has met 6, 7 and 8; 6 has met 7: among 5-8 only 6-8 or 7-8 is possible, so a
    # maximum matching leaves two unpaired and at least two must come from above.
    lowest = _barred([entrant(n) for n in range(5, 9)], (5, 6), (5, 7), (5, 8), (6, 7))
    assert Search._c13_least_down(_accepted(upper), make_bracket(lowest, ())) == 2
    # With an odd total the bye is one more vertex, joined to those who may have it (B1b):
    # 5, 6 and 7 alone, 5 having met both: 6-7 and the bye to 5 leave nobody over.
    three = _barred([entrant(n) for n in range(5, 8)], (5, 6), (5, 7))
    assert Search._c13_least_down(_accepted(upper), make_bracket(three, ())) == 0
    # 5 has had the bye already: he needs an opponent from above, and then 6 and 7 cannot
    # both be paired and one of them take the bye: two must come from above.
    no_bye = [replace(p, bye_allowed=p.number != 5) for p in three]
    assert Search._c13_least_down(_accepted(upper), make_bracket(no_bye, ())) == 2


def test_dutch_c13_at_least_p_only_players_meeting_the_left_over_can_move_down() -> None:
    """C13: when exactly the deficiency of the lowest bracket moves down, every player moved
    down meets one whom some maximum matching of the lowest bracket leaves unpaired; a
    player of the penultimate bracket who can meet none of those is kept up there."""

    # Lowest bracket 5-8: 5 has met 6, 7, 8 and 6 has met 7, so its maximum matchings are
    # 6-8 and 7-8: 5, 6 and 7 can be left over, 8 never is.  Player 1 has met 5, 6 and 7
    # (only 8 is left for him): he cannot help.  2 can meet anyone.  (4 + 4: no bye.)
    lowest = _barred([entrant(n) for n in range(5, 9)], (5, 6), (5, 7), (5, 8), (6, 7))
    met = frozenset(PairingNumber(n) for n in (5, 6, 7))
    upper = [replace(entrant(1, score=4), barred=met), *(entrant(n, score=4) for n in (2, 3, 4))]
    assert Search._c13_least_down(_accepted(upper), make_bracket(lowest, ())) == 2
    assert Search._c13_useless(_accepted(upper), make_bracket(lowest, ())) == {1}


def _near_round_robin(seeds: range) -> Iterator[tuple[int, TournamentState, RoundPairing]]:
    """Events of 16-24 players played nearly to a round robin, one for each seed: each
    round's state with its pairing, until a round cannot be paired (C12, C13 are met
    every few rounds there)."""
    for seed in seeds:
        for state, pairing in _played(seed):
            yield seed, state, pairing


@functools.cache
def _played(seed: int) -> tuple[tuple[TournamentState, RoundPairing], ...]:
    """The rounds of the event of ``seed``, played once for every test that reads them
    (three tests share seeds; #33 item 7: each played them again).  States and pairings
    are frozen, so no test can change another's."""
    rng = random.Random(seed)
    players = 16 + 2 * (seed % 4) + seed % 2
    state = initial_state(players, players - 2, rng)
    rounds = []
    for _ in range(players - 2):
        try:
            pairing = pair(state, seed=seed)
        except NoValidPairing:
            break
        rounds.append((state, pairing))
        state = play(state, pairing, rng, forfeits=0.03, withdrawals=0.0, requests=0.0)
    return tuple(rounds)


def _paired_alike_without(
    owner: type, patches: Mapping[str, object], *, seeds: range, rule: str
) -> int:
    """Pairs each round of :func:`_near_round_robin` again with the attributes of the
    search's class ``owner`` in ``patches`` replaced, requires the same pairing, and counts
    the rounds whose explanation cites ``rule``."""
    rounds_citing = 0
    for seed, state, pairing in _near_round_robin(seeds):
        with pytest.MonkeyPatch.context() as patch:
            for name, value in patches.items():
                patch.setattr(owner, name, value)
            assert pair(state, seed=seed) == pairing, f"seed {seed} round {state.round_number}"
        rounds_citing += any(e.rule == rule for e in pairing.explanation)
    return rounds_citing


def test_dutch_c13_search_with_bounds_pairs_as_without_them() -> None:
    """C13: skipping the values of p that move too few down, and at the least p keeping
    up the players who can meet nobody the lowest bracket leaves over, changes no
    pairing.  Events of 16-24 players played to nearly a round robin, where C13 is met
    every few rounds; each round is paired with the bounds and again without them."""

    no_bounds = {
        "_c13_least_down": staticmethod(lambda previous, lowest: 0),
        "_c13_useless": staticmethod(lambda previous, lowest: frozenset()),
    }
    assert _paired_alike_without(Search, no_bounds, seeds=range(4), rule="Dutch C13") >= 10


def test_dutch_c12_search_with_bounds_pairs_as_without_them() -> None:
    """C12: keeping up from the start the players who can meet no resident of the next
    bracket, and not entering parts of the search where the players moved down could not
    all be paired there, changes no pairing.  Events of 16-24 players played to nearly a
    round robin; each round is paired with both and again with both switched off."""

    no_bounds = {
        "_c12_feasible": staticmethod(lambda previous, bracket: lambda keep: True),
        "_c12_kept_up": staticmethod(lambda previous, bracket: frozenset()),
    }
    assert _paired_alike_without(Search, no_bounds, seeds=range(100, 104), rule="Dutch C12") >= 3


def test_dutch_c10_remainder_checks_before_pairing_s1_pair_as_without_them() -> None:
    """C6-C11 in a heterogeneous bracket: leaving out the pairings of the moved-down
    players after which the remainder cannot be paired (a perfect matching of S1, S2 and
    the players left over; the sets of players the remainder's divisions could leave
    over; the colour counts of a level and of each prefix), changes no pairing.  They
    apply where players are kept up (C12, C13) or may not have the bye (B1b); each round
    is paired with them and again with them switched off."""

    no_checks = {
        "remainder_viable": lambda self, s1, s2, rules, moved, need, x=None: lambda _: True,
        "colours_allow_level": staticmethod(lambda s1, s2, stay, p_r, x_h, j, k: True),
    }
    assert (
        _paired_alike_without(Feasibility, no_checks, seeds=range(1, 8, 2), rule="Dutch C13") >= 20
    )


def test_dutch_c13_join_names_the_bracket_whose_players_c1_moved_down() -> None:
    """C1, C13: when C1 moves every player of the penultimate bracket down and the lowest
    still cannot be paired, the explanation of the join names that bracket by its score
    (a score some player has), not by the score of an empty bracket."""

    named = 0
    for seed, state, pairing in _near_round_robin(range(4)):
        scores = {_points(entrant.score) for entrant in entrants(state)[0]}
        for note in pairing.explanation:
            if note.text.startswith("No pairing of score bracket "):
                bracket = note.text.removeprefix("No pairing of score bracket ").split()[0]
                assert bracket in scores, (seed, state.round_number, note.text)
                named += 1
    assert named >= 10


def test_dutch_c8_hall_violator_of_the_original_division() -> None:
    """C8, D2: the S1 players that, by König's theorem, have fewer partners in S2 than they
    are many; an exchange leaving them in S1 without new partners cannot be paired."""

    # Positions 0, 1 in S1, 2, 3 in S2: 0 and 1 can only meet 2.
    assert _hall_violator([0b0100, 0b0100, 0b0011, 0b0000], 2) == 0b0011
    # 1 can also meet 3: S1 can be paired into S2.
    assert _hall_violator([0b0100, 0b1100, 0b0011, 0b0010], 2) == 0
    # 0 meets 3 or 4, 1 and 2 only 3: the set is 1 and 2 (0 can take 4 instead).
    assert _hall_violator([0b11000, 0b01000, 0b01000, 0b00111, 0b00001], 3) == 0b00110
