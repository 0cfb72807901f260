"""A result that a later round rests on is corrected only when the arbiter confirms, on
every way in: the keyboard entry's JSON, HTMX, the form without JavaScript (#31 D15)."""

from __future__ import annotations

from typing import Any

import pytest
from django.test import Client

from swissweb.tournament.models import AuditEntry, Event, Game, Result

pytestmark = pytest.mark.django_db

JSON: dict[str, Any] = {"HTTP_ACCEPT": "application/json"}


def _board(event: Event, number: int) -> Game:
    game = Game.objects.filter(round__event=event, round__number=number).exclude(black=None)
    first = game.order_by("board").first()
    assert first is not None
    return first


def test_d15_the_json_endpoint_refuses_an_unconfirmed_correction(
    two_rounds: Event, arbiter_client: Client
) -> None:
    """Defect: the JSON endpoint corrected a round-1 result, which round 2 rests on,
    without the confirmation the round's page asks for."""
    game = _board(two_rounds, 1)
    audited = AuditEntry.objects.count()
    url = f"/events/{two_rounds.slug}/games/{game.pk}/result/"
    refused = arbiter_client.post(url, {"result": "0", "version": game.version}, **JSON)
    assert refused.status_code == 409
    answer = refused.json()
    assert answer["ok"] is False and answer["confirm"] is True
    assert "Round 1 has a later round" in answer["error"]
    assert answer["result"] == Result.WHITE_WINS and answer["version"] == game.version
    game.refresh_from_db()
    assert game.result == Result.WHITE_WINS and AuditEntry.objects.count() == audited
    confirmed = arbiter_client.post(
        url, {"result": "0", "version": game.version, "confirm": "1"}, **JSON
    )
    assert confirmed.status_code == 200 and confirmed.json()["ok"] is True
    game.refresh_from_db()
    assert game.result == Result.BLACK_WINS


def test_d15_htmx_and_the_form_without_script_ask_the_same(
    two_rounds: Event, arbiter_client: Client
) -> None:
    game = _board(two_rounds, 1)
    base = f"/events/{two_rounds.slug}"
    htmx = arbiter_client.post(
        f"{base}/games/{game.pk}/result/",
        {"result": "=", "version": game.version},
        HTTP_HX_REQUEST="true",
    )
    assert htmx.status_code == 409 and "Round 1 has a later round" in htmx.content.decode()
    form = arbiter_client.post(
        f"{base}/rounds/1/results/", {f"g{game.pk}v{game.version}": "="}, follow=True
    )
    assert "Round 1 has a later round" in form.content.decode()
    game.refresh_from_db()
    assert game.result == Result.WHITE_WINS
    arbiter_client.post(
        f"{base}/rounds/1/results/", {f"g{game.pk}v{game.version}": "=", "confirm": "1"}
    )
    game.refresh_from_db()
    assert game.result == Result.DRAW


def test_d15_the_round_in_play_needs_no_confirmation(
    two_rounds: Event, arbiter_client: Client
) -> None:
    game = _board(two_rounds, 2)
    url = f"/events/{two_rounds.slug}/games/{game.pk}/result/"
    saved = arbiter_client.post(url, {"result": "1", "version": game.version}, **JSON)
    assert saved.status_code == 200 and saved.json()["ok"] is True


def test_d15_the_opened_correction_sends_the_confirmation(
    two_rounds: Event, arbiter_client: Client
) -> None:
    """The page opened with ?correct=1 (the arbiter's confirmation) carries the field that
    the form and static/js/results.js send; the round in play's page does not."""
    page = f"/events/{two_rounds.slug}/manage/rounds/"
    opened = arbiter_client.get(page + "1/?correct=1").content.decode()
    assert '<input type="hidden" name="confirm" value="1">' in opened
    assert 'name="confirm"' not in arbiter_client.get(page + "2/").content.decode()
