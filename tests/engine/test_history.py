"""Derived state: scores, colour history with gaps, colour difference, floats, byes."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from pairing.engine.colours import colour_difference, colour_history, played_colours
from pairing.engine.floats import Float, float_history
from pairing.engine.history import (
    opponents_met,
    pairing_scores,
    received_point_without_playing,
    score,
)
from pairing.engine.model import (
    AcceleratedPoints,
    Colour,
    PairingNumber,
    Points,
    PointSystem,
)

from .builders import build

W, B = Colour.WHITE, Colour.BLACK
N = PairingNumber


def colours_of(colours: Sequence[Colour | None]) -> str:
    return "".join("-" if c is None else c.value.upper() for c in colours)


def test_dutch_f3_colour_history_keeps_gaps_and_played_colours_close_them() -> None:
    """F3: BWW-B is read as -BWWB: the played colours are B, W, W, B in order."""
    # Player 1: B (r1), W (r2), W (r3), forfeit (r4), B (r5).
    rounds = [
        [(2, 1, "=")],
        [(1, 3, "=")],
        [(1, 4, "=")],
        [(1, 5, "+-")],
        [(6, 1, "=")],
    ]
    player = build(6, rounds).players[0]
    history = colour_history(player)
    assert "".join("-" if c is None else c.value.upper() for c in history) == "BWW-B"
    assert played_colours(player) == (B, W, W, B)
    assert colour_difference(player) == 0


def test_dutch_a7_colour_difference_counts_played_games_only() -> None:
    """A7/F2: whites minus blacks, byes and forfeits left out."""
    rounds = [[(1, 2, "=")], [(1, 3, "=")], [(1, 0, "bye")], [(4, 1, "-+")]]
    assert colour_difference(build(4, rounds).players[0]) == 2


def test_scores_follow_custom_point_values() -> None:
    """Scores use the event's point values: 3 for a win, 1 for a draw (half-points 6, 2)."""
    state = replace(
        build(3, [[(1, 2, "1-0")], [(3, 1, "=")]]),
        points=PointSystem(win=Points(6), draw=Points(2), forfeit_win=Points(6)),
    )
    assert score(state.players[0], state.points) == 8
    assert score(state.players[0], state.points, before_round=2) == 6


def test_accelerated_points_count_for_pairing_only() -> None:
    """XXA imaginary points add to the pairing score of their round, not to the score."""
    state = replace(
        build(2),
        acceleration=(AcceleratedPoints(pairing_number=N(1), round_number=1, points=Points(2)),),
    )
    assert pairing_scores(state)[N(1)] == 2
    assert score(state.players[0], state.points) == 0


def test_dutch_a4_float_history_from_scores_before_each_round() -> None:
    """A4: in round 2 the 1-point player 1 meets the 0-point player 4: 1 down, 4 up."""
    rounds = [[(1, 3, "1-0"), (2, 4, "1-0")], [(1, 4, "="), (2, 3, "=")]]
    floats = float_history(build(4, rounds))
    assert floats[N(1)] == (None, Float.DOWN)
    assert floats[N(4)] == (None, Float.UP)


def test_dutch_a5_bye_counts_as_downfloat() -> None:
    """A5: a pairing-allocated bye is recorded as a downfloat."""
    floats = float_history(build(3, [[(1, 2, "1-0"), (3, 0, "bye")]]))
    assert floats[N(3)] == (Float.DOWN,)


def test_dutch_f2_forfeit_is_not_a_meeting() -> None:
    """F2: a forfeited pairing does not count as having met."""
    player = build(3, [[(1, 2, "+-")], [(1, 3, "1-0")]]).players[0]
    assert opponents_met(player) == frozenset({N(3)})


def test_dutch_b1b_point_without_playing() -> None:
    """B1b: a bye or a forfeit win is a point without playing; a half-point bye is not."""
    state = build(4, [[(1, 2, "+-"), (3, 0, "bye")]], half_point_byes=[4])
    by = {p.pairing_number: p for p in state.players}
    assert received_point_without_playing(by[N(1)])
    assert received_point_without_playing(by[N(3)])
    assert not received_point_without_playing(by[N(2)])
