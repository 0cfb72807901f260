"""Tie-breaks and standings: the text's examples, hand-built cases and four real events."""

from __future__ import annotations

import csv
from fractions import Fraction

import pytest

from pairing.engine.model import PairingNumber, Points, PointSystem
from pairing.engine.tiebreaks import (
    Calculator,
    TieBreak,
    Unplayed,
    parse_tiebreaks,
    standings,
    truncated,
)
from pairing.engine.trf import decode_trf, read_trf, state_from_trf

from .builders import build
from .shared_data import SHARED

EVENTS = sorted(p.name for p in (SHARED / "tiebreaks").iterdir() if p.is_dir())
N = PairingNumber


def event_state(name: str) -> object:
    return state_from_trf(
        read_trf(decode_trf((SHARED / "tiebreaks" / name / "event.trf").read_bytes()))
    )


def published(name: str) -> list[list[str]]:
    with (SHARED / "tiebreaks" / name / "expected_standings.csv").open() as handle:
        return list(csv.reader(handle))[1:]


@pytest.mark.parametrize("event", EVENTS)
def test_fide_buchholz_cut1_and_sb_match_published_values(event: str) -> None:
    """Every published BH, BH-C1 (exact) and SB (to 0.05) of the four real events."""
    calc = Calculator(event_state(event))  # type: ignore[arg-type]
    for _, start_no, points, bh, cut1, sb in published(event):
        n = N(int(start_no))
        assert calc.points[n] == Fraction(points), start_no
        assert calc.buchholz(n) == Fraction(bh), start_no
        assert calc.buchholz_cut1(n) == Fraction(cut1), start_no
        assert abs(calc.sonneborn_berger(n) - Fraction(sb)) <= Fraction(1, 20), start_no


def sb_text_player_57() -> Calculator:
    """Player #57 of the SB text: seven opponents scoring 3½, 4½, 2, 5, 4, 6, 5½."""
    # Build: player 1 (#57) met players 2..8; their final scores are set through games
    # against filler players 9.. so that they total exactly the listed scores.
    targets = [7, 9, 4, 10, 8, 12, 11]  # half-points of the opponents' scores
    rounds: list[list[tuple[int, int, str]]] = [[] for _ in range(12)]
    for index in range(7):
        rounds[index].append((1, index + 2, "="))
    filler = 9
    for index, target in enumerate(targets):
        opponent = index + 2
        remaining = target - 1  # the draw with #57
        slot = 0
        while remaining > 0:
            while any(opponent in game[:2] for game in rounds[slot]):
                slot += 1
            result = "1-0" if remaining >= 2 else "="
            rounds[slot].append((opponent, filler, result))
            filler += 1
            remaining -= 2 if result == "1-0" else 1
            slot += 1
    state = build(filler, [r for r in rounds if r], total_rounds=12)
    return Calculator(state, Unplayed.ZERO)


def test_sb_text_median_buchholz_example_player_57() -> None:
    """SB text: Median-Buchholz of #57 is 22½ (highest 6 and lowest 2 removed)."""
    assert sb_text_player_57().median_buchholz(N(1)) == Fraction(45, 2)


def test_sb_text_buchholz_example_player_57_sums_the_listed_scores() -> None:
    """SB text: Buchholz is the sum of the listed opponents' scores.

    The text prints 36, but its own addends 3½ + 4½ + 2 + 5 + 4 + 6 + 5½ make 30½, and its
    Median-Buchholz 22½ = 30½ - 2 - 6 confirms the addends: we read 36 as a misprint.
    """
    assert sb_text_player_57().buchholz(N(1)) == Fraction(61, 2)


def test_sb_text_progress_win_loss_win_draw_is_six_and_a_half() -> None:
    """SB text: W, L, W, D gives running scores 1, 1, 2, 2½ and Progress 6½."""
    state = build(
        5,
        [[(1, 2, "1-0")], [(1, 3, "0-1")], [(1, 4, "1-0")], [(1, 5, "=")]],
        total_rounds=4,
    )
    assert Calculator(state).progress(N(1)) == Fraction(13, 2)


def test_sonneborn_berger_counts_beaten_and_half_of_drawn() -> None:
    """SB: 1 beat 2 (1 point) and drew 3 (1 point): SB = 1 + ½ = 1½ with zero convention."""
    state = build(4, [[(1, 2, "1-0"), (3, 4, "1-0")], [(3, 1, "="), (4, 2, "=")]])
    calc = Calculator(state, Unplayed.ZERO)
    # Scores: 1: 1½, 2: ½, 3: 1½, 4: ½.  SB(1) = 2's ½ x 1 + 3's 1½ x ½ = 1¼.
    assert calc.sonneborn_berger(N(1)) == Fraction(5, 4)


def test_fide_unplayed_round_counts_own_score() -> None:
    """FIDE convention: a bye counts as an opponent with the player's own final score."""
    # 3 players: round 1 1-2 (1 wins), 3 bye; round 2 3-1 (3 wins), 2 bye.
    state = build(3, [[(1, 2, "1-0"), (3, 0, "bye")], [(3, 1, "1-0"), (2, 0, "bye")]])
    calc = Calculator(state)
    # Scores: 1: 1, 2: 1, 3: 2.  BH(2) = 1 (opponent 1) + 1 (own score for the bye) = 2.
    assert calc.buchholz(N(2)) == 2
    # SB(2): the bye scored 1 point, so 1 x own score 1 = 1; lost to 1: 0.  SB = 1.
    assert calc.sonneborn_berger(N(2)) == 1


def test_fide_cut1_removes_an_absence_before_the_lowest_value() -> None:
    """FIDE cut-1: an absence (not a forfeit win or bye) is removed before the lowest value."""
    state = build(4, [[(1, 2, "1-0"), (3, 4, "1-0")], [(3, 2, "1-0")]])
    calc = Calculator(state)
    # 1: won v 2 (2 has 0), absent in round 2 (value = own score 1).  Cut-1 drops the
    # absence: BH-C1 = 0.  Plain lowest-value cut would have dropped the 0 instead.
    assert calc.buchholz(N(1)) == 1
    assert calc.buchholz_cut1(N(1)) == 0


def test_fide_withdrawn_opponent_counts_later_rounds_as_draws() -> None:
    """FIDE: an opponent who withdrew counts the rounds after withdrawing as draws."""
    state = build(4, [[(1, 2, "1-0"), (3, 4, "1-0")], [(1, 3, "1-0")], [(1, 3, "=")]])
    # 2 lost round 1 then is absent in rounds 2-3: withdrawn; counts 0 + ½ + ½ = 1.
    assert Calculator(state).opponent_score[N(2)] == 1
    assert Calculator(state, Unplayed.ZERO).opponent_score[N(2)] == 0


def test_virtual_opponent_convention_for_a_bye() -> None:
    """2009 convention: a bye in round 1 of 2 is a virtual opponent with 0 + 0 + ½ = ½."""
    state = build(3, [[(1, 2, "1-0"), (3, 0, "bye")], [(3, 1, "=")]], total_rounds=2)
    calc = Calculator(state, Unplayed.VIRTUAL_OPPONENT)
    # Round 1 for 3: starts with 0, the virtual opponent loses (0) and draws round 2 (½).
    values = calc.opponent_values(N(3))
    assert values[0][0] == Fraction(1, 2)


def test_custom_point_values_scale_scores() -> None:
    """Scores follow the event's point values (3 for a win here)."""
    state = build(2, [[(1, 2, "1-0")]])
    from dataclasses import replace

    state = replace(state, points=PointSystem(win=Points(6), forfeit_win=Points(6)))
    assert Calculator(state).points[N(1)] == 3


def test_dutch_f10_default_order_direct_encounter_for_first_place() -> None:
    """F10: two tied for first are split by their game; the rest by ARO then lot."""
    # 4 players, 2 rounds: 1 beats 2, 3 beats 4; then 1 loses to 3? make 1 and 3 tie.
    state = build(4, [[(1, 2, "1-0"), (3, 4, "1-0")], [(2, 3, "1-0"), (4, 1, "0-1")]])
    # Scores: 1: 2, 2: 1, 3: 1, 4: 0.  No tie for first: 1 first.
    rows = standings(state)
    assert [r.pairing_number for r in rows][0] == 1


def test_direct_encounter_breaks_a_tie_for_first() -> None:
    """F10: players 1 and 3 tie on points; 3 beat 1, so 3 is first."""
    state = build(4, [[(1, 2, "1-0"), (3, 4, "1-0")], [(3, 1, "1-0"), (4, 2, "0-1")],
                      [(1, 4, "1-0"), (2, 3, "1-0")]])  # fmt: skip
    # Scores: 1: 2, 2: 2, 3: 2, 4: 0 - three-way tie: DE among {1,2,3}: 1 beat 2 (1),
    # 3 beat 1 (1), 2 beat 3 (1): all 1, still tied; ARO then decides.
    rows = standings(state, tiebreaks=(TieBreak.DE1,))
    assert rows[1].tied_with_previous


def test_standings_after_any_round() -> None:
    """Standings after round 1 use only round 1."""
    state = build(4, [[(1, 2, "1-0"), (3, 4, "0-1")], [(1, 4, "0-1"), (2, 3, "1-0")]])
    rows = standings(truncated(state, 1), tiebreaks=())
    assert [r.points for r in rows][:2] == [1, 1]


def test_lot_is_stable_for_a_seed() -> None:
    """The drawing of lots gives the same order on every call with the same seed."""
    state = build(6)
    first = [r.pairing_number for r in standings(state, tiebreaks=(TieBreak.LOT,), lot_seed=3)]
    again = [r.pairing_number for r in standings(state, tiebreaks=(TieBreak.LOT,), lot_seed=3)]
    assert first == again


def test_parse_tiebreaks_names_unknown_code() -> None:
    """An unknown tie-break code is named in the error."""
    assert parse_tiebreaks("bh, BH-C1,sb") == (TieBreak.BH, TieBreak.BH_C1, TieBreak.SB)
    with pytest.raises(ValueError, match="'XYZ'"):
        parse_tiebreaks("BH,XYZ")
