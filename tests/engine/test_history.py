"""Derived state: scores, colour history with gaps, colour difference, floats, byes."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from pairing.engine.colours import (
    colour_difference,
    colour_history,
    difference_of,
    played_colours,
)
from pairing.engine.floats import Float, float_history, recent_floats
from pairing.engine.generator import tournament_states
from pairing.engine.history import (
    opponents_met,
    outcome_points,
    pairing_scores,
    received_point_without_playing,
    score,
)
from pairing.engine.model import (
    AcceleratedPoints,
    Colour,
    Outcome,
    PairingNumber,
    Points,
    PointSystem,
    System,
    TournamentState,
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


def _random_states() -> list[TournamentState]:
    """The states before each round of a few small random events (byes, forfeits,
    absences and withdrawals among them), under the usual and an unusual point system."""
    states: list[TournamentState] = []
    for seed in range(3):
        for state in tournament_states(System.DUTCH_1992, players=11, rounds=7, seed=seed):
            states.append(state)
            states.append(
                replace(
                    state,
                    points=PointSystem(
                        win=Points(6),
                        draw=Points(2),
                        forfeit_win=Points(5),
                        pairing_allocated_bye=Points(4),
                        half_point_bye=Points(3),
                        full_point_bye=Points(1),
                        zero_point_bye=Points(1),
                    ),
                )
            )
    return states


def test_dutch_a2_score_is_the_sum_of_each_outcomes_points() -> None:
    """A2 a, F9: the score read through the table of outcomes is the sum of what
    ``points_for`` gives each record, before any round."""
    for state in _random_states():
        table = outcome_points(state.points)
        assert all(table[outcome] == state.points.points_for(outcome) for outcome in Outcome)
        for player in state.players:
            for before in (None, *range(1, state.round_number + 1)):
                records = player.history if before is None else player.history[: before - 1]
                assert score(player, state.points, before_round=before) == sum(
                    state.points.points_for(record.outcome) for record in records
                )


def test_dutch_b5_b6_recent_floats_are_the_end_of_the_float_history() -> None:
    """B5, B6 look back a few rounds: :func:`recent_floats` gives the last ``count``
    floats of :func:`float_history` (all of them when fewer rounds are completed)."""
    for state in _random_states():
        whole = float_history(state)
        for count in range(4):
            recent = recent_floats(state, count)
            assert recent.keys() == whole.keys()
            for number, floats in whole.items():
                assert recent[number] == floats[max(len(floats) - count, 0) :]


def test_history_helpers_read_each_record_as_its_outcome_says() -> None:
    """F2, F3, A7, B1b: played colours, colour difference, opponents met and points
    without playing, held to the records read one by one."""
    for state in _random_states():
        for player in state.players:
            played = [r for r in player.history if r.outcome.played]
            colours = tuple(r.colour for r in played if r.colour is not None)
            assert played_colours(player) == colours
            assert colour_history(player) == tuple(
                r.colour if r.outcome.played else None for r in player.history
            )
            assert colour_difference(player) == difference_of(colours)
            assert difference_of(colours) == sum(1 if c is Colour.WHITE else -1 for c in colours)
            assert opponents_met(player) == frozenset(
                r.opponent for r in played if r.opponent is not None
            )
            assert received_point_without_playing(player) == any(
                r.outcome.point_without_playing for r in player.history
            )
