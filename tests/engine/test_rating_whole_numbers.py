"""The standings' fast rating arithmetic (#35) gives what the rules' plain Fraction
arithmetic gives: the expected score of FIDE B.02 8.1(b) looked up per difference, the
performance of C.07 10.2 in whole numbers, and a player's event (B.02 8.3) against the
sum of each game rated on its own (``rate_game``, ``game_rating_change``).

The references below are the arithmetic as the regulations write it, kept here so that
the fast paths are compared with it on many random cases."""

from __future__ import annotations

import bisect
import math
import random
from fractions import Fraction

import pytest

from pairing.engine.model import Colour, GameRecord, Outcome, PairingNumber, Player
from pairing.engine.performance import (
    _PD_STEPS,
    average_rating,
    expected_score,
    rating_difference,
    tournament_performance,
)
from pairing.engine.rating_change import (
    capped_k,
    event_rating,
    event_totals,
    game_rating_change,
    rate_game,
    rated_score,
)


def reference_expected(rating: int, opponent: int) -> int:
    """8.1(b) searched in the table's steps for each game."""
    higher = 49 + bisect.bisect_right(_PD_STEPS, abs(rating - opponent))
    return higher if rating >= opponent else 100 - higher


def reference_half_up(value: Fraction) -> int:
    return math.floor(value + Fraction(1, 2))


def reference_performance(score: Fraction, ratings: list[int]) -> int:
    """C.07 10.2 in Fractions: average (10.1) plus dp of the fractional score."""
    average = reference_half_up(Fraction(sum(ratings), len(ratings)))
    return average + rating_difference(reference_half_up(100 * score / len(ratings)))


def test_expected_score_from_the_table_equals_the_search_of_8_1_b() -> None:
    """Every difference from -1,000 to 1,000, around ratings low and high."""
    for base in (1000, 2000, 2649, 2650, 2800):
        for difference in range(-1000, 1001):
            assert expected_score(base, base - difference) == reference_expected(
                base, base - difference
            ), (base, difference)


def test_performance_in_whole_numbers_equals_the_fraction_arithmetic() -> None:
    """Random scores (whole, halves and other fractions) against random opponents."""
    rng = random.Random(35)
    for _ in range(3000):
        games = rng.randint(1, 15)
        ratings = [rng.randint(1000, 2850) for _ in range(games)]
        score = Fraction(rng.randint(0, 2 * games), 2)
        if rng.random() < 0.2:
            score = Fraction(rng.randint(0, 100 * games), 100)
        assert tournament_performance(score, ratings) == reference_performance(score, ratings)
        assert average_rating(ratings) == reference_half_up(Fraction(sum(ratings), games))


def test_performance_rounds_a_half_up_as_before() -> None:
    """10.1 rounds 1500.5 up and -0.5 up (to 0); 10.2 rounds a fractional score of
    0.625 (5 of 8) to 0.63."""
    assert average_rating([1500, 1501]) == 1501
    assert tournament_performance(Fraction(5), [2000] * 8) == 2000 + rating_difference(63)


OUTCOMES = (
    Outcome.WIN,
    Outcome.DRAW,
    Outcome.LOSS,
    Outcome.FORFEIT_WIN,
    Outcome.FORFEIT_LOSS,
    Outcome.WIN_UNRATED,
    Outcome.DRAW_UNRATED,
    Outcome.LOSS_UNRATED,
    Outcome.HALF_POINT_BYE,
    Outcome.ZERO_POINT_BYE,
)


def random_player(rng: random.Random, number: int, rounds: int, field: int) -> Player:
    history = []
    for round_number in range(1, rounds + 1):
        outcome = rng.choice(OUTCOMES)
        bye = outcome in (Outcome.HALF_POINT_BYE, Outcome.ZERO_POINT_BYE)
        history.append(
            GameRecord(
                round_number=round_number,
                opponent=None if bye else PairingNumber(rng.randint(1, field)),
                colour=None if bye else rng.choice((Colour.WHITE, Colour.BLACK)),
                outcome=outcome,
            )
        )
    rating = 0 if rng.random() < 0.1 else rng.randint(1000, 2850)
    return Player(pairing_number=PairingNumber(number), rating=rating, history=tuple(history))


@pytest.mark.parametrize("seed", range(8))
def test_event_rating_equals_each_game_rated_on_its_own(seed: int) -> None:
    """A player's event, computed in hundredths for the standings, has the games,
    change and Rp that ``rate_game``, ``game_rating_change`` (Fractions) and the
    Fraction performance give for the same rounds."""
    rng = random.Random(seed)
    field = 60
    ratings = {
        PairingNumber(n): (0 if rng.random() < 0.15 else rng.randint(1000, 2850))
        for n in range(1, field + 1)
    }
    for number in range(1, 200):
        player = random_player(rng, number, rng.randint(0, 13), field)
        k = rng.choice((10, 20, 40))
        found = event_rating(player, ratings, k)
        rated = [
            (record, ratings[record.opponent])
            for record in player.history
            if record.opponent is not None
            and rated_score(record.outcome) is not None
            and ratings[record.opponent] > 0
        ]
        games = len(rated)
        capped = capped_k(k, games)
        expected_games = {}
        change = Fraction(0)
        if player.rating > 0:
            for record, opponent in rated:
                game = rate_game(player.rating, opponent, record.outcome, capped)
                assert game is not None
                expected_games[record.round_number] = game
                score = rated_score(record.outcome)
                assert score is not None
                change += game_rating_change(player.rating, opponent, score, capped)
        assert dict(found.games) == expected_games
        assert found.change == change
        scores = [rated_score(record.outcome) or Fraction(0) for record, _ in rated]
        points = sum(scores, Fraction(0))
        assert found.performance == (
            reference_performance(points, [opponent for _, opponent in rated]) if rated else None
        )


@pytest.mark.parametrize("seed", range(8))
def test_event_totals_equal_the_event_rated_game_by_game(seed: int) -> None:
    """The standings' totals without the games (``event_totals``) are the change and
    Rp of ``event_rating`` (B.02 8.3, C.07 10.2), for rated and unrated players, with
    forfeits, byes, unrated games and unrated opponents, under every K."""
    rng = random.Random(1000 + seed)
    field = 60
    ratings = {
        PairingNumber(n): (0 if rng.random() < 0.15 else rng.randint(1000, 2850))
        for n in range(1, field + 1)
    }
    for number in range(1, 300):
        player = random_player(rng, number, rng.randint(0, 13), field)
        k = rng.choice((10, 20, 40))
        found = event_rating(player, ratings, k)
        assert event_totals(player, ratings, k) == (found.change, found.performance)
