"""A player's own page shows their board in the round published (#34: players check in
on their phone and find their board in the same place); a draft never shows."""

from __future__ import annotations

import datetime as dt

import pytest
from django.contrib.auth.models import User
from django.test import Client

from swissweb.tournament.models import Event, Game, Player, Result
from swissweb.tournament.rounds import results as result_services
from swissweb.tournament.rounds import services as round_services

pytestmark = pytest.mark.django_db

T0 = dt.datetime(2026, 3, 1, 9, 0, tzinfo=dt.UTC)


def _page(player: Player) -> str:
    code = Player.objects.get(pk=player.pk).access_code
    return Client().get(f"/p/{code}/").content.decode()


def test_the_own_page_shows_board_colour_opponent_and_result_once_published(
    started: Event, arbiter: User
) -> None:
    draft = round_services.round_pair(event_id=started.pk, user=arbiter, now=T0, seed=1)
    game = draft.games.get(board=1)
    assert game.black is not None
    assert "against" not in _page(game.white)  # a draft is the arbiter's alone
    round_services.round_publish(round_id=draft.pk, user=arbiter, now=T0)
    assert f"Board 1, with white, against {game.black.name}." in _page(game.white)
    assert f"Board 1, with black, against {game.white.name}." in _page(game.black)
    result_services.result_record(game_id=game.pk, result=Result.DRAW,
                                  expected_version=game.version, user=arbiter, now=T0)  # fmt: skip
    assert "Result: ½-½." in _page(game.white)


def test_a_player_left_out_of_the_round_is_told_so(
    started: Event, players: list[Player], arbiter: User
) -> None:
    draft = round_services.round_pair(event_id=started.pk, user=arbiter, now=T0, seed=1)
    round_services.round_publish(round_id=draft.pk, user=arbiter, now=T0)
    late = Player.objects.create(event=started, name="Late, Lee", rating=1000)
    assert "You are not paired in this round." in _page(late)
    assert Game.objects.filter(round=draft).count() == len(players) // 2


def test_the_player_with_the_bye_is_told_there_is_no_game(started: Event, arbiter: User) -> None:
    Player.objects.create(event=started, name="Odd, One", rating=900, pairing_number=7)
    draft = round_services.round_pair(event_id=started.pk, user=arbiter, now=T0, seed=1)
    round_services.round_publish(round_id=draft.pk, user=arbiter, now=T0)
    bye = draft.games.get(black__isnull=True)
    assert "A pairing-allocated bye: no game this round." in _page(bye.white)
