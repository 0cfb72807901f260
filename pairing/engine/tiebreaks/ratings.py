"""The rating tie-breaks of FIDE C.07 Article 10: ARO, TPR, PTP, APRO, APPO and, in the
2026 text, RTNG; the performances follow FIDE B.02 Article 8."""

from __future__ import annotations

from collections.abc import Mapping
from fractions import Fraction

from pairing.engine.model import Outcome, PairingNumber
from pairing.engine.performance import average_rating, perfect_performance, tournament_performance

from .context import TieBreakContext
from .editions import _PLAYED


def _opponent_ratings(context: TieBreakContext, number: PairingNumber) -> list[int]:
    """The ratings of the opponents played over the board, an unrated one's as the event
    gives it (C.07 Article 10), in the order of the rounds."""
    players = context.players
    default = context.unrated_rating or 0
    return [players[opponent].rating or default for opponent in context.met[number]]


def average_rating_of_opponents(
    context: TieBreakContext, number: PairingNumber, *, cut: int = 0, median: bool = False
) -> Fraction:
    """The average rating of the opponents played over the board, rounded as FIDE rounds
    it (C.07 10.1).

    Dutch F10: "the highest average rating of the opponents".  C.07 10.1 publishes ARO as
    a whole number, a half rounded up; the players are compared on that published
    number, so two players whose averages round alike stay tied for the next tie-break.
    Forfeits and byes have no opponent for this purpose.  An unrated opponent counts
    with the rating the event gives unrated players; when it gives none and an unrated
    player takes part, C.07 Article 10 leaves rating tie-breaks out: every player gets 0,
    and the next tie-break decides.  A player with no game played gets 0 too.

    With a cut (ARO-C1, Article 14) the ``cut`` lowest ratings are left out, with a
    median (ARO-M1) the ``cut`` highest as well; unplayed rounds are no games here, so
    there is no voluntary unplayed round to cut first (16.5).
    """
    if not context.ratings_usable:
        return Fraction(0)
    ratings = sorted(_opponent_ratings(context, number))
    ratings = ratings[min(cut, len(ratings)) :]
    if median:
        ratings = ratings[: len(ratings) - min(cut, len(ratings))]
    if not ratings:
        return Fraction(0)
    return Fraction(average_rating(ratings))


_STANDARD_POINTS = {
    Outcome.WIN: Fraction(1),
    Outcome.WIN_UNRATED: Fraction(1),
    Outcome.DRAW: Fraction(1, 2),
    Outcome.DRAW_UNRATED: Fraction(1, 2),
    Outcome.ADJOURNED: Fraction(1, 2),
}
"""What a game played brings in a performance (C.07 10.2, 10.3): 1 for a win, ½ for a
draw, whatever the event's points."""


_Ratings = dict[PairingNumber, int]


def _performances(context: TieBreakContext) -> tuple[_Ratings, _Ratings]:
    """Each player's TPR and PTP (C.07 10.2, 10.3), computed once for all players;
    a player with no game played has neither."""
    if "TPR" not in context.memo:
        tpr: _Ratings = {}
        ptp: _Ratings = {}
        for number, player in context.players.items():
            ratings = _opponent_ratings(context, number)
            if ratings:
                score = sum(
                    (
                        _STANDARD_POINTS.get(r.outcome, Fraction(0))
                        for r in player.history
                        if r.outcome in _PLAYED and r.opponent is not None
                    ),
                    Fraction(0),
                )
                tpr[number] = tournament_performance(score, ratings)
                ptp[number] = perfect_performance(score, ratings)
        context.memo["TPR"] = tpr
        context.memo["PTP"] = ptp
    return context.memo["TPR"], context.memo["PTP"]


def tournament_performance_rating(context: TieBreakContext, number: PairingNumber) -> Fraction:
    """C.07 10.2 (TPR): the average rating of the opponents played over the board
    (10.1) plus the rating difference FIDE B.02 8.1(a) gives for the fraction of the
    points the player scored in those games (a win 1, a draw ½), to hundredths.  0 for
    a player with no game played, and for everyone when Article 10 leaves rating
    tie-breaks out (see :func:`average_rating_of_opponents`)."""
    if not context.ratings_usable:
        return Fraction(0)
    return Fraction(_performances(context)[0].get(number, 0))


def perfect_tournament_performance(context: TieBreakContext, number: PairingNumber) -> Fraction:
    """C.07 10.3 (PTP): the lowest rating whose expected score (FIDE B.02 8.1(b))
    against the opponents played over the board reaches the points scored in those
    games; with no point, the lowest rated opponent's rating less 800.  0 as for TPR."""
    if not context.ratings_usable:
        return Fraction(0)
    return Fraction(_performances(context)[1].get(number, 0))


def _average_of_opponents(
    context: TieBreakContext, number: PairingNumber, values: Mapping[PairingNumber, int]
) -> Fraction:
    """The opponents' ``values`` averaged over the games played, a half rounded up."""
    found = [values[opponent] for opponent in context.met[number] if opponent in values]
    return Fraction(average_rating(found)) if found else Fraction(0)


def average_performance_of_opponents(context: TieBreakContext, number: PairingNumber) -> Fraction:
    """C.07 10.4 (APRO): the average of the TPR of the opponents played over the board,
    a half rounded up."""
    if not context.ratings_usable:
        return Fraction(0)
    return _average_of_opponents(context, number, _performances(context)[0])


def average_perfect_performance_of_opponents(
    context: TieBreakContext, number: PairingNumber
) -> Fraction:
    """C.07 10.5 (APPO): the average of the PTP of the opponents played over the board,
    a half rounded up."""
    if not context.ratings_usable:
        return Fraction(0)
    return _average_of_opponents(context, number, _performances(context)[1])


def own_rating(context: TieBreakContext, number: PairingNumber) -> Fraction:
    """C.07 (2026) 10.6 (RTNG): the player's rating, an unrated player's as the event
    gives it; 0 for everyone when Article 10 leaves rating tie-breaks out."""
    if not context.ratings_usable:
        return Fraction(0)
    return Fraction(context.players[number].rating or context.unrated_rating or 0)
