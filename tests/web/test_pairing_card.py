"""The arbiter's player page as a pairing card (#36 item 4): each round from the
player's side, byes, running score, floats and the colour preference."""

from __future__ import annotations

import pytest
from django.contrib.auth.models import User
from django.test import Client

from swissweb.tournament.models import Event, Game, Player, Result
from swissweb.tournament.players import requests as request_services
from swissweb.tournament.players.pairing_card import pairing_card
from tests.web.service_helpers import NOW, _pair, _play


@pytest.fixture
def after_one(started: Event, players: list[Player], arbiter: User) -> Event:
    """Round 1 completed, White winning every board; Frost took a half-point bye, so
    five players were paired and one had the pairing-allocated bye."""
    request_services.round_request_set(
        player_id=players[5].pk, round_number=1, kind="H", user=arbiter, now=NOW
    )
    _play(started, arbiter)
    return started


def _games(event: Event) -> list[Game]:
    return list(Game.objects.filter(round__event=event, round__number=1).order_by("board"))


def test_the_card_reads_each_game_from_the_players_side(after_one: Event) -> None:
    board = next(game for game in _games(after_one) if game.black is not None)
    assert board.black is not None
    white = pairing_card(event=after_one, player=board.white).lines[0]
    black = pairing_card(event=after_one, player=board.black).lines[0]
    assert (white.colour, white.result, white.score) == ("white", "won", "1")
    assert (black.colour, black.result, black.score) == ("black", "lost", "0")
    assert black.opponent is not None and black.opponent.pk == board.white.pk
    assert white.board == black.board == board.board


def test_the_card_shows_the_byes_and_their_points(after_one: Event, players: list[Player]) -> None:
    frost = Player.objects.get(pk=players[5].pk)  # numbered since the fixture made it
    bye = pairing_card(event=after_one, player=frost).lines[0]
    assert (bye.result, bye.score, bye.opponent) == ("half-point bye", "½", None)
    allocated = next(game for game in _games(after_one) if game.black is None)
    line = pairing_card(event=after_one, player=allocated.white).lines[0]
    assert line.result == "pairing-allocated bye"
    assert line.score == "1"


def test_the_card_gives_the_colour_preference_for_the_next_round(after_one: Event) -> None:
    board = next(game for game in _games(after_one) if game.black is not None)
    assert board.black is not None
    card = pairing_card(event=after_one, player=board.white)
    assert card.next_round == 2
    assert card.preference == "black (strong)"
    assert card.colour_difference == 1
    assert pairing_card(event=after_one, player=board.black).preference == "white (strong)"


def test_the_running_score_adds_up_over_the_rounds(after_one: Event, arbiter: User) -> None:
    _play(after_one, arbiter)
    for player in after_one.players.all():
        card = pairing_card(event=after_one, player=player)
        assert len(card.lines) == 2
        assert all(line.score for line in card.lines)


def test_a_draft_round_shows_as_a_draft_without_a_score(after_one: Event, arbiter: User) -> None:
    _pair(after_one, arbiter)
    game = Game.objects.filter(round__number=2, black__isnull=False).first()
    assert game is not None
    line = pairing_card(event=after_one, player=game.white).lines[1]
    assert (line.result, line.score) == ("draft", "")


def test_a_round_in_play_shows_the_result_entered(two_rounds: Event) -> None:
    game = Game.objects.filter(round__number=2, black__isnull=False).first()
    assert game is not None and game.black is not None
    Game.objects.filter(pk=game.pk).update(result=Result.DRAW)
    line = pairing_card(event=two_rounds, player=game.black).lines[1]
    assert (line.colour, line.result) == ("black", "drew")


def test_the_player_page_shows_the_pairing_card(
    arbiter_client: Client, after_one: Event, players: list[Player]
) -> None:
    body = arbiter_client.get(
        f"/events/{after_one.slug}/manage/players/{players[5].pk}/"
    ).content.decode()
    assert "Pairing card" in body
    assert "half-point bye" in body
    assert "Colour preference for round 2" in body
