"""Tests for the Lim system (FIDE Handbook C.04.2 B, rules 7-13): ``pairing/engine/systems/lim/``.

Every expected pairing is worked out by hand from the text (C.04.2 B, rules 7-13); the
comment above each expectation gives the derivation.  Tournaments are written with the
builders of ``lim_builders.py``: players are rated by number (1 highest) and round 1
gives the top seed white unless a test says otherwise.
"""

from __future__ import annotations

import random
from dataclasses import replace

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pairing.engine.errors import NoValidPairing
from pairing.engine.floats import Float, float_history
from pairing.engine.matching import matching_size
from pairing.engine.model import (
    Colour,
    Player,
    Points,
    RequestKind,
    RoundPairing,
    Title,
    TournamentState,
)
from pairing.engine.systems.lim.compatibility import GroupMatching
from pairing.engine.systems.lim.exchanges import exchange_columns, proposed_pairings
from pairing.engine.systems.lim.floaters import floater_order
from pairing.engine.systems.lim.floats import float_record
from pairing.engine.systems.lim.groups import Direction, Pairing, Position
from pairing.engine.systems.lim.numbers import initial_order
from pairing.engine.systems.lim.players import Entrant, due_colour, entrants
from pairing.engine.systems.lim.procedure import LimPairer, pair, pair_lim

from .lim_builders import (
    boards,
    build,
    entrant,
    explained,
    legal_pairing_exists,
    play,
    pn,
    random_start,
    violations,
)


def pairing_of(a: Entrant, b: Entrant, position: Position = Position.MEDIAN) -> Pairing:
    """A pairing of two players made in a group at ``position``, for the colour rules."""
    return Pairing(first=a, second=b, position=position, rules=(), why="")


# --- Lim 7: pairing numbers ------------------------------------------------------------


def test_lim_7_initial_order_by_rating_title_local_rating() -> None:
    """Rating first, then title, then local rating; unrated players come last (Lim 7)."""
    entries = [
        Player(pairing_number=pn(1), name="A", rating=2100),
        Player(pairing_number=pn(2), name="B", rating=2200),
        Player(pairing_number=pn(3), name="C", rating=2100, title=Title.GM),
        Player(pairing_number=pn(4), name="D", rating=2100),
        Player(pairing_number=pn(5), name="E", rating=0, title=Title.IM),
        Player(pairing_number=pn(6), name="F", rating=0),
        Player(pairing_number=pn(7), name="G", rating=0),
        Player(pairing_number=pn(8), name="H", rating=2100, title=Title.FM),
    ]
    # B (2200) is highest rated.  Among the 2100s: C (GM) before H (FM), then the untitled
    # D (local 2050) before A (no local rating).  Unrated last: E (IM), then F (local 1500)
    # before G.  No two players tie completely, so no lot is needed.
    ordered = initial_order(entries, seed=7, local_ratings={pn(4): 2050, pn(6): 1500})
    assert [p.name for p in ordered] == ["B", "C", "H", "D", "A", "E", "F", "G"]
    assert [p.pairing_number for p in ordered] == list(range(1, 9))


def test_lim_7_lot_breaks_complete_ties_from_the_seed() -> None:
    """Players equal in rating, title and local rating are ordered by a lot drawn from the
    seed, whatever the order they are given in (Lim 7)."""
    twins = [
        Player(pairing_number=pn(1), name="X", rating=1800),
        Player(pairing_number=pn(2), name="Y", rating=1800),
    ]
    outcomes = set()
    for seed in range(20):
        forward = [p.name for p in initial_order(twins, seed=seed)]
        backward = [p.name for p in initial_order(list(reversed(twins)), seed=seed)]
        assert forward == backward
        assert forward == [p.name for p in initial_order(twins, seed=seed)]
        outcomes.add(tuple(forward))
    assert outcomes == {("X", "Y"), ("Y", "X")}


# --- Lim 8: the bye ----------------------------------------------------------------------


def test_lim_8_1_bye_to_lowest_ranked_of_lowest_group() -> None:
    """With an odd number of players the lowest ranked player of the lowest score group
    gets the bye (Lim 8.1)."""
    state = build(5)
    pairing = pair(state, seed=0)
    # Round 1: everybody has 0 points, so the lowest score group is everyone and its
    # lowest ranked player is 5 (8.1).  The other four form the median group (half of 0
    # rounds): 1 v 3, 2 v 4 (9.4).  Round 1 colours: the top seed has the set colour
    # (white), the next pairing the other one: 1-3, 4-2.
    assert pairing.pairing_allocated_bye == 5
    assert boards(pairing) == [(1, 3), (4, 2)]


def test_lim_8_1_bye_passes_over_a_player_whose_absence_blocks_the_pairing() -> None:
    """A player is passed over for the bye when the others could not then all be paired
    (Lim 8.1 with 9.1)."""
    state = build(3, ["2-3 =; bye 1"], forbidden=[(1, 2)])
    pairing = pair(state, seed=0)
    # Scores: 1: 1 (bye), 2 and 3: 0.5.  The lowest ranked player of the lowest group is 3,
    # but then 1 and 2, who may not meet, would be left: 2 gets the bye.  1 (1 point, no
    # colour yet) floats down to 3 (had black, due white): 3 has white.
    assert pairing.pairing_allocated_bye == 2
    assert boards(pairing) == [(3, 1)]
    assert "3 (the others could not all be paired" in " ".join(explained(pairing, "Lim 8.1"))


def test_lim_8_2_no_second_bye_and_none_after_a_default_win() -> None:
    """A player who had the bye, or won a point by default, is passed over for the bye
    (Lim 8.2)."""
    state = build(5, ["5-3 +; 1-2 =; bye 4", "1-5 1; 4-3 -; half 2"])
    pairing = pair(state, seed=0)
    # Scores: 1: 1.5; 2: 1 (a draw, a half-point bye); 3: 1 (lost and won by default);
    # 4: 1 (bye, loss by default); 5: 1 (won by default, lost).  The lowest group is
    # 1 point: {2, 3, 4, 5}.  5 and 3 won a point by default, 4 had the bye: all are passed
    # over (8.2), so 2, whose half-point bye is not "the Bye", gets it.
    assert pairing.pairing_allocated_bye == 2
    # The rest: median 1 point (2 rounds): {3, 4, 5}; 1 (1.5) is alone above it and
    # floats down.  Colours count played games only: 1 had white twice (must have black),
    # 3 and 4 have no game, 5 had black (due white).  Floater 1 takes the highest numbered
    # player of the group he may meet who lets both have their colours: 3 (10.8); 3 has no
    # colour yet, so 1 has black.  Then 4 v 5: 5 has his white.
    assert boards(pairing) == [(3, 1), (5, 4)]
    passed = " ".join(explained(pairing, "Lim 8.1"))
    assert "5 (already had the bye or a point by default" in passed
    assert "4 (already had the bye" in passed and "3 (already had the bye" in passed


def test_lim_8_3_bye_is_a_point_without_colour() -> None:
    """The bye scores one point and no colour: colours alternate across it (Lim 8.3)."""
    state = build(3, ["1-2 1; bye 3", "3-1 0; bye 2"])
    players = {e.pairing_number: e for e in entrants(state)}
    # 2 lost to 1 with black, then had the bye: one point, and due white after black.
    assert players[pn(2)].score == 2
    assert players[pn(2)].colours == (Colour.BLACK,)
    assert players[pn(2)].due is Colour.WHITE
    # 1 had white, the bye, white: the bye does not break the succession (Lim 9.1), so
    # 1 must have black next.
    later = build(3, ["1-2 1; bye 3", "3-2 =; bye 1", "1-3 =; bye 2"])
    one = next(e for e in entrants(later) if e.pairing_number == 1)
    assert (one.colours, one.due, one.absolute) == (
        (Colour.WHITE, Colour.WHITE),
        Colour.BLACK,
        True,
    )


# --- Lim 9.1: compatibility --------------------------------------------------------------


def test_lim_9_1_no_third_colour_in_a_row_leaves_no_pairing() -> None:
    """Two players who have had white twice may not meet, nor two who had black twice
    (Lim 9.1): here no pairing is left."""
    # 1 and 2 had white in both rounds, 3 and 4 black; 1 and 2 each met 3 and 4.  The
    # only new pairings, 1 v 2 and 3 v 4, would each give somebody a third colour in a row.
    state = build(4, ["1-3 =; 2-4 =", "1-4 =; 2-3 ="], total_rounds=5)
    with pytest.raises(NoValidPairing):
        pair(state, seed=0)


def test_lim_9_1_forbidden_pair_is_treated_as_a_rematch() -> None:
    """The event's forbidden pairs are never paired, like players who have met (Lim 9.1)."""
    state = build(4, forbidden=[(1, 3)])
    pairing = pair(state, seed=0)
    # Proposed 1 v 3 is forbidden; 1 takes the next in the order of 11.2: 4.  Then 2 v 3.
    # Colours alternate from the top seed's white: 1-4, 3-2.
    assert boards(pairing) == [(1, 4), (3, 2)]


def test_lim_9_1_forfeit_is_not_a_meeting() -> None:
    """A game lost by default was not played, so the two may be paired again (Lim 9.1)."""
    state = build(2, ["1-2 +"], total_rounds=3)
    pairing = pair(state, seed=0)
    # 1 (1 point) floats down and 2 (0) up into the empty median group (0.5); they have not
    # played, neither has a colour, so the top seed's white goes to 1.
    assert boards(pairing) == [(1, 2)]


# --- Lim 9.2: order of pairing -------------------------------------------------------------


def test_lim_9_2_order_top_down_then_bottom_up_median_last() -> None:
    """Groups are paired from the top down to just above the median, then from the bottom
    up, the median group last (Lim 9.2)."""
    state = build(
        10,
        [
            "1-6 1; 7-2 0; 3-8 =; 9-4 =; 5-10 0",
            "1-2 1; 10-3 =; 4-8 0; 6-9 0; 5-7 =",
        ],
    )
    pairing = pair(state, seed=0)
    # Scores: 1: 2; 8, 9, 10: 1.5; 2, 3: 1; 4, 5, 7: 0.5; 6: 0.  Median: 1 (2 rounds).
    # Order: 2, 1.5 (downward), then 0, 0.5 (upward), then 1 (median, downward).
    heads = [text.split(" (")[0] for text in explained(pairing, "Lim 9.2")]
    assert heads == [
        "Score group 2 points",
        "Score group 1.5 points",
        "Score group 0 points",
        "Score group 0.5 points",
        "Score group 1 point",
    ]
    assert "paired upward" in explained(pairing, "Lim 9.2")[2]
    assert "(the median): players 2, 3" in explained(pairing, "Lim 9.2")[4]


def test_lim_9_2_empty_median_group_receives_floaters() -> None:
    """When nobody has the median score, floaters from above and below meet in an empty
    median group paired last (Lim 9.2, 10.2)."""
    state = build(6, ["1-4 1; 5-2 0; 3-6 1"])
    pairing = pair(state, seed=0)
    # Winners {1, 2, 3} (1 point), losers {4, 5, 6}; the median 0.5 is empty.
    # Group 1: odd.  Due colours: 1 and 3 black (had white), 2 white.  Nobody can meet a
    # player of the (empty) median group, so all are type c (10.9); two are due black, one
    # white, so a player due black floats (10.2): the lowest numbered, 3.  Then 1 v 2:
    # 2 white.
    # Group 0 (upward): due colours 4 and 6 white, 5 black.  The median group now holds 3;
    # 6 has met 3 (type c), 4 and 5 have not (type d).  Of those, 4 is due white like most
    # (10.2): 4 floats up.  Then 6 v 5: 6 white.
    # Median: downfloater 3 first (10.6.3) v upfloater 4: 4 white, 3 black.
    assert boards(pairing) == [(2, 1), (4, 3), (6, 5)]


# --- Lim 9.3: transfers ------------------------------------------------------------------


def test_lim_9_3_a_players_who_met_their_whole_group_float() -> None:
    """Players who have met everyone in their group are transferred to the next group
    (Lim 9.3 a), and a floater's opponent must leave the rest of the group pairable
    (Lim 10.8, 11.4)."""
    state = build(6, ["1-2 =; 3-5 1; 6-4 0", "3-1 0; 4-2 0; 5-6 ="])
    pairing = pair(state, seed=0)
    # Scores: 1, 2: 1.5 (they drew with each other); 3, 4: 1 (median); 5, 6: 0.5 (they
    # drew with each other).  1 and 2 float down, 5 and 6 up (9.3 a).
    # Colours: 1 W, B (due W); 2 B, B (must have W); 3 W, W (must have B); 4 B, W (due B);
    # 5 B, W (due B); 6 W, B (due W).  Met: 1-3, 2-4, 3-5, 4-6.
    # Median {3, 4} with 1, 2 (down, paired first) and 6, 5 (up).  1: 3 met him, 4 is due
    # black: 1 v 4.  2: 3 is due black, but 2 v 3 would leave 5 v 6, who have met, so 3 is
    # not available; of the other floaters 5 is due black: 2 v 5.  Upfloater 6 v 3.
    assert boards(pairing) == [(1, 4), (2, 5), (6, 3)]
    texts = explained(pairing, "Lim 9.3")
    for number in (1, 2, 5, 6):
        assert any(t.startswith(f"Player {number} ") and "(Lim 9.3 a)" in t for t in texts)


def test_lim_9_3_c_same_colour_twice_and_no_opponent_for_the_other() -> None:
    """A player who had the same colour twice and finds nobody in his group who can take
    it is transferred (Lim 9.3 c, 9.1)."""
    state = build(8, ["1-5 1; 2-6 1; 7-3 0; 8-4 0", "1-3 1; 2-4 1; 5-7 1; 6-8 1"])
    pairing = pair(state, seed=0)
    # Scores: 1, 2: 2; 3, 4, 5, 6: 1 (the median); 7, 8: 0.
    # Group 2: 1 and 2 both had white twice, so both must have black: neither can be
    # paired with the other (9.1), both float down (9.3 c; two whites are also two more
    # than blacks, 9.3 b).
    # Group 0 (upward): 8 v 7, both due white with identical histories (W, B); below the
    # median the lower ranked player, 8, gets it (12.4).
    # Median {3, 4, 5, 6} with downfloaters 1, 2 (paired first, 1 before 2: 10.6).  3 and 4
    # had black twice, 5 and 6 B, W.  1 takes the highest numbered player due white who is
    # compatible: 3 has met him, so 4 (10.8).  2 takes 3.  Then 5 v 6, both due black with
    # identical histories: in the median group the higher ranked player, 5, gets it (12.4).
    assert boards(pairing) == [(4, 1), (3, 2), (6, 5), (8, 7)]
    texts = explained(pairing, "Lim 9.3")
    assert any(text.startswith("Player 1 ") and "(Lim 9.3 b, c)" in text for text in texts)
    assert any(text.startswith("Player 2 ") and "(Lim 9.3 b, c)" in text for text in texts)


def test_lim_9_3_b_two_more_of_one_colour_and_no_opponent() -> None:
    """A player with two more of one colour whom nobody in the group can give the other
    colour is transferred under Lim 9.3 b; one with the same colour twice under 9.3 c."""
    pairer = LimPairer(build(2), maxi=False)
    # 1 played B, B, W, B: two more blacks, last two W, B: he must have white (9.1).
    # 2 played W, B, B: black twice running, so he must have white too.  They have not met
    # but cannot be paired (9.1): 1 is transferred by 9.3 b, 2 by 9.3 c.
    one, two = entrant(1, "BBWB"), entrant(2, "WBB")
    assert not pairer.compatible(one, two)
    assert str(pairer.transfer_reason(one, [one, two])).endswith("(Lim 9.3 b)")
    assert str(pairer.transfer_reason(two, [one, two])).endswith("(Lim 9.3 c)")


def test_lim_9_3_d_odd_groups_float_one_player_to_make_them_even() -> None:
    """A score group with an odd number of players transfers one of them to the next group
    in the direction of pairing (Lim 9.3 d, 10.2)."""
    state = build(8, ["1-5 1; 6-2 1; 3-7 1; 8-4 ="])
    pairing = pair(state, seed=0)
    # Scores: 1, 3, 6: 1; 4, 8: 0.5 (the median, 1 round); 2, 5, 7: 0.
    # Colours: 1, 3, 6, 8 had white (due black); 2, 4, 5, 7 black (due white).
    # Group 1 {1, 3, 6} is odd (9.3 d): all are due black and all can meet 4 and 8 below
    # (type d, 10.9), so the lowest numbered, 6, floats down (10.2).  1 v 3, both due black
    # with identical histories: above the median the higher ranked, 1, has it (12.4).
    # Group 0 {2, 5, 7} (upward) is odd: all due white, all can meet 4 or 8 beside 6 (type
    # d): the highest numbered, 2, floats up (10.2).  7 v 5: below the median the lower
    # ranked, 7, has his white (12.4).
    # Median {4, 8} with 6 (down, paired first, 10.6.3) and 2 (up): 6 (due black) takes
    # the highest numbered player due white, 4 (10.8); 2 (due white) meets 8.
    assert boards(pairing) == [(3, 1), (4, 6), (2, 8), (7, 5)]
    text = " ".join(explained(pairing, "Lim 9.3 d"))
    assert "player 6 floats down" in text and "player 2 floats up" in text


# --- Lim 9.4, 9.5, 11: proposed pairings and exchanges ----------------------------------------


def test_lim_9_4_proposed_pairings_top_half_against_bottom_half() -> None:
    """The top half is paired with the bottom half in order: 1 v 5, 2 v 6 ... (Lim 9.4)."""
    pairing = pair(build(8), seed=0)
    # Round 1, one median group of 8: 1 v 5, 2 v 6, 3 v 7, 4 v 8; colours alternate from
    # the top seed's white.
    assert boards(pairing) == [(1, 5), (6, 2), (3, 7), (8, 4)]
    assert proposed_pairings([1, 2, 3, 4, 5, 6]) == ((1, 4), (2, 5), (3, 6))


def test_lim_11_2_worked_example_exchanges_for_player_1() -> None:
    """The exchanges tried for #1 in a group of six are the columns of Lim 11.2."""
    columns = list(exchange_columns([], [1, 2, 3, 4, 5, 6]))
    # The table of Lim 11.2, column by column.
    assert columns == [
        ((1, 4), (2, 5), (3, 6)),
        ((1, 5), (2, 4), (3, 6)),
        ((1, 6), (2, 4), (3, 5)),
        ((1, 3), (2, 5), (4, 6)),
        ((1, 2), (3, 5), (4, 6)),
    ]


def test_lim_11_3_worked_example_exchanges_for_player_2() -> None:
    """With 1 v 6 found, the exchanges tried for #2 are the columns of Lim 11.3."""
    columns = list(exchange_columns([(1, 6)], [2, 3, 4, 5]))
    # The table of Lim 11.3, column by column.
    assert columns == [
        ((1, 6), (2, 4), (3, 5)),
        ((1, 6), (2, 5), (3, 4)),
        ((1, 6), (2, 3), (4, 5)),
        ((1, 3), (2, 6), (4, 5)),
        ((1, 2), (3, 5), (4, 6)),
    ]


def test_lim_11_1_upward_exchanges_mirror_the_table() -> None:
    """Pairing upward, scrutiny starts from the lowest numbered player and the table is
    mirrored (Lim 11.1 b)."""
    columns = list(exchange_columns([], [6, 5, 4, 3, 2, 1]))
    # Mirror of 11.2 (k -> 7 - k): 6 v 3, 5 v 2, 4 v 1 first; then 6 v 2, 6 v 1, 6 v 4, 6 v 5.
    assert columns == [
        ((6, 3), (5, 2), (4, 1)),
        ((6, 2), (5, 3), (4, 1)),
        ((6, 1), (5, 3), (4, 2)),
        ((6, 4), (5, 2), (3, 1)),
        ((6, 5), (4, 2), (3, 1)),
    ]


def test_lim_11_2_rematches_give_column_three() -> None:
    """When #1 has met #4 and #5, the group is paired as column 3 of Lim 11.2."""
    state = build(6, ["1-4 =; 2-5 =; 3-6 =", "5-1 =; 4-3 =; 6-2 ="])
    pairing = pair(state, seed=0)
    # All six have 1 point: the median group.  1 has met 4 and 5, so 1 v 6 (11.2 col. 3);
    # then 2 v 4 and 3 v 5 are new.  1, 2, 3 had W, B and are due white; 4, 5, 6 black.
    assert boards(pairing) == [(1, 6), (2, 4), (3, 5)]


def test_lim_11_3_exchange_for_player_2() -> None:
    """When #2 cannot meet #4 or #5, he takes #3 (Lim 11.3, column 3)."""
    state = build(6, forbidden=[(1, 4), (1, 5), (2, 4), (2, 5)])
    pairing = pair(state, seed=0)
    # 1: 4 and 5 barred, so 1 v 6.  2: 4 and 5 barred, so 2 v 3 (11.3, column 3).  4 v 5.
    # Round 1 colours alternate by pairing: 1 white, 2 black, 4 white.
    assert boards(pairing) == [(1, 6), (3, 2), (4, 5)]


def test_lim_11_3_player_2_takes_the_opponent_of_player_1() -> None:
    """When #2 can only meet #6, #1 gives #6 up and takes #3 (Lim 11.3, column 4)."""
    state = build(6, forbidden=[(1, 4), (1, 5), (2, 3), (2, 4), (2, 5)])
    pairing = pair(state, seed=0)
    # 11.3 column 4: 1 v 3, 2 v 6, 4 v 5.  Colours alternate: 1 white, 2 black, 4 white.
    assert boards(pairing) == [(1, 3), (6, 2), (4, 5)]


def test_lim_11_3_player_2_takes_player_1() -> None:
    """When #1 can only meet #2 or #6 and #2 only #1 or #6, they meet (Lim 11.3, col. 5)."""
    forbidden = [(1, 3), (1, 4), (1, 5), (2, 3), (2, 4), (2, 5)]
    pairing = pair(build(6, forbidden=forbidden), seed=0)
    # 11.3 column 5: 1 v 2, 3 v 5, 4 v 6.  Colours alternate: 1 white, 3 black, 4 white.
    assert boards(pairing) == [(1, 2), (5, 3), (4, 6)]


def test_lim_11_3_column_4_in_a_group_that_cannot_be_paired_fully() -> None:
    """A player left without an opponent takes the opponent of a player scrutinised before
    him, who takes another (Lim 11.3, column 4); the players left over float (Lim 11.4)."""
    barred = [(1, 2), (1, 5), (1, 6), (2, 3), (2, 5), (2, 6), (3, 4), (4, 5), (4, 6), (5, 6)]
    state = build(
        14,
        ["1-7 1; 8-2 0; 3-9 1; 10-4 0; 5-11 1; 12-6 0; 13-14 ="],
        forbidden=barred,
    )
    pairing = pair(state, seed=0)
    # Group 1 point {1..6}: the pairings allowed are 1-3, 1-4, 2-4, 3-5, 3-6, so at most
    # two can be made.  1 takes 4 (proposed, due white).  2 can meet only 4: he takes 4
    # from 1, and 1 takes the highest numbered player left he may meet, 3 (11.3 column 4).
    # 5 and 6 are left and may not meet: 5 floats with 6, the lowest numbered player left
    # (11.4 b).  1 v 3 both due black, 2 v 4 both due white, identical histories: above the
    # median the higher ranked player has his colour (12.4).
    # Group 0 {7..12} upward: 12 v 9, 11 v 8, 10 v 7.  Median {13, 14} with 5 (due black)
    # and 6 (due white): 5 takes 14 (due white), 6 takes 13.
    assert boards(pairing) == [(3, 1), (2, 4), (14, 5), (6, 13), (7, 10), (11, 8), (9, 12)]
    assert any("(Lim 11.3)" in item.text for item in pairing.explanation)


def test_lim_11_4_b_even_group_floats_two() -> None:
    """In an even group, a player left without a compatible opponent floats with the
    lowest numbered player remaining (Lim 11.4 b)."""
    forbidden = [(1, 2), (1, 3), (1, 4), (1, 5), (2, 3), (2, 4), (2, 5)]
    state = build(
        14,
        ["1-7 1; 8-2 0; 3-9 1; 10-4 0; 5-11 1; 12-6 0; 13-14 ="],
        forbidden=forbidden,
    )
    pairing = pair(state, seed=0)
    # Group 1 point {1..6} (above the median 0.5): 1 and 2 may meet nobody but 6.
    # 1 v 6 is kept; 2 cannot be paired however 1's pairing is exchanged, so he floats,
    # and with him the lowest numbered player remaining, 5 (11.4 b).  3 v 4.
    # Group 0 {7..12} (upward): 12 v 9, 11 v 8, 10 v 7 (9.4 mirrored), all due colours.
    # Median {13, 14} with downfloaters 2, 5: 2 (due white) takes 13 (due black), 5 (due
    # black) takes 14 (10.8).
    assert boards(pairing) == [(6, 1), (4, 3), (2, 13), (14, 5), (7, 10), (11, 8), (9, 12)]
    texts = " ".join(explained(pairing, "Lim 11.4"))
    assert "Player 2 floats down" in texts and "Player 5 floats down" in texts


def test_lim_11_4_b_upward_the_highest_numbered_remaining_floats_too() -> None:
    """Pairing upward, a player left without a compatible opponent floats up with the
    highest numbered player remaining (Lim 11.4 b mirrored, 11.1 b)."""
    forbidden = [(12, 11), (12, 10), (12, 9), (12, 8), (11, 10), (11, 9), (11, 8)]
    state = build(
        14,
        ["1-7 1; 8-2 0; 3-9 1; 10-4 0; 5-11 1; 12-6 0; 13-14 ="],
        forbidden=forbidden,
    )
    pairing = pair(state, seed=0)
    # The 11.4 b test mirrored into group 0 {7..12} (below the median 0.5), paired upward
    # from the lowest numbered player, 12.  Due white: 2, 4, 6 (had black), 7, 9, 11, 14;
    # due black: 1, 3, 5, 8, 10, 12, 13.
    # Group 1 {1..6} first: 1 v 4, 2 v 5, 3 v 6, all with their due colours.
    # Group 0: 12 and 11 may meet only 7.  12 v 7 is kept; 11 cannot be paired however
    # 12's pairing is exchanged, so he floats up, and with him the highest numbered player
    # remaining, 8 (11.4 b, mirrored).  10 v 9.
    # Median {13, 14} with upfloaters 11 and 8, 11 (the lower numbered) first: 11 (due
    # white) takes 13 (due black); 8 (due black) takes 14.
    assert boards(pairing) == [(4, 1), (2, 5), (6, 3), (11, 13), (14, 8), (7, 12), (9, 10)]
    texts = " ".join(explained(pairing, "Lim 11.4"))
    assert "Player 11 floats up" in texts and "Player 8 floats up" in texts
    assert "the highest numbered player left" in texts


def test_lim_11_4_a_odd_group_exchanges_the_floater() -> None:
    """In an odd group, a player left without a compatible opponent is exchanged with the
    player floated to make the group even (Lim 11.4 a)."""
    barred = [(1, 2), (1, 3), (1, 4), (1, 5), (1, 7), (2, 3), (2, 4), (2, 5), (2, 7)]
    state = build(
        16,
        ["1-8 1; 9-2 0; 3-10 1; 11-4 0; 5-12 1; 13-6 0; 7-14 1; 15-16 ="],
        forbidden=barred,
    )
    pairing = pair(state, seed=0)
    # Group 1 point {1..7} (above the median 0.5), odd.  Due colours: 1, 3, 5, 7 black
    # (had white), 2, 4, 6 white.  Everyone can meet 15 or 16 below (type d, 10.9), more
    # are due black, so the lowest numbered player due black floats (10.2): 7.
    # 1 and 2 may each meet only 6 (and 7).  1 v 6; 2 finds nobody, even by taking 6 from
    # 1 (1 has nobody else), so 2 floats and 7 comes back in his place (11.4 a).
    # {3, 4, 5, 7}: 3 (due black) is proposed 5 (due black); the first in the 11.2 order
    # due white is 4 (12.2): 3 v 4, then 5 v 7, both due black with identical histories:
    # above the median the higher ranked, 5, has black (12.4).
    # Group 0 {8..14} (upward), odd: 8, 10, 12, 14 due white, 9, 11, 13 black; all can
    # meet 15, 16 (type d); the highest numbered player due white floats up: 8.  Then from
    # the bottom: 14 v 11, 13 v 10, 12 v 9, all with their due colours.
    # Median {15, 16}: downfloater 2 (due white) first takes 15 (due black) (10.6.3,
    # 10.8); upfloater 8 (due white) takes 16 (due white): identical histories, in the
    # median group the higher ranked, 16, has white (12.4).
    assert boards(pairing) == [
        (6, 1),
        (4, 3),
        (7, 5),
        (2, 15),
        (16, 8),
        (12, 9),
        (10, 13),
        (14, 11),
    ]
    text = " ".join(explained(pairing, "Lim 11.4"))
    assert "Player 2 floats down" in text
    assert "player 7, floated to make the group even, returns to it" in text


def test_lim_9_5_rematch_exchanges_the_lower_numbered_player() -> None:
    """When a proposed pairing is a rematch, the lower numbered player of the two is
    exchanged for another player of the group (Lim 9.5, 11.1)."""
    state = build(4, ["1-3 =; 2-4 ="])
    pairing = pair(state, seed=0)
    # All four have 0.5 point: one median group.  Proposed 1 v 3, 2 v 4 (9.4); 1 and 3
    # have met, so 3, the lower numbered, is exchanged for 4: 1 v 4, 2 v 3.
    # 1 and 2 had white (due black), 3 and 4 black (due white): 4 and 3 have white.
    assert boards(pairing) == [(4, 1), (3, 2)]
    first = next(item for item in pairing.explanation if item.text.startswith("Board 1"))
    assert "Lim 9.5" in first.rule and "proposed opponent of 1 was 3" in first.text


# --- Lim 9.6: the blocked median group ---------------------------------------------------


def blocked_median_from_above() -> TournamentState:
    """Round 3: 7 alone on 2 points, 1 and 2 on 1.5, 5 alone on the median score 1."""
    return build(
        8,
        ["7-3 1; 1-5 =; 2-6 1; 4-8 =", "4-7 0; 5-2 =; 1-8 1; 3-6 ="],
    )


def test_lim_9_6_more_floaters_from_above_cracks_a_lower_pairing() -> None:
    """A blocked median group with more floaters from above than below takes the players of
    the next pairing of the lower groups (Lim 9.6)."""
    pairing = pair(blocked_median_from_above(), seed=0)
    # Scores: 7: 2; 1, 2: 1.5; 5: 1 (median); 3, 4, 6, 8: 0.5.
    # Colours: 7 W, B (due W); 1 W, W (must have B); 2 W, B (due W); 5 B, W (due B);
    # 3 B, W (due B); 4 W, W (must have B); 6 B, B and 8 B, B (must have W).
    # Group 2: 7 alone floats down.  Group 1.5 {1, 2} + 7: odd.  7 can meet 5 in the
    # median group (type b, 10.9), 1 and 2 have both met 5 (type c): avoid b, so 1 or 2.
    # Two are due white (2, 7), one black: 2 is due white like most and is the lowest
    # numbered, but he floated in round 2, so 1 floats (10.10).  7 v 2.
    # Group 0.5 {3, 4, 6, 8} (upward, from 8): 8 v 4 proposed, but they have met; 8 v 3
    # (the next, 11.1 b).  Then 6 v 4.
    # Median {5} with 1: they have met, so the group is blocked.  One floater from above,
    # none from below: the last pairing made below, 6 v 4, is cracked (9.6).
    # Median {5} + 1 (down), 6, 4 (up): 1 (must have B) first: 5 met him, 4 must have B
    # too, 6 must have W: 1 v 6.  Upfloater 4 v 5: 4 must have black.
    assert boards(pairing) == [(7, 2), (6, 1), (5, 4), (8, 3)]
    note = " ".join(explained(pairing, "Lim 9.6"))
    assert "next pairing of the lower score groups, 6 v 4, is cracked" in note


def test_lim_10_9_10_10_floater_choice_in_a_group_with_a_downfloater() -> None:
    """A resident is floated rather than a player who floated into the group (Lim 10.9), and
    one who floated last round is passed over (Lim 10.10)."""
    pairing = pair(blocked_median_from_above(), seed=0)
    # See the test above: 7 came into group 1.5 and could meet 5 (type b); 1 and 2 could
    # not (type c), so one of them floats.  2 came first (due white like most, lowest
    # numbered) but floated in round 2, so 1 floats.
    text = " ".join(explained(pairing, "Lim 9.3 d"))
    assert "player 1 floats down" in text
    assert "(type c of Lim 10.9, 10.3)" in text
    assert "player 2, who came first, floated in the round before" in text


def test_lim_9_6_floaters_not_more_from_above_cracks_a_higher_pairing() -> None:
    """A blocked median group with no more floaters from above than from below takes the
    players of the next pairing of the higher groups (Lim 9.6)."""
    state = build(8, ["5-6 =; 1-7 1; 8-2 0; 3-4 =", "7-5 =; 1-2 =; 3-8 1; 4-6 1"])
    pairing = pair(state, seed=0)
    # Scores: 1, 2, 3, 4: 1.5; 5: 1 (median); 6, 7: 0.5; 8: 0.
    # Colours: 1 W, W and 3 W, W (must have B); 2 B, B and 6 B, B (must have W); 4 B, W
    # (due B); 5 W, B (due W); 7 B, W (due B); 8 W, B (due W).
    # Group 1.5 {1, 2, 3, 4}: 1 v 3 is barred by colour (9.1), 1 v 4 is new: 1 v 4.  Then
    # 2 v 3.
    # Group 0 {8} floats up; group 0.5 {6, 7} + 8 is odd.  6 and 7 have both met 5 (type c),
    # 8 can meet 5 (type b): 6 or 7 floats; two are due white (6, 8), one black: 6.  8 v 7.
    # Median {5} + 6: they have met.  Floaters from above 0, from below 1: not more from
    # above, so the last pairing above, 2 v 3, is cracked (9.6).
    # Median {5} + 2, 3 (down) + 6 (up): 2 (must have W) first.  5 is compatible but due
    # white too; 3 would give both their colours but then 5 v 6 is a rematch, so 2 v 5
    # (the rest must stay pairable).  3 v 6: 6 white.
    assert boards(pairing) == [(4, 1), (2, 5), (6, 3), (8, 7)]
    note = " ".join(explained(pairing, "Lim 9.6"))
    assert "next pairing of the higher score groups, 2 v 3, is cracked" in note


# --- Lim 10: floater selection -------------------------------------------------------------


def test_lim_10_2_equal_due_colours_lowest_numbered_floats() -> None:
    """With as many players due white as black, the lowest numbered player floats down and
    the highest numbered floats up (Lim 10.2)."""
    state = build(10, ["full 1; 5-2 0; 3-6 1; 4-7 =; 8-9 =; absent 10"])
    pairing = pair(state, seed=0)
    # Scores: 1, 2, 3: 1; 4, 7, 8, 9: 0.5 (median); 5, 6, 10: 0.
    # Group 1: 1 has no colour, 2 is due white, 3 black: as many due white as black, so the
    # lowest numbered, 3, floats down (all can meet the median group: type d).  1 v 2.
    # Group 0 (upward): 10 no colour, 6 due white, 5 black: the highest numbered, 5, floats
    # up.  Then 10 v 6: 6 has his white.
    # Median {4, 7, 8, 9} (4, 8 due black; 7, 9 white): downfloater 3 (due black) first
    # takes 7 (10.6.3, 10.8); upfloater 5 (due black) takes 9.  4 v 8: identical
    # histories, the higher ranked 4 has his black (12.4).
    assert boards(pairing) == [(2, 1), (7, 3), (8, 4), (9, 5), (6, 10)]


def maxi_state() -> TournamentState:
    """Round 2: winners 1, 2 (due black) and 3 (due white); 3 is rated 2250."""
    return build(6, ["1-4 1; 2-5 1; 6-3 0"], ratings={3: 2250})


def test_lim_10_2_floater_evens_the_due_colours() -> None:
    """The floater that makes a group even is one due the colour more players are due
    (Lim 10.2)."""
    pairing = pair(maxi_state(), seed=0)
    # Group 1 {1, 2, 3}: 1 and 2 due black, 3 white; the median group 0.5 is empty (all
    # type c).  A player due black floats: the lowest numbered, 2.  1 v 3: 3 white.
    # Group 0 {4, 5, 6} (upward): 4 and 5 due white, 6 black.  The median now holds 2, whom
    # 5 has met (type c); of 4 and 6 (type d), 4 is due white like most: 4 floats up.
    # 6 v 5: 5 white.  Median: 2 v 4: 4 white.
    assert boards(pairing) == [(3, 1), (4, 2), (5, 6)]


def test_lim_10_2_maxi_rating_limit_keeps_the_lowest_numbered() -> None:
    """In a Maxi-tournament the colour choice is dropped when the floater would be rated
    more than 100 points from the lowest numbered player (Lim 10.2)."""
    pairing = pair_lim(maxi_state(), seed=0, maxi=True)
    # Group 1: by colour 2 (2390) would float, but 3 (2250) is 140 points away, so the
    # lowest numbered, 3, floats.  1 v 2: both due black with identical histories; above the
    # median the higher ranked, 1, has it (12.4).
    # Group 0: the median holds 3, whom 6 has met (type c): 4 and 5 are both due white,
    # the highest numbered, 4, floats up.  6 v 5: 5 white.
    # Median: 3 v 4, both due white with identical histories: the higher ranked, 3 (1
    # point), has white.
    assert boards(pairing) == [(2, 1), (3, 4), (5, 6)]
    assert "Maxi-tournament" in " ".join(explained(pairing, "Lim 9.3 d"))


def test_lim_10_2_maxi_pairing_upward_keeps_the_highest_numbered() -> None:
    """Pairing upward in a Maxi-tournament, the floater chosen by colour must be rated
    within 100 points of the highest numbered player, who floats otherwise (Lim 10.2)."""
    state = build(6, ["4-1 0; 2-5 1; 3-6 1"], ratings={5: 2200})
    # Scores: 1, 2, 3: 1; 4, 5, 6: 0; the median 0.5 is empty.  Due white: 1 (had
    # black), 5, 6; due black: 2, 3, 4.
    # Group 1: nobody can meet anyone in the empty median group (type c); two are due
    # black: the lowest numbered of them, 3, floats down (10.2).  1 v 2: 1 white.
    # Group 0 (upward): 6 has met 3, the floater now in the median group (type c); 4 and
    # 5 can meet him (type d).  Two are due white (5, 6): by colour 5 floats up (10.2).
    # 5 v 3 in the median group; 6 v 4: 6 white.
    assert boards(pair_lim(state, seed=0, maxi=False)) == [(1, 2), (5, 3), (6, 4)]
    pairing = pair_lim(state, seed=0, maxi=True)
    # In a Maxi-tournament 5 (2200) is 170 points from the highest numbered player of his
    # type, 4 (2370): 4 floats up.  6 v 5, both due white with identical histories: below
    # the median the lower ranked, 6, has it (12.4).  3 v 4 in the median group, both due
    # black with identical histories: the higher ranked, 3 (1 point), has it.
    assert boards(pairing) == [(1, 2), (4, 3), (6, 5)]
    assert "Maxi-tournament" in " ".join(explained(pairing, "Lim 9.3 d"))


def test_lim_10_3_floater_needs_an_opponent_in_the_lower_group() -> None:
    """The floater chosen is one who has a compatible opponent in the next lower group
    (Lim 10.3, 10.5)."""
    state = build(8, ["1-5 1; 6-2 0; 3-7 1; 4-8 ="], forbidden=[(3, 4), (3, 8)])
    pairing = pair(state, seed=0)
    # Group 1 {1, 2, 3}: 1 and 3 due black, 2 white.  By colour the lowest numbered player
    # due black, 3, would float, but 3 may meet neither 4 nor 8, the median group (type c):
    # 1 floats instead (type d).  2 v 3: 2 white.
    # Group 0 {5, 6, 7} (upward): 5, 7 due white, 6 black; all can meet 4 or 8 beside 1
    # (type d): 5 floats up (due white, highest numbered).  7 v 6: 7 white.
    # Median {4 (due black), 8 (due white)} + 1 (due black), 5 (due white): 1 takes 8,
    # 5 takes 4.
    assert boards(pairing) == [(2, 3), (8, 1), (5, 4), (7, 6)]
    assert "player 1 floats down" in " ".join(explained(pairing, "Lim 9.3 d"))


def downfloaters_state() -> TournamentState:
    """Round 3: 6 alone on 2 points, 5 alone on 1.5, and 5 and 6 may not meet."""
    return build(
        8,
        ["6-3 1; 5-4 1; 1-7 =; 8-2 =", "4-6 0; 7-5 =; 1-8 =; 2-3 ="],
        forbidden=[(5, 6)],
    )


def test_lim_10_6_2_downfloaters_paired_by_score_first() -> None:
    """Downfloaters from different groups are paired highest score first, not highest
    number first (Lim 10.6, 10.6.2)."""
    pairing = pair(downfloaters_state(), seed=0)
    # Scores: 6: 2; 5: 1.5; 1, 2, 7, 8: 1 (median); 3: 0.5; 4: 0.
    # 6 floats to group 1.5, where 5 may not meet him: both float on (9.3 a, 10.5).
    # Group 0 {4} floats up to 3: 4 v 3 (3 must have white).
    # Median {1 (must have B), 2 (due B), 7 (due B), 8 (due W)} with 6 (2 points) and 5
    # (1.5), both due white.  6 is paired first although 5 has the higher number: 6 v 1,
    # then 5 v 2, then 8 v 7.
    assert boards(pairing) == [(6, 1), (5, 2), (8, 7), (3, 4)]
    assert "floats on (Lim 10.5)" in " ".join(explained(pairing, "Lim 9.3"))


def test_lim_10_7_2_upfloaters_paired_by_lowest_score_first() -> None:
    """Upfloaters from different groups are paired lowest score first (Lim 10.7, 10.7.2)."""
    state = build(
        8,
        ["5-3 1; 6-4 1; 1-7 =; 8-2 =", "1-8 =; 2-7 =; 3-6 0; 4-5 ="],
        forbidden=[(3, 4)],
    )
    pairing = pair(state, seed=0)
    # Scores: 6: 2; 5: 1.5; 1, 2, 7, 8: 1 (median); 4: 0.5; 3: 0.
    # 6 floats to 5: 6 v 5, both due white with identical histories: 6 (higher) white.
    # 3 floats up to 4, who may not meet him: both float on to the median.
    # Median {1 (must have B), 2 (due B), 7 (must have W), 8 (due W)} with upfloaters 3 (0
    # points) and 4 (0.5), both due black.  3 is paired first although 4 is lower numbered:
    # 3 takes 7, the highest numbered player due white (the group is paired downward); 4
    # takes 8; then 1 v 2: 1 must have black.
    assert boards(pairing) == [(6, 5), (2, 1), (8, 4), (7, 3)]


def test_lim_10_7_3_below_the_median_upfloaters_come_first() -> None:
    """Below the median upfloaters are paired before downfloaters; at or above it
    downfloaters come first (Lim 10.6.3, 10.7.3)."""
    down, up = entrant(1, score=4), entrant(9, score=0)
    below = floater_order([down, up], group_score=Points(2), position=Position.BELOW)
    median = floater_order([down, up], group_score=Points(2), position=Position.MEDIAN)
    assert [p.pairing_number for p in below] == [9, 1]
    assert [p.pairing_number for p in median] == [1, 9]


def upfloater_state(**ratings: int) -> TournamentState:
    """Round 3: 6 alone on 0 points floats up to 3, 4, 7 on 0.5."""
    return build(
        8,
        ["1-5 1; 6-2 0; 3-7 =; 8-4 =", "7-1 0; 2-3 1; 4-5 0; 6-8 0"],
        ratings={int(k[1:]): v for k, v in ratings.items()},
    )


def test_lim_10_8_upfloater_takes_lowest_numbered_due_other_colour() -> None:
    """Pairing upward, the floater meets the lowest numbered player who is due the other
    colour (Lim 10.8)."""
    pairing = pair(upfloater_state(), seed=0)
    # Scores: 1, 2: 2; 8: 1.5; 5: 1 (median); 3, 4, 7: 0.5; 6: 0.
    # Group 2: 1 v 2 (1 white).  8 alone floats down to 5: 5 must have white.
    # 6 (must have black) floats up to {3 (due W), 4 (due B), 7 (due B)}: the lowest
    # numbered due white is 3 (7 and 4 are due black): 6 v 3.  7 v 4: both due black with
    # identical histories; below the median the lower ranked, 7, has it (12.4).
    assert boards(pairing) == [(1, 2), (5, 8), (4, 7), (3, 6)]


def test_lim_12_7_maxi_colour_exchange_within_100_points() -> None:
    """In a Maxi-tournament an opponent is exchanged for colours only within 100 rating
    points (Lim 10.8, 12.7)."""
    pairing = pair_lim(upfloater_state(r3=2500), seed=0, maxi=True)
    # As above, but 3 is rated 2500 and 7, the first compatible opponent of 6, 2340: 6
    # keeps 7 (7 has white).  Then 4 v 3 give both their colours: 3 white.
    assert boards(pairing) == [(1, 2), (5, 8), (3, 4), (7, 6)]


def test_lim_10_1_player_without_opponent_despite_exchanges_is_a_floater() -> None:
    """A player for whom no compatible opponent is found in spite of exchanges floats, and
    is paired as a floater in the next group (Lim 10.1, 11.4 b, 10.6)."""
    state = build(10, ["1-6 1; 2-7 1; 3-8 1; 4-9 1; 5-10 ="], forbidden=[(1, 2), (1, 3), (2, 3)])
    pairing = pair(state, seed=0)
    # Scores: 1-4: 1; 5, 10: 0.5 (the median); 6-9: 0.  1-5 had white, 6-10 black.
    # Group 1 {1, 2, 3, 4}: 1, 2 and 3 may meet only 4.  1 v 4 (proposed 3 is barred).
    # 2 has nobody left, and 1 has nobody but 4, so 2 floats (10.1, 11.4) and with him the
    # lowest numbered player remaining, 3 (11.4 b).  1 v 4, both due black with identical
    # histories: above the median the higher ranked, 1, has it (12.4).
    # Group 0 {6, 7, 8, 9} (upward): 9 v 7, 8 v 6, all due white; below the median the
    # lower ranked has it (12.4).
    # Median {5, 10} with the floaters 2 and 3: 2 is paired first (10.6) with the highest
    # numbered player due white, 10 (10.8); 3 v 5, both due black: the higher ranked, 3,
    # has it (12.4).
    assert boards(pairing) == [(4, 1), (10, 2), (5, 3), (8, 6), (9, 7)]
    board = next(item for item in pairing.explanation if item.text.startswith("Board 2"))
    assert "floater 2" in board.text and "Lim 10.6" in board.rule


def test_lim_10_1_explanation_names_only_the_players_who_floated() -> None:
    """A board's explanation says who floated: the player transferred to another score
    group, not the opponent he met in that opponent's own group (Lim 10.1)."""
    # Regression (#7): every board between different scores said "Player X floats down,
    # player Y up", so a median player who met a downfloater read that he had floated up.
    pairing = pair(build(6, ["1-4 1; 2-5 =; 3-6 ="]), seed=0)
    # The 10.6.3 test: 1 (1 point) floats down and meets 5 in the median group (0.5);
    # 4 (0) floats up and meets 3.  5 and 3 stay in their own group.
    texts = {item.text.split(":")[0]: item.text for item in pairing.explanation}
    assert texts["Board 1"].endswith("Player 1 floats down (Lim 10.1).")
    assert texts["Board 3"].endswith("Player 4 floats up (Lim 10.1).")
    # Across an empty median group both players floated (the 9.2 test): 3 (1 point)
    # down, 4 (0) up.
    across = pair(build(6, ["1-4 1; 5-2 0; 3-6 1"]), seed=0)
    board = next(item.text for item in across.explanation if "4 (white) v 3 (black)" in item.text)
    assert board.endswith("Player 3 floats down, player 4 floats up (Lim 10.1).")


def test_lim_10_4_upward_floater_needs_an_opponent_left_by_lower_floaters() -> None:
    """Pairing upward, the floater is the highest numbered player who has a compatible
    opponent in the higher group once lower numbered floaters have taken theirs
    (Lim 10.4, 10.9)."""
    state = build(
        10,
        ["1-6 1; 2-7 1; 3-8 =; 4-9 0; 5-10 0"],
        forbidden=[(4, 7), (5, 7), (6, 7), (4, 8), (7, 8)],
    )
    pairing = pair(state, seed=0)
    # Scores: 1, 2, 9, 10: 1; 3, 8: 0.5 (the median); 4, 5, 6, 7: 0.
    # Colours: 1, 2, 3, 4, 5 had white (due black), 6-10 black (due white).
    # Group 1: 1 v 9, 2 v 10, all with their due colours.
    # Group 0 {4, 5, 6, 7} (upward): 7 may meet none of them: he floats up (9.3 a).
    # {4, 5, 6} is odd (9.3 d).  Two are due black (4, 5), so by colour 4, the highest
    # numbered, would float (10.2); but 4 may meet only 3 in the median group, and so may
    # 7, a floater lower numbered than 4: 4 has no opponent left (type c, 10.4, 10.9).
    # 5 and 6 may meet 3 and 8 (type d); 5 is due black: 5 floats up.  6 v 4.
    # Median {3, 8} with upfloaters 7 and 5 (7 first, the lower numbered, 10.7): 7 (due
    # white) takes 3, the highest numbered player due black (10.8); 5 v 8.
    assert boards(pairing) == [(9, 1), (10, 2), (7, 3), (8, 5), (6, 4)]
    text = " ".join(explained(pairing, "Lim 9.3 d"))
    assert "player 5 floats up" in text and "10.4" in text


def test_lim_10_5_floater_without_opponent_floats_further() -> None:
    """A floater with no compatible opponent in the group he reaches floats on to a further
    score group (Lim 10.5)."""
    state = build(
        10,
        [
            "1-6 1; 7-2 0; 3-8 1; 9-4 0; 5-10 1",
            "2-1 0; 7-3 =; 4-8 =; 9-5 1; 10-6 =",
        ],
        forbidden=[(1, 3), (1, 4)],
    )
    pairing = pair(state, seed=0)
    # Scores: 1: 2; 3, 4: 1.5; 2, 5, 9: 1 (the median, 2 rounds); 6, 7, 8, 10: 0.5.
    # Colours: 1, 3, 5 W, B (due white); 2, 4, 10 B, W (due black); 9 and 7 W, W (must
    # have black); 6 and 8 B, B (must have white).
    # Group 2: 1 alone floats down.  In group 1.5 he may meet neither 3 nor 4, so he
    # floats further, to the median group (10.5).  3 v 4: 3 white.
    # Group 0.5 {6, 7, 8, 10} (upward): 10 (due black) is proposed 7, who must have black
    # too; 6 has met him; 8 must have white: 10 v 8 (12.2).  7 v 6: 6 white.
    # Median {2, 5, 9} with 1 (due white): 2 has met him, 5 is due white, 9 must have
    # black: 1 v 9 (10.8).  2 v 5: 5 white.
    assert boards(pairing) == [(1, 9), (3, 4), (5, 2), (6, 7), (8, 10)]
    texts = explained(pairing, "Lim 9.3")
    assert any(t.startswith("Player 1 ") and "floats on (Lim 10.5)" in t for t in texts)


def test_lim_9_3_d_a_player_alone_in_his_group_floats_to_make_it_even() -> None:
    """A player alone in his score group is transferred to make it even (Lim 9.3 d), and
    the explanation says so rather than that he has played his whole group (9.3 a)."""
    pairing = pair(build(4, ["1-3 1; 2-4 ="]), seed=0)
    # Scores: 1: 1; 2, 4: 0.5 (the median); 3: 0.  1 is alone above the median and 3
    # alone below it: each floats to the median group.  1 (due black) first takes the
    # highest numbered player due white, 4 (10.6.3, 10.8); 3 (due white) v 2 (due black).
    assert boards(pairing) == [(4, 1), (3, 2)]
    texts = explained(pairing, "Lim 9.3")
    assert any(t.startswith("Player 1 is alone") and "(Lim 9.3 d)" in t for t in texts)
    assert any(t.startswith("Player 3 is alone") and "floats up" in t for t in texts)
    assert not any("(Lim 9.3 a)" in t for t in texts)


def test_lim_10_5_proposed_floater_without_opponent_is_exchanged() -> None:
    """A proposed floater with no compatible opponent in the adjacent group is exchanged
    for another player of his group (Lim 10.5, 10.4)."""
    pairer = LimPairer(build(2), maxi=False)
    five, six, seven = entrant(5, met=[1, 2]), entrant(6), entrant(7)
    higher = [entrant(1, met=[5]), entrant(2, met=[5])]
    # Pairing upward, the highest numbered player, 5, would float (10.2: nobody has a
    # colour yet), but he has met both players of the higher group: 6 floats instead.
    chosen, why = pairer.choose_parity_floater(
        [five, six, seven],
        incoming=frozenset(),
        direction=Direction.UP,
        ahead=[],
        adjacent=higher,
        adjacent_floaters=[],
    )
    assert chosen is six
    assert "type d of Lim 10.9, 10.4" in str(why)


def test_lim_10_6_1_downfloaters_with_equal_scores_higher_numbered_first() -> None:
    """Downfloaters with the same score are paired highest numbered first (Lim 10.6.1)."""
    state = build(8, ["1-5 1; 2-6 1; 3-7 =; 4-8 ="], forbidden=[(1, 2)])
    pairing = pair(state, seed=0)
    # Scores: 1, 2: 1; 3, 4, 7, 8: 0.5 (the median); 5, 6: 0.  1-4 had white (due
    # black), 5-8 black (due white).
    # Group 1: 1 and 2 may not meet: both float down (9.3 a).  Group 0: 6 v 5; below the
    # median the lower ranked, 6, has white (12.4).
    # Median {3, 4, 7, 8}: 1 is paired first (10.6.1) and takes the highest numbered player
    # due white, 7 (10.8); then 2 takes 8.  3 v 4, both due black: the higher ranked, 3,
    # has it (12.4).  (Were 2 paired first, he would have had 7.)
    assert boards(pairing) == [(7, 1), (8, 2), (4, 3), (6, 5)]


def test_lim_10_6_3_in_the_median_group_downfloaters_before_upfloaters() -> None:
    """In the median group the downfloaters are paired first, then the upfloaters, then
    the other players (Lim 10.6.3)."""
    state = build(6, ["1-4 1; 2-5 =; 3-6 ="])
    pairing = pair(state, seed=0)
    # Scores: 1: 1; 2, 3, 5, 6: 0.5 (the median); 4: 0.  1, 2, 3 had white (due black),
    # 4, 5, 6 black (due white).  1 floats down, 4 up.
    # Median {2, 3, 5, 6}: 1 first takes the highest numbered player due white, 5 (10.8);
    # the rest {2, 3, 4, 6} can still be paired (2 v 3 and 4 v 6, or 2 v 6 and 3 v 4).
    # Then 4 (due white): 2 is due black, but 4 v 2 would leave 3 v 6, who have met, so 2
    # is not available; 4 v 3.  2 v 6.  (Were 4 paired first, he would have had 2, and 1
    # then 6.)
    assert boards(pairing) == [(5, 1), (6, 2), (4, 3)]


def test_lim_10_7_1_upfloaters_with_equal_scores_lower_numbered_first() -> None:
    """Upfloaters with the same score are paired lowest numbered first (Lim 10.7.1)."""
    state = build(8, ["1-5 =; 2-6 =; 3-7 1; 4-8 1"], forbidden=[(7, 8)])
    pairing = pair(state, seed=0)
    # Scores: 3, 4: 1; 1, 2, 5, 6: 0.5 (the median); 7, 8: 0.  1-4 had white (due
    # black), 5-8 black (due white).
    # Group 1: 3 v 4, both due black: above the median the higher ranked, 3, has it.
    # Group 0: 7 and 8 may not meet: both float up (9.3 a).
    # Median {1, 2, 5, 6}: 8, the lower numbered, is paired first (10.7.1) and takes the
    # highest numbered player due black, 1 (the median group is paired downward, 10.8);
    # 7 takes 2.  5 v 6, both due white: the higher ranked, 5, has it (12.4).
    assert boards(pairing) == [(4, 3), (5, 6), (8, 1), (7, 2)]


def downfloater_state(**ratings: int) -> TournamentState:
    """Round 2: 1 alone on 1 point floats to a median group of six; 5 alone on 0."""
    return build(
        8,
        ["1-5 1; 2-6 =; 7-3 =; 4-8 ="],
        ratings={int(k[1:]): v for k, v in ratings.items()},
    )


def test_lim_10_8_downfloater_takes_highest_numbered_due_other_colour() -> None:
    """Pairing downward, the floater meets the highest numbered player who is due the
    other colour (Lim 10.8)."""
    pairing = pair(downfloater_state(), seed=0)
    # Scores: 1: 1; 2, 3, 4, 6, 7, 8: 0.5 (the median); 5: 0.  Due black (had white): 1,
    # 2, 4, 7; due white: 3, 5, 6, 8.  1 floats down, 5 up.
    # 1 passes over 2 (due black) and takes 3 (10.8).  5 takes 2, the highest numbered
    # player due black.  {4, 6, 7, 8}: 4 is proposed 7 (due black), has met 8, and takes 6
    # (12.2); 7 v 8.
    assert boards(pairing) == [(3, 1), (6, 4), (8, 7), (5, 2)]


def test_lim_10_8_maxi_floater_keeps_opponent_beyond_100_points() -> None:
    """In a Maxi-tournament the floater's opponent is exchanged for one due the other
    colour only within 100 rating points (Lim 10.8)."""
    ratings = {"r3": 2250, "r4": 2240, "r5": 2230, "r6": 2220, "r7": 2210, "r8": 2200}
    state = downfloater_state(**ratings)
    assert boards(pair_lim(state, seed=0, maxi=False)) == [(3, 1), (6, 4), (8, 7), (5, 2)]
    pairing = pair_lim(state, seed=0, maxi=True)
    # As above, but 1's first compatible opponent is 2 (2390), and every player due white
    # (3, 6, 8: 2250 and less) is rated more than 100 points from him: 1 v 2, both due
    # black with identical histories, the higher ranked, 1, has it (12.4).
    # 5 (due white): first 3 (2250, due white), then 4 (2240, due black, within 100
    # points): 5 v 4.  {3, 6, 7, 8}: 3 (due white) has met 7, the only one due black,
    # so he takes the next compatible, 8 (proposed 7 first, then 8): both due white, the
    # higher ranked, 3, has it.  6 v 7.
    assert boards(pairing) == [(2, 1), (3, 8), (6, 7), (5, 4)]
    first = next(item for item in pairing.explanation if item.text.startswith("Board 1"))
    for refused in (3, 6, 8):
        assert f"{refused} (rated over 100 from the first choice (Lim 10.8))" in first.text


def test_lim_10_9_floater_types_and_their_priorities() -> None:
    """The floater that makes a group even avoids type a, then b, then c (Lim 10.9)."""
    pairer = LimPairer(build(2), maxi=False)
    below = [entrant(10, met=[]), entrant(11, met=[])]
    cut_off = [10, 11]

    def choose(players: list[Entrant], incoming: set[int]) -> tuple[int, str]:
        chosen, why = pairer.choose_parity_floater(
            players,
            incoming=frozenset(pn(n) for n in incoming),
            direction=Direction.DOWN,
            ahead=[],
            adjacent=below,
            adjacent_floaters=[],
        )
        return int(chosen.pairing_number), str(why)

    # Nobody has a colour yet, so 10.2 leaves the lowest numbered.  Types: a came into the
    # group as a floater and may meet nobody below; b came in and may; c is a resident
    # who may meet nobody below; d a resident who may.
    # 1 and 3 are type a, 2 type b: 2 floats, not 3 (avoid a).
    number, why = choose(
        [entrant(1, met=cut_off), entrant(2), entrant(3, met=cut_off)], incoming={1, 2, 3}
    )
    assert number == 2 and "type b of Lim 10.9" in why
    # 1 and 2 are type c, 3 type b: 2 floats (avoid b before c).
    number, why = choose(
        [entrant(1, met=cut_off), entrant(2, met=cut_off), entrant(3)], incoming={3}
    )
    assert number == 2 and "type c of Lim 10.9" in why
    # 1 is type d, 2 and 3 type c: 1 floats (avoid c).
    number, why = choose(
        [entrant(1), entrant(2, met=cut_off), entrant(3, met=cut_off)], incoming=set()
    )
    assert number == 1 and "type d of Lim 10.9" in why


def choose_down(players: list[Entrant]) -> tuple[int, str]:
    """The floater of ``players`` (residents, no colours) to a group of 10 and 11."""
    chosen, why = LimPairer(build(2), maxi=False).choose_parity_floater(
        players,
        incoming=frozenset(),
        direction=Direction.DOWN,
        ahead=[],
        adjacent=[entrant(10), entrant(11)],
        adjacent_floaters=[],
    )
    return int(chosen.pairing_number), str(why)


def test_lim_10_10_player_who_floated_last_round_is_passed_over() -> None:
    """A player who floated in the round before is not floated to make the group even when
    another can go (Lim 10.10)."""
    # 3, the lowest numbered, floated last round; 2 did not, and 1 v 3 can be paired.
    number, why = choose_down([entrant(1), entrant(2), entrant(3, floated=True)])
    assert number == 2
    assert "player 3, who came first, floated in the round before" in why


def test_lim_10_10_not_if_it_makes_a_floater_of_type_a_b_or_c() -> None:
    """The player who floated last round floats again when passing him over would float a
    player of type a, b or c (Lim 10.10, first proviso)."""
    # 1 and 2 have met both players below (type c); 3 (type d) floated last round: he
    # floats again.
    met = [10, 11]
    number, why = choose_down([entrant(1, met=met), entrant(2, met=met), entrant(3, floated=True)])
    assert number == 3 and "type d" in why


def test_lim_10_10_not_if_it_costs_a_pairing() -> None:
    """The player who floated last round floats again when passing him over would leave
    the group fewer pairings (Lim 10.10, second proviso)."""
    # 2 and 3 both floated last round and have met each other; 1 did not.  If 3 floats,
    # 1 v 2 is paired; if 1 floated instead, 2 and 3 could not be paired: 3 floats.
    number, why = choose_down(
        [entrant(1), entrant(2, met=[3], floated=True), entrant(3, met=[2], floated=True)]
    )
    assert number == 3
    assert "passing him over would cost a pairing" in why


def test_lim_10_10_the_opponent_of_a_floater_did_not_float() -> None:
    """Only a player transferred to another score group floated: the median player who met
    an upfloater last round did not, and may float now (Lim 10.1, 10.10; #7)."""
    # Regression (#7): the engine took floats from the scores of the two players (Dutch
    # A4), so the higher player of every game between different scores counted as having
    # floated down.  Here 3 met the upfloater 9 in round 2 while he was in the median
    # group, and was wrongly passed over by 10.10.
    state = build(
        10,
        [
            "1-6 1; 2-7 1; 3-8 =; 4-9 1; 5-10 1",
            "4-1 =; 5-2 =; 9-3 0; 8-10 0; 7-6 =",
        ],
    )
    # Round 2 (median 0.5): 1 v 4 and 2 v 5 were in their own group (1 point); 3 (0.5)
    # was in the median group, 9 (0) floated up to him; 10 (0) and 8 (0.5) likewise.
    # Scores now: 1, 2, 3, 4, 5: 1.5; 10: 1 (the median, 2 rounds); 6, 7, 8: 0.5; 9: 0.
    # Colours: 1, 2, 3 W, B (due white); 4, 5 W, W (must have black); 10 B, B (must have
    # white); 6 B, B; 7, 8 B, W (due black); 9 B, W (due black).
    # Group 1.5 {1..5} is odd (9.3 d).  5 has met 10, the only player of the next group
    # (type c); the others can meet him (type d).  Three are due white, two black: the
    # floater is the lowest numbered player due white, 3 (10.2, 10.3).  He did not float
    # in round 2, so 10.10 does not pass him over.
    # {1, 2, 4, 5}: 1's proposed opponent 4 has met him; 5 is next and takes black: 1 v 5
    # (9.5, 11.2).  2 v 4: 4 black.
    # Group 0 {9} floats up alone.  Group 0.5 {6, 7, 8} with 9 (due black) paired first
    # (10.7) with the lowest numbered player due white: 6 (10.8).  8 v 7, both due black
    # with identical histories: below the median the lower ranked, 8, has it (12.4).
    # Median {10} with 3: 10 must have white (12.3).
    pairing = pair(state, seed=0)
    assert boards(pairing) == [(1, 5), (2, 4), (10, 3), (7, 8), (6, 9)]
    floated = {int(e.pairing_number): e.floated_last_round for e in entrants(state)}
    # Floated in round 2: only 9 and 10, up; 1 v 4, 2 v 5 and 7 v 6 were equal scores.
    assert [n for n, f in sorted(floated.items()) if f] == [9, 10]
    assert "player 3 floats down" in " ".join(explained(pairing, "Lim 9.3 d"))


def test_lim_10_10_the_bye_is_not_a_float() -> None:
    """A player who had the bye last round was not transferred to another group, so he
    did not float (Lim 8.3, 10.1, 10.10)."""
    state = build(5, ["1-3 1; 2-4 =; bye 5", "5-1 0; 4-2 =; bye 3"])
    floated = {int(e.pairing_number): e.floated_last_round for e in entrants(state)}
    # Round 2 (median 0.5): 5 (1 point, the bye) met 1 (1 point): same score, no float;
    # 3 had the bye; 2 and 4 (0.5) met in the median group.
    assert floated == {1: False, 2: False, 3: False, 4: False, 5: False}


# --- Lim 12: colours -------------------------------------------------------------------------


def test_lim_12_1_round_one_colour_by_lot() -> None:
    """In round 1 the top seed's colour is drawn from the seed and colours alternate by
    pairing (Lim 12.1)."""
    seen = set()
    for seed in range(8):
        pairing = pair(build(4, initial_colour=None), seed=seed)
        drawn = random.Random(seed).choice((Colour.WHITE, Colour.BLACK))
        # 1 v 3 and 2 v 4: 1 has the drawn colour, 2 the other.
        expected = [(1, 3), (4, 2)] if drawn is Colour.WHITE else [(3, 1), (2, 4)]
        assert boards(pairing) == expected
        assert "drawn by lot" in " ".join(explained(pairing, "Lim 12.1"))
        seen.add(drawn)
    assert seen == {Colour.WHITE, Colour.BLACK}


def test_lim_12_2_exchange_for_alternating_colours() -> None:
    """A second scrutiny exchanges opponents so that players get their due colours
    (Lim 12.2)."""
    state = build(6, ["1-4 =; 2-5 =; 3-6 =", "1-5 =; 6-2 =; 3-4 ="])
    pairing = pair(state, seed=0)
    # All on 1 point.  1 and 3 had white twice (must have B); 4 and 5 black twice (must
    # have W); 2 (W, B) is due white, 6 (B, W) black.
    # 1: 4 and 5 met; 6 is compatible but due black like him; 3 is barred (9.1); 2 is
    # due white: 1 v 2 (12.2).  3: proposed 5, due white: 3 v 5.  4 v 6.
    assert boards(pairing) == [(2, 1), (5, 3), (4, 6)]


def test_lim_12_7_maxi_no_colour_exchange_beyond_100_points() -> None:
    """In a Maxi-tournament the second scrutiny exchanges a player's opponent for one due
    the other colour only when their ratings differ by 100 points or less (Lim 12.7)."""
    state = build(6, ["1-4 =; 2-5 =; 3-6 =", "1-5 =; 6-2 =; 3-4 ="], ratings={6: 2250})
    # The 12.2 test, with 6 rated 2250.  Without the limit 1 v 2 (12.2), 3 v 5, 4 v 6.
    assert boards(pair_lim(state, seed=0, maxi=False)) == [(2, 1), (5, 3), (4, 6)]
    pairing = pair_lim(state, seed=0, maxi=True)
    # 1 (must have black): 4 and 5 have met him, 6 (due black) is the first compatible
    # opponent; 2 (2390, due white) is 140 points from 6 (2250): no exchange, 1 v 6, 6
    # white.  2 (due white): proposed 4 must have white too; 5 has met him; 3 would give
    # both their colours but would leave 4 v 5, who must both have white: 2 v 4, 4 white.
    # 3 v 5: 5 white.
    assert boards(pairing) == [(6, 1), (4, 2), (5, 3)]
    first = next(item for item in pairing.explanation if item.text.startswith("Board 1"))
    assert "2 (rated over 100 from the first choice (Lim 12.7))" in first.text


def test_lim_12_3_the_player_with_the_same_colour_twice_alternates() -> None:
    """If one player had the same colour in the last two rounds he gets the other one
    (Lim 12.3)."""
    pairer = LimPairer(build(2, total_rounds=9), maxi=False)
    higher, lower = entrant(1, "BWW", score=3), entrant(2, "WBW", score=3)
    # Both are due black; 1 had white twice and must have it: 2 has white.
    white, black, rule, _ = pairer.allocate(pairing_of(higher, lower), colourless={})
    assert (white.pairing_number, black.pairing_number, rule) == (2, 1, "Lim 12.3")


def test_lim_12_4_earlier_colours_decide() -> None:
    """Both due the same colour: going back, the latest round they differed decides
    (Lim 12.4)."""
    pairer = LimPairer(build(2, total_rounds=9), maxi=False)
    one, two = entrant(1, "WBBW", score=4), entrant(2, "BWBW", score=4)
    # Both are due black.  Going back: W/W, B/B, then 1 had B and 2 had W: 1 has white now
    # and 2 black, the reverse of that round.
    white, black, rule, _ = pairer.allocate(pairing_of(one, two), colourless={})
    assert (white.pairing_number, black.pairing_number, rule) == (1, 2, "Lim 12.4")


def test_lim_12_4_identical_histories_depend_on_the_median() -> None:
    """With identical histories the higher ranked player gets his colour in or above the
    median group, the lower ranked one below it (Lim 12.4)."""
    pairer = LimPairer(build(2, total_rounds=9), maxi=False)
    one, two = entrant(1, "WB", score=2), entrant(2, "WB", score=2)
    # Both are due white.
    above = pairer.allocate(pairing_of(one, two, Position.ABOVE), colourless={})
    median = pairer.allocate(pairing_of(one, two, Position.MEDIAN), colourless={})
    below = pairer.allocate(pairing_of(one, two, Position.BELOW), colourless={})
    assert above[0].pairing_number == 1 and median[0].pairing_number == 1
    assert below[0].pairing_number == 2
    # 3 played B, W and 4 only W: both due black; their colours agree as far as 4's go,
    # so they count as identical and the higher ranked, 3, has black.
    shorter = pairer.allocate(
        pairing_of(entrant(3, "BW", score=2), entrant(4, "W", score=2)), colourless={}
    )
    assert (shorter[0].pairing_number, shorter[1].pairing_number) == (4, 3)


def test_lim_12_5_12_6_due_colour_alternates_or_equalises() -> None:
    """A player is due the equalising colour when his colours are unequal, otherwise the
    alternate colour (Lim 12.1, 12.5, 12.6)."""
    white, black = Colour.WHITE, Colour.BLACK
    assert due_colour((), 0) == (None, False)
    assert due_colour((white, black), 0) == (white, False)  # alternate
    assert due_colour((white, white, black), 1) == (black, False)  # equalise, not alternate
    assert due_colour((black, black), -2) == (white, True)  # absolute (9.1, 12.3)
    assert due_colour((white, black, black, white, white), 1) == (black, True)


def test_lim_12_6_same_equalising_colour_decided_by_history() -> None:
    """Both due the same equalising colour: the colour history decides as in 12.4, and one
    of them ends with two more of one colour (Lim 12.6)."""
    pairer = LimPairer(build(2, total_rounds=9), maxi=False)
    one, two = entrant(1, "WWB", score=3), entrant(2, "WBW", score=3)
    # Both have one white more and are due black.  Their last colours differ: 1 had black,
    # so 1 has white (three whites to one black), 2 black.
    white, black, rule, _ = pairer.allocate(pairing_of(one, two), colourless={})
    assert (white.pairing_number, black.pairing_number, rule) == (1, 2, "Lim 12.6")


def test_lim_12_1_a_no_colour_three_times_running() -> None:
    """Nobody gets the same colour three rounds running: a proposed opponent who would
    force it on one of the two is exchanged (Lim 12.1 a, 9.1)."""
    state = build(6, ["1-5 =; 4-2 =; 3-6 =", "1-6 =; 4-3 =; 2-5 ="])
    pairing = pair(state, seed=0)
    # All have 1 point.  1 and 4 had white twice (must have black), 5 and 6 black twice
    # (must have white); 2 (B, W) is due black, 3 (W, B) white.
    # 1 is proposed 4: one of them would have white a third time (12.1 a): not
    # compatible.  5 and 6 have met him; 3 is due white: 1 v 3.  2: proposed 5 has met
    # him, 6 must have white: 2 v 6.  4 v 5: 5 white.
    assert boards(pairing) == [(3, 1), (6, 2), (5, 4)]
    first = next(item for item in pairing.explanation if item.text.startswith("Board 1"))
    assert "4 (colours (Lim 9.1))" in first.text


def test_lim_12_1_b_never_three_more_of_one_colour() -> None:
    """A player with two more of one colour gets the other one, even against a player due
    the same (Lim 12.1 b)."""
    pairer = LimPairer(build(2, ["1-2 =", "2-1 =", "1-2 =", "2-1 ="], total_rounds=9), maxi=False)
    # Round 5.  1 played B, B, W, B: two more blacks (not the same colour twice running);
    # 2 played B, W, W, B and is due white too (the alternate).  Black would give 1 three
    # more: 1 has white.
    one, two = entrant(1, "BBWB", score=4), entrant(2, "BWWB", score=4)
    white, black, rule, _ = pairer.allocate(pairing_of(one, two), colourless={})
    assert (white.pairing_number, black.pairing_number, rule) == (1, 2, "Lim 12.1")


def test_lim_12_3_both_had_the_same_colour_twice_so_both_float() -> None:
    """Two players of a group who both had the same colour in the last two rounds, with no
    other opponent in the group, are floated (Lim 12.3, 9.3 c)."""
    state = build(6, ["1-5 1; 2-4 1; 3-6 =", "1-3 1; 2-6 1; 5-4 ="])
    pairing = pair(state, seed=0)
    # Scores: 1, 2: 2; 3, 4, 5, 6: 0.5; the median 1 is empty.
    # Colours: 1, 2 W, W (must have black); 3 W, B (due white); 4, 6 B, B (must have
    # white); 5 B, W (due black).
    # Group 2: 1 and 2 cannot be paired with each other (12.3, 9.1): both float (9.3 b,
    # c).  Group 0.5 (upward): 6 is proposed 4 (both must have white), has met 3: 6 v 5.
    # 4 v 3: 4 white.
    # Median: 1 v 2 is impossible.  Two floaters from above, none from below: the last
    # pairing below, 4 v 3, is cracked (9.6).  1 has met 3: 1 v 4; 2 v 3.
    assert boards(pairing) == [(4, 1), (3, 2), (6, 5)]
    texts = explained(pairing, "Lim 9.3")
    for number in (1, 2):
        assert any(t.startswith(f"Player {number} ") and "(Lim 9.3 b, c)" in t for t in texts)


def test_lim_12_5_odd_round_the_colour_that_gives_one_more_only() -> None:
    """In an odd round a player with unequal colours is given the one that evens them, not
    the alternate one that would give him two more (Lim 12.5)."""
    pairer = LimPairer(build(2, ["1-2 =", "2-1 =", "1-2 =", "2-1 ="], total_rounds=9), maxi=False)
    # Round 5.  1 played W, W, B (and had a bye): the alternate colour, white, would give
    # him two more whites, so he is due black.  2 played B, W, B: due white.
    one, two = entrant(1, "WWB", score=5), entrant(2, "BWB", score=4)
    assert one.due is Colour.BLACK
    white, black, rule, _ = pairer.allocate(pairing_of(one, two), colourless={})
    assert (white.pairing_number, black.pairing_number, rule) == (2, 1, "Lim 12.5")


def test_lim_12_6_even_round_equalising_colour_may_leave_two_more() -> None:
    """In an even round both players of a pairing due the same equalising colour are
    decided by their histories, and one ends with two more of one colour (Lim 12.6)."""
    state = build(
        6,
        ["1-4 =; 2-5 =; 3-6 =", "1-6 =; 2-4 =; 5-3 =", "3-1 =; 6-2 =; 4-5 ="],
    )
    pairing = pair(state, seed=0)
    # Round 4, all on 1.5 points (the median).  1 and 2 played W, W, B, 3 W, B, W: due
    # black; 4 and 6 B, B, W, 5 B, W, B: due white.
    # The new pairings form the cycle 1-2-3-4-6-5-1: either 1 v 2, 3 v 4, 5 v 6 or
    # 1 v 5, 2 v 3, 4 v 6; each has two pairings due the same colour, so no exchange helps.
    # 1: proposed 4 has met him, 5 is due white: 1 v 5.  2: 4 and 6 have met him: 2 v 3.
    # 4 v 6.
    # 2 v 3: both due black; last round 2 had black and 3 white, so 2 has white (W, W, B,
    # W: two more whites) and 3 black (12.6 as in 12.4).  4 v 6: identical histories; in
    # the median group the higher ranked, 4, has white, 6 black (two more blacks).
    assert boards(pairing) == [(5, 1), (2, 3), (4, 6)]
    board = next(item for item in pairing.explanation if item.text.startswith("Board 2"))
    assert board.rule.endswith("12.6")


# --- Lim 13: the last round ----------------------------------------------------------------


def test_lim_13_last_round_pairs_equal_scores_despite_colours() -> None:
    """In the last round players of a score group who have not met are paired even if one
    gets the same colour a third time (Lim 13)."""
    state = build(4, ["1-3 =; 2-4 =", "1-4 =; 2-3 ="], total_rounds=3)
    pairing = pair(state, seed=0)
    # As in the 9.1 test, only 1 v 2 and 3 v 4 are new; in the last round they are paired.
    # 1 and 2 both want black with identical histories: in the median group the higher
    # ranked, 1, has it; 3 and 4 both want white: 3 has it.
    assert boards(pairing) == [(2, 1), (3, 4)]
    assert explained(pairing, "Lim 13")


def test_lim_13_exception_is_for_players_with_the_same_score() -> None:
    """The last-round exception lets players with the same score break the colour limits,
    not a floater and his opponent from another group (Lim 13, 9.1)."""
    state = build(4, ["1-3 1; 2-4 =", "1-4 1; 2-3 ="], total_rounds=3)
    # Scores: 1: 2, 2: 1, 3 and 4: 0.5.  1 and 2 had white twice, 3 and 4 black twice; the
    # only new pairings are 1 v 2 and 3 v 4.  3 v 4 (same score) may break the colour
    # limits in the last round, but 1 v 2 (2 points v 1) may not: no pairing is left.
    with pytest.raises(NoValidPairing):
        pair(state, seed=0)
    assert not legal_pairing_exists(state)


def test_lim_13_prefers_an_opponent_who_keeps_9_1() -> None:
    """In the last round an opponent who lets both players keep the colour limits of 9.1 is
    taken before one who needs the exception of Lim 13 (read in ``lim/exchanges.py``)."""
    pairer = LimPairer(build(2, ["1-2 ="], total_rounds=2), maxi=False)
    assert pairer.last_round
    # One group of four with equal scores.  1 and 3 had white twice (must have black by
    # 9.1), 4 played B, W (due black, may have white), 2 black twice and has met 1.
    # 1 is proposed 3: allowed by Lim 13, but one of them would have white a third time;
    # 4 keeps 9.1: 1 v 4.  Then 2 v 3.  (Taking the first compatible opponent would have
    # given 1 v 3 and 2 v 4.)
    players = [
        entrant(1, "WW", score=2, met=[2]),
        entrant(2, "BB", score=2, met=[1]),
        entrant(3, "WW", score=2),
        entrant(4, "BW", score=2),
    ]
    scrutiny = pairer.pair_players(
        players,
        group_score=Points(2),
        incoming=frozenset(),
        direction=Direction.DOWN,
        position=Position.MEDIAN,
        parity=None,
    )
    made = {
        frozenset((int(p.first.pairing_number), int(p.second.pairing_number)))
        for p in scrutiny.pairings
    }
    assert made == {frozenset((1, 4)), frozenset((2, 3))}


# --- Players not paired, explanations ----------------------------------------------------------


def test_lim_absent_and_withdrawn_players_are_not_paired() -> None:
    """Withdrawn players and players with a request for the round are left out; requests
    come back in ``not_paired``."""
    state = build(6, absent=[2], half_point_byes=[3], withdrawn=[5])
    pairing = pair(state, seed=0)
    # Left: 1, 4, 6 (odd): the bye to the lowest ranked, 6.  1 v 4, 1 white.
    assert boards(pairing) == [(1, 4)]
    assert pairing.pairing_allocated_bye == 6
    assert [(int(r.pairing_number), r.kind) for r in pairing.not_paired] == [
        (2, RequestKind.ABSENT),
        (3, RequestKind.HALF_POINT_BYE),
    ]


def test_lim_explanation_tells_a_player_why() -> None:
    """Each player finds in the explanation why he floated and why he meets his opponent."""
    forbidden = [(1, 2), (1, 3), (1, 4), (1, 5), (2, 3), (2, 4), (2, 5)]
    state = build(
        14,
        ["1-7 1; 8-2 0; 3-9 1; 10-4 0; 5-11 1; 12-6 0; 13-14 ="],
        forbidden=forbidden,
    )
    pairing = pair(state, seed=0)
    # The 11.4 b test: 5 floats down with 2 and meets 14 in the median group.
    about_five = [item for item in pairing.explanation if pn(5) in item.players]
    cited = {n.strip() for item in about_five for n in item.rule[4:].split(",")}
    assert {"9.2", "11.4", "10.8"} <= cited
    board = next(item for item in about_five if item.text.startswith("Board"))
    assert "14 (white) v 5 (black)" in board.text and "floater 5" in board.text


def test_lim_explanation_names_the_rules_of_each_bracket() -> None:
    """The explanation of a round names, bracket by bracket, the order of pairing (9.2),
    the transfers (9.3), the choice of floaters (10.x), the exchanges (9.5, 11.x) and the
    colour rule of every board (12.x)."""
    state = build(
        10,
        ["1-6 1; 2-7 1; 3-8 =; 4-9 0; 5-10 0"],
        forbidden=[(4, 7), (5, 7), (6, 7), (4, 8), (7, 8)],
    )
    pairing = pair(state, seed=0)
    # The 10.4 test: groups 1 (downward), 0 (upward), then the median 0.5 (9.2).
    heads = explained(pairing, "Lim 9.2")
    assert [h.split(":")[0] for h in heads] == [
        "Score group 1 point (above the median)",
        "Score group 0 points (below the median)",
        "Score group 0.5 points (the median)",
    ]
    # 7 may meet nobody in group 0 (9.3 a); 5 makes it even (9.3 d), chosen by 10.9 and
    # 10.4 over 4 (type c), by colour (10.2).
    transfer = " ".join(t for t in explained(pairing, "Lim 9.3") if t.startswith("Player 7"))
    assert "(Lim 9.3 a)" in transfer and "floats up" in transfer
    (parity,) = explained(pairing, "Lim 9.3 d")
    assert "type d of Lim 10.9, 10.4" in parity and "4 (type c)" in parity
    assert "(Lim 10.2)" in parity
    # Boards: 1 v 9 and 2 v 10 are the proposed pairings (9.4); 7 and 5 are upfloaters
    # paired first (10.7) with the player 10.8 names; 6 v 4 is proposed.  Round 2 is
    # even and every player has his due colour: 12.6 on every board.
    rules = [item.rule for item in pairing.explanation if item.text.startswith("Board")]
    assert rules == [
        "Lim 9.4, 12.6",
        "Lim 9.4, 12.6",
        "Lim 10.7, 10.8, 12.6",
        "Lim 10.7, 10.8, 12.6",
        "Lim 9.4, 12.6",
    ]
    # An exchange: in the 10.5 test 10 is proposed 7 and exchanged for 8 (9.5, 11.1) to
    # give both their colours (12.2); 8 must have white (12.3).
    exchanged = pair(
        build(
            10,
            [
                "1-6 1; 7-2 0; 3-8 1; 9-4 0; 5-10 1",
                "2-1 0; 7-3 =; 4-8 =; 9-5 1; 10-6 =",
            ],
            forbidden=[(1, 3), (1, 4)],
        ),
        seed=0,
    )
    board = next(item for item in exchanged.explanation if item.text.startswith("Board 5"))
    assert board.rule == "Lim 9.5, 11.1, 12.2, 12.3"


# --- The matching check behind the exchanges ----------------------------------------------


def fresh_matching_size(alive: set[int], edges: set[tuple[int, int]]) -> int:
    """The size of a maximum matching of ``edges`` among ``alive``, from the engine's matching."""
    order = sorted(alive)
    return matching_size(
        [[order.index(j) for j in order if (min(i, j), max(i, j)) in edges] for i in order]
    )


def test_lim_group_matching_agrees_with_the_matching_module() -> None:
    """The warm-started matching used by the exchanges keeps a maximum matching while
    players leave, as a fresh maximum matching would find."""
    for seed in range(200):
        rng = random.Random(seed)
        count = rng.randrange(1, 16)
        density = rng.random()
        edges = {
            (i, j)
            for i in range(1, count + 1)
            for j in range(i + 1, count + 1)
            if rng.random() < density
        }
        players = [
            entrant(i, met=[j for j in range(1, count + 1) if (min(i, j), max(i, j)) not in edges])
            for i in range(1, count + 1)
        ]
        matching = GroupMatching(players, lambda a, b: b.pairing_number not in a.avoid)
        alive = set(range(1, count + 1))
        assert matching.size == fresh_matching_size(alive, edges)
        while alive:
            live = sorted((i, j) for i, j in edges if i in alive and j in alive)
            gone: tuple[int, ...]
            if live and rng.random() < 0.7:
                gone, bound = rng.choice(live), matching.size - 1
            else:
                gone, bound = (rng.choice(sorted(alive)),), matching.size
            matching.remove([players[n - 1] for n in gone], bound=bound)
            alive -= set(gone)
            assert matching.size == fresh_matching_size(alive, edges)


# --- Properties over random tournaments ------------------------------------------------------


def explanation_gaps(pairing: RoundPairing) -> list[str]:
    """What the explanation of a round leaves unsaid: a board without its colour rule
    (Lim 12, or 13), or a paired player in no score group's note (Lim 9.2)."""
    gaps = []
    in_groups = {n for item in pairing.explanation if item.rule == "Lim 9.2" for n in item.players}
    notes = [item for item in pairing.explanation if item.text.startswith("Board ")]
    if len(notes) != len(pairing.boards):
        gaps.append(f"{len(notes)} board notes for {len(pairing.boards)} boards")
    for board, note in zip(pairing.boards, notes, strict=False):
        cited = note.rule.removeprefix("Lim ").split(", ")
        if not any(c.startswith("12.") for c in cited):
            gaps.append(f"board {board.number} names no colour rule: {note.rule}")
        if set(note.players) != {board.white, board.black}:
            gaps.append(f"board {board.number}: the note is about {note.players}")
        gaps.extend(
            f"player {n} is in no score group note"
            for n in (board.white, board.black)
            if n not in in_groups
        )
    return gaps


def play_through(seed: int, players: int, rounds: int) -> None:
    """Pair and play a random tournament round by round, checking every round's pairing."""
    rng = random.Random(seed)
    state = random_start(players, rounds, rng)
    for _ in range(rounds):
        lots = rng.randrange(1000)
        try:
            pairing = pair(state, seed=lots)
        except NoValidPairing:
            assert not legal_pairing_exists(state)
            return
        assert violations(state, pairing) == []
        assert explanation_gaps(pairing) == []
        assert pair(state, seed=lots) == pairing
        shuffled = list(state.players)
        rng.shuffle(shuffled)
        assert pair(replace(state, players=tuple(shuffled)), seed=lots) == pairing
        state = play(state, pairing, rng)


@settings(max_examples=30, deadline=None)
@given(
    seed=st.integers(min_value=0, max_value=2**32 - 1),
    players=st.integers(min_value=1, max_value=12),
    rounds=st.integers(min_value=1, max_value=7),
)
def test_lim_properties_hold_round_by_round(seed: int, players: int, rounds: int) -> None:
    """Random small tournaments: everyone active is paired once or has the bye, no rematch,
    Lim 8.2 and 9.1 hold (9.1 as relaxed by 13), the same input gives the same pairing in
    any player order, no pairing is refused while a legal one exists, and the explanation
    places every player in a score group and gives every board its colour rule."""
    play_through(seed, players, rounds)


@pytest.mark.slow
def test_lim_properties_hold_in_a_larger_event() -> None:
    """The same properties in a 300-player, 11-round event."""
    rng = random.Random(20240601)
    state = random_start(300, 11, rng)
    for _ in range(11):
        lots = rng.randrange(1000)
        pairing = pair(state, seed=lots)
        assert violations(state, pairing) == []
        assert explanation_gaps(pairing) == []
        shuffled = list(state.players)
        rng.shuffle(shuffled)
        assert pair(replace(state, players=tuple(shuffled)), seed=lots) == pairing
        state = play(state, pairing, rng)


def test_lim_10_1_float_record_marks_only_transferred_players() -> None:
    """The pairing card's float record follows Lim 10.1: a floater is a player moved to
    another score group, not (as in Dutch A4) anyone who met a different score."""

    state = build(4, ["1-3 1; 2-4 =", "1-2 =; 4-3 1"])
    # Round 1: everyone on 0, the median: nobody floated.
    # Round 2, one round played, median 0.5: 1 (1 point) met 2 (0.5): 1 floated down to
    # the median group; 2 is a median player, who never floats.  4 (median) met 3 (0):
    # 3 floated up; 4 did not.
    lim = float_record(state)
    assert {n: lim[pn(n)] for n in (1, 2, 3, 4)} == {
        1: (None, Float.DOWN),
        2: (None, None),
        3: (None, Float.UP),
        4: (None, None),
    }
    # The Dutch record (A4) would mark 2 as up and 4 as down as well.
    dutch = float_history(state)
    assert dutch[pn(2)][1] is Float.UP and dutch[pn(4)][1] is Float.DOWN
