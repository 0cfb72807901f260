"""Standings: Dutch F10 order, direct encounter, lots, ties, speed and four real events.

Every expected order is worked out by hand in the comment above it.
"""

from __future__ import annotations

import csv
import random
from dataclasses import replace
from fractions import Fraction

import pytest

from pairing.engine.model import (
    Colour,
    GameRecord,
    Outcome,
    PairingNumber,
    Player,
    TournamentState,
)
from pairing.engine.standings import (
    StandingRow,
    lot_positions,
    standings,
)
from pairing.engine.tiebreaks import TieBreak, UnplayedRounds, parse_tiebreaks, truncated
from pairing.engine.trf import decode_trf, read_trf, state_from_trf

from .builders import build
from .reference_data import DATA

N = PairingNumber
F = Fraction


def order(rows: tuple[StandingRow, ...]) -> list[int]:
    """The pairing numbers from first to last."""
    return [row.pairing_number for row in rows]


def round_robin_of_four() -> TournamentState:
    """Four players, all-play-all; 1 and 2 tie for first and 2 beat 1.

    Round 1: 1-2 0-1, 3-4 =; round 2: 1-3 1-0, 2-4 0-1; round 3: 1-4 1-0, 2-3 1-0.
    Scores: 1: 0 + 1 + 1 = 2; 2: 1 + 0 + 1 = 2; 4: ½ + 1 + 0 = 1½; 3: ½ + 0 + 0 = ½.
    Ratings 1500, 2000, 1800, 1700, so ARO(1) = (2000 + 1800 + 1700)/3 = 5500/3 and
    ARO(2) = (1500 + 1700 + 1800)/3 = 5000/3.
    """
    return build(
        4,
        [
            [(1, 2, "0-1"), (3, 4, "=")],
            [(1, 3, "1-0"), (2, 4, "0-1")],
            [(1, 4, "1-0"), (2, 3, "1-0")],
        ],
        ratings=[1500, 2000, 1800, 1700],
    )


def tie_for_second() -> TournamentState:
    """Six players, three rounds: 1 wins all; 2 and 3 tie for second and 2 beat 3.

    Round 1: 2-3 1-0, 1-4 1-0, 5-6 =; round 2: 1-2 1-0, 3-5 1-0, 4-6 =;
    round 3: 1-5 1-0, 2-4 1-0, 3-6 1-0.
    Scores: 1: 3; 2: 1 + 0 + 1 = 2; 3: 0 + 1 + 1 = 2; 6: ½ + ½ + 0 = 1; 4: 0 + ½ + 0 = ½;
    5: ½ + 0 + 0 = ½.  Ratings 1500, 1600, 1400, 1300, 2200, 2100:
    ARO(2) = (1400 + 1500 + 1300)/3 = 1400, ARO(3) = (1600 + 2200 + 2100)/3 = 5900/3,
    ARO(4) = (1500 + 2100 + 1600)/3 = 5200/3, ARO(5) = (2100 + 1400 + 1500)/3 = 5000/3.
    4 and 5 never met.
    """
    return build(
        6,
        [
            [(2, 3, "1-0"), (1, 4, "1-0"), (5, 6, "=")],
            [(1, 2, "1-0"), (3, 5, "1-0"), (4, 6, "=")],
            [(1, 5, "1-0"), (2, 4, "1-0"), (3, 6, "1-0")],
        ],
        ratings=[1500, 1600, 1400, 1300, 2200, 2100],
    )


# --- Dutch F10 ---------------------------------------------------------------------------------


def test_dutch_f10_first_place_goes_to_the_winner_of_the_game_between_the_tied() -> None:
    """Dutch F10: for first place the game between the tied players decides before ARO."""
    rows = standings(round_robin_of_four())
    # 1 and 2 tie on 2 points; 2 beat 1, so 2 is first although ARO(1) > ARO(2).
    assert order(rows) == [2, 1, 4, 3]
    assert [row.values[:2] for row in rows[:2]] == [(F(1), F(1667)), (F(0), F(1833))]


def test_dutch_f10_aro_alone_would_put_the_other_leader_first() -> None:
    """ARO without the direct encounter ranks the tied leaders by opponents' ratings."""
    rows = standings(round_robin_of_four(), tiebreaks=(TieBreak.ARO,))
    # ARO(1) = 5500/3 > ARO(2) = 5000/3.
    assert order(rows) == [1, 2, 4, 3]


def test_dutch_f10_direct_encounter_only_for_first_place() -> None:
    """Dutch F10: a tie for second place goes to ARO even when the two have met."""
    rows = standings(tie_for_second())
    # 1 is alone on 3.  2 and 3 on 2: no direct encounter, ARO(3) = 5900/3 > 1400.
    # 6 on 1.  4 and 5 on ½: ARO(4) = 5200/3 > 5000/3.
    assert order(rows) == [1, 3, 2, 6, 4, 5]
    assert all(row.values[0] == 0 for row in rows)


def test_direct_encounter_applies_to_every_tied_group() -> None:
    """DE (unlike DE1) splits every tied group by the games among its players."""
    rows = standings(tie_for_second(), tiebreaks=(TieBreak.DE, TieBreak.ARO))
    # 2 beat 3: 2 before 3.  4 and 5 never met (DE 0 each): ARO puts 4 first.
    assert order(rows) == [1, 2, 3, 6, 4, 5]


def test_standings_default_shows_de1_aro_and_lot() -> None:
    """The default order shows three values per row: DE1, ARO and the place drawn."""
    rows = standings(round_robin_of_four())
    assert {len(row.values) for row in rows} == {3}
    assert sorted(row.values[2] for row in rows) == [1, 2, 3, 4]


# --- Ties, ranks and lots ----------------------------------------------------------------------


def test_rank_is_positional_and_ties_are_flagged() -> None:
    """Players level on everything get consecutive ranks in pairing-number order, flagged tied."""
    rows = standings(build(4), tiebreaks=(TieBreak.ARO,))
    # Nobody has played: all on 0 points and ARO 0.
    assert [(r.rank, r.pairing_number, r.tied_with_previous) for r in rows] == [
        (1, 1, False),
        (2, 2, True),
        (3, 3, True),
        (4, 4, True),
    ]


def test_tied_flag_ignores_the_drawing_of_lots() -> None:
    """A place decided only by lot is still flagged as tied with the row above."""
    rows = standings(build(4), tiebreaks=(TieBreak.LOT,), lot_seed=5)
    assert [r.tied_with_previous for r in rows] == [False, True, True, True]


def test_lot_orders_by_the_places_drawn_from_the_seed() -> None:
    """The drawing of lots orders level players by the place each drew from the seed."""
    rows = standings(build(6), tiebreaks=(TieBreak.LOT,), lot_seed=11)
    drawn = lot_positions([N(n) for n in range(1, 7)], 11)
    assert order(rows) == sorted(drawn, key=lambda n: drawn[n])
    assert [row.values[0] for row in rows] == [1, 2, 3, 4, 5, 6]


def test_lot_is_the_same_on_every_call_with_the_same_seed() -> None:
    """Standings never change on reload: the same seed gives the same lot order."""
    state = build(8)
    first = standings(state, tiebreaks=(TieBreak.LOT,), lot_seed=3)
    assert standings(state, tiebreaks=(TieBreak.LOT,), lot_seed=3) == first


def test_lot_depends_on_the_seed() -> None:
    """Different seeds draw different orders (the seed is really used)."""
    state = build(8)
    orders = {
        tuple(order(standings(state, tiebreaks=(TieBreak.LOT,), lot_seed=s))) for s in range(10)
    }
    assert len(orders) > 1


def test_standings_do_not_depend_on_the_order_of_the_players() -> None:
    """STYLE 3.3: shuffled input rows give the same standings, lots included."""
    state = tie_for_second()
    players = list(state.players)
    random.Random(1).shuffle(players)
    shuffled = replace(state, players=tuple(players))
    codes = parse_tiebreaks("BH,SB,DE,ARO,LOT")
    assert standings(shuffled, tiebreaks=codes) == standings(state, tiebreaks=codes)


def test_values_follow_the_requested_order() -> None:
    """Tie-break values come in the order asked for, and sort in that order."""
    rows = standings(round_robin_of_four(), tiebreaks=(TieBreak.SB, TieBreak.BH))
    # SB(2) = 2 (beat 1) + ½ (beat 3) = 2½; SB(1) = ½ (beat 3) + 1½ (beat 4) = 2.
    # BH(2) = 2 + 1½ + ½ = 4 = BH(1).  SB puts 2 first.
    assert [(r.pairing_number, r.values) for r in rows[:2]] == [
        (2, (F(5, 2), F(4))),
        (1, (F(2), F(4))),
    ]


def test_no_tiebreaks_orders_by_points_then_pairing_number() -> None:
    """Without tie-breaks, players level on points keep pairing-number order."""
    rows = standings(truncated(round_robin_of_four(), 1), tiebreaks=())
    # After round 1: 2 on 1, 3 and 4 on ½, 1 on 0.
    assert order(rows) == [2, 3, 4, 1]
    assert [r.points for r in rows] == [1, F(1, 2), F(1, 2), 0]
    assert [r.tied_with_previous for r in rows] == [False, False, True, False]


def test_unplayed_rounds_option_reaches_the_values() -> None:
    """The unplayed-rounds convention chosen for the standings is the one the values use."""
    state = build(3, [[(1, 2, "1-0"), (3, 0, "bye")], [(3, 1, "1-0"), (2, 0, "bye")]])
    # Scores 1: 1, 2: 1, 3: 2.  BH(2): FIDE 2023 = 1 (opponent 1) + 1 (own score for the
    # bye) = 2; ZERO = 1 + 0 = 1.
    fide = {r.pairing_number: r.values for r in standings(state, tiebreaks=(TieBreak.BH,))}
    zero = {
        r.pairing_number: r.values
        for r in standings(state, tiebreaks=(TieBreak.BH,), unplayed=UnplayedRounds.ZERO)
    }
    assert (fide[N(2)], zero[N(2)]) == ((F(2),), (F(1),))


# --- Speed --------------------------------------------------------------------------------------


def large_event(players: int = 2000, rounds: int = 11, seed: int = 1) -> TournamentState:
    """A big event with random pairings and results (repeat pairings do not matter here)."""
    rng = random.Random(seed)
    history: dict[int, list[GameRecord]] = {n: [] for n in range(1, players + 1)}
    outcomes = [
        (Outcome.WIN, Outcome.LOSS),
        (Outcome.LOSS, Outcome.WIN),
        (Outcome.DRAW, Outcome.DRAW),
        (Outcome.FORFEIT_WIN, Outcome.FORFEIT_LOSS),
    ]
    for number in range(1, rounds + 1):
        ids = list(range(1, players + 1))
        rng.shuffle(ids)
        for white, black in zip(ids[0::2], ids[1::2], strict=True):
            w, b = rng.choices(outcomes, weights=[4, 4, 2, 1])[0]
            history[white].append(
                GameRecord(round_number=number, opponent=N(black), colour=Colour.WHITE, outcome=w)
            )
            history[black].append(
                GameRecord(round_number=number, opponent=N(white), colour=Colour.BLACK, outcome=b)
            )
    return TournamentState(
        players=tuple(
            Player(pairing_number=N(n), rating=1000 + n, history=tuple(h))
            for n, h in history.items()
        ),
        rounds_completed=rounds,
        total_rounds=rounds,
    )


def test_standings_of_2000_players_and_11_rounds_rank_everyone() -> None:
    """A 2,000-player, 11-round event is ranked with every tie-break (speed: make bench)."""
    state = large_event()
    codes = parse_tiebreaks("BH,BH-C1,MBH,SB,PROG,DE,ARO,WIN,LOT")
    rows = standings(state, tiebreaks=codes)
    assert len(rows) == 2000
    assert [row.rank for row in rows] == list(range(1, 2001))


# --- The four real events --------------------------------------------------------------------

EVENTS = sorted(p.name for p in (DATA / "tiebreaks").iterdir() if p.is_dir())


def event_state(name: str) -> TournamentState:
    """The event's TRF, read with the engine's TRF reader."""
    data = (DATA / "tiebreaks" / name / "event.trf").read_bytes()
    return state_from_trf(read_trf(decode_trf(data)))


def published_order(name: str) -> list[int]:
    """The start numbers in the published order."""
    with (DATA / "tiebreaks" / name / "expected_standings.csv").open(encoding="utf-8") as f:
        return [int(row[1]) for row in list(csv.reader(f))[1:]]


@pytest.mark.parametrize("event", EVENTS)
def test_published_order_is_points_bh_bh_cut1_sb_then_pairing_number(event: str) -> None:
    """The published standings of the four events: points, BH, BH-C1, SB, then start number."""
    rows = standings(event_state(event), tiebreaks=parse_tiebreaks("BH,BH-C1,SB"))
    assert order(rows) == published_order(event)
