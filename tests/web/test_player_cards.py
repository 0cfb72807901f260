"""Every player's card on one printable page (#36 item 7): each player's own private
link and its QR code, to hand out before round 1."""

from __future__ import annotations

import pytest
from django.test import Client

from swissweb.tournament.models import Event, Player
from swissweb.tournament.players import link_views

pytestmark = pytest.mark.django_db


def test_player_cards_give_every_player_their_own_link_and_qr_code(
    started: Event, players: list[Player], arbiter_client: Client
) -> None:
    Player.objects.filter(pk=players[5].pk).update(withdrawn_after_round=0)
    Event.objects.filter(pk=started.pk).update(bye_most=1)
    response = arbiter_client.get(f"/events/{started.slug}/manage/players/cards/")
    assert response.status_code == 200
    assert response["Cache-Control"] == "no-store" and response["X-Robots-Tag"] == "noindex"
    page = response.content.decode()
    for player in players[:5]:
        player.refresh_from_db()
        assert f"http://testserver/p/{player.access_code}/" in page
        assert f"{player.pairing_number}. {player.name}" in page
    assert players[5].access_code not in page  # withdrawn: no card
    assert page.count("<svg") == 5
    assert page.count('class="player-link-card"') == 5
    assert "Bye policy: At most 1 half-point bye per player." in page
    players_page = arbiter_client.get(f"/events/{started.slug}/manage/players/").content.decode()
    assert f"/events/{started.slug}/manage/players/cards/" in players_page


def test_player_cards_are_for_the_events_arbiters_only(
    started: Event, players: list[Player], client: Client, stranger_client: Client
) -> None:
    url = f"/events/{started.slug}/manage/players/cards/"
    assert client.get(url).status_code in (302, 403, 404)
    answer = stranger_client.get(url)
    assert answer.status_code in (403, 404)
    assert players[0].access_code not in answer.content.decode()


def test_player_cards_come_in_pages_of_a_hundred(
    started: Event, arbiter_client: Client, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A QR code takes milliseconds to draw: 1,000 players' cards come 100 to a page."""

    monkeypatch.setattr(link_views, "CARDS_PER_PAGE", 4)
    url = f"/events/{started.slug}/manage/players/cards/"
    first = arbiter_client.get(url).content.decode()
    assert first.count('class="player-link-card"') == 4
    assert "<strong>Cards 1–4</strong>" in first and '<a href="?page=2">Cards 5–6</a>' in first
    second = arbiter_client.get(url + "?page=2").content.decode()
    assert second.count('class="player-link-card"') == 2
    last = arbiter_client.get(url + "?page=99").content.decode()
    assert "<strong>Cards 5–6</strong>" in last and last.count('class="player-link-card"') == 2
