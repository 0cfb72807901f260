"""More rules of the 1992 Dutch text, each with a hand-worked pairing (issue #5).

These complete ``test_dutch1992.py`` so that every rule listed in issue #5 has a test
named after it.  As there, each expectation was derived by hand from the text (and the
readings written next to the code in ``pairing/engine/systems/dutch1992/``), never taken
from the engine; the derivation is the comment above it.  Players are rated 2400, 2390,
... in pairing-number order, so inside a score bracket the A2 order is the pairing-number
order.  Round 1 boards are written as the text pairs them (F4, E4 with white for #1).
"""

from __future__ import annotations

from pairing.engine.brackets import exchange
from pairing.engine.colours import may_take
from pairing.engine.model import Colour
from pairing.engine.systems.dutch1992.brackets import make_bracket
from pairing.engine.systems.dutch1992.procedure import Search
from pairing.engine.systems.dutch1992.round import pair

from .builders import boards, build
from .test_dutch1992 import entrant

W, B = Colour.WHITE, Colour.BLACK


def test_dutch_c3_c4_c5_c6_top_half_of_s1_meets_top_half_of_s2() -> None:
    """C3-C6: S1 = the higher half in A2 order; the first of S1 meets the first of S2, etc."""
    # Round 1 (8 players, F4/E4 with #1 white): 1-5, 6-2, 3-7, 8-4; 1, 6, 3, 8 win.
    # Round 2, bracket 1 point {1, 3, 6, 8}: C3 p = 4 // 2 = 2; C4/C5 S1 = 1, 3 and
    # S2 = 6, 8 (A2 order).  All four had white and prefer black: A8 w = 0, b = 4,
    # q = 2, x = 2.  C6: 1-6 and 3-8, two unfulfilled preferences, no more than x: the
    # bracket is complete.  Colours: equal preferences and equal histories (E3 finds no
    # difference), so E4 gives the higher ranked black: 6-1, 8-3.
    # Bracket 0 {2, 4, 5, 7}: all had black, x = 2; C6 2-5, 4-7; E4: 2 and 4 white.
    # F1: the higher player's score, then the sum, then his rank: 6-1, 8-3, 2-5, 4-7.
    state = build(8, [[(1, 5, "1-0"), (6, 2, "1-0"), (3, 7, "1-0"), (8, 4, "1-0")]])
    assert boards(pair(state, seed=1)) == [(6, 1), (8, 3), (2, 5), (4, 7)]


def test_dutch_b4_c2_x_lets_one_pair_leave_a_preference_unfulfilled() -> None:
    """B4, C2: with x = 1 the C6 pairing with one unfulfilled preference is accepted."""
    # Round 1: 1-5, 2-6, 3-7, 8-4 (so 1, 2, 3 had white, 4 black); 1, 2, 3, 4 win.
    # Bracket 1 point {1, 2, 3, 4}: preferences 1 B, 2 B, 3 B, 4 W.  C2/A8: w = 1,
    # b = 3, q = 2, x = b - q = 1.  S1 = 1, 2; S2 = 3, 4.  C6: 1-3 (both want black:
    # one preference unfulfilled) and 2-4 (granted): 1 <= x, so B4 is kept and no
    # transposition is tried (1-4, 2-3 would grant all, but the text stops at C6).
    # E: 1-3 equal histories, E4: 1 black (3-1); 2-4 E1 (4-2).
    # Bracket 0 {5, 6, 7, 8}: 5, 6, 7 had black (want white), 8 white (wants black):
    # x = 1; C6 5-7 (one unfulfilled), 6-8: E4 5 white (5-7), E1 6-8.
    state = build(8, [[(1, 5, "1-0"), (2, 6, "1-0"), (3, 7, "1-0"), (8, 4, "0-1")]])
    assert boards(pair(state, seed=1)) == [(3, 1), (4, 2), (5, 7), (6, 8)]


def test_dutch_a3_two_of_three_moved_down_paired_as_homogeneous() -> None:
    """A3: a bracket with two of its three players moved down is paired as homogeneous."""
    # Round 1 (5 players): 1-3 drawn, 4-2 won by 4, 5 has the bye.
    # Round 2 brackets: 1 point {4, 5}, ½ {1, 3}, 0 {2}.
    # {4, 5}: 4 had white (prefers black), 5 has no colour: 5-4 (E1).
    # {1, 3} met in round 1: C1 moves both down to {2}.  Two of three came from above:
    # A3 treats the bracket as homogeneous, so S1 is the higher half (p = 1): S1 = 1,
    # S2 = 3, 2.  C6: 1-3 is B1a; C7: 1-2 (1 had white, 2 black: E1 2 white).
    # 3 is left in the lowest bracket and gets the bye (no bye or forfeit win before).
    # F1: 5-4 (1 point) before 2-1 (½).
    state = build(5, [[(1, 3, "="), (4, 2, "1-0"), (5, 0, "bye")]])
    pairing = pair(state, seed=1)
    assert boards(pairing) == [(5, 4), (2, 1)]
    assert pairing.pairing_allocated_bye == 3


def test_dutch_b3_a5_b5_player_with_the_bye_does_not_float_again() -> None:
    """B3, A5, B5: the bye was a downfloat, so another player floats, to the next bracket."""
    # Round 1 (7 players): 1-4, 5-2, 3-6, bye 7; 1 and 2 win, 3-6 drawn.
    # Round 2 brackets: 1 point {1, 2, 7}, ½ {3, 6}, 0 {4, 5}.
    # {1, 2, 7}: S1 = 1, S2 = 2, 7.  Preferences 1 B, 2 W, 7 none: x = 0.  C6: 1-2
    # leaves 7, whose bye counts as a downfloat (A5): a second downfloat in a row breaks
    # B5.  C7: 1-7 leaves 2, who has no float: accepted.  2 moves down.
    # B3 keeps the score difference small: 2 goes to the next bracket, ½ {3, 6} + 2,
    # heterogeneous (one of three moved down).  S1 = 2, S2 = 3, 6; preferences 2 W,
    # 3 B, 6 W: x = 0.  C6: 2-3, granted; 3's upfloat is his first.  The remainder {6}
    # moves down to {4, 5}: S1 = 6, S2 = 4, 5; preferences 6 W, 4 W, 5 B: x = 0.
    # C6: 6-4 both want white: rejected; C7: 6-5.  4 gets the bye (no earlier bye).
    # Colours E1: 7-1, 2-3, 6-5.  F1: 1's board (1 point, sum 2), 2's (1 point, sum
    # 1½), then 6's.
    state = build(7, [[(1, 4, "1-0"), (5, 2, "0-1"), (3, 6, "="), (7, 0, "bye")]], total_rounds=5)
    pairing = pair(state, seed=1)
    assert boards(pairing) == [(7, 1), (2, 3), (6, 5)]
    assert pairing.pairing_allocated_bye == 4


def test_dutch_a4_unequal_pairing_records_downfloat_and_upfloat() -> None:
    """A4: in a pair of unequal scores the higher player floats down, the lower one up."""
    # Round 1 (5 players): 1-3 (1 wins), 4-2 (4 wins), bye 5.
    # Round 2, bracket 1 point {1, 4, 5}: S1 = 1, S2 = 4, 5; preferences 1 B, 4 B (both
    # had white), 5 none (the bye is no game, F2): w = 0, b = 2, q = 2, x = 0.  C6: 1-4
    # both want black: rejected (B4); C7: 1-5, E1 5 white.  4 moves down.
    # Bracket 0 {2, 3} + 4 (one of three from above: heterogeneous): S1 = 4, S2 = 2, 3;
    # preferences 4 B, 2 W, 3 W: x = 0.  C6: 4-2 met in round 1 (B1a); C7: 4-3,
    # granted, E1 3 white.  4 floats down, 3 up (A4).  The remainder {2} gets the bye
    # (he had none).  F1: 1's board (score 1, sum 2) before 4's (score 1, sum 1).
    state = build(5, [[(1, 3, "1-0"), (4, 2, "1-0"), (5, 0, "bye")]])
    pairing = pair(state, seed=1)
    assert boards(pairing) == [(5, 1), (3, 4)]
    assert pairing.pairing_allocated_bye == 2
    assert any("Player 4 floats down, player 3 up (A4)" in e.text for e in pairing.explanation)


def test_dutch_a9_exchange_orders_s1_and_s2_again() -> None:
    """A9b/D2: after an exchange S1 and S2 are both in A2 order again, not swapped in place."""
    # Bracket 1-6, S1 = 1, 2, 3; exchange 3 with 5: S1 = 1, 2, 5 and S2 = 3, 4, 6 (3
    # goes to the head of S2, not into 5's place), so C6 then pairs 1-3, 2-4, 5-6.
    assert exchange([1, 2, 3, 4, 5, 6], 3, (3,), (5,)) == ([1, 2, 5], [3, 4, 6])
    assert exchange([1, 2, 3, 4, 5, 6, 7, 8], 4, (3, 4), (5, 7)) == (
        [1, 2, 5, 7],
        [3, 4, 6, 8],
    )


def test_dutch_b2a_colour_difference_never_beyond_two() -> None:
    """B2a: after W, W, B, W (difference +2, last two different) white is not allowed."""
    played = (W, W, B, W)
    assert not may_take(played, 2, W)
    assert may_take(played, 2, B)
    # -2 after B, W, B, B: black would make -3 (and a third black in a row).
    assert not may_take((B, W, B, B), -2, B)
    assert may_take((B, W, B, B), -2, W)


def test_dutch_c12_search_of_the_previous_bracket_stays_in_its_stage() -> None:
    """C12 looks only at the previous bracket's pairings with the same p: the search stops there."""
    # Four players with nothing against any pairing: with p = 2 (stage 0) the bracket has
    # pairings (1-3, 2-4 first); C14 would go on to p = 1 (stage 1) and p = 0 (all
    # down).  Limited to stage 0 (as C12's search is), only p = 2 pairings come out.
    bracket = make_bracket([entrant(n) for n in (1, 2, 3, 4)], [])
    search = Search(bracket.players).candidate_search
    everything = [c for c in search.candidates(bracket, lowest=False) if c is not None]
    limited = [c for c in search.candidates(bracket, lowest=False, to_stage=(0,)) if c is not None]
    assert {c.stage for c in everything} == {(0,), (1,), (2,)}
    assert limited and {c.stage for c in limited} == {(0,)}
    assert limited == [c for c in everything if c.stage == (0,)]
    first = limited[0]
    assert [(pair.first.number, pair.second.number) for pair in first.pairs] == [(1, 3), (2, 4)]
