"""The rating change of a rated game, as FIDE B.02 (Rating Regulations) Article 8.3
computes it, with the same conversion table the rating tie-breaks use (table 8.1.2 of
the 2024 text, 8.1(b) in earlier editions; ``pairing.engine.performance`` holds it).

For each game against a rated opponent (8.3.1) the rated player's change is
``K * (W - PD)`` (8.3.2): ``W`` the score (1, ½ or 0), ``PD`` the expected score the
table gives for the rating difference ``D``.  A difference of more than 400 points counts as 400
for a player rated below 2650; from 2650 the difference is used as it is (the 400-point
rule as amended from 1 October 2025).  The event's change is the sum over its games,
shown to hundredths; FIDE rounds a rating period's change to a whole number (8.3.4).

Everything is held in hundredths (the table's precision), so a change is exact: a
whole number of hundredths of a rating point.

K, the development coefficient (8.3.3), is 20 for every player of a rapid or blitz
event; for the standard rating it is 40 for a player new to the list until 30
games are completed, 40 for a junior (until the end of the year of the 18th birthday)
rated under 2300, 10 once a published rating has reached 2400 (and for good), 20
otherwise; K times the number of games may not exceed 700 (:func:`capped_k`).  The
games played before and a rating once at 2400 are not in an event's data:
:func:`k_factor` takes them when known and says which rule gave K.
"""

from __future__ import annotations

import enum
import functools
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from fractions import Fraction

from pairing.engine.model import Outcome, PairingNumber, Player
from pairing.engine.performance import (
    _HIGHER_PD,
    _PD_STEPS,
    expected_score,
    rating_difference,
    tournament_performance,
)

RULE_OF_400 = 400
"""B.02 8.3.1: the largest rating difference counted for a player rated below 2650."""

RULE_OF_400_LIMIT = 2650
"""B.02 8.3.1 (from 1 October 2025): from this rating the real difference counts."""


class KRule(enum.Enum):
    """Which of B.02's rules gave a player's K."""

    SET_BY_ARBITER = "set"
    NEW_PLAYER = "new"
    JUNIOR = "junior"
    REACHED_2400 = "2400"
    STANDARD = "standard"
    RAPID_BLITZ = "rapid-blitz"


@dataclass(frozen=True, slots=True)
class KFactor:
    """A development coefficient and the rule that gave it."""

    value: int
    rule: KRule


def k_factor(
    rating: int,
    *,
    event_year: int | None = None,
    birth_year: int | None = None,
    games_rated: int | None = None,
    reached_2400: bool = False,
    set_by_arbiter: int | None = None,
    rapid_or_blitz: bool = False,
) -> KFactor:
    """B.02 8.3.3: the K of a player rated ``rating`` at the start of the event.

    In a rapid or blitz event (``rapid_or_blitz``) K is 20 for every player, as 8.3.3
    gives it for the rapid and blitz ratings: new players, juniors and the 2400
    threshold are rules of the standard rating, and a K set by the arbiter is checked
    but not used.  In a standard event ``set_by_arbiter`` wins when given (the arbiter
    knows the player's record).  Else:
    40 for fewer than 30 games rated (when ``games_rated`` is known); 10 once 2400 was
    reached (``reached_2400``, or the rating itself at 2400 or more); 40 for a junior
    rated under 2300 in the year of the 18th birthday or before; 20 otherwise.

    :raises ValueError: a K set by the arbiter that is not 10, 20 or 40.
    """
    if set_by_arbiter is not None and set_by_arbiter not in (10, 20, 40):
        raise ValueError(f"K is 10, 20 or 40, not {set_by_arbiter}")
    if rapid_or_blitz:
        return KFactor(20, KRule.RAPID_BLITZ)
    if set_by_arbiter is not None:
        return KFactor(set_by_arbiter, KRule.SET_BY_ARBITER)
    if games_rated is not None and games_rated < 30:
        return KFactor(40, KRule.NEW_PLAYER)
    if reached_2400 or rating >= 2400:
        return KFactor(10, KRule.REACHED_2400)
    if (
        rating < 2300
        and event_year is not None
        and birth_year is not None
        and event_year - birth_year <= 18
    ):
        return KFactor(40, KRule.JUNIOR)
    return KFactor(20, KRule.STANDARD)


K_TIMES_GAMES = 700
"""B.02 8.3.3: the most K times the number of games of a rating period may reach."""


def capped_k(k: int, games: int) -> int:
    """B.02 8.3.3: ``k`` lowered to the largest whole number whose product with
    ``games`` does not exceed 700 (a K of 40 over more than 17 games, say).  Here the
    games are the event's rated games: the rating period may hold more."""
    return min(k, K_TIMES_GAMES // games) if games > 0 else k


def counted_difference(rating: int, opponent: int) -> int:
    """B.02 8.3.1: ``D``, the rating difference counted, signed from the player's side
    (positive when the player is the higher rated); capped at 400 below 2650."""
    difference = rating - opponent
    if rating < RULE_OF_400_LIMIT:
        difference = max(-RULE_OF_400, min(RULE_OF_400, difference))
    return difference


def game_expected_score(rating: int, opponent: int) -> int:
    """B.02 8.3.2 with the table of 8.1(b): the player's expected score, in hundredths,
    against one rated ``opponent`` (after the 400-point rule)."""
    return expected_score(rating, rating - counted_difference(rating, opponent))


def game_rating_change(rating: int, opponent: int, score: Fraction, k: int) -> Fraction:
    """B.02 8.3: ``K * (W - PD)`` for one game, ``score`` being 1, ½ or 0.

    :raises ValueError: a score other than 0, ½ or 1.
    """
    if score not in (0, Fraction(1, 2), 1):
        raise ValueError(f"a game scores 0, 1/2 or 1, not {score}")
    return k * (score - Fraction(game_expected_score(rating, opponent), 100))


_RATED_SCORES = {Outcome.WIN: Fraction(1), Outcome.DRAW: Fraction(1, 2), Outcome.LOSS: Fraction(0)}


_RATED_HUNDREDTHS = {Outcome.WIN: 100, Outcome.DRAW: 50, Outcome.LOSS: 0}


def rated_score(outcome: Outcome) -> Fraction | None:
    """The score ``W`` of a game that is rated, None for a round that is not: forfeits
    and byes are no games, a game that lasted less than one move is not rated (the
    TRF's W, D and L), an adjourned one has no result yet."""
    return _RATED_SCORES.get(outcome)


@dataclass(frozen=True, slots=True)
class RatedGame:
    """A game as the rating regulations count it for one player."""

    opponent_rating: int
    score: Fraction
    expected: int
    """``PD`` in hundredths."""
    change: Fraction


def rate_game(rating: int, opponent_rating: int, outcome: Outcome, k: int) -> RatedGame | None:
    """The game's expected score and change for a player rated ``rating`` (0 when
    unrated), or None when it is not rated for that player: an unrated player has no
    rating to change, a game against an unrated opponent is not one "played against a
    rated player" (B.02 8.3.1), and a round that is no rated game (:func:`rated_score`)."""
    score = rated_score(outcome)
    if score is None or rating <= 0 or opponent_rating <= 0:
        return None
    expected = game_expected_score(rating, opponent_rating)
    hundredths = k * (int(100 * score) - expected)
    return RatedGame(
        opponent_rating=opponent_rating,
        score=score,
        expected=expected,
        change=Fraction(hundredths, 100),
    )


def event_rating_change(rating: int, games: Iterable[tuple[int, Fraction]], k: int) -> Fraction:
    """B.02 8.3: the sum of the changes of the rated games (opponent's rating, score)."""
    return sum(
        (game_rating_change(rating, opponent, score, k) for opponent, score in games),
        Fraction(0),
    )


@dataclass(frozen=True, slots=True)
class EventRating:
    """One player's event as the rating regulations count it."""

    games: Mapping[int, RatedGame]
    """The rated games by round number (a round not here is not rated for the player)."""
    change: Fraction
    """The sum of the games' changes (8.3); 0 for an unrated player."""
    performance: int | None
    """Rp: the average rating of the rated opponents plus ``dp`` (8.1(a)) for the
    fraction scored against them; None with no game against a rated opponent."""


@functools.lru_cache(maxsize=4096)
def _hundredths(value: int) -> Fraction:
    """``value`` hundredths as a Fraction, one object per value: a standings' thousands
    of game changes take a few hundred values, made (and pickled) once each."""
    return Fraction(value, 100)


def event_rating(player: Player, ratings: Mapping[PairingNumber, int], k: int) -> EventRating:
    """``player``'s rated games, rating change and performance from the rounds in the
    engine's history, the opponents' ratings read in ``ratings`` (0 when unrated); ``k``
    is lowered by :func:`capped_k` for the number of rated games."""
    # In hundredths, whole numbers throughout (the same values as :func:`rate_game`):
    # a standings computes this for every player (#35: 20,000 games in its budget).
    rated: list[tuple[int, int, Outcome, int]] = []
    opponents: list[int] = []
    points = 0
    for record in player.history:
        score = _RATED_HUNDREDTHS.get(record.outcome)
        if score is None or record.opponent is None:
            continue
        opponent_rating = ratings.get(record.opponent, 0)
        if opponent_rating > 0:
            rated.append((record.round_number, score, record.outcome, opponent_rating))
            opponents.append(opponent_rating)
            points += score
    if not rated:
        return EventRating(games={}, change=_hundredths(0), performance=None)
    performance = tournament_performance(Fraction(points, 100), opponents)
    rating = player.rating
    if rating <= 0:
        return EventRating(games={}, change=_hundredths(0), performance=performance)
    k = capped_k(k, len(rated))
    # counted_difference inlined: D capped at 400 below 2650 (8.3.1).
    cap = RULE_OF_400 if rating < RULE_OF_400_LIMIT else None
    games: dict[int, RatedGame] = {}
    total = 0
    for round_number, score, outcome, opponent_rating in rated:
        difference = rating - opponent_rating
        if cap is not None:
            difference = -cap if difference < -cap else cap if difference > cap else difference
        expected = expected_score(rating, rating - difference)
        change = k * (score - expected)
        total += change
        games[round_number] = RatedGame(
            opponent_rating, _RATED_SCORES[outcome], expected, _hundredths(change)
        )
    return EventRating(games=games, change=_hundredths(total), performance=performance)


def event_totals(
    player: Player, ratings: Mapping[PairingNumber, int], k: int
) -> tuple[Fraction, int | None]:
    """:func:`event_rating`'s ``change`` and ``performance`` alone, without a
    :class:`RatedGame` per game: the standings show only these two for each player
    (#35: 20,000 games in a budget of 0.3 s), the cards the games too.  One pass over
    the rounds, in whole numbers, the table of 8.1(b) read directly."""
    rating = player.rating
    # D capped at 400 below 2650 (8.3.1); from 2650 the table's 736 is cap enough.
    cap = RULE_OF_400 if rating < RULE_OF_400_LIMIT else _PD_STEPS[-1]
    games = points = total_rating = total = 0
    for record in player.history:
        score = _RATED_HUNDREDTHS.get(record.outcome)
        if score is None or record.opponent is None:
            continue
        opponent_rating = ratings.get(record.opponent, 0)
        if opponent_rating <= 0:
            continue
        games += 1
        points += score
        total_rating += opponent_rating
        difference = rating - opponent_rating
        if difference >= 0:
            total += score - _HIGHER_PD[cap if difference > cap else difference]
        else:
            total += score - 100 + _HIGHER_PD[cap if difference < -cap else -difference]
    if not games:
        return _hundredths(0), None
    # tournament_performance in whole numbers: the average (C.07 10.1) and the
    # fractional score in hundredths, each rounded a half up, then dp (8.1(a)).
    p = (2 * points + games) // (2 * games)
    performance = (2 * total_rating + games) // (2 * games) + rating_difference(p)
    if rating <= 0:
        return _hundredths(0), performance
    return _hundredths(capped_k(k, games) * total), performance


__all__ = [
    "EventRating",
    "KFactor",
    "KRule",
    "RatedGame",
    "capped_k",
    "counted_difference",
    "event_rating",
    "event_rating_change",
    "event_totals",
    "game_expected_score",
    "game_rating_change",
    "k_factor",
    "rate_game",
    "rated_score",
]
