"""The counting tie-breaks of FIDE C.07 Article 7 (WIN, WON, BPG, BWG, PS, REP, and in
the 2026 text STD and TPN): each a count of the player's own rounds."""

from __future__ import annotations

from fractions import Fraction

from pairing.engine.model import Colour, Outcome, PairingNumber

from .context import TieBreakContext
from .editions import VOLUNTARY_UNPLAYED


def progress(context: TieBreakContext, number: PairingNumber, *, cut: int = 0) -> Fraction:
    """The sum of the player's running scores after each round.

    SB text: Progress: "Win, Loss, Win, Draw then your progressive scores are 1, 1, 2, 2.5
    and your Progress tie-break value is 6.5".  Byes and forfeits count the points they
    gave.  C.07 Article 7 (PS) with a cut (PS-C1, Article 14): the running scores of the
    first ``cut`` rounds are left out.
    """
    running = total = 0
    for index, (_, scored, _) in enumerate(context.terms[number], start=1):
        running += scored
        if index > cut:
            total += running
    return Fraction(total, 2)


def wins(context: TieBreakContext, number: PairingNumber) -> Fraction:
    """The number of rounds in which the player got a win's points.

    FIDE 2023 (WIN): forfeit wins, full-point byes and pairing-allocated byes count when
    they are worth a win; a half-point bye does not.  (FIDE's WON, games won over the
    board, is not offered.)
    """
    system = context.state.points
    return Fraction(
        sum(1 for _, scored, _ in context.terms[number] if system.win > 0 and scored == system.win)
    )


_WON = frozenset({Outcome.WIN, Outcome.WIN_UNRATED})


def games_won(context: TieBreakContext, number: PairingNumber) -> Fraction:
    """C.07 7.2 (WON): the games the player won over the board; a forfeit or a bye is no
    game."""
    return Fraction(sum(1 for r in context.players[number].history if r.outcome in _WON))


def games_with_black(context: TieBreakContext, number: PairingNumber) -> Fraction:
    """C.07 7.3 (BPG): the games the player played with Black."""
    return Fraction(
        sum(1 for r in context.players[number].history if r.played and r.colour is Colour.BLACK)
    )


def games_won_with_black(context: TieBreakContext, number: PairingNumber) -> Fraction:
    """C.07 7.4 (BWG): the games the player won with Black over the board."""
    return Fraction(
        sum(
            1
            for r in context.players[number].history
            if r.outcome in _WON and r.colour is Colour.BLACK
        )
    )


def rounds_elected_to_play(context: TieBreakContext, number: PairingNumber) -> Fraction:
    """C.07 7.6 (REP): the rounds that were not the player's voluntary unplayed rounds
    (16.1.2: a half-point or zero-point bye, an absence, a forfeit loss): games played,
    forfeit wins and byes given by the pairing or the arbiter."""
    return Fraction(
        sum(1 for r in context.players[number].history if r.outcome not in VOLUNTARY_UNPLAYED)
    )


def pairing_number(context: TieBreakContext, number: PairingNumber) -> Fraction:
    """C.07 (2026) 7.8 (TPN): the tournament pairing number; the lower ranks first."""
    return Fraction(number)


def standard_points(context: TieBreakContext, number: PairingNumber) -> Fraction:
    """C.07 (2026) 7.7 (STD): for each round 1 when it brought more than a draw's points,
    ½ when it brought a draw's, 0 otherwise, whatever the event's point values."""
    draw = context.state.points.draw
    halves = 0
    for _, scored, _ in context.terms[number]:
        halves += 2 if scored > draw else 1 if scored == draw else 0
    return Fraction(halves, 2)
