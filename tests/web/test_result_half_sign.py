"""Result fields accept a draw as it is written and show it with ½ (#36 item 6)."""

from __future__ import annotations

from typing import Any

import pytest
from django.contrib.auth.models import User
from django.test import Client
from django.utils import timezone

from swissweb.tournament.events import services as event_services
from swissweb.tournament.models import Event, Game, Player, Result
from swissweb.tournament.rounds import services as round_services
from swissweb.tournament.rounds.forms import ResultForm, result_shown


@pytest.mark.parametrize("typed", ["½", "½-½", "1/2", "1/2-1/2", "0.5", "0,5", "0.5-0.5", "="])
def test_result_field_accepts_a_draw_as_it_is_written(typed: str) -> None:
    form = ResultForm({"result": typed, "version": 0})
    assert form.is_valid(), form.errors
    assert form.cleaned_data["result"] == Result.DRAW


def test_result_field_shows_a_draw_with_half_signs() -> None:
    """A draw's field shows ½-½, as every page writes it, never the stored 1/2."""
    assert result_shown(Result.DRAW) == "½-½"
    assert result_shown(Result.WHITE_WINS) == "1-0"
    assert result_shown(Result.NOT_PLAYED_YET) == ""


def _published(event: Event, arbiter: User) -> Game:

    event_services.event_start(event_id=event.pk, user=arbiter, now=timezone.now())
    round_ = round_services.round_pair(event_id=event.pk, user=arbiter, now=timezone.now(), seed=1)
    round_services.round_publish(round_id=round_.pk, user=arbiter, now=timezone.now())
    game = round_.games.order_by("board").first()
    assert game is not None
    return game


def test_result_entry_saves_a_half_sign_draw_and_answers_with_it(
    arbiter_client: Client, event: Event, players: list[Player], arbiter: User
) -> None:
    """The keyboard entry's answer carries the text the field shows (``shown``)."""
    game = _published(event, arbiter)
    json: dict[str, Any] = {"HTTP_ACCEPT": "application/json"}
    url = f"/events/{event.slug}/games/{game.pk}/result/"
    saved = arbiter_client.post(url, {"result": "½", "version": game.version}, **json)
    assert saved.status_code == 200, saved.json()
    assert (saved.json()["result"], saved.json()["shown"]) == ("1/2", "½-½")
    game.refresh_from_db()
    assert game.result == Result.DRAW


def test_round_page_shows_a_drawn_board_with_half_signs_and_resaves_nothing(
    arbiter_client: Client, event: Event, players: list[Player], arbiter: User
) -> None:
    """The round page's field shows ½-½; sending the table back as shown saves nothing."""
    game = _published(event, arbiter)
    arbiter_client.post(
        f"/events/{event.slug}/games/{game.pk}/result/", {"result": "=", "version": game.version}
    )
    game.refresh_from_db()
    page = arbiter_client.get(f"/events/{event.slug}/manage/rounds/1/").content.decode()
    assert f'name="g{game.pk}v{game.version}" value="½-½"' in page
    arbiter_client.post(
        f"/events/{event.slug}/rounds/1/results/", {f"g{game.pk}v{game.version}": "½-½"}
    )
    game.refresh_from_db()
    assert game.result == Result.DRAW and game.version == 1
