"""The Dutch system of 2026's rules, each under its number (FIDE Handbook C.04.3, 2026).

Parity with the endorsed program over whole tournaments is in
``test_dutch_parity.py``; these are the readings written next to the code.
"""

from __future__ import annotations

from dataclasses import replace
from datetime import date
from pathlib import Path

import pytest

from pairing.engine import System, pair_round
from pairing.engine.checker import recorded_pairing, recorded_requests
from pairing.engine.floats import Float
from pairing.engine.model import (
    Colour,
    PairingNumber,
    PairingOptions,
    Points,
    PointSystem,
    TournamentState,
)
from pairing.engine.registry import acceleration_of, rules_for
from pairing.engine.systems.dutch.acceleration import baku_for
from pairing.engine.systems.dutch.colours import allocate
from pairing.engine.systems.dutch.entrants import Entrant, compatible, entrants
from pairing.engine.trf import read_trf, state_from_trf, trf_from_state, write_trf
from pairing.engine.trf.extensions import system_from_trf

from .builders import boards, build

N = PairingNumber
DATA = Path(__file__).resolve().parents[1] / "data" / "dutch"


def _entrant(state: TournamentState, number: int) -> Entrant:
    return next(e for e in entrants(state)[0] if e.number == number)


def test_1_2_round_1_pairs_top_half_against_bottom_half_alternating_colours() -> None:
    pairing = pair_round(build(8), System.DUTCH, seed=1)
    assert boards(pairing) == [(1, 5), (6, 2), (3, 7), (8, 4)]
    assert pairing.pairing_allocated_bye is None


def test_c_2_pab_to_the_lowest_player_in_round_1() -> None:
    pairing = pair_round(build(7), System.DUTCH, seed=1)
    assert pairing.pairing_allocated_bye == 7


def test_c_2_half_point_bye_keeps_pab_eligibility_full_point_does_not() -> None:
    state = build(6, [[(1, 4, "1-0"), (2, 5, "+-"), (3, 6, "=")]])
    assert _entrant(state, 2).bye_eligible is False  # a forfeit win is a win's worth
    assert _entrant(state, 3).bye_eligible is True
    half = build(6, [[(1, 4, "1-0"), (2, 5, "1-0")]], total_rounds=5)
    with_bye = replace(
        half,
        players=tuple(
            replace(
                p,
                history=(replace(p.history[0], outcome=p.history[0].outcome.HALF_POINT_BYE),),
            )
            if p.pairing_number == 3
            else p
            for p in half.players
        ),
    )
    assert _entrant(with_bye, 3).bye_eligible is True


def test_1_4_3_a_round_scored_without_playing_is_a_downfloat() -> None:
    state = build(6, [[(1, 4, "1-0"), (2, 5, "+-"), (3, 6, "=")]])
    assert _entrant(state, 2).floats[0] is Float.DOWN  # forfeit win: more than a loss
    assert _entrant(state, 5).floats[0] is None  # forfeit loss: not more than a loss
    assert _entrant(state, 3).floats[0] is None  # equal scores: no float


def test_1_4_3_a_pairing_allocated_bye_is_a_downfloat_whatever_it_is_worth() -> None:
    """FIDE C.04.3 (1 February 2026) Article 1.4.3: the PAB is a downfloat in itself, not
    only when it brings more than a loss (the July 2025 wording, Article 1.4.3)."""
    zero_pab = replace(
        build(5, [[(1, 3, "1-0"), (2, 4, "1-0"), (5, 0, "bye")]]),
        points=PointSystem(pairing_allocated_bye=Points(0)),
    )
    assert _entrant(zero_pab, 5).floats[0] is Float.DOWN
    assert rules_for(System.DUTCH).float_history(zero_pab)[N(5)] == (Float.DOWN,)


def test_1_4_3_an_event_started_before_1_february_2026_follows_the_july_2025_text() -> None:
    """FIDE C.04.3 Article 1.4.3: the one difference read between the texts that changes a
    pairing.  An event that started before 1 February 2026 follows the July 2025 text, in
    which a PAB worth no more than a loss gives no float; from that day, the 2026 text."""
    zero_pab = replace(
        build(5, [[(1, 3, "1-0"), (2, 4, "1-0"), (5, 0, "bye")]]),
        points=PointSystem(pairing_allocated_bye=Points(0)),
    )
    older = replace(zero_pab, start_date=date(2026, 1, 31))
    assert _entrant(older, 5).floats[0] is None
    assert rules_for(System.DUTCH).float_history(older)[N(5)] == (None,)
    newer = replace(zero_pab, start_date=date(2026, 2, 1))
    assert _entrant(newer, 5).floats[0] is Float.DOWN
    seven = replace(build(7), points=PointSystem(pairing_allocated_bye=Points(0)))
    for start, says in ((date(2026, 1, 31), False), (date(2026, 2, 1), True)):
        pairing = pair_round(replace(seven, start_date=start), System.DUTCH, seed=1)
        note = next(e for e in pairing.explanation if "pairing-allocated bye" in e.text)
        assert ("downfloat (1.4.3)" in note.text) is says


def test_1_4_3_the_card_shows_the_floats_the_dutch_engine_pairs_with() -> None:
    """FIDE C.04.3 Articles 1.4.3 and 1.4.4: the floats on the card (``float_history``)
    are those the pairing uses: a forfeit win is a downfloat, the forfeit loser and a
    paired forfeit's pairing give none."""
    state = build(6, [[(1, 4, "1-0"), (2, 5, "+-"), (3, 6, "=")]])
    history = rules_for(System.DUTCH).float_history(state)
    for number in range(1, 7):
        assert history[N(number)] == (_entrant(state, number).floats[0],)
    assert history[N(2)] == (Float.DOWN,)
    assert history[N(5)] == (None,)


def test_1_4_2_higher_score_floats_down_lower_up() -> None:
    state = build(4, [[(1, 3, "1-0"), (2, 4, "=")], [(1, 2, "1-0"), (3, 4, "=")]])
    assert _entrant(state, 1).floats[0] is Float.DOWN  # 1 (one point) v 2 (a half)
    assert _entrant(state, 2).floats[0] is Float.UP
    assert _entrant(state, 3).floats[0] is Float.UP  # 3 (zero) v 4 (a half)
    assert _entrant(state, 4).floats[0] is Float.DOWN


def test_c_3_same_absolute_preference_only_for_topscorers_in_the_last_round() -> None:
    rounds = [
        [(1, 3, "1-0"), (2, 4, "1-0")],
        [(1, 4, "1-0"), (2, 3, "1-0")],
    ]
    early = build(4, rounds, total_rounds=5)
    a, b = _entrant(early, 1), _entrant(early, 2)
    assert a.absolute and b.absolute and a.preference is b.preference is Colour.BLACK
    assert not compatible(a, b)
    last = build(4, rounds, total_rounds=3)
    a, b = _entrant(last, 1), _entrant(last, 2)
    assert a.topscorer and b.topscorer
    assert compatible(a, b)


def test_c_04_5_baku_group_a_is_the_first_half_rounded_up() -> None:
    points = PointSystem()
    given = baku_for([N(n) for n in range(1, 12)], 9, points)
    assert {a.pairing_number for a in given} == {1, 2, 3, 4, 5, 6}
    per_round = {a.round_number: a.points for a in given if a.pairing_number == 1}
    # Nine rounds: rounds 1-5 accelerated, a win's worth in 1-3, a draw's in 4-5.
    assert per_round == {1: Points(2), 2: Points(2), 3: Points(2), 4: Points(1), 5: Points(1)}


def test_c_04_5_baku_acceleration_is_the_dutch_systems_option() -> None:
    state = replace(build(10, total_rounds=9), options=PairingOptions(acceleration=True))
    dutch = acceleration_of(state, System.DUTCH)
    assert {a.pairing_number for a in dutch} == {1, 2, 3, 4, 5, 6}
    assert max(a.round_number for a in dutch) == 5
    # Round 1: group A (1-6, C.04.7: half of 10 rounded up to even) carries a point
    # and is paired apart.  bbpPairings takes 1-5 (a known divergence, see
    # docs/engine-internals.md).
    pairing = pair_round(state, System.DUTCH, seed=1)
    assert boards(pairing) == [(1, 4), (5, 2), (3, 6), (7, 9), (10, 8)]


def test_1_4_3_the_explanation_says_the_pab_is_a_downfloat() -> None:
    """FIDE C.04.3 (1 February 2026) Article 1.4.3: the bye's explanation names the
    downfloat it gives, which C.14-C.21 weigh in the next two rounds."""
    pairing = pair_round(build(7), System.DUTCH, seed=1)
    bye_note = next(e for e in pairing.explanation if "pairing-allocated bye" in e.text)
    assert "downfloat (1.4.3)" in bye_note.text


def test_article_5_colour_allocation_steps() -> None:
    state = build(
        4,
        [[(1, 3, "1-0"), (4, 2, "1-0")], [(3, 2, "=")] + [(1, 4, "=")]],
        total_rounds=5,
    )
    one, two = _entrant(state, 1), _entrant(state, 2)
    # 1 played WW (absolute preference for black), 2 played BB (absolute for white).
    assert allocate(one, two, initial=Colour.WHITE)[0] is Colour.BLACK
    three, four = _entrant(state, 3), _entrant(state, 4)
    # 3 played BW, 4 played WB: mild preferences for black and white: both granted.
    colour, why, article = allocate(three, four, initial=Colour.WHITE)
    assert colour is Colour.BLACK and "both" in str(why) and article == "5.2.1"


def test_explanation_names_the_criteria_and_the_bye() -> None:
    pairing = pair_round(build(7), System.DUTCH, seed=1)
    text = " ".join(step.text for step in pairing.explanation)
    assert "PAB criterion C5 and the quality criteria C6-C21" in text
    assert "pairing-allocated bye" in text


def test_trf_2026_tournament_type_names_the_system_and_baku() -> None:
    state = replace(build(6, total_rounds=5), options=PairingOptions(acceleration=True))
    text = write_trf(trf_from_state(state, name="Open", system="dutch"))
    assert "192 FIDE_DUTCH_BAKU" in text
    # Without our lines and the accelerated rounds (250), the 192 type alone asks for
    # Baku; with the 250 records, those give the rounds and the type is disregarded.
    kept = [line for line in text.splitlines() if not line.startswith(("SWY", "SWO", "XXA"))]
    plain = "\n".join(line for line in kept if not line.startswith("250"))
    doc = read_trf(plain + "\n")
    assert system_from_trf(doc) == "dutch"
    assert state_from_trf(doc).options.acceleration is True
    with_rounds = state_from_trf(read_trf("\n".join(kept) + "\n"))
    assert with_rounds.acceleration and with_rounds.options.acceleration is None
    assert read_trf(plain.replace("192 ", "092 ") + "\n") is not None


def test_registry_lists_the_2026_dutch_system_first() -> None:
    rules = rules_for("dutch")
    assert "C.04.3" in rules.title
    # No option of its own: acceleration, which it reads, every system reads.
    assert rules.options == ()


def test_trf_bb_point_records_carry_a_point_system_to_the_endorsed_program() -> None:
    """bbpPairings reads no XXS: a 3-1-0 event is written with its BB records too, and
    reads back as the same point system without the XXS line."""
    points = PointSystem(
        win=Points(6),
        draw=Points(2),
        forfeit_win=Points(6),
        pairing_allocated_bye=Points(6),
        full_point_bye=Points(6),
        half_point_bye=Points(2),
    )
    state = replace(build(6, total_rounds=5), points=points)
    text = write_trf(trf_from_state(state, name="Open", system="dutch"))
    assert "BBW  3.0" in text and "BBD  1.0" in text and "BBU  3.0" in text
    without_xxs = "\n".join(line for line in text.splitlines() if not line.startswith("XXS"))
    assert state_from_trf(read_trf(without_xxs + "\n")).points == points


@pytest.mark.parametrize(
    ("name", "round_number", "bye"),
    [
        ("bbp-075p-13r-s2372", 11, 53),  # C.9 weighs: the bye with most games played
        ("bbp-035p-13r-s2076", 12, 23),  # the same, a bracket higher up
        ("bbp-091p-11r-s2156", 8, 86),  # C.9 does not weigh: one below pairs up
    ],
)
def test_c_9_weighs_where_no_player_of_the_bracket_pairs_below(
    name: str, round_number: int, bye: int
) -> None:
    """Reading of C.9, as the endorsed program pairs it: the unplayed games of the PAB's
    receiver count in a bracket when the round's matching pairs none of its players with
    a player below it; one player left over takes the bye rather than a partner below.
    Each case is a round of the reference's own that an earlier reading paired apart."""
    doc = read_trf((DATA / f"{name}.trf").read_text(encoding="utf-8"))
    final = state_from_trf(doc)
    state = replace(
        state_from_trf(doc, round_to_pair=round_number),
        requests=recorded_requests(final, round_number),
    )
    assert pair_round(state, System.DUTCH, seed=1).pairing_allocated_bye == bye
    assert recorded_pairing(final, round_number).pairing_allocated_bye == bye


def test_5_2_5_parity_skips_a_late_entry_not_yet_paired() -> None:
    """C.04.3 (2026) 5.2.5 with C.04.2 Article 2.4, as FIDE's pairing commission answered
    in August 2026 (reported in ``bench/README.md``): the higher player's parity is his
    place among the players who have arrived, so a late entry not yet paired (2, absent
    in round 1) shifts everyone below him.  Places 1, 3, 4, 5, 6, 7 are first to sixth:
    1 (first) takes the initial colour, 3 (second) the other, 4 (third) the initial one,
    where the TPNs as given would have 3 white and 4 black."""
    pairing = pair_round(build(7, absent=[2]), System.DUTCH, seed=1)
    assert boards(pairing) == [(1, 5), (6, 3), (4, 7)]
    steps = [step for step in pairing.explanation if step.text.startswith("Board 2:")]
    assert steps[0].rule == "C.04.3 5.2.5"
