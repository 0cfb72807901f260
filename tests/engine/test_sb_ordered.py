"""The SB-ordered Swiss (``systems/sb``): SB 1-9, each worked by hand, and properties.

The SB text has no rule numbers; SB 1-9 are ours, defined in the module docstring.
Tie-break values in the derivations are in points (SB = Sonneborn-Berger, BH = Buchholz,
MBH = Median-Buchholz); players are rated 2400, 2390, ... in pairing-number order unless
a test says otherwise, and the top seed's colour is white.
"""

from __future__ import annotations

import random
from dataclasses import replace
from fractions import Fraction
from pathlib import Path

import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

from pairing.engine import NoValidPairing, System, pair_round
from pairing.engine.checker import check_round
from pairing.engine.colours import Strength
from pairing.engine.history import opponents_met, pairing_scores, scores
from pairing.engine.model import (
    Outcome,
    PairingNumber,
    PairingOptions,
    Points,
    RoundPairing,
    TournamentState,
)
from pairing.engine.systems.sb.compatibility import Compatibility, completable
from pairing.engine.systems.sb.procedure import (
    Entrant,
    colours_kept,
    entrants,
    floater_preference,
    pair,
    pair_group,
    sb_2_key,
    score_groups,
)
from pairing.engine.trf import decode_trf, read_trf, state_from_trf

from .builders import boards, build
from .simulate import initial_state, play

DATA = Path(__file__).resolve().parents[1] / "data"

N = PairingNumber
OFF = PairingOptions(acceleration=False)


def pairs(pairing: RoundPairing) -> set[frozenset[int]]:
    """The boards as unordered pairs."""
    return {frozenset((b.white, b.black)) for b in pairing.boards}


def group_order(state: TournamentState, score: int) -> list[int]:
    """The SB 2 order of the players whose pairing score is ``score`` half-points."""
    players, _ = entrants(state)
    return [e.number for s, group in score_groups(players) if s == score for e in group]


def entrant(
    number: int,
    *,
    score: int = 2,
    sb: Fraction = Fraction(0),
    barred: tuple[int, ...] = (),
    bye_allowed: bool = True,
    floated_down: bool = False,
) -> Entrant:
    """A player as SB 4-6 see one, without colours (for the group procedure alone)."""
    return Entrant(
        number=N(number),
        score=Points(score),
        sonneborn_berger=sb,
        buchholz=Fraction(0),
        median_buchholz=Fraction(0),
        rating=2400 - 10 * number,
        key=sb_2_key(sb, Fraction(0), Fraction(0), 2400 - 10 * number, N(number)),
        colours=(),
        preference=None,
        strength=Strength.NONE,
        may_white=True,
        may_black=True,
        barred=frozenset(N(b) for b in barred),
        bye_allowed=bye_allowed,
        floated_down=floated_down,
    )


def barred_entrants(rng: random.Random, count: int, density: float) -> list[Entrant]:
    """Players 1 to ``count``, each two of whom have met with chance ``density`` (SB 1
    bars them), each allowed a bye with chance 0.7."""
    barred: dict[int, set[int]] = {n: set() for n in range(1, count + 1)}
    for a in range(1, count + 1):
        for b in range(a + 1, count + 1):
            if rng.random() < density:
                barred[a].add(b)
                barred[b].add(a)
    return [
        entrant(n, barred=tuple(sorted(barred[n])), bye_allowed=rng.random() < 0.7)
        for n in range(1, count + 1)
    ]


# --- SB 1 and SB 4 ----------------------------------------------------------------------


def test_sb_1_no_rematch_the_next_lowest_opponent_and_a_pairable_rest() -> None:
    """SB 1 and SB 4: a met opponent is passed over, and so is one that strands the rest."""
    # Round 1: 1-6, 2-5, 3-4 all drawn (White: 1, 2, 3).  Round 2 without acceleration:
    # everyone has ½, SB ¼ (½ x ½), BH ½, MBH 0: one group in rating order 1..6 (SB 2).
    # SB 4: 1 would play 6, but they met (SB 1): 5 is next; the rest 2, 3, 4, 6 can still
    # be paired (2-4, 3-6).  2 would play 6, but then 3-4 (met) is all that is left: 6
    # is passed over (SB 4), 4 is next.  3 plays 6.
    # SB 7: 1, 2, 3 had White (mild Black), 4, 5, 6 Black (mild White): E1 grants both.
    # SB 8: all on ½; boards in the order of the higher player: 1, 2, 3.
    state = build(6, [[(1, 6, "="), (2, 5, "="), (3, 4, "=")]], total_rounds=5)
    pairing = pair(replace(state, options=OFF), seed=0)
    assert boards(pairing) == [(5, 1), (4, 2), (6, 3)]
    assert check_round(state, pairing, System.SB) == ()
    notes = {e.text.split(":")[0]: e for e in pairing.explanation if e.text.startswith("Board")}
    assert "6 (met before or kept apart, SB 1)" in notes["Board 1"].text
    assert "6 (the rest of the group could not be paired, SB 4)" in notes["Board 2"].text
    assert notes["Board 2"].rule == "SB 2, SB 4, SB 7"


def test_sb_1_forbidden_pair_is_kept_apart_like_a_rematch() -> None:
    """SB 1: the event's forbidden pairs never meet; SB 4 takes the next lowest."""
    # Round 1 without acceleration, 4 players: 1-4 forbidden, so 1 plays 3, then 2-4.
    state = replace(build(4), options=OFF, forbidden_pairs=frozenset({frozenset({N(1), N(4)})}))
    assert pairs(pair(state, seed=0)) == {frozenset({1, 3}), frozenset({2, 4})}


def test_sb_4_high_with_low_in_an_unaccelerated_round_1() -> None:
    """SB 4: 1-n, 2-(n-1), ...; SB 7 round 1 colours alternate down the group's pairs."""
    # One group 1..8 by rating (SB 2): 1-8, 2-7, 3-6, 4-5.  Round 1 (SB 7, Dutch E4): the
    # higher player of pairs 1 and 3 gets the top seed's White, of pairs 2 and 4 Black.
    pairing = pair(replace(build(8), options=OFF), seed=0)
    assert boards(pairing) == [(1, 8), (7, 2), (3, 6), (5, 4)]


# --- SB 2 ---------------------------------------------------------------------------------


def test_sb_2_group_order_by_sonneborn_berger() -> None:
    """SB 2: within a score group SB comes first; the rating only where SB, BH, MBH tie."""
    # Round 1: 1-5 1-0, 2-6 =, 3-7 =, 4-8 0-1.  Round 2: 1-8 0-1, 2-3 =, 6-7 =, 4-5 1-0.
    # Scores: 8: 2; 1, 2, 3, 4, 6, 7: 1; 5: 0.  In the 1-point group:
    #   2: drew 6 (1) and 3 (1): SB ½ + ½ = 1;  3: drew 7 (1), 2 (1): SB 1;
    #   6: drew 2, 7: SB 1;  7: drew 3, 6: SB 1;  all four BH 2, MBH 0 (two rounds).
    #   1: beat 5 (0), lost to 8: SB 0, BH 2;  4: lost to 8, beat 5 (0): SB 0, BH 2.
    # So 2, 3, 6, 7 (SB 1, by rating), then 1, 4 (SB 0, by rating): 1, the top seed, is
    # No. 5 of the group.
    rounds = [
        [(1, 5, "1-0"), (2, 6, "="), (3, 7, "="), (4, 8, "0-1")],
        [(1, 8, "0-1"), (2, 3, "="), (6, 7, "="), (4, 5, "1-0")],
    ]
    state = build(8, rounds, total_rounds=5)
    assert group_order(state, 2) == [2, 3, 6, 7, 1, 4]


def test_sb_2_buchholz_orders_players_level_on_sonneborn_berger() -> None:
    """SB 2: equal SB, then the higher Buchholz first, before the rating."""
    # Round 1: 1-4 1-0, 2-5 1-0, 3-6 1-0.  Round 2: 1-3 1-0, 6-2 1-0, 4-5 1-0.
    # Scores: 1: 2; 2, 3, 4, 6: 1; 5: 0.  In the 1-point group:
    #   3: beat 6 (1), lost to 1 (2): SB 1, BH 3;  6: lost to 3 (1), beat 2 (1): SB 1, BH 2;
    #   4: lost to 1 (2), beat 5 (0): SB 0, BH 2;  2: beat 5 (0), lost to 6 (1): SB 0, BH 1.
    # Order: 3, 6 (SB 1; BH 3 before 2), then 4, 2 (SB 0; BH 2 before 1, though 2 is
    # rated higher than 4).
    rounds = [
        [(1, 4, "1-0"), (2, 5, "1-0"), (3, 6, "1-0")],
        [(1, 3, "1-0"), (6, 2, "1-0"), (4, 5, "1-0")],
    ]
    state = build(6, rounds, total_rounds=5)
    assert group_order(state, 2) == [3, 6, 4, 2]


def test_sb_2_median_buchholz_then_rating_then_pairing_number() -> None:
    """SB 2: equal SB and BH, then the higher MBH first; then rating; then the number."""
    # Values as the tie-breaks compute them (tested in test_tiebreaks.py); the order only.
    # 1: SB 2, BH 6, MBH 2;  2: SB 2, BH 6, MBH 3;  3: SB 2, BH 7, MBH 1;  4: SB 3, BH 0;
    # 5 and 6: SB 2, BH 6, MBH 2, both rated 2000.  Order: 4 (SB 3), 3 (BH 7), 2 (MBH 3),
    # 1 (MBH 2, rated 2390), then 5, 6 (rated 2000, by number).
    values = {1: (2, 6, 2, 2390), 2: (2, 6, 3, 2380), 3: (2, 7, 1, 2370)}
    values |= {4: (3, 0, 0, 2360), 5: (2, 6, 2, 2000), 6: (2, 6, 2, 2000)}
    keys = {
        n: sb_2_key(Fraction(sb), Fraction(bh), Fraction(mbh), rating, N(n))
        for n, (sb, bh, mbh, rating) in values.items()
    }
    assert sorted(keys, key=lambda n: keys[n]) == [4, 3, 2, 1, 5, 6]


def test_sb_2_round_1_order_is_the_rating() -> None:
    """SB 2: before any game all values are 0, so ratings order the group."""
    state = replace(build(4, ratings=[1800, 2200, 2000, 1900]), options=OFF)
    assert group_order(state, 0) == [2, 3, 4, 1]


# --- SB 3 ---------------------------------------------------------------------------------


def test_sb_3_round_1_is_accelerated_by_default() -> None:
    """SB 3: the sb system accelerates unless told not to; SB 4 within each half."""
    # Top half 1-4 carries a point: groups {1, 2, 3, 4} and {5, 6, 7, 8} (SB 2 by
    # rating).  SB 4: 1-4, 2-3; 5-8, 6-7.  SB 7 round 1: pair 1 of each group White to its
    # higher player, pair 2 Black.  SB 8: the 1-point boards first.
    pairing = pair(build(8), seed=0)
    assert boards(pairing) == [(1, 4), (3, 2), (5, 8), (7, 6)]
    assert any(e.rule == "SB 3" for e in pairing.explanation)


def test_sb_3_round_2_still_accelerated_and_round_3_not() -> None:
    """SB 3: the point counts in round 2 and is deducted before round 3."""
    # Round 1 (accelerated): 1-4 1-0, 3-2 =, 5-8 1-0, 7-6 =.  Round 2 pairing scores:
    # 1: 1 + 1 = 2; 2, 3: ½ + 1 = 1½; 4: 0 + 1 = 1; 5: 1; 6, 7: ½; 8: 0.
    rounds = [[(1, 4, "1-0"), (3, 2, "="), (5, 8, "1-0"), (7, 6, "=")]]
    state = build(8, rounds, total_rounds=5)
    assert pairing_scores(state, system_default_acceleration=True) == {
        1: 4, 2: 3, 3: 3, 4: 2, 5: 2, 6: 1, 7: 1, 8: 0
    }  # fmt: skip
    # Round 3: whatever round 2 gave, the pairing scores are the real scores.
    second = pair(state, seed=0)
    third = play(state, second, random.Random(3))
    assert pairing_scores(third, system_default_acceleration=True) == scores(third)
    assert not any(e.rule == "SB 3" for e in pair(third, seed=0).explanation)


def test_sb_3_event_can_turn_acceleration_off() -> None:
    """SB 3 is an event option: off, round 1 is one group paired high with low."""
    pairing = pair(replace(build(4), options=OFF), seed=0)
    assert boards(pairing) == [(1, 4), (3, 2)]
    assert not any(e.rule == "SB 3" for e in pairing.explanation)


# --- SB 5 and SB 6 ------------------------------------------------------------------------


def test_sb_5_floaters_keep_the_rest_of_the_round_pairable() -> None:
    """SB 5: the lowest floater is skipped when the group below could not then be paired."""
    # The state of test_sb_2_group_order_by_sonneborn_berger.  Group 2: {8} moves down
    # (SB 5).  Group 1 with 8 (SB: 8 beat 4 (1) and 1 (1): 2): 8, 2, 3, 6, 7, 1, 4.  Seven
    # players: one moves down, the lowest first (nobody floated before): 4, but 4-5 met
    # (round 2) and 5 is all that is below; then 1, but 1-5 met (round 1); then 7: 7-5
    # is new.  The six left, SB 4: 8 would play 4 (met), 1 (met): 6.  2 would play 4, 1
    # (both, like 2, must have Black: SB 7 passes them over) and 3 (met); no one keeps
    # the colour limits, so the lowest allowed: 4.  3 plays 1.  Group 0: 7 (SB 1) - 5.
    rounds = [
        [(1, 5, "1-0"), (2, 6, "="), (3, 7, "="), (4, 8, "0-1")],
        [(1, 8, "0-1"), (2, 3, "="), (6, 7, "="), (4, 5, "1-0")],
    ]
    state = build(8, rounds, total_rounds=5)
    pairing = pair(state, seed=0)
    assert pairs(pairing) == {
        frozenset({8, 6}), frozenset({2, 4}), frozenset({3, 1}), frozenset({7, 5})
    }  # fmt: skip
    moved = [e for e in pairing.explanation if e.rule == "SB 5"]
    assert [e.players for e in moved] == [(8,), (7,)]


def test_sb_5_floater_preference_own_score_no_float_then_lowest() -> None:
    """SB 5: own score before from above, no float last round before one, lowest first."""
    # Group in SB 2 order: 1, 2, 3, 4, 5; 2 came from above; 5 floated down last round.
    # Preference: own score and no float: 4, 3, 1 (lowest first); then 5 (floated); then
    # 2 (from above).
    group = [entrant(1), entrant(2), entrant(3), entrant(4), entrant(5, floated_down=True)]
    order = floater_preference(group, frozenset({N(2)}))
    assert [e.number for e in order] == [4, 3, 1, 5, 2]


def test_sb_5_as_few_floaters_as_the_group_allows() -> None:
    """SB 5: a group of four where only one pair is possible moves two players down."""
    # 1 met 2, 3, 4; so 1 cannot be paired in the group: at most one pair (of 2, 3, 4).
    # Floaters: two, in preference order 4, 3, 2, 1: {4, 3} leaves 1-2 (met), {4, 2}
    # leaves 1-3 (met), {4, 1} leaves 2-3: taken.  Below: 5, 6, free to meet anyone.
    group = [entrant(1, barred=(2, 3, 4)), entrant(2, barred=(1,))]
    group += [entrant(3, barred=(1,)), entrant(4, barred=(1,))]
    below = [entrant(5, score=0), entrant(6, score=0)]
    done = pair_group(Points(2), group, [], below, lowest=False)
    assert [(p.high.number, p.low.number) for p in done.pairs] == [(2, 3)]
    assert [e.number for e in done.floaters] == [1, 4]


def test_sb_6_no_second_bye() -> None:
    """SB 6: the bye skips a player who had a pairing-allocated bye; the next one gets it."""
    # Lowest group 1, 2, 3 in SB 2 order; 3 had the bye (and, the bye being a downfloat,
    # floated down last round), 2 floated down last round too.  SB 5 order of those who
    # may have the bye: 1 (no float), 2 (floated).  1 gets it; 2-3 are paired.
    group = [entrant(1), entrant(2, floated_down=True)]
    group += [entrant(3, bye_allowed=False, floated_down=True)]
    done = pair_group(Points(0), group, [], [], lowest=True)
    assert [e.number for e in done.floaters] == [1]
    assert [(p.high.number, p.low.number) for p in done.pairs] == [(2, 3)]


def test_sb_6_dutch_b1b_forfeit_win_bars_the_bye() -> None:
    """SB 6 with Dutch B1b: a point won by forfeit bars the bye, as a bye worth a point does."""
    # Round 1: 1-2 1-0, 3-4 forfeit won by 3, 5 the bye.  Barred from the bye: 3 and 5.
    state = build(5, [[(1, 2, "1-0"), (3, 4, "+-"), (5, 0, "bye")]], total_rounds=5)
    players, _ = entrants(state)
    assert [e.number for e in players if not e.bye_allowed] == [3, 5]


def test_sb_6_dutch_b1b_no_bye_after_a_forfeit_win_in_a_real_event() -> None:
    """SB 6 with Dutch B1b: round 8 of a 41-player SB event, as found.

    Player 25 won round 2 by forfeit; the engine gave him the pairing-allocated bye in
    round 8, a second point without playing.  Now someone else has it, and the pairing
    keeps every absolute criterion.
    """
    text = (DATA / "cases" / "sb-round8-bye-after-forfeit-win.trf").read_bytes()
    state = state_from_trf(read_trf(decode_trf(text)))
    assert state.round_number == 8
    pairing = pair(state, seed=1)
    assert pairing.pairing_allocated_bye not in (None, 25)
    assert check_round(state, pairing, System.SB) == ()


# --- SB 7, SB 8, SB 9 ---------------------------------------------------------------------


def test_sb_7_colour_limits_are_a_wish_kept_where_the_group_allows() -> None:
    """SB 7: opponents keeping Dutch B2 are preferred; when none is left, B2 gives way."""
    # Round 1: 1-4 =, 6-3 =, 2-5 =.  Round 2: 1-3 =, 6-4 =, 5-2 =.  Everyone on 1 point,
    # SB 1, BH 2, MBH 0: one group in rating order (SB 2).  Colours: 1 and 6 WW (must
    # have Black), 3 and 4 BB (must have White), 2 WB, 5 BW.  Met: 1: 4, 3; 2: 5; 3: 6,
    # 1; 4: 1, 6; 5: 2; 6: 3, 4.
    # SB 4: 1 would play 6, but both must have Black: passed over (SB 7); 5 (White).
    # 2 plays 6 (2 White).  3 - 4 is all that is left: both must have White; B2 gives
    # way (no pairing of this group keeps it: 1, 3, 4 all need 2 or 5).
    # Colours: 5-1: E2, 1's absolute preference is the stronger; 2-6: E1 both granted;
    # 3-4: both absolute, the same colours each round (no E3), E4: 3, the higher, White.
    rounds = [
        [(1, 4, "="), (6, 3, "="), (2, 5, "=")],
        [(1, 3, "="), (6, 4, "="), (5, 2, "=")],
    ]
    state = build(6, rounds, total_rounds=5)
    pairing = pair(state, seed=0)
    assert boards(pairing) == [(5, 1), (2, 6), (3, 4)]
    board_1 = next(e for e in pairing.explanation if e.text.startswith("Board 1"))
    assert "6 (colour limits, SB 7)" in board_1.text


def test_sb_7_dutch_e1_e2_colours() -> None:
    """SB 7: Dutch preferences and E1/E2 decide the colours of the pairs SB 4 made."""
    # Round 1: 2-1 =, 3-4 =; round 2: 3-1 =, 4-2 =.  All on 1 point, SB 1, BH 2: order
    # 1, 2, 3, 4 (SB 2).  1 had Black twice (absolute White), 2 WB (mild White), 3 WW
    # (absolute Black), 4 BW (mild Black).  SB 4: 1-4, 2-3 (each the only new opponent).
    # 1-4: E1 grants both (1 White).  2-3: E1 grants both (2 White, 3 Black).
    rounds = [[(2, 1, "="), (3, 4, "=")], [(3, 1, "="), (4, 2, "=")]]
    state = build(4, rounds, total_rounds=5)
    assert boards(pair(state, seed=0)) == [(1, 4), (2, 3)]


def test_sb_7_round_1_colour_of_the_top_seed_by_lot() -> None:
    """SB 7 (Dutch E4): no event colour: the lot from the seed decides, and is explained."""
    state = replace(build(4), options=OFF, initial_colour=None)
    found = {pair(state, seed=seed).boards[0].white for seed in range(20)}
    assert found == {1, 4}
    assert any("drawn by lot" in e.text for e in pair(state, seed=0).explanation)


def test_sb_8_boards_published_by_the_score_of_the_higher_player() -> None:
    """SB 8: higher pairing score first, then the sum, then the higher player's place."""
    # Round 2 of test_sb_3_round_2 (accelerated): pairing scores 1: 2; 2, 3: 1½; 4, 5: 1;
    # 6, 7: ½; 8: 0.  Whatever the pairs, the higher players' scores never go up.
    rounds = [[(1, 4, "1-0"), (3, 2, "="), (5, 8, "1-0"), (7, 6, "=")]]
    state = build(8, rounds, total_rounds=5)
    score = pairing_scores(state, system_default_acceleration=True)
    pairing = pair(state, seed=0)
    highs = [max(score[b.white], score[b.black]) for b in pairing.boards]
    assert highs == sorted(highs, reverse=True)
    assert highs[0] == 4


def test_sb_9_withdrawn_and_absent_players_are_not_paired() -> None:
    """SB 9: 6 withdrawn and 3 absent are left out, yet stay in SB 3's initial list."""
    # Initial list of six: top half 1, 2, 3.  To pair: 1, 2 (1 point) and 4, 5 (0).
    # SB 4: 1-2, 4-5; SB 7 round 1: each group's first pair White to its higher player.
    state = build(6, absent=[3], withdrawn=[6])
    pairing = pair(state, seed=0)
    assert boards(pairing) == [(1, 2), (4, 5)]
    assert [r.pairing_number for r in pairing.not_paired] == [3]


# --- properties ---------------------------------------------------------------------------


def any_pairing_exists(state: TournamentState) -> bool:
    """Brute force: can the players to pair meet new opponents, the bye to one without a
    point without playing (SB 6: no bye worth a point, no forfeit win before)?"""
    excused = {r.pairing_number for r in state.requests}
    players = [p for p in state.players if not p.withdrawn and p.pairing_number not in excused]
    met = {p.pairing_number: opponents_met(p) for p in players}
    had_bye = {
        p.pairing_number
        for p in players
        if any(
            r.outcome
            in (Outcome.PAIRING_ALLOCATED_BYE, Outcome.FULL_POINT_BYE, Outcome.FORFEIT_WIN)
            for r in p.history
        )
    }
    memo: dict[tuple[tuple[PairingNumber, ...], bool], bool] = {}

    def solve(rest: tuple[PairingNumber, ...], bye_free: bool) -> bool:
        if not rest:
            return True
        key = (rest, bye_free)
        if key not in memo:
            first, others = rest[0], rest[1:]
            memo[key] = (bye_free and first not in had_bye and solve(others, False)) or any(
                b not in met[first] and solve(others[:i] + others[i + 1 :], bye_free)
                for i, b in enumerate(others)
            )
        return memo[key]

    numbers = tuple(sorted(p.pairing_number for p in players))
    return solve(numbers, len(numbers) % 2 == 1)


def assert_round_ok(state: TournamentState, pairing: RoundPairing) -> None:
    """Checker clean; everyone to pair once on a board or the bye; boards numbered 1..n."""
    assert check_round(state, pairing, System.SB) == ()
    excused = {r.pairing_number for r in state.requests}
    expected = sorted(
        p.pairing_number
        for p in state.players
        if not p.withdrawn and p.pairing_number not in excused
    )
    seen = [n for b in pairing.boards for n in (b.white, b.black)]
    if pairing.pairing_allocated_bye is not None:
        seen.append(pairing.pairing_allocated_bye)
    assert sorted(seen) == expected
    assert [b.number for b in pairing.boards] == list(range(1, len(pairing.boards) + 1))
    if state.round_number >= 3:
        assert not any(e.rule == "SB 3" for e in pairing.explanation)


@settings(max_examples=60, deadline=None)
@given(
    players=st.integers(min_value=2, max_value=40),
    rounds=st.integers(min_value=1, max_value=9),
    seed=st.integers(min_value=0, max_value=10**6),
)
@example(players=6, rounds=5, seed=4446)  # no pairing once forfeit winners are barred
def test_sb_property_random_tournaments_keep_sb_1_and_sb_6(
    players: int, rounds: int, seed: int
) -> None:
    """Random events (byes, forfeits, withdrawals, absences): legal, complete rounds."""
    rng = random.Random(seed)
    state = initial_state(players, rounds, rng)
    for _ in range(rounds):
        try:
            pairing = pair_round(state, System.SB, seed=rng.randrange(2**31))
        except NoValidPairing:
            # Small fields can run out of new opponents: then no pairing may exist at all.
            assert players <= 16
            assert not any_pairing_exists(state)
            return
        assert_round_ok(state, pairing)
        state = play(state, pairing, rng)


@settings(max_examples=30, deadline=None)
@given(seed=st.integers(min_value=0, max_value=10**6), size=st.integers(4, 30))
def test_sb_property_same_input_same_output_whatever_the_order(seed: int, size: int) -> None:
    """The same state and seed give the same pairing, however the players are ordered."""
    rng = random.Random(seed)
    state = initial_state(size, 7, rng)
    try:
        for _ in range(rng.randrange(4)):
            state = play(state, pair_round(state, System.SB, seed=seed), rng)
        first = pair(state, seed=seed)
    except NoValidPairing:
        return
    shuffled = list(state.players)
    random.Random(seed + 1).shuffle(shuffled)
    assert pair(state, seed=seed) == first
    assert pair(replace(state, players=tuple(shuffled)), seed=seed) == first


@settings(max_examples=30, deadline=None)
@given(seed=st.integers(min_value=0, max_value=10**6), size=st.integers(6, 30))
def test_sb_7_colours_keep_dutch_b2_whenever_the_pair_can(seed: int, size: int) -> None:
    """SB 7: on every board whose players some colours could keep within B2, they do."""
    rng = random.Random(seed)
    state = initial_state(size, 9, rng)
    try:
        for _ in range(9):
            pairing = pair(state, seed=seed)
            players = {e.number: e for e in entrants(state)[0]}
            for board in pairing.boards:
                white, black = players[board.white], players[board.black]
                if colours_kept(white, black):
                    assert white.may_white and black.may_black
            state = play(state, pairing, rng)
    except NoValidPairing:
        return


@pytest.mark.slow
@pytest.mark.parametrize("players", [151, 400])
def test_sb_property_large_event_all_rounds_legal(players: int) -> None:
    """Several hundred players, eleven rounds: every round legal; no point after round 2."""
    rng = random.Random(players)
    state = initial_state(players, 11, rng)
    for _ in range(11):
        pairing = pair_round(state, System.SB, seed=rng.randrange(2**31))
        assert_round_ok(state, pairing)
        if state.round_number >= 3:
            assert pairing_scores(state, system_default_acceleration=True) == scores(state)
        state = play(state, pairing, rng)


@pytest.mark.parametrize("seed", range(30))
def test_sb_5_bitset_checks_answer_as_the_plain_sb_1_check(seed: int) -> None:
    """The group's bitsets (and the matchings kept for a group or those below) say a set
    of players can be paired exactly when :func:`completable` says so (SB 1, SB 5)."""
    rng = random.Random(seed)
    count = rng.randrange(2, 16)
    numbers = list(range(1, count + 1))
    barred: dict[int, set[int]] = {n: set() for n in numbers}
    for a in numbers:
        for b in numbers:
            if a < b and rng.random() < rng.choice((0.2, 0.5, 0.8)):
                barred[a].add(b)
                barred[b].add(a)
    players = [
        entrant(n, barred=tuple(sorted(barred[n])), bye_allowed=rng.random() < 0.6) for n in numbers
    ]
    checks = Compatibility(players)
    for _ in range(40):
        members = [p for p in players if rng.random() < 0.6]
        extra = [p for p in members if rng.random() < 0.3]
        base = checks.mask(p for p in members if p not in extra)  # the players below
        whole = checks.mask(players)  # the group, some floating away
        subset = checks.mask(members)
        for bye in (False, True):
            expected = completable(members, bye=bye)
            assert checks.completable(subset, bye=bye) == expected
            assert checks.completable_from(base, subset, bye=bye) == expected
            assert checks.completable_from(whole, subset, bye=bye) == expected
