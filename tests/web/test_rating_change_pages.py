"""The rating change of FIDE B.02 Article 8.3 on the player's card, the standings and
their CSV (#35), with values computed by hand from the table of 8.1(b).

In ``two_rounds`` round 1 is complete, White winning every game; the players are rated
2200, 2150, ..., 1950, so player 1 (2200) met player 4 (2050): ``D`` = 150 gives the
higher rated an expected score of 0.70.
"""

from __future__ import annotations

import csv
import datetime as dt
import io
import random
from fractions import Fraction

import pytest
from django.db.models import Q
from django.test import Client
from django.urls import reverse

from swissweb.tournament.models import Event, Game, Player, RateOfPlay
from swissweb.tournament.players import selectors as player_selectors
from swissweb.tournament.players.rating_change import change_text, event_ratings
from swissweb.tournament.standings import selectors as standing_selectors

from .test_standings import played_event


def _first_round_game(event: Event, number: int) -> tuple[Game, bool]:
    """Player ``number``'s game of round 1, and whether the player had White."""
    games = Game.objects.filter(round__event=event, round__number=1)
    game = games.get(Q(white__pairing_number=number) | Q(black__pairing_number=number))
    return game, game.white is not None and game.white.pairing_number == number


def test_card_shows_expected_score_and_rating_change_with_k_20(two_rounds: Event) -> None:
    game, white = _first_round_game(two_rounds, 1)
    opponent = game.black if white else game.white
    assert opponent is not None and opponent.rating == 2050
    card = player_selectors.player_card(event=two_rounds, pairing_number=1)
    first = card.rounds[0]
    assert first.expected == "0.70"
    # White won: 20 * (1 - 0.70) = +6; as Black, 20 * (0 - 0.70) = -14.
    assert first.change == ("+6.00" if white else "-14.00")
    assert card.rating_change == first.change
    # Rp: one game against 2050, a win gives dp +800, a loss -800.
    assert card.performance == (2850 if white else 1250)
    assert card.k == "K 20 (rated under 2400)"
    # The round in play is not rated yet.
    assert card.rounds[1].change == ""


def test_card_k_set_by_the_arbiter_is_used(two_rounds: Event) -> None:
    Player.objects.filter(event=two_rounds, pairing_number=1).update(k_factor=40)
    two_rounds.refresh_from_db()
    two_rounds.save()  # a change of the event: the cached card is read again
    _, white = _first_round_game(two_rounds, 1)
    card = player_selectors.player_card(event=two_rounds, pairing_number=1)
    assert card.rounds[0].change == ("+12.00" if white else "-28.00")
    assert card.k == "K 40 (set by the arbiter)"


@pytest.mark.parametrize("rate", [RateOfPlay.RAPID, RateOfPlay.BLITZ])
def test_card_of_a_rapid_or_blitz_event_has_k_20_for_every_player(
    two_rounds: Event, rate: str
) -> None:
    """B.02 8.3.3: K 20 for all players of the rapid and blitz ratings, a K set by the
    arbiter (40 here) included."""
    Player.objects.filter(event=two_rounds, pairing_number=1).update(k_factor=40)
    two_rounds.refresh_from_db()
    two_rounds.rate_of_play = rate
    two_rounds.save()  # a change of the event: the cached card is read again
    _, white = _first_round_game(two_rounds, 1)
    card = player_selectors.player_card(event=two_rounds, pairing_number=1)
    assert card.rounds[0].change == ("+6.00" if white else "-14.00")
    assert card.k == "K 20 (rapid or blitz: 20 for every player)"


def test_a_game_against_an_unrated_opponent_shows_no_change(two_rounds: Event) -> None:
    game, white = _first_round_game(two_rounds, 1)
    opponent = game.black if white else game.white
    assert opponent is not None
    Player.objects.filter(pk=opponent.pk).update(rating=0)
    two_rounds.refresh_from_db()
    two_rounds.save()
    card = player_selectors.player_card(event=two_rounds, pairing_number=1)
    assert (card.rounds[0].expected, card.rounds[0].change) == ("", "")
    assert card.rating_change == "0.00"
    assert card.performance is None


def test_an_unrated_player_has_rp_but_no_rating_change(two_rounds: Event) -> None:
    Player.objects.filter(event=two_rounds, pairing_number=1).update(rating=0)
    two_rounds.refresh_from_db()
    two_rounds.save()
    card = player_selectors.player_card(event=two_rounds, pairing_number=1)
    assert card.rounds[0].change == ""
    assert card.rating_change == ""
    assert card.k == ""
    assert card.performance in (2850, 1250)


def test_card_page_shows_rp_and_the_changes(client: Client, two_rounds: Event) -> None:
    _, white = _first_round_game(two_rounds, 1)
    url = reverse("tournament:player_card", args=[two_rounds.slug, 1])
    page = client.get(url).content.decode()
    assert f"Rp {2850 if white else 1250}" in page
    assert ("+6.00" if white else "-14.00") in page
    assert "0.70" in page


def test_standings_rating_columns_only_when_asked(client: Client, two_rounds: Event) -> None:
    url = reverse("tournament:standings", args=[two_rounds.slug])
    assert "<th>Rp</th>" not in client.get(url).content.decode()
    assert "<th>Rp</th>" in client.get(url, {"ratings": "1"}).content.decode()


def test_standings_lines_and_csv_carry_rp_and_rating_change(
    client: Client, two_rounds: Event
) -> None:
    _, white = _first_round_game(two_rounds, 1)
    two_rounds.refresh_from_db()
    table = standing_selectors.standings_after(event=two_rounds)
    line = next(line for line in table.lines if line.player.pairing_number == 1)
    assert (line.performance, line.rating_change) == (
        (2850, "+6.00") if white else (1250, "-14.00")
    )
    url = reverse("tournament:standings_csv", args=[two_rounds.slug])
    rows = list(csv.DictReader(io.StringIO(client.get(url).content.decode("utf-8-sig"))))
    row = next(row for row in rows if row["pairing_number"] == "1")
    assert (row["rp"], row["rating_change"]) == ((str(line.performance), line.rating_change))


@pytest.mark.django_db
@pytest.mark.parametrize("after_round", [None, 1, 2])
def test_standings_rate_every_player_as_the_cards_do(after_round: int | None) -> None:
    """The standings compute Rp and rating change from the state they read, not
    through the cards' cache (#35): the same values for every player, unrated players,
    a K set by the arbiter and the standings after an earlier round included."""
    event = played_event(12, 3, slug="rated")
    Player.objects.filter(event=event, pairing_number=3).update(rating=0)
    Player.objects.filter(event=event, pairing_number=5).update(k_factor=40)
    event.refresh_from_db()
    event.save()
    table = standing_selectors.standings_after(event=event, after_round=after_round)
    rated = event_ratings(event, after_round=after_round)
    assert len(table.lines) == 12
    for line in table.lines:
        number = line.player.pairing_number
        assert number is not None
        assert line.performance == rated[number].performance
        assert line.rating_change == (change_text(rated[number].change) if number != 3 else "")
    assert any(line.rating_change not in ("", "0.00") for line in table.lines)


def test_change_text_writes_what_rounding_the_fraction_writes() -> None:
    """The standings write 2,000 changes in whole numbers (#35): the same text as
    ``round(change * 100)``, for whole hundredths and (never in B.02) finer values."""
    rng = random.Random(35)
    for _ in range(3000):
        change = Fraction(rng.randint(-40000, 40000), rng.choice((1, 2, 5, 100, 200, 300, 800)))
        hundredths = round(change * 100)
        sign = "+" if hundredths > 0 else "-" if hundredths < 0 else ""
        expected = f"{sign}{abs(hundredths) // 100}.{abs(hundredths) % 100:02d}"
        assert change_text(change) == expected


def test_a_juniors_k_counts_the_year_the_event_was_started_when_it_has_no_start_date(
    two_rounds: Event,
) -> None:
    """B.02 8.3: K 40 for a junior under 2300.  Without a start date the event's year
    is the year the arbiter started it (2026 here): a player born in 2012 is a junior;
    a start date, when set, is the year counted."""
    assert two_rounds.start_date is None
    Player.objects.filter(event=two_rounds, pairing_number=1).update(birth_year=2012)
    two_rounds.started_at = dt.datetime(2026, 3, 1, 8, 0, tzinfo=dt.UTC)
    two_rounds.save()  # a change of the event: the cached card is read again
    _, white = _first_round_game(two_rounds, 1)
    card = player_selectors.player_card(event=two_rounds, pairing_number=1)
    assert card.k == "K 40 (junior under 2300)"
    assert card.rounds[0].change == ("+12.00" if white else "-28.00")
    two_rounds.start_date = dt.date(2031, 1, 10)  # the player is 19 that year
    two_rounds.save()
    card = player_selectors.player_card(event=two_rounds, pairing_number=1)
    assert card.k == "K 20 (rated under 2400)"
