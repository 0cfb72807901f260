"""FIDE B.02 Article 8.3: the rating change of a game, one test per rule, each value
computed by hand from the table of 8.1(b) (the expected score ``PD`` for a rating
difference ``D``) and ``K * (W - PD)``."""

from __future__ import annotations

from fractions import Fraction

import pytest

from pairing.engine.model import Colour, GameRecord, Outcome, PairingNumber, Player
from pairing.engine.performance import expected_score
from pairing.engine.rating_change import (
    KFactor,
    KRule,
    RatedGame,
    capped_k,
    counted_difference,
    event_rating,
    event_rating_change,
    game_expected_score,
    game_rating_change,
    k_factor,
    rate_game,
    rated_score,
)

HALF = Fraction(1, 2)


def test_k_is_20_under_2400() -> None:
    assert k_factor(2000) == KFactor(20, KRule.STANDARD)
    # 2000 beats 2100: D = 100 gives the lower rated PD 0.36; 20 * (1 - 0.36) = 12.8.
    assert game_rating_change(2000, 2100, Fraction(1), 20) == Fraction(64, 5)


def test_k_is_40_for_a_player_new_to_the_list_until_30_games() -> None:
    assert k_factor(1800, games_rated=29) == KFactor(40, KRule.NEW_PLAYER)
    assert k_factor(1800, games_rated=30) == KFactor(20, KRule.STANDARD)
    # Equal ratings: PD 0.50; a win brings 40 * 0.50 = 20.
    assert game_rating_change(1800, 1800, Fraction(1), 40) == 20


def test_k_is_40_for_a_junior_under_2300_until_the_end_of_the_year_of_18() -> None:
    assert k_factor(2100, event_year=2026, birth_year=2008) == KFactor(40, KRule.JUNIOR)
    assert k_factor(2100, event_year=2026, birth_year=2007) == KFactor(20, KRule.STANDARD)
    assert k_factor(2300, event_year=2026, birth_year=2010) == KFactor(20, KRule.STANDARD)
    # No birth year known: not a junior.
    assert k_factor(2100, event_year=2026) == KFactor(20, KRule.STANDARD)


def test_k_is_10_once_2400_reached_even_below_it_later() -> None:
    assert k_factor(2400) == KFactor(10, KRule.REACHED_2400)
    assert k_factor(2350, reached_2400=True) == KFactor(10, KRule.REACHED_2400)
    # 2450 draws with 2300: D = 150 gives the higher rated PD 0.70; 10 * (0.5 - 0.7) = -2.
    assert game_rating_change(2450, 2300, HALF, 10) == -2


def test_k_set_by_the_arbiter_wins_and_is_checked() -> None:
    assert k_factor(2500, set_by_arbiter=40) == KFactor(40, KRule.SET_BY_ARBITER)
    with pytest.raises(ValueError, match="10, 20 or 40"):
        k_factor(2000, set_by_arbiter=15)


def test_k_is_20_for_every_player_of_a_rapid_or_blitz_event() -> None:
    """B.02 8.3.3: the rapid and blitz ratings have K 20 for all players; the standard
    rating's 40 (new player, junior) and 10 (from 2400) do not apply."""
    rapid = KFactor(20, KRule.RAPID_BLITZ)
    assert k_factor(1800, games_rated=5, rapid_or_blitz=True) == rapid
    assert k_factor(2000, event_year=2026, birth_year=2012, rapid_or_blitz=True) == rapid
    assert k_factor(2500, reached_2400=True, rapid_or_blitz=True) == rapid
    assert k_factor(2100, set_by_arbiter=40, rapid_or_blitz=True) == rapid
    with pytest.raises(ValueError, match="not 30"):
        k_factor(2100, set_by_arbiter=30, rapid_or_blitz=True)


def test_rule_of_400_counts_a_larger_difference_as_400() -> None:
    assert counted_difference(2200, 1000) == 400
    assert counted_difference(1800, 2482) == -400
    # PD at D = 400 is 0.92 for the higher rated, 0.08 for the lower.
    assert game_expected_score(2200, 1000) == game_expected_score(2200, 1800) == 92
    assert game_expected_score(1800, 2482) == 8
    # 2200 beats 1000: 20 * (1 - 0.92) = 1.6; 1800 loses to 2482: 20 * (0 - 0.08) = -1.6.
    assert game_rating_change(2200, 1000, Fraction(1), 20) == Fraction(8, 5)
    assert game_rating_change(1800, 2482, Fraction(0), 20) == Fraction(-8, 5)


def test_rule_of_400_does_not_apply_from_2650() -> None:
    assert counted_difference(2700, 2200) == 500
    # D = 500 gives PD 0.96 (485-517 in the table): 10 * (1 - 0.96) = 0.4, not the 0.8
    # a difference counted as 400 would give.
    assert game_expected_score(2700, 2200) == 96
    assert game_rating_change(2700, 2200, Fraction(1), 10) == Fraction(2, 5)
    # The lower rated opponent, below 2650, still counts 400: PD 0.08.
    assert game_expected_score(2200, 2700) == 8


def test_expected_score_table_edges() -> None:
    # 8.1(b): 0-3 gives 0.50, 4-10 0.51, 736 and more 1.00.
    assert expected_score(2000, 1997) == 50
    assert expected_score(2000, 1996) == 51
    assert expected_score(2000, 1990) == 51
    assert expected_score(2000, 1989) == 52
    assert expected_score(2736, 2000) == 100
    assert expected_score(2000, 2736) == 0


def test_event_change_sums_the_games() -> None:
    # 1900, K 20: wins against 2000 (D -100: PD 0.36, +12.8), draws 1900 (PD 0.50, 0),
    # loses to 1700 (D 200: PD 0.76, -15.2): -2.4 in all.
    games = [(2000, Fraction(1)), (1900, HALF), (1700, Fraction(0))]
    assert event_rating_change(1900, games, 20) == Fraction(-12, 5)


def test_forfeits_byes_and_games_of_less_than_one_move_are_not_rated() -> None:
    assert rated_score(Outcome.WIN) == 1
    assert rated_score(Outcome.DRAW) == HALF
    assert rated_score(Outcome.LOSS) == 0
    for outcome in (
        Outcome.FORFEIT_WIN,
        Outcome.FORFEIT_LOSS,
        Outcome.WIN_UNRATED,
        Outcome.DRAW_UNRATED,
        Outcome.LOSS_UNRATED,
        Outcome.ADJOURNED,
        Outcome.HALF_POINT_BYE,
        Outcome.FULL_POINT_BYE,
        Outcome.PAIRING_ALLOCATED_BYE,
        Outcome.ZERO_POINT_BYE,
    ):
        assert rated_score(outcome) is None


def test_a_score_other_than_a_game_result_is_refused() -> None:
    with pytest.raises(ValueError, match="0, 1/2 or 1"):
        game_rating_change(2000, 2000, Fraction(2), 20)


def test_a_game_against_an_unrated_opponent_is_not_rated() -> None:
    assert rate_game(2000, 0, Outcome.WIN, 20) is None


def test_an_unrated_player_has_no_rating_change() -> None:
    assert rate_game(0, 2000, Outcome.WIN, 20) is None


def test_a_forfeit_is_not_rated() -> None:
    assert rate_game(2000, 2100, Outcome.FORFEIT_WIN, 20) is None


def test_a_rated_game_gives_its_expected_score_and_change() -> None:
    assert rate_game(2000, 2100, Outcome.WIN, 20) == RatedGame(
        2100, Fraction(1), 36, Fraction(64, 5)
    )


def _record(round_number: int, opponent: int | None, outcome: Outcome) -> GameRecord:
    colour = Colour.WHITE if opponent is not None else None
    number = PairingNumber(opponent) if opponent is not None else None
    return GameRecord(round_number=round_number, opponent=number, colour=colour, outcome=outcome)


def test_event_rating_counts_rated_games_only_and_gives_rp() -> None:
    player = Player(
        pairing_number=PairingNumber(1),
        rating=1900,
        history=(
            _record(1, 2, Outcome.WIN),
            _record(2, 3, Outcome.WIN),  # unrated opponent: not rated
            _record(3, 4, Outcome.FORFEIT_WIN),  # forfeit: not rated
            _record(4, 5, Outcome.DRAW),
            _record(5, None, Outcome.FULL_POINT_BYE),
        ),
    )
    ratings = {PairingNumber(n): r for n, r in ((2, 2000), (3, 0), (4, 1700), (5, 1900))}
    event = event_rating(player, ratings, 20)
    assert sorted(event.games) == [1, 4]
    assert event.games[1] == rate_game(1900, 2000, Outcome.WIN, 20)
    # Round 1: +12.8 (PD 0.36), round 4: 0 (PD 0.50).
    assert event.change == Fraction(64, 5)
    # Rp: 1.5 of 2 against 2000 and 1900: average 1950, p = 0.75 gives dp 193.
    assert event.performance == 2143


def test_event_rating_of_an_unrated_player_has_rp_but_no_change() -> None:
    player = Player(
        pairing_number=PairingNumber(1), rating=0, history=(_record(1, 2, Outcome.WIN),)
    )
    event = event_rating(player, {PairingNumber(2): 1600}, 40)
    assert event.games == {}
    assert event.change == 0
    # 1 of 1: dp 800.
    assert event.performance == 2400


def test_k_times_games_is_at_most_700() -> None:
    assert capped_k(40, 17) == 40  # 680
    assert capped_k(40, 18) == 38  # 700 // 18 = 38: 684
    assert capped_k(20, 35) == 20
    assert capped_k(20, 36) == 19
    assert capped_k(40, 0) == 40


def test_event_rating_lowers_k_over_many_games() -> None:
    history = tuple(_record(n, 2, Outcome.WIN) for n in range(1, 19))
    player = Player(pairing_number=PairingNumber(1), rating=1800, history=history)
    event = event_rating(player, {PairingNumber(2): 1800}, 40)
    # 18 wins at PD 0.50 with K 38 (8.3.3): 18 * 38 * 0.5 = 342.
    assert event.change == 342
