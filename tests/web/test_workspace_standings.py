"""The standings inside the arbiter's workspace, public event or not (#36 item 3)."""

from __future__ import annotations

import pytest
from django.contrib.auth.models import User
from django.test import Client

from swissweb.tournament.models import Event, Player
from tests.web.service_helpers import _play

PAGES = ["standings/", "crosstable/", "standings.csv"]


@pytest.fixture
def private_played(started: Event, arbiter: User) -> Event:
    """The started event, made private, with round 1 completed."""
    Event.objects.filter(pk=started.pk).update(public=False)
    _play(started, arbiter)
    started.refresh_from_db()
    return started


@pytest.mark.parametrize("page", PAGES)
def test_the_arbiter_of_a_private_event_reads_its_standings_in_the_workspace(
    arbiter_client: Client, private_played: Event, page: str
) -> None:
    response = arbiter_client.get(f"/events/{private_played.slug}/manage/{page}")
    assert response.status_code == 200
    assert "Adams, Ann" in response.content.decode()


@pytest.mark.parametrize("page", ["standings/", "crosstable/", "standings.csv"])
def test_the_public_pages_of_a_private_event_stay_closed(
    arbiter_client: Client, private_played: Event, page: str
) -> None:
    assert arbiter_client.get(f"/events/{private_played.slug}/{page}").status_code == 404


@pytest.mark.parametrize("page", ["standings/", "crosstable/", "standings.csv", "prizes/"])
def test_the_workspace_standings_are_for_its_arbiters_only(
    stranger_client: Client, private_played: Event, page: str
) -> None:
    Event.objects.filter(pk=private_played.pk).update(prize_table="Place: 100")
    response = stranger_client.get(f"/events/{private_played.slug}/manage/{page}")
    assert response.status_code == 403


def test_the_workspace_standings_link_to_the_workspace_player_pages(
    arbiter_client: Client, private_played: Event, players: list[Player]
) -> None:
    body = arbiter_client.get(f"/events/{private_played.slug}/manage/standings/").content.decode()
    assert f"/events/{private_played.slug}/manage/players/{players[0].pk}/" in body
    assert f"/events/{private_played.slug}/players/" not in body
    assert "This event is not public" in body
    assert 'aria-current="page">Standings' in body


def test_the_public_standings_keep_their_links_to_the_public_cards(
    client: Client, arbiter_client: Client, private_played: Event
) -> None:
    arbiter_client.get(f"/events/{private_played.slug}/manage/standings/")  # fills its cache
    Event.objects.filter(pk=private_played.pk).update(public=True)
    body = client.get(f"/events/{private_played.slug}/standings/").content.decode()
    assert "/manage/players/" not in body
    assert f"/events/{private_played.slug}/players/1/" in body


def test_the_workspace_prizes_of_a_private_event(
    arbiter_client: Client, private_played: Event
) -> None:
    Event.objects.filter(pk=private_played.pk).update(prize_table="Place: 100, 50")
    page = arbiter_client.get(f"/events/{private_played.slug}/manage/prizes/")
    assert page.status_code == 200
    assert "Prizes" in page.content.decode()
    csv = arbiter_client.get(f"/events/{private_played.slug}/manage/prizes.csv")
    assert csv.status_code == 200
    assert csv.content.decode("utf-8-sig").startswith("group,place,name")


def test_workspace_prizes_without_a_prize_table_answer_404(
    arbiter_client: Client, private_played: Event
) -> None:
    assert arbiter_client.get(f"/events/{private_played.slug}/manage/prizes/").status_code == 404
